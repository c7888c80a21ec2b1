/**
 * A metric page's figures: the chart of its comparable figures (inline SVG, no script), the table
 * that is its text alternative with an anchor and a citation per figure, the links to the data
 * set, and the "where do you stand" form with its answer.
 *
 * @module
 */
import { type Html, markup } from "./html.ts";
import type { Figure, Vocabulary } from "../../catalog/figures.ts";
import type { MetricRecord } from "../../catalog/records.ts";
import { comparableFigures } from "../../catalog/figures.ts";
import { metricFigureRows } from "../../read/benchmarks.ts";
import { comparisonGroups, segmentChoices, type ValueComparison } from "../../read/compare.ts";
import { figureWords, formatValue, perWords, statisticWords } from "../../read/words.ts";
import { comparePath, DATA_PATHS, FORMS_SCRIPT_PATH } from "../paths.ts";
export { comparePath, FORMS_SCRIPT_PATH };

const ROW = 44;
const WIDTH = 360;
const LEFT = 4;
const RIGHT = 8;

/** The figures a chart shows: the metric's own, in its comparison unit and period. */
function chartFigures(metric: MetricRecord): { figure: Figure; number: number }[] {
  const figures = metric.figures ?? [];
  const comparable = new Set(comparableFigures(metric));
  return figures
    .map((figure, index) => ({ figure, number: index + 1 }))
    .filter(({ figure }) => comparable.has(figure) && figure.per === metric.comparison?.per);
}

/**
 * The chart of a metric's comparable figures: a bar (or a span, for a range) per figure, its value
 * and segment written above it, each linked to its source note; the reader's value, when given, is
 * a marked line across. Text is 13 units tall in a 360-unit-wide drawing, so it stays above 12 px
 * on a phone.
 */
export function figureChart(
  metric: MetricRecord,
  vocabulary: Vocabulary,
  reader?: { value: number; label: string },
): Html | undefined {
  const shown = chartFigures(metric);
  if (shown.length === 0) return undefined;
  const ends = shown.flatMap((
    { figure },
  ) => [figure.value ?? 0, figure.low ?? 0, figure.high ?? 0]);
  const all = reader ? [...ends, reader.value] : ends;
  const top = Math.max(...all, 0);
  const bottom = Math.min(...all, 0);
  const span = top - bottom || 1;
  const x = (value: number) => LEFT + ((value - bottom) / span) * (WIDTH - LEFT - RIGHT);
  const height = shown.length * ROW + 24;
  const rows = shown.map(({ figure, number }, index) => {
    const y = index * ROW + 24;
    const from = figure.low ?? (figure.bound === "at-least" ? figure.value ?? 0 : 0);
    const to = figure.high ?? (figure.bound === "at-least" ? top : figure.value ?? 0);
    const start = x(Math.min(from, to));
    const width = Math.max(2, x(Math.max(from, to)) - start);
    const words = clipText(figureWords(figure, vocabulary), 46);
    return markup`<a href="#source-${figure.source}"><title>${
      figureWords(figure, vocabulary)
    } (source ${figure.source})</title><text x="${LEFT}" y="${
      y + 14
    }">${number}. ${words}</text><rect class="${
      figure.low !== undefined || figure.bound ? "span" : "bar"
    }" x="${start.toFixed(1)}" y="${y + 20}" width="${width.toFixed(1)}" height="14"></rect></a>`;
  });
  const mark = reader
    ? markup`<line class="you" x1="${x(reader.value).toFixed(1)}" y1="18" x2="${
      x(reader.value).toFixed(1)
    }" y2="${height}"></line><text class="you" x="${
      Math.min(x(reader.value), WIDTH - 120).toFixed(1)
    }" y="13">${reader.label}</text>`
    : "";
  const unit = metric.comparison?.unit ?? "percent";
  const per = metric.comparison?.per ? ` ${perWords(metric.comparison.per)}` : "";
  return markup`<figure class="chart">
<svg class="figures-chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="group" aria-labelledby="chart-${metric.slug}" data-scale="${bottom} ${top} ${LEFT} ${
    WIDTH - RIGHT
  }">
<title id="chart-${metric.slug}">${metric.name}: the figures in ${
    formatValue(1, unit).replace(/^1\s?/, "") || unit
  }${per}, from ${formatValue(bottom, unit)} to ${formatValue(top, unit)}</title>
${rows}${mark}</svg>
<figcaption>Each bar is one figure, numbered as in the table below; a pale bar is a range, a floor or a ceiling. Select a bar for its source.</figcaption>
</figure>`;
}

