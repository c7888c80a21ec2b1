/**
 * Benchmarks over time on a metric page: each series of its figures (one source, the same
 * statistic and segment, one point a year) drawn as a small line chart in inline SVG with no
 * script, every point a link to its row in the table of figures, and under it the points as a
 * list, each cited with its source.
 *
 * @module
 */
import { type Html, markup } from "./html.ts";
import type { Vocabulary } from "../../catalog/figures.ts";
import type { MetricRecord } from "../../catalog/records.ts";
import { type FigureSeries, figureSeries } from "../../catalog/series.ts";
import { formatValue, seriesWords, shortCitation } from "../../read/words.ts";
import { niceStep, WIDTH } from "./chart.ts";

/**
 * The series charts' styles, in the page's colours (`--text`, `--muted`, `--line`, `--link`,
 * `--accent`, `--bg`), so that they follow the light and the dark theme.
 */
export const SERIES_STYLE: string =
  `.series svg { width: 100%; max-width: 32rem; height: auto; font: inherit; }
.series svg text { font-size: 13px; fill: var(--text); }
.series svg .axis line { stroke: var(--line); stroke-width: 1; }
.series svg .axis text { fill: var(--muted); }
.series svg path.line { stroke: var(--link); stroke-width: 2; fill: none; }
.series svg circle { fill: var(--link); stroke: var(--bg); stroke-width: 2; }
.series svg a:hover circle, .series svg a:focus-visible circle { fill: var(--accent); }
.series ol.points { margin: 0.25rem 0 1rem; padding-left: 1.25rem; font-size: 0.9rem; }
`;

/** Room for the value axis' numbers; the drawing is as wide as the figures' chart. */
const LEFT = 48;
const RIGHT = 28;
const TOP = 32;
/** Room beside the first and the last point for the value written over it. */
const PAD = 28;
const PLOT = 120;

/** One series as a line chart: value ticks on the left, a year under each point. */
function seriesSvg(series: FigureSeries, unit: MetricUnit, title: string, id: string): Html {
  const values = series.points.map((point) => point.value);
  const step = niceStep((Math.max(...values, 0) - Math.min(...values, 0)) || 1);
  const bottom = Math.floor(Math.min(...values, 0) / step) * step;
  const top = Math.ceil(Math.max(...values, 0) / step) * step || step;
  const first = series.points[0]?.year ?? 0;
  const last = series.points.at(-1)?.year ?? first + 1;
  const x = (year: number) =>
    LEFT + PAD + ((year - first) / (last - first || 1)) * (WIDTH - LEFT - PAD - RIGHT);
  const y = (value: number) => TOP + PLOT - ((value - bottom) / (top - bottom)) * PLOT;
  const ticks: number[] = [];
  for (let tick = bottom; tick <= top + step / 1e6; tick += step) ticks.push(tick);
  const grid = ticks.map((tick) =>
    markup`<line x1="${LEFT}" y1="${y(tick).toFixed(1)}" x2="${WIDTH - 4}" y2="${
      y(tick).toFixed(1)
    }"></line><text x="${LEFT - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${
      formatValue(Number(tick.toPrecision(12)), unit)
    }</text>`
  );
  const years = series.points.map((point) =>
    markup`<text x="${x(point.year).toFixed(1)}" y="${TOP + PLOT + 20}" text-anchor="middle">${
      String(point.year)
    }</text>`
  );
  const line = series.points.map((point, index) =>
    `${index === 0 ? "M" : "L"}${x(point.year).toFixed(1)} ${y(point.value).toFixed(1)}`
  ).join("");
  const points = series.points.map((point) => {
    const at = [x(point.year), y(point.value)] as const;
    return markup`<a href="#figure-${point.figure}"><title>${point.year}: ${point.written} (figure ${point.figure})</title><circle cx="${
      at[0].toFixed(1)
    }" cy="${at[1].toFixed(1)}" r="5"></circle><text x="${at[0].toFixed(1)}" y="${
      (at[1] - 10).toFixed(1)
    }" text-anchor="middle">${point.written}</text></a>`;
  });
  const height = TOP + PLOT + 28;
  return markup`<svg class="series-chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="group" aria-labelledby="${id}-title">
<title id="${id}-title">${title}</title>
<g class="axis">${grid}${years}</g><path class="line" d="${line}"></path>${points}</svg>`;
}

type MetricUnit = Parameters<typeof formatValue>[1];

/**
 * The metric's series, each a heading, its line chart and its points cited one by one; nothing
 * when its figures make no series.
 */
export function seriesCharts(metric: MetricRecord, vocabulary: Vocabulary): Html | undefined {
  const all = figureSeries(metric.figures ?? []);
  if (all.length === 0) return undefined;
  return markup`${
    all.map((series) => {
      const figure = metric.figures?.[(series.points[0]?.figure ?? 1) - 1];
      if (!figure) return "";
      const words = seriesWords(series, { metric, figure, vocabulary });
      const id = `series-${series.id}`;
      const source = metric.sources[series.source - 1];
      const cited = source ? shortCitation(source) : "";
      const items = series.points.map((point) =>
        markup`<li><a href="#figure-${point.figure}">${point.year}: ${point.written}</a> <span class="cite">(${cited}, <a href="#source-${series.source}">[${series.source}]</a>)</span></li>\n`
      );
      return markup`<section class="series" aria-labelledby="${id}">
<h3 id="${id}">Over the years: ${words}</h3>
<figure class="chart">
${seriesSvg(series, figure.unit, `${words}, one point a year`, id)}
<figcaption>One point a year, all from source [${series.source}]; select a point to see its figure in the table of figures.</figcaption>
</figure>
<ol class="points">
${items}</ol>
</section>
`;
    })
  }`;
}
