/**
 * A metric page's figures: the chart of its comparable figures (inline SVG, no script), the table
 * that is its text alternative with an anchor and a citation per figure, the links to the data
 * set, and the "where do you stand" form with its answer.
 *
 * @module
 */
import { type Html, markup } from "./html.ts";
import type { Vocabulary } from "../../catalog/figures.ts";
import type { MetricRecord } from "../../catalog/records.ts";
import { comparableFigures } from "../../catalog/figures.ts";
import { metricFigureRows } from "../../read/benchmarks.ts";
import { segmentChoices, type ValueComparison } from "../../read/compare.ts";
import {
  citedText,
  type ComparisonWords,
  comparisonWords,
  directionWords,
} from "../../read/compare_words.ts";
import { formatValue, perWords, statisticWords, unitLabel } from "../../read/words.ts";
import { comparePath, DATA_PATHS } from "../paths.ts";
import { figureChart } from "./chart.ts";

/** Marks a cell that states nothing ("—"), which a phone's stacked rows leave out. */
function empty(isEmpty: boolean): Html | "" {
  return isEmpty ? markup` class="empty"` : "";
}

/** The table of every figure: its anchor, what it is, its segment, sample, year and source. */
export function figureTable(
  metric: MetricRecord,
  { vocabulary, baseUrl }: { vocabulary: Vocabulary; baseUrl: string },
): Html {
  const rows = metricFigureRows(metric, { vocabulary, baseUrl }).map((row) =>
    markup`<tr id="figure-${row.number}">
<th scope="row"><a href="#figure-${row.number}">${row.number}</a></th>
<td data-label="Figure">${
      row.bound === "at-least" ? "at least " : row.bound === "at-most" ? "at most " : ""
    }${row.written}${row.per ? markup` <span class="muted">${perWords(row.per)}</span>` : ""}</td>
<td data-label="Statistic">${statisticWords(row)}${
      row.measures ? markup`<br><span class="muted">measures ${row.measures}</span>` : ""
    }</td>
<td data-label="Segment"${empty(!row.segmentLabel)}>${row.segmentLabel || "—"}</td>
<td data-label="Sample"${empty(row.sample === undefined)}>${
      row.sample === undefined
        ? "—"
        : `${row.sampleAtLeast ? "at least " : ""}${formatValue(row.sample, "count")}`
    }</td>
<td data-label="Year"${empty(row.year === undefined)}>${row.year ?? "—"}</td>
<td data-label="Source"><a href="#source-${row.source.number}">[${row.source.number}]</a></td>
<td data-label="Citation"><details><summary>Cite</summary><p class="cite-text">${row.citation}</p></details></td>
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

/** What a band field's example reads, in the band's own scale. */
const PLACEHOLDERS: Record<string, string> = {
  arpa: "e.g. 200",
  acv: "e.g. 30k",
  arr: "e.g. 5M",
  mrr: "e.g. 25k",
};

/** The "where do you stand" form: a GET form answered by the server, or by the export's script. */
export function compareForm(
  metric: MetricRecord,
  { vocabulary, values = {} }: { vocabulary: Vocabulary; values?: FormValues },
): Html | undefined {
  const comparison = metric.comparison;
  if (!comparison || comparableFigures(metric).length === 0) return undefined;
  const unit = unitLabel(comparison.unit);
  const pers = comparison.per
    ? comparison.convert && (comparison.per === "month" || comparison.per === "year")
      ? ["month", "year"]
      : [comparison.per]
    : [];
  // A choice of one is no choice: the label says the period instead.
  const per = pers.length > 1
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
      }) <input name="${choice.key}" autocomplete="off" value="${chosen}" size="10" placeholder="${
        PLACEHOLDERS[choice.key] ?? "e.g. 30k"
      }"></label>`;
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
<p><label>Your value (${unit}${
    pers.length === 1 && comparison.per ? ` ${perWords(comparison.per)}` : ""
  }) <input name="value" autocomplete="off" required value="${
    values.value ?? ""
  }" size="10"></label> ${per}</p>
${fields.length > 0 ? markup`<p>${fields}</p>` : ""}
<p><button type="submit">Where do I stand?</button></p>
<noscript><p class="muted">On a static copy of this site, the answer needs JavaScript; the same answer comes from the API's service, the CLI (<code>compare ${metric.slug} &lt;value&gt;</code>) and the MCP tool <code>get_benchmark</code>.</p></noscript>
</form>`;
}

/**
 * The answer: the verdict first, the chart with the reader's value marked, then the figures
 * placed, grouped by how well their segment matches the reader's, and those not compared folded
 * away under their reasons.
 */
export function compareAnswer(
  metric: MetricRecord,
  { vocabulary, comparison }: { vocabulary: Vocabulary; comparison: ValueComparison },
): Html {
  const per = comparison.per ? ` ${perWords(comparison.per)}` : "";
  const direction = directionWords(comparison.direction).aim;
  const words = comparisonWords(comparison, { metric, vocabulary });
  return markup`<section class="answer" aria-labelledby="answer">
<h2 id="answer">Where ${formatValue(comparison.value, comparison.unit)}${per} stands</h2>
${verdictHtml(words)}
<p class="muted">For ${metric.name}, ${direction}.</p>
${figureChart(metric, { vocabulary, comparison }) ?? ""}
${placementsHtml(words)}
</section>`;
}

/** The lead and, when segment keys were left out, the hint. */
export function verdictHtml(words: ComparisonWords): Html {
  return markup`<p class="verdict">${words.lead}</p>
${words.hint ? markup`<p class="muted">${words.hint}</p>` : ""}`;
}

/**
 * The placements grouped by how well their segment matches the reader's, each linked to its
 * figure; the figures not compared are folded away under their reasons.
 */
export function placementsHtml(words: ComparisonWords): Html[] {
  return words.groups.map((group) => {
    const items = group.lines.map((line) =>
      markup`<li>${
        citedText(line)
      } <a href="#figure-${line.figure}">[figure ${line.figure}]</a></li>\n`
    );
    const list = markup`<ul class="plain">\n${items}</ul>`;
    return group.folded
      ? markup`<details><summary>${group.title} (${group.lines.length})</summary>\n${list}</details>\n`
      : markup`<h3>${group.title}</h3>\n${list}\n`;
  });
}
