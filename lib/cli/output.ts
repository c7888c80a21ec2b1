/**
 * What the CLI prints for people: readable sections wrapped to the terminal width, with colour
 * only when asked for.
 *
 * @module
 */
import type { Framework, MetricRecord, Source } from "../catalog/schema.ts";
import type { SearchHit } from "../read/search.ts";

/** How to print: the line width and whether to use ANSI colour. */
export interface TextStyle {
  width: number;
  color: boolean;
}

const ANSI = { bold: [1, 22], dim: [2, 22], cyan: [36, 39], yellow: [33, 39] } as const;

function paint(style: TextStyle, code: keyof typeof ANSI, text: string): string {
  if (!style.color) return text;
  const [open, close] = ANSI[code];
  return `\x1b[${open}m${text}\x1b[${close}m`;
}

/** Wraps text to a width, keeping paragraphs, with an indent on every line. */
export function wrap(
  text: string,
  { width, indent = "" }: { width: number; indent?: string },
): string {
  const room = Math.max(20, width - indent.length);
  return text.split(/\n\s*\n/).map((paragraph) => {
    const lines: string[] = [];
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line !== "" && line.length + 1 + word.length > room) {
        lines.push(line);
        line = word;
      } else {
        line = line === "" ? word : `${line} ${word}`;
      }
    }
    if (line !== "") lines.push(line);
    return lines.map((text) => indent + text).join("\n");
  }).join("\n\n");
}

/** A bulleted item wrapped with a hanging indent. */
function bullet(text: string, style: TextStyle, marker = "-"): string {
  const hang = " ".repeat(marker.length + 3);
  return `  ${marker} ${wrap(text, { width: style.width, indent: hang }).trimStart()}`;
}

function heading(style: TextStyle, text: string): string {
  return paint(style, "bold", text.toUpperCase());
}

function sources(list: Source[], style: TextStyle): string[] {
  if (list.length === 0) return ["  None cited."];
  return list.map((source, index) => {
    const marker = `[${index + 1}]`;
    const hang = " ".repeat(marker.length + 3);
    return `${bullet(source.label, style, marker)}\n${hang}${paint(style, "cyan", source.url)}`;
  });
}

function section(style: TextStyle, title: string, body: string | undefined): string[] {
  return body === undefined
    ? []
    : ["", heading(style, title), wrap(body, { width: style.width, indent: "  " })];
}

function list(style: TextStyle, title: string, items: string[] | undefined): string[] {
  return items === undefined || items.length === 0
    ? []
    : ["", heading(style, title), ...items.map((item) => bullet(item, style))];
}

/** One metric, every field, in reading order. */
export function formatMetric(metric: MetricRecord, style: TextStyle): string {
  const title = metric.abbreviation ? `${metric.name} (${metric.abbreviation})` : metric.name;
  const kind = metric.kind === "composite" ? " · composite: a tool-defined score" : "";
  return [
    paint(style, "bold", title),
    paint(style, "dim", `${metric.slug} · ${metric.tags.join(", ")}${kind}`),
    ...section(style, "Definition", metric.definition),
    ...section(style, "Formula", metric.formula),
    ...section(style, "What it measures", metric.whatItMeasures),
    ...benchmarkLines(metric, style),
    ...list(style, "Calculation methods", metric.calculationMethods),
    ...list(
      style,
      "What to watch",
      metric.whatToWatch.map((item) => `${paint(style, "bold", item.label)}: ${item.text}`),
    ),
    ...section(style, "When not to use", metric.whenNotToUse),
    ...section(style, "Finding the metric", metric.findingMetric),
    ...section(style, "In practice", metric.inPractice),
    ...section(style, "Tools", metric.tools),
    ...list(
      style,
      "Related metrics",
      metric.relatedMetrics.map((related) =>
        `${paint(style, "cyan", related.slug)}: ${related.text}`
      ),
    ),
    ...section(style, "Vanity risk", metric.vanityRisk),
    "",
    heading(style, "Sources"),
    ...sources(metric.sources, style),
  ].join("\n") + "\n";
}

function benchmarkLines(metric: MetricRecord, style: TextStyle): string[] {
  if (!metric.benchmarks) return [];
  return [
    "",
    `${heading(style, "Benchmarks")} ${
      paint(style, "dim", `(last reviewed ${metric.benchmarksReviewed ?? "not recorded"})`)
    }`,
    ...metric.benchmarks.map((figure) => bullet(figure, style)),
  ];
}

