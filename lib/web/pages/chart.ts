/**
 * The chart of a metric's comparable figures, as inline SVG with no script: a bar (or a span, for
 * a range, a floor or a ceiling) per figure under its label, written whole on as many lines as it
 * needs, and a value axis with units. Given a comparison, the reader's value is marked across the
 * bars, and the figures that were not compared are drawn apart, under their own heading. The
 * metric page, the answer page and the static export's script all draw it with this function.
 *
 * @module
 */
import { type Html, markup } from "./html.ts";
import { comparableFigures, type Figure, type Vocabulary } from "../../catalog/figures.ts";
import type { ComparedMetric, ValueComparison } from "../../read/compare.ts";
import {
  figureAmount,
  figureMeaning,
  formatValue,
  perWords,
  segmentWords,
  unitLabel,
} from "../../read/words.ts";
import { authorOf } from "../../catalog/citations.ts";

/**
 * The chart's styles, in the colours of the page that holds it (`--text`, `--muted`, `--link`,
 * `--accent`): the site's stylesheet and the MCP App view both include them.
 */
export const CHART_STYLE: string = `.chart { margin: 1rem 0; }
.chart svg { width: 100%; max-width: 32rem; height: auto; font: inherit; }
.chart svg text { font-size: 13px; fill: var(--text); }
.chart svg text.group { font-weight: 600; fill: var(--muted); }
.chart svg rect.bar { fill: var(--link); }
.chart svg rect.span { fill: var(--link); opacity: 0.45; }
.chart svg a.apart text, .chart svg a.earlier text, .chart svg a.company text { fill: var(--muted); }
.chart svg a.apart rect, .chart svg a.earlier rect { fill: var(--muted); opacity: 0.3; }
.chart svg a.company rect { fill: var(--muted); opacity: 0.6; }
.chart svg .axis line { stroke: var(--muted); stroke-width: 1; }
.chart svg .axis text { fill: var(--muted); }
.chart svg path.you { stroke: var(--accent); stroke-width: 3; fill: none; }
.chart svg text.you { fill: var(--accent); font-weight: 600; }
`;

/** The drawing's width; its text is 13 units, so 12 px or more on a 390 px phone. */
export const WIDTH = 360;
const LEFT = 4;
const RIGHT = 16;
const LINE = 16;
const BAR = 12;
const GAP = 12;
/** The characters a label line holds at 13 units in the drawing's width. */
const LINE_CHARS = 46;

