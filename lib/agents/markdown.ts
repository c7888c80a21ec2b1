/**
 * Markdown renderings of the records, for `/llms-full.txt` and the `.md` copy of each page.
 *
 * @module
 */
import type { Catalog } from "../catalog/load.ts";
import type { Framework, MetricRecord, Source } from "../catalog/schema.ts";

/** The catalog's licence and the credit it asks for. */
export const LICENCE = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
  credit: "Credit the Metrics Catalog and carry each figure's citation along with the figure.",
} as const;

/** Escapes text for use as a Markdown link label. */
function label(text: string): string {
  return text.replace(/([\\[\]])/g, "\\$1");
}

/** Escapes a URL for use as a Markdown link destination. */
function destination(url: string): string {
  return url.replace(/[()\s<>]/g, (char) => encodeURIComponent(char));
}

/** A Markdown link. */
export function link(text: string, url: string): string {
  return `[${label(text)}](${destination(url)})`;
}

const sourceLine = (source: Source) => `- ${link(source.label, source.url)}`;
const section = (title: string, body: string | undefined) =>
  body === undefined || body === "" ? [] : [`## ${title}`, "", body, ""];
const bullets = (items: string[] | undefined) =>
  items === undefined || items.length === 0
    ? undefined
    : items.map((item) => `- ${item}`).join("\n");

/** Names and addresses of the records, for resolving references to links. */
export interface LinkContext {
  baseUrl: string;
  metricNames: Map<string, string>;
  frameworkNames: Map<string, string>;
}

/** Collects what links between records need. */
export function linkContext(catalog: Catalog, baseUrl: string): LinkContext {
  return {
    baseUrl,
    metricNames: new Map(catalog.metrics.map((metric) => [metric.slug, metric.name])),
    frameworkNames: new Map(
      catalog.frameworks.map((framework) => [framework.slug, framework.name]),
    ),
  };
}

/** The Markdown of one metric: every field, benchmarks with their review date and sources. */
export function metricMarkdown(metric: MetricRecord, context: LinkContext): string {
  const { baseUrl } = context;
  const title = metric.abbreviation ? `${metric.name} (${metric.abbreviation})` : metric.name;
  const facts = [
    `Tags: ${metric.tags.join(", ")}`,
    ...(metric.kind === "composite"
      ? ["Kind: composite (a tool-defined score, not an industry-standard metric)"]
      : []),
    `Page: ${baseUrl}/metrics/${metric.slug} · JSON: ${baseUrl}/api/metrics/${metric.slug}`,
  ];
  const benchmarks = metric.benchmarks
    ? [
      `Benchmarks last reviewed: ${metric.benchmarksReviewed ?? "not recorded"}.`,
      "",
      bullets(metric.benchmarks),
    ].join("\n")
    : undefined;
  return [
    `# ${title}`,
    "",
    facts.join("  \n"),
    "",
    ...section("Definition", metric.definition),
    ...section("Formula", metric.formula),
    ...section("What it measures", metric.whatItMeasures),
    ...section("Benchmarks", benchmarks),
    ...section("Calculation methods", bullets(metric.calculationMethods)),
    ...section(
      "What to watch",
      bullets(metric.whatToWatch.map((item) => `**${item.label}.** ${item.text}`)),
    ),
    ...section("When not to use", metric.whenNotToUse),
    ...section("Finding the metric", metric.findingMetric),
    ...section("In practice", metric.inPractice),
    ...section("Tools", metric.tools),
    ...section(
      "Related metrics",
      bullets(metric.relatedMetrics.map((related) =>
        `${
          link(
            context.metricNames.get(related.slug) ?? related.slug,
            `${baseUrl}/metrics/${related.slug}`,
          )
        }: ${related.text}`
      )),
    ),
    ...section("Vanity risk", metric.vanityRisk),
    ...section("Sources", metric.sources.map(sourceLine).join("\n") || "None cited."),
  ].join("\n").trimEnd() + "\n";
}

/** The Markdown of one framework: every field, components with links to their metrics. */
export function frameworkMarkdown(framework: Framework, context: LinkContext): string {
  const { baseUrl } = context;
  const components = framework.components.map((component) => {
    const metrics = component.metricSlugs.map((slug) =>
      link(context.metricNames.get(slug) ?? slug, `${baseUrl}/metrics/${slug}`)
    );
    return [
      `### ${component.name}`,
      "",
      component.description,
      "",
      metrics.length > 0 ? `Metrics: ${metrics.join(", ")}` : "Metrics: none in the catalog.",
      "",
    ].join("\n");
  }).join("\n");
  const examples = framework.examples.map((example) =>
    `- **${example.company}.** ${example.detail}${
      example.source ? ` (${link(example.source.label, example.source.url)})` : ""
    }`
  ).join("\n");
  return [
    `# ${framework.name}`,
    "",
    `Page: ${baseUrl}/frameworks/${framework.slug} · JSON: ${baseUrl}/api/frameworks/${framework.slug}`,
    "",
    ...section("Summary", framework.summary),
    ...section("Origin", framework.origin),
    ...section("How it works", framework.howItWorks),
    ...section("Components", components.trimEnd()),
    ...section("Best for", framework.bestFor),
    ...section("Limitations", framework.limitations),
    ...section(
      "Implementation",
      framework.implementation.map((step, index) => `${index + 1}. ${step}`).join("\n"),
    ),
    ...section("Examples", examples),
    ...section("When to avoid", framework.whenToAvoid),
    ...section(
      "Pairs with",
      bullets(framework.pairsWith.map((pair) =>
        `${
          link(
            context.frameworkNames.get(pair.slug) ?? pair.slug,
            `${baseUrl}/frameworks/${pair.slug}`,
          )
        }: ${pair.reason}`
      )),
    ),
    ...section("Sources", framework.sources.map(sourceLine).join("\n") || "None cited."),
  ].join("\n").trimEnd() + "\n";
}
