/**
 * A scorecard as one HTML file that stands alone: its styles inline, each chart inline SVG, no
 * script and no request to any host, so it opens offline, prints on A4 and can be shared as it
 * is. A summary first (how many metrics are better or worse than most of their medians, and the
 * three that most need attention), then a section per metric: the metric page's chart with the
 * reader's value marked, the lead, the period, the inputs and the sources with their links.
 *
 * @module
 */
import type { ReadModel } from "../../read/model.ts";
import { GROUP_TITLES, GROUPS, type Scorecard, type ScoreEntry } from "../../read/scorecard.ts";
import { groupedNumber } from "../../read/text.ts";
import { PACKAGE_NAME } from "../../policy.ts";
import { figureChart } from "./chart.ts";
import { SITE_CSS } from "./css.ts";
import { externalLink, type Html, markup } from "./html.ts";

/** What the page adds to the site's styles: sections that keep together on A4 paper. */
const PAGE_CSS = `main.wrap { max-width: 52rem; padding-bottom: 3rem; }
section.metric { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 1.5rem; }
section.metric h3 { margin-bottom: 0.25rem; }
p.period, table.inputs, p.few { color: var(--muted); font-size: 0.9rem; }
table.inputs { border-collapse: collapse; }
table.inputs th, table.inputs td { padding: 0.1rem 0.75rem 0.1rem 0; text-align: left; }
table.inputs td { font-variant-numeric: tabular-nums; }
ol.sources { font-size: 0.9rem; }
ol.sources a, p a { overflow-wrap: anywhere; }
@page { size: A4; margin: 16mm; }
@media print {
  section.metric { break-inside: avoid; }
  h2 { break-after: avoid; }
  .chart svg { max-width: 100%; }
}
`;

/** The scorecard as one self-contained HTML page. */
export function scorecardPage(scorecard: Scorecard, model: ReadModel): string {
  const { data } = scorecard;
  const names = new Map(scorecard.metrics.map((entry) => [entry.slug, entry]));
  const segment = Object.entries(data.segment).map(([key, value]) => `${key}=${value}`);
  const attention = data.attention.flatMap((slug) => names.get(slug) ?? []);
  const groups = GROUPS.map((group) => {
    const entries = scorecard.metrics.filter((entry) => entry.group === group);
    if (entries.length === 0) return "";
    return markup`<h2 id="group-${group}">${GROUP_TITLES[group]}</h2>
${entries.map((entry) => entrySection(entry, model))}`;
  });
  const missing = scorecard.missing.length === 0
    ? ""
    : markup`<h2 id="not-computed">Not computed</h2>
<p>These metrics have a recipe, but this data could not give them:</p>
<ul>${
      scorecard.missing.map((item) =>
        markup`<li><strong>${item.name}</strong>: ${
          item.problem ?? `needs ${item.needs.join("; ")}`
        }</li>`
      )
    }</ul>`;
  return `<!doctype html>\n${markup`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Scorecard · ${PACKAGE_NAME}</title>
<style>${SITE_CSS}${PAGE_CSS}</style>
</head>
<body>
<main class="wrap" id="main">
<h1>Scorecard</h1>
<p class="lead">${data.computed} of ${data.of} metrics computed from the data in ${data.folder}${
    segment.length > 0 ? `, for the segment ${segment.join(", ")}` : ""
  }, each placed against the catalog's cited benchmark figures.</p>
<section aria-labelledby="summary">
<h2 id="summary">Summary</h2>
<p>${data.better} ${
    data.better === 1 ? "metric is" : "metrics are"
  } better than most of the medians and averages ${
    segment.length > 0 ? "for your segment" : ""
  } they are compared with, and ${data.worse} ${data.worse === 1 ? "is" : "are"} worse.${
    scorecard.missing.length > 0
      ? markup` ${scorecard.missing.length} could not be computed: <a href="#not-computed">see what they need</a>.`
      : ""
  }</p>
${
    attention.length === 0 ? "" : markup`<p>Most in need of attention:</p>
<ol>${
      attention.map((entry) =>
        markup`<li><a href="#${entry.slug}">${entry.name}</a>: ${entry.lead ?? ""}</li>`
      )
    }</ol>`
  }
</section>
${groups}
${missing}
<footer><p>Made with ${PACKAGE_NAME} report from the data's own files, through the catalog's SQL recipes on DuckDB (reference schema version ${data.schemaVersion}). The figures and their sources are the catalog's, under CC BY 4.0: carry each figure's citation with it.</p></footer>
</main>
</body>
</html>`}\n`;
}

/** One metric's section: value, period, chart, lead, inputs, note and sources. */
function entrySection(entry: ScoreEntry, model: ReadModel): Html {
  const found = model.resolve("metric", entry.slug);
  const metric = found.ok ? found.record : undefined;
  const per = entry.per ? ` ${/^\d/.test(entry.per) ? "over" : "a"} ${entry.per}` : "";
  const chart = metric && entry.comparison
    ? figureChart(metric, {
      vocabulary: model.vocabulary(),
      comparison: entry.comparison,
      linkOf: (figure) => `#${entry.slug}-source-${figure.source}`,
    })
    : undefined;
  const counted = entry.counted
    ? `${entry.counted.of === "cohort" ? "Cohort" : "Counted"} from ${
      day(entry.counted.start)
    } to ${day(entry.counted.end)} (the end not included); data complete to ${entry.asOf}.`
    : `Counted at ${entry.asOf}, where the data is complete to.`;
  return markup`<section class="metric" id="${entry.slug}" aria-labelledby="${entry.slug}-title">
<h3 id="${entry.slug}-title">${entry.name}: ${entry.written}${per}</h3>
<p class="period">${counted}</p>
${entry.lead ? markup`<p>${entry.lead}</p>` : markup`<p>No benchmark figure to compare with.</p>`}
${chart ?? ""}
<table class="inputs"><caption>Inputs the data gave</caption>
<tbody>${
    Object.entries(entry.inputs).map(([name, value]) =>
      markup`<tr><th scope="row">${metric?.calculator?.inputs[name]?.name ?? name}</th><td>${
        groupedNumber(value, 2)
      }</td></tr>`
    )
  }</tbody></table>
<p class="period">${entry.formula}</p>
${
    entry.few
      ? markup`<p class="few">Few to count: ${entry.few.input} is ${entry.few.count}, under ${entry.few.below}; read the comparison as a rough guide.</p>`
      : ""
  }
${
    metric && metric.sources.length > 0
      ? markup`<ol class="sources" aria-label="Sources of ${entry.name}">${
        metric.sources.map((source, index) =>
          markup`<li id="${entry.slug}-source-${index + 1}">${
            externalLink(source.label, source.url)
          }</li>`
        )
      }</ol>`
      : ""
  }
</section>`;
}

/** A timestamp as its date, when it is midnight. */
const day = (value: string) => value.replace(/ 00:00:00$/, "");