/** Words packed into lines of at most `width` characters; a longer word has a line of its own. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** A step of 1, 2, 2.5 or 5 times a power of ten that cuts `span` into about four parts. */
export function niceStep(span: number): number {
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

/** A figure's label: its number, amount and meaning, source and segment. */
function labelOf(
  metric: ComparedMetric,
  figure: Figure,
  number: number,
  vocabulary: Vocabulary,
): string {
  const source = metric.sources[figure.source - 1];
  const author = source ? authorOf(source) : "";
  const segment = segmentWords(figure.segment, vocabulary);
  return `${number}. ${figureAmount({ ...figure, per: undefined })}, ${figureMeaning(figure)}${
    author ? ` (${author})` : ""
  }${segment ? ` — ${segment}` : ""}`;
}

/** Where a row belongs: with the reader's own segment, the closest, the rest, or apart. */
type Group = "all" | "yours" | "closest" | "wider" | "company" | "apart" | "earlier";

/** A row of the chart: the figure and where it belongs. */
interface Row {
  figure: Figure;
  number: number;
  group: Group;
}

/** The chart's rows: every comparable figure in the metric's period, compared ones first. */
function rowsOf(metric: ComparedMetric, comparison?: ValueComparison): Row[] {
  const comparable = new Set(comparableFigures(metric));
  const rows = (metric.figures ?? [])
    .map((figure, index) => ({ figure, number: index + 1 }))
    .filter(({ figure }) => comparable.has(figure) && figure.per === metric.comparison?.per);
  if (!comparison) return rows.map((row) => ({ ...row, group: "all" }));
  const placed = new Map(comparison.placements.map((item) => [item.figure, item.match]));
  const earlier = new Set(
    comparison.context.filter((item) => item.reason === "earlier").map((item) => item.figure),
  );
  const groupOf = (number: number): Group =>
    placed.get(number) ?? (earlier.has(number) ? "earlier" : "apart");
  return rows.map((row): Row => ({ ...row, group: groupOf(row.number) }))
    .sort((a, b) => ORDER[a.group] - ORDER[b.group] || a.number - b.number);
}

const ORDER: Record<Group, number> = {
  all: 0,
  yours: 0,
  closest: 1,
  wider: 2,
  company: 3,
  apart: 4,
  earlier: 5,
};

/** The heading over each group, as the answer's lists name them; none over a chart of one group. */
const GROUP_TITLES: Record<Group, string> = {
  all: "",
  yours: "Your segment",
  closest: "Closest to your segment",
  wider: "Other figures that may apply",
  company: "Individual companies",
  apart: "Not compared: for other segments",
  earlier: "Not compared: earlier points of a series",
};

/**
 * The chart, or nothing when the metric has no comparable figure in its own period. With a
 * comparison, the reader's value is marked and the figures not compared are drawn apart.
 */
export function figureChart(
  metric: ComparedMetric,
  { vocabulary, comparison, linkOf = (_figure: Figure, number: number) => `#figure-${number}` }: {
    /** The segment vocabulary the figures' segments are worded from. */
    vocabulary: Vocabulary;
    /** A reader's value placed against the figures, to mark on the chart. */
    comparison?: ValueComparison | undefined;
    /** Where a bar links: its row in the page's table of figures by default. */
    linkOf?: (figure: Figure, number: number) => string;
  },
): Html | undefined {
  const rows = rowsOf(metric, comparison);
  if (rows.length === 0) return undefined;
  const unit = metric.comparison?.unit ?? "percent";
  const per = metric.comparison?.per;
  // The reader's value in the chart's period: as given, or converted by a placement.
  const mine = comparison?.placements.find((item) => !item.converted)?.value ??
    comparison?.placements.find((item) => item.converted?.to === per)?.value;
  const ends = rows.flatMap(({ figure }) => [figure.value ?? 0, figure.low ?? 0, figure.high ?? 0]);
  const values = mine === undefined ? ends : [...ends, mine];
  const step = niceStep((Math.max(...values, 0) - Math.min(...values, 0)) || 1);
  const bottom = Math.floor(Math.min(...values, 0) / step) * step;
  const top = Math.ceil(Math.max(...values, 0) / step) * step || step;
  const x = (value: number) => LEFT + ((value - bottom) / (top - bottom)) * (WIDTH - LEFT - RIGHT);
  let y = mine === undefined ? 4 : 24;
  const parts: Html[] = [];
  const bands: [number, number][] = [];
  let group: Group | undefined = rows.every((row) => row.group === rows[0]?.group)
    ? rows[0]?.group
    : undefined;
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group;
      if (y > 24) y += 8;
      parts.push(
        markup`<text class="group" x="${LEFT}" y="${y + 12}">${GROUP_TITLES[group]}</text>`,
      );
      y += LINE + 4;
    }
    const { figure, number } = row;
    const lines = wrapWords(labelOf(metric, figure, number, vocabulary), LINE_CHARS);
    const text = lines.map((line, index) =>
      markup`<tspan x="${LEFT}" y="${y + 12 + index * LINE}">${line}</tspan>`
    );
    const barY = y + lines.length * LINE + 2;
    const from = figure.low ?? (figure.bound === "at-least" ? figure.value ?? 0 : 0);
    const to = figure.high ?? (figure.bound === "at-least" ? top : figure.value ?? 0);
    const start = x(Math.min(from, to));
    const width = Math.max(2, x(Math.max(from, to)) - start);
    const shape = figure.low !== undefined || figure.bound ? "span" : "bar";
    parts.push(
      markup`<a href="${linkOf(figure, number)}" class="${row.group}"><title>${
        lines.join(" ")
      }</title><text>${text}</text><rect class="${shape}" x="${
        start.toFixed(1)
      }" y="${barY}" width="${width.toFixed(1)}" height="${BAR}"></rect></a>`,
    );
    if (row.group !== "apart" && row.group !== "earlier") bands.push([barY - 3, barY + BAR + 3]);
    y = barY + BAR + GAP;
  }
  const axisY = y + 2;
  const ticks: number[] = [];
  for (let tick = bottom; tick <= top + step / 1e6; tick += step) ticks.push(tick);
  const tickWords = (tick: number) => formatValue(Number(tick.toPrecision(12)), unit);
  const anchorOf = (at: number) =>
    at < LEFT + 20 ? "start" : at > WIDTH - RIGHT - 20 ? "end" : "middle";
  // Every tick is marked; its number is written where it has room (about 8 units a character),
  // the last one always, the others from the left while they do not run into one another.
  const extent = (tick: number): [number, number] => {
    const at = x(tick);
    const width = tickWords(tick).length * 8;
    const anchor = anchorOf(at);
    const left = anchor === "start" ? at : anchor === "end" ? at - width : at - width / 2;
    return [left, left + width];
  };
  const labelled = new Set<number>();
  const last = extent(ticks.at(-1) ?? top);
  let reach = -Infinity;
  ticks.forEach((tick, index) => {
    const [left, right] = extent(tick);
    const isLast = index === ticks.length - 1;
    if (left < reach + 8 || (!isLast && right + 8 > last[0])) return;
    labelled.add(index);
    reach = right;
  });
  const axis = markup`<g class="axis"><line x1="${LEFT}" y1="${axisY}" x2="${
    WIDTH - RIGHT
  }" y2="${axisY}"></line>${
    ticks.map((tick, index) => {
      const at = x(tick);
      const anchor = anchorOf(at);
      const label = !labelled.has(index)
        ? ""
        : markup`<text x="${at.toFixed(1)}" y="${axisY + 18}" text-anchor="${anchor}">${
          tickWords(tick)
        }</text>`;
      return markup`<line x1="${at.toFixed(1)}" y1="${axisY}" x2="${at.toFixed(1)}" y2="${
        axisY + 4
      }"></line>${label}`;
    })
  }</g>`;
  let height = axisY + 24;
  let mark: Html | string = "";
  if (mine !== undefined && comparison) {
    const at = x(Math.min(Math.max(mine, bottom), top));
    const label = `You: ${formatValue(mine, unit)}${per ? ` ${perWords(per)}` : ""}`;
    const anchor = at < WIDTH / 3 ? "start" : at > (2 * WIDTH) / 3 ? "end" : "middle";
    // The mark crosses the bars and the axis, never the labels.
    const path = [[17, 22], ...bands, [axisY - 4, axisY + 6]]
      .map(([from, to]) => `M${at.toFixed(1)} ${from}V${to}`).join("");
    mark = markup`<g class="you-mark"><path class="you" d="${path}"></path><text class="you" x="${
      at.toFixed(1)
    }" y="12" text-anchor="${anchor}">${label}</text></g>`;
  }
  const title = `${metric.name}: the figures in ${unitLabel(unit, { one: true })}${
    per ? ` ${perWords(per)}` : ""
  }, on a scale from ${formatValue(bottom, unit)} to ${formatValue(top, unit)}`;
  height = Math.ceil(height);
  return markup`<figure class="chart">
<svg class="figures-chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="group" aria-labelledby="chart-${metric.slug}${
    comparison ? "-you" : ""
  }">
<title id="chart-${metric.slug}${comparison ? "-you" : ""}">${title}</title>
${parts}${axis}${mark}</svg>
<figcaption>Each bar is one figure, numbered as in the table of figures; a pale bar is a range, a floor or a ceiling.${
    comparison ? " The line marks your value." : ""
  } Select a bar to see where its figure comes from.</figcaption>
</figure>`;
}