function clipText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** The table of every figure: its anchor, what it is, its segment, sample, year and source. */
export function figureTable(metric: MetricRecord, vocabulary: Vocabulary, baseUrl: string): Html {
  const rows = metricFigureRows(metric, vocabulary, baseUrl).map((row) =>
    markup`<tr id="figure-${row.number}">
<th scope="row"><a href="#figure-${row.number}">${row.number}</a></th>
<td>${
      row.bound === "at-least"
        ? "at least "
        : row.bound === "at-most"
        ? "at most "
        : ""
    }${row.written}${row.per ? markup` <span class="muted">${perWords(row.per)}</span>` : ""}</td>
<td>${statisticWords(row)}${
      row.measures ? markup`<br><span class="muted">measures ${row.measures}</span>` : ""
    }</td>
<td>${row.segmentLabel || "—"}</td>
<td>${row.sample === undefined ? "—" : formatValue(row.sample, "count")}</td>
<td>${row.year ?? "—"}</td>
<td><a href="#source-${row.source.number}">[${row.source.number}]</a></td>
<td><details><summary>Cite</summary><p class="cite-text">${row.citation}</p></details></td>
</tr>
`
  );
  return markup`<div class="table-wrap"><table class="figures">
<caption>Every benchmark figure of ${metric.name}, as data</caption>
<thead><tr><th scope="col">#</th><th scope="col">Figure</th><th scope="col">Statistic</th><th scope="col">Segment</th><th scope="col">Sample</th><th scope="col">Year</th><th scope="col">Source</th><th scope="col">Citation</th></tr></thead>
<tbody>
${rows}</tbody>
</table></div>
<p class="downloads">Download these figures: <a href="${DATA_PATHS.csv}" type="text/csv">CSV</a>, <a href="${DATA_PATHS.json}" type="application/json">JSON</a>, <a href="${DATA_PATHS.datapackage}" type="application/json">Data Package</a> (every metric's figures, CC BY 4.0; filter the <code>metric</code> column for <code>${metric.slug}</code>).</p>`;
}

/** The values a reader chose, to fill the form again. */
export interface FormValues {
  value?: string;
  per?: string;
  segment?: Record<string, string>;
}

/** The "where do you stand" form: a GET form answered by the server, or by the export's script. */
export function compareForm(
  metric: MetricRecord,
  vocabulary: Vocabulary,
  values: FormValues = {},
): Html | undefined {
  const comparison = metric.comparison;
  if (!comparison || comparableFigures(metric).length === 0) return undefined;
  const unit = formatValue(1, comparison.unit).replace(/^1\s?/, "") || comparison.unit;
  const pers = comparison.per
    ? comparison.convert && (comparison.per === "month" || comparison.per === "year")
      ? ["month", "year"]
      : [comparison.per]
    : [];
  const per = pers.length > 0
    ? markup`<label>Quoted per <select name="per">${
      pers.map((item) =>
        markup`<option value="${item}"${
          item === (values.per ?? comparison.per) ? markup` selected` : ""
        }>${item}</option>`
      )
    }</select></label>`
    : "";
  const fields = segmentChoices(metric, vocabulary).map((choice) => {
    const chosen = values.segment?.[choice.key] ?? "";
    if (choice.band) {
      return markup`<label>${choice.label} (${
        choice.band === "usd" ? "USD" : choice.band
      }) <input name="${choice.key}" autocomplete="off" value="${chosen}" size="10" placeholder="e.g. 30k"></label>`;
    }
    return markup`<label>${choice.label} <select name="${choice.key}"><option value="">any</option>${
      choice.values.map((value) =>
        markup`<option value="${value.slug}"${
          value.slug === chosen ? markup` selected` : ""
        }>${value.label}</option>`
      )
    }</select></label>`;
  });
  return markup`<form class="compare" method="get" action="${
    comparePath(metric.slug)
  }" data-metric="${metric.slug}">
<p><label>Your value (${unit}) <input name="value" autocomplete="off" required value="${
    values.value ?? ""
  }" size="10"></label> ${per}</p>
${fields.length > 0 ? markup`<p>${fields}</p>` : ""}
<p><button type="submit">Where do I stand?</button></p>
</form>`;
}

const DIRECTION_WORDS = {
  "lower-is-better": "lower is better",
  "higher-is-better": "higher is better",
  "target-band": "the aim is to stay inside a target band, neither too low nor too high",
} as const;

/**
 * The answer: the verdict first, the chart with the reader's value marked, then the figures
 * placed, grouped by how well their segment matches the reader's, and those not compared folded
 * away under their reasons.
 */
export function compareAnswer(
  metric: MetricRecord,
  vocabulary: Vocabulary,
  comparison: ValueComparison,
): Html {
  const per = comparison.per ? ` ${perWords(comparison.per)}` : "";
  const label = `You: ${formatValue(comparison.value, comparison.unit)}${per}`;
  const sameUnit = comparison.placements.find((placement) => !placement.converted);
  const direction = DIRECTION_WORDS[comparison.direction];
  return markup`<section class="answer" aria-labelledby="answer">
<h2 id="answer">Where ${formatValue(comparison.value, comparison.unit)}${per} stands</h2>
${verdictHtml(comparison)}
<p class="muted">For ${metric.name}, ${direction}.</p>
${sameUnit ? figureChart(metric, vocabulary, { value: sameUnit.value, label }) : ""}
${placementsHtml(comparison)}
</section>`;
}

/** The verdict and, when segment keys were left out, the hint. */
export function verdictHtml(comparison: ValueComparison): Html {
  return markup`<p class="verdict">${comparison.summary}</p>
${comparison.hint ? markup`<p class="muted">${comparison.hint}</p>` : ""}`;
}

/**
 * The placements grouped by how well their segment matches the reader's, each linked to its
 * figure; the figures not compared are folded away under their reasons.
 */
export function placementsHtml(comparison: ValueComparison): Html[] {
  return comparisonGroups(comparison).map((group) => {
    const items = group.lines.map((line) =>
      markup`<li>${line.text} <a href="#figure-${line.figure}">[figure ${line.figure}]</a></li>\n`
    );
    const list = markup`<ul class="plain">\n${items}</ul>`;
    return group.folded
      ? markup`<details><summary>${group.title} (${group.lines.length})</summary>\n${list}</details>\n`
      : markup`<h3>${group.title}</h3>\n${list}\n`;
  });
}