/** A metric's benchmarks with their citations and review date. */
export function formatBenchmarks(metric: MetricRecord, style: TextStyle): string {
  const title = metric.abbreviation ? `${metric.name} (${metric.abbreviation})` : metric.name;
  if (!metric.benchmarks) {
    return `${paint(style, "bold", title)}\n\n${
      wrap(
        "No benchmark figures: no credible public source was found for this metric.",
        { width: style.width, indent: "  " },
      )
    }\n`;
  }
  return [
    paint(style, "bold", `${title}: benchmarks`),
    paint(style, "dim", `Last reviewed ${metric.benchmarksReviewed ?? "(not recorded)"}`),
    "",
    ...metric.benchmarks.map((figure) => bullet(figure, style)),
    "",
    heading(style, "Sources"),
    ...sources(metric.sources, style),
    "",
    wrap("Carry the citation along with any figure you reuse (CC BY 4.0).", { width: style.width }),
  ].join("\n") + "\n";
}

/** The metric list as aligned rows. */
export function formatMetricList(metrics: MetricRecord[], style: TextStyle): string {
  const slugWidth = Math.max(0, ...metrics.map((metric) => metric.slug.length));
  return metrics.map((metric) => {
    const name = metric.abbreviation ? `${metric.name} (${metric.abbreviation})` : metric.name;
    const tags = paint(style, "dim", `[${metric.tags.join(", ")}]`);
    return `${paint(style, "cyan", metric.slug.padEnd(slugWidth))}  ${name} ${tags}`;
  }).join("\n") + (metrics.length > 0 ? "\n" : "");
}

/** The framework list. */
export function formatFrameworkList(frameworks: Framework[], style: TextStyle): string {
  return frameworks.map((framework) =>
    `${paint(style, "cyan", framework.slug)}  ${paint(style, "bold", framework.name)}\n${
      wrap(framework.summary, { width: style.width, indent: "  " })
    }`
  ).join("\n\n") + "\n";
}

/** Options for {@linkcode formatFramework}. */
export interface FrameworkTextOptions {
  /** Metric names by slug, to name each component's metrics. */
  metricNames?: Map<string, string>;
}

/** One framework, every field. */
export function formatFramework(
  framework: Framework,
  style: TextStyle,
  { metricNames: names = new Map() }: FrameworkTextOptions = {},
): string {
  const components = framework.components.flatMap((component) => [
    bullet(`${paint(style, "bold", component.name)}: ${component.description}`, style),
    ...(component.metricSlugs.length > 0
      ? [
        wrap(
          component.metricSlugs.map((slug) => `${names.get(slug) ?? slug} (${slug})`).join(", "),
          { width: style.width, indent: "      " },
        ),
      ]
      : []),
  ]);
  return [
    paint(style, "bold", framework.name),
    paint(style, "dim", framework.slug),
    ...section(style, "Summary", framework.summary),
    ...section(style, "Origin", framework.origin),
    ...section(style, "How it works", framework.howItWorks),
    "",
    heading(style, "Components"),
    ...components,
    ...section(style, "Best for", framework.bestFor),
    ...section(style, "Limitations", framework.limitations),
    "",
    heading(style, "Implementation"),
    ...framework.implementation.map((step, index) => bullet(step, style, `${index + 1}.`)),
    ...list(
      style,
      "Examples",
      framework.examples.map((example) =>
        `${paint(style, "bold", example.company)}: ${example.detail}${
          example.source ? ` (${example.source.label}, ${example.source.url})` : ""
        }`
      ),
    ),
    ...section(style, "When to avoid", framework.whenToAvoid),
    ...list(
      style,
      "Pairs with",
      framework.pairsWith.map((pair) => `${paint(style, "cyan", pair.slug)}: ${pair.reason}`),
    ),
    "",
    heading(style, "Sources"),
    ...sources(framework.sources, style),
  ].join("\n") + "\n";
}

/** Search hits, best first. */
export function formatHits(hits: SearchHit[], style: TextStyle): string {
  if (hits.length === 0) return "No matches.\n";
  return hits.map((hit, index) => {
    const name = hit.abbreviation ? `${hit.name} (${hit.abbreviation})` : hit.name;
    return `${index + 1}. ${paint(style, "bold", name)} ${
      paint(style, "dim", `${hit.type} · ${hit.slug}`)
    }\n${wrap(hit.summary, { width: style.width, indent: "   " })}`;
  }).join("\n") + "\n";
}
