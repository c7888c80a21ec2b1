/**
 * The page of one metric: every field in reading order, benchmarks with their review date and
 * linked citations, related metrics, the frameworks that include it, and its JSON.
 *
 * @module
 */
import { externalLink, type Html, markup, paragraphs, sitePath } from "./html.ts";
import type { IndexedPage } from "./layout.ts";
import { firstSentence } from "../../read/text.ts";
import type { MetricRecord, Source } from "../../catalog/schema.ts";

/** What a metric page needs to know about the rest of the catalog. */
export interface MetricContext {
  metricNames: ReadonlyMap<string, string>;
  /** The frameworks that include each metric, with the components that name it. */
  frameworksByMetric: ReadonlyMap<string, { slug: string; name: string; components: string[] }[]>;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-11-22" as "22 November 2026"; any other text as it is. */
export function readableDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : date;
}

/** A metric's title: its name, with the abbreviation when it has one. */
export function metricTitle(metric: MetricRecord): string {
  return metric.abbreviation ? `${metric.name} (${metric.abbreviation})` : metric.name;
}

/**
 * The sources a benchmark cites: those whose author (the label up to the first comma, quote or
 * parenthesis) is named in the benchmark's text.
 */
export function citedSources(benchmark: string, sources: readonly Source[]): number[] {
  const cited: number[] = [];
  sources.forEach((source, index) => {
    const author = source.label.split(/,|\s"|\s\(|\s“/)[0]?.trim() ?? "";
    if (author.length < 3) return;
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}])${escapeRegExp(author)}($|[^\\p{L}\\p{N}])`,
      "u",
    );
    if (pattern.test(benchmark)) cited.push(index);
  });
  return cited;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Splits "Lead: rest" list items so that the lead can be shown in bold. */
function leadAndRest(item: string): Html {
  const match = /^([^:]{3,80}): (.+)$/s.exec(item);
  return match ? markup`<strong>${match[1]}</strong>: ${match[2]}` : markup`${item}`;
}

function section(title: string, id: string, body: Html | undefined): Html {
  if (body === undefined) return markup``;
  return markup`<section aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
${body}
</section>
`;
}

function prose(text: string | undefined): Html | undefined {
  return text === undefined ? undefined : paragraphs(text);
}

function plainList(items: readonly Html[]): Html {
  return markup`<ul class="plain">
${items.map((item) => markup`<li>${item}</li>\n`)}</ul>`;
}

function citation(benchmark: string, sources: readonly Source[]): Html | string {
  const cited = citedSources(benchmark, sources);
  if (cited.length === 0) return "";
  const links = cited.map((index, position) =>
    markup`${position === 0 ? "" : ", "}<a href="#source-${index + 1}">[${index + 1}]</a>`
  );
  return markup` <span class="cite">Sources: ${links}</span>`;
}

function benchmarks(metric: MetricRecord): Html | undefined {
  if (!metric.benchmarks || metric.benchmarks.length === 0) return undefined;
  const reviewed = metric.benchmarksReviewed;
  const date = reviewed === undefined
    ? markup`Review date not recorded.`
    : markup`Figures last reviewed <time datetime="${reviewed}">${readableDate(reviewed)}</time>.`;
  const items = metric.benchmarks.map((benchmark) =>
    markup`${benchmark}${citation(benchmark, metric.sources)}`
  );
  return markup`<p class="reviewed">${date}</p>
${plainList(items)}
<p class="muted">Reusing a figure? Carry its citation along with it.</p>`;
}

function related(metric: MetricRecord, context: MetricContext): Html {
  return plainList(metric.relatedMetrics.map((item) => {
    const name = context.metricNames.get(item.slug);
    const target = name === undefined
      ? markup`${item.slug}`
      : markup`<a href="${sitePath("/metrics", item.slug)}">${name}</a>`;
    return markup`${target}: ${item.text}`;
  }));
}

function frameworks(metric: MetricRecord, context: MetricContext): Html | undefined {
  const including = context.frameworksByMetric.get(metric.slug) ?? [];
  if (including.length === 0) return undefined;
  return plainList(including.map((framework) => {
    const link = markup`<a href="${sitePath("/frameworks", framework.slug)}">${framework.name}</a>`;
    return markup`${link}, in ${framework.components.join(", ")}`;
  }));
}

/** The numbered list of a record's sources, each an anchor that benchmarks link to. */
export function sourceList(sources: readonly Source[]): Html {
  if (sources.length === 0) return markup`<p>No sources cited.</p>`;
  const items = sources.map((source, index) =>
    markup`<li id="source-${index + 1}">${externalLink(source.label, source.url)}</li>\n`
  );
  return markup`<ol class="sources">
${items}</ol>`;
}

/** Links to the record's JSON and Markdown copies. */
export function recordFormats(path: string, json: string): Html {
  return markup`<p>As JSON: <a href="${json}" type="application/json">${json}</a>. As Markdown: <a href="${path}.md" type="text/markdown">${path}.md</a>.</p>`;
}

/** Everything the metric page shows, in reading order. */
export function metricPage(metric: MetricRecord, context: MetricContext): IndexedPage {
  const path = sitePath("/metrics", metric.slug);
  const json = sitePath("/api/metrics", metric.slug);
  const tags = metric.tags.map((tag) => markup`<li><a href="/#tag-${tag}">${tag}</a></li>`);
  const composite = metric.kind === "composite"
    ? markup`<p class="callout"><strong>A tool-defined score.</strong> This is a composite analytics score defined by the tools that compute it, not an industry-standard metric: its inputs and scale differ from one tool to the next.</p>\n`
    : "";
  const methods = metric.calculationMethods?.map(leadAndRest);
  const watch = metric.whatToWatch.map((item) =>
    markup`<dt>${item.label}</dt>\n<dd>${item.text}</dd>\n`
  );
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#metrics">Metrics</a></li><li aria-current="page">${metric.name}</li></ol></nav>
<article>
<h1>${metricTitle(metric)}</h1>
<ul class="tags" aria-label="Tags">${tags}</ul>
${composite}${paragraphs(metric.definition, "lead")}
${[
      section("Formula", "formula", markup`<p class="formula">${metric.formula}</p>`),
      section("What it measures", "what-it-measures", prose(metric.whatItMeasures)),
      section("In practice", "in-practice", prose(metric.inPractice)),
      section("Benchmarks", "benchmarks", benchmarks(metric)),
      section("Calculation methods", "calculation-methods", methods && plainList(methods)),
      section("What to watch", "what-to-watch", markup`<dl class="watch">\n${watch}</dl>`),
      section("When not to use", "when-not-to-use", prose(metric.whenNotToUse)),
      section("Finding the metric", "finding-the-metric", prose(metric.findingMetric)),
      section("Tools", "tools", prose(metric.tools)),
      section("Vanity risk", "vanity-risk", prose(metric.vanityRisk)),
      section("Related metrics", "related-metrics", related(metric, context)),
      section("Frameworks that include it", "frameworks", frameworks(metric, context)),
      section("Sources", "sources", sourceList(metric.sources)),
      section("Use this record", "use", recordFormats(path, json)),
    ]}</article>`;
  return {
    title: metricTitle(metric),
    description: firstSentence(metric.definition),
    path,
    alternates: [
      { type: "application/json", href: json },
      { type: "text/markdown", href: `${path}.md` },
    ],
    main,
  };
}
