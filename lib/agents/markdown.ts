/**
 * Markdown renderings of the records, for `/llms-full.txt` and the `.md` copy of each page; a
 * metric's carries its SQL recipe, or why it has none, after its formula.
 *
 * @module
 */
import {
  type ContentValues,
  displayName,
  type Framework,
  FRAMEWORK_FIELDS,
  METRIC_FIELDS,
  type MetricRecord,
  type Section,
  sectionsOf,
} from "../catalog/records.ts";
import { metricBenchmarks, type ReadModel } from "../read/model.ts";
import { metricFigureRows } from "../read/benchmarks.ts";
import { seriesPointsWords, seriesWords, statisticWords } from "../read/words.ts";
import { figureSeries } from "../catalog/series.ts";
import { recipeOf, withoutRecipe } from "../read/recipes.ts";
import { settingsOf } from "../sql/clickhouse.ts";

/** A Markdown link, its label and its destination escaped. */
export function link(text: string, url: string): string {
  const destination = url.replace(/[()\s<>]/g, (char) => encodeURIComponent(char));
  return `[${text.replace(/([\\[\]])/g, "\\$1")}](${destination})`;
}

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");
const numbered = (items: readonly string[]) =>
  items.map((item, index) => `${index + 1}. ${item}`).join("\n");

/** What links between records need: the read model (names, segment words) and the base address. */
export interface LinkContext {
  /** The read model of the records linked to. */
  model: ReadModel;
  /** The public base address of the links. */
  baseUrl: string;
}

function benchmarks(metric: MetricRecord, context: LinkContext): string {
  const figures = metricBenchmarks(metric).benchmarks.map((figure) =>
    figure.text +
    (figure.sources.length > 0
      ? ` Sources: ${figure.sources.map((number) => `[${number}]`).join(", ")}.`
      : "")
  );
  return [
    `Benchmarks last reviewed: ${metric.benchmarksReviewed ?? "not recorded"}.`,
    "",
    bullets(figures),
    ...figureTable(metric, context),
  ].join("\n");
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, " ").replaceAll("|", "\\|");
}

/** The figures as a compact Markdown table after the sentences, with the data set's address. */
function figureTable(metric: MetricRecord, context: LinkContext): string[] {
  const rows = metricFigureRows(metric, {
    vocabulary: context.model.vocabulary(),
    baseUrl: context.baseUrl,
  });
  if (rows.length === 0) return [];
  const bound = (row: (typeof rows)[number]) =>
    row.bound === "at-least" ? "≥ " : row.bound === "at-most" ? "≤ " : "";
  return [
    "",
    "| # | Figure | Statistic | Per | Segment | Year | Source |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((row) =>
      `| ${row.number} | ${cell(bound(row) + row.written)} | ${
        cell(statisticWords(row) + (row.measures ? ` (${row.measures})` : ""))
      } | ${row.per ?? ""} | ${cell(row.segmentLabel)} | ${row.year ?? ""}${
        row.dataYear === undefined ? "" : ` (data ${row.dataYear})`
      } | [${row.source.number}] |`
    ),
    ...seriesList(metric, context),
    "",
    `Every figure as data: ${context.baseUrl}/benchmarks.csv (CC BY 4.0).`,
  ];
}

/** The metric's series over the years, an item each: what it is, its points, its source. */
function seriesList(metric: MetricRecord, context: LinkContext): string[] {
  const items = figureSeries(metric.figures ?? []).flatMap((series) => {
    const figure = metric.figures?.[(series.points[0]?.figure ?? 0) - 1];
    if (!figure) return [];
    const words = seriesWords(series, {
      metric,
      figure,
      vocabulary: context.model.vocabulary(),
    });
    return [`${words}: ${seriesPointsWords(series)} [${series.source}]`];
  });
  return items.length > 0 ? ["", "Over the years:", "", bullets(items)] : [];
}

/** A link to a record's page, named as the record is. */
function recordLink(context: LinkContext, folder: "metrics" | "frameworks", slug: string): string {
  const name = context.model.name(folder === "metrics" ? "metric" : "framework", slug);
  return link(name ?? slug, `${context.baseUrl}/${folder}/${slug}`);
}

/** Bullets of records, each linked, then what the item says of it. */
function linkedBullets<T extends { slug: string }>(
  items: readonly T[],
  context: LinkContext,
  folder: "metrics" | "frameworks",
  text: (item: T) => string,
): string {
  return bullets(items.map((item) => `${recordLink(context, folder, item.slug)}: ${text(item)}`));
}

function components(parts: ContentValues["components"], context: LinkContext): string {
  return parts.map((component) => {
    const metrics = component.metricSlugs.map((slug) => recordLink(context, "metrics", slug));
    return [
      `### ${component.name}`,
      "",
      component.description,
      "",
      metrics.length > 0 ? `Metrics: ${metrics.join(", ")}` : "Metrics: none in the catalog.",
    ].join("\n");
  }).join("\n\n");
}

/** The Markdown body of one section; `undefined` when there is nothing to show. */
function sectionBody(
  part: Section,
  context: LinkContext,
  metric?: MetricRecord,
): string | undefined {
  switch (part.content) {
    case "text":
    case "formula":
      return part.value;
    case "benchmarks":
      return metric && part.value.length > 0 ? benchmarks(metric, context) : undefined;
    case "list":
      return part.value.length > 0 ? bullets(part.value) : undefined;
    case "steps":
      return numbered(part.value);
    case "labelled":
      return bullets(part.value.map((item) => `**${item.label}.** ${item.text}`));
    case "related":
      return linkedBullets(part.value, context, "metrics", (related) => related.text);
    case "pairs":
      return linkedBullets(part.value, context, "frameworks", (pair) => pair.reason);
    case "components":
      return components(part.value, context);
    case "examples":
      return bullets(
        part.value.map((example) =>
          `**${example.company}.** ${example.detail}${
            example.source ? ` (${link(example.source.label, example.source.url)})` : ""
          }`
        ),
      );
    case "sources":
      return numbered(part.value.map((source) => link(source.label, source.url))) ||
        "None cited.";
  }
}

/** Names as code, joined with commas and a final "and". */
function codeList(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length < 2
    ? quoted.join("")
    : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/**
 * "Compute it from your data": the metric's SQL recipe in a `sql` block, with the tables it reads,
 * what it returns, its parameters and its file; or why it has none.
 */
function recipeMarkdown(metric: MetricRecord, { baseUrl }: LinkContext): string {
  const recipe = recipeOf(metric.slug);
  const schema = `${baseUrl}/sql`;
  if (recipe === undefined) {
    return `No query computes it from the reference schema (${schema}): ${withoutRecipe(metric)}.`;
  }
  return [
    `This query computes it from your own tables on PostgreSQL or DuckDB (and on ClickHouse, ` +
    `below). It reads ` +
    `${codeList(recipe.tables)} of the reference schema, version ${recipe.schemaVersion} ` +
    `(${schema}), and returns the calculator's inputs, ${codeList(recipe.returns.slice(0, -1))}, ` +
    `then \`result\`: \`${recipe.result}\`. Its parameters, each bound or written in as a literal:`,
    "",
    bullets(
      recipe.parameters.map((parameter) =>
        `\`:${parameter.name}\` (${parameter.type}): ${parameter.means}`
      ),
    ),
    "",
    `The file: ${baseUrl}/sql/${metric.slug}.sql. It is code, under the MIT licence.`,
    "",
    "```sql",
    recipe.text.trimEnd(),
    "```",
    "",
    clickhouseLine(metric.slug, recipe.text, baseUrl),
  ].join("\n");
}

/** Where ClickHouse's text of a recipe is, and the settings it ends with. */
function clickhouseLine(slug: string, text: string, baseUrl: string): string {
  const settings = settingsOf(text).map((setting) => setting.text);
  return `On ClickHouse, the same query through the rewrites ClickHouse needs` +
    (settings.length === 0 ? "" : `, ending with the settings ${codeList(settings)}`) +
    `: ${baseUrl}/sql/${slug}.clickhouse.sql.`;
}

function sections(parts: readonly Section[], context: LinkContext, metric?: MetricRecord) {
  return parts.flatMap((part) => {
    const body = sectionBody(part, context, metric);
    const shown = body === undefined || body === ""
      ? []
      : [`## ${part.field.heading}`, "", body, ""];
    // The recipe follows the formula, as on the page.
    return metric && part.field.key === "formula"
      ? [...shown, "## Compute it from your data", "", recipeMarkdown(metric, context), ""]
      : shown;
  });
}

/** The Markdown of one metric: every section in the field table's order, with citations. */
export function metricMarkdown(metric: MetricRecord, context: LinkContext): string {
  const { baseUrl } = context;
  const facts = [
    `Tags: ${metric.tags.join(", ")}`,
    ...(metric.kind === "composite"
      ? ["Kind: composite (a tool-defined score, not an industry-standard metric)"]
      : []),
    `Page: ${baseUrl}/metrics/${metric.slug} · JSON: ${baseUrl}/api/metrics/${metric.slug}`,
  ];
  return [
    `# ${displayName(metric)}`,
    "",
    facts.join("  \n"),
    "",
    ...sections(sectionsOf(metric, METRIC_FIELDS), context, metric),
  ].join("\n").trimEnd() + "\n";
}

/** The Markdown of one framework: every section in the field table's order. */
export function frameworkMarkdown(framework: Framework, context: LinkContext): string {
  const { baseUrl } = context;
  return [
    `# ${framework.name}`,
    "",
    `Page: ${baseUrl}/frameworks/${framework.slug} · JSON: ${baseUrl}/api/frameworks/${framework.slug}`,
    "",
    ...sections(sectionsOf(framework, FRAMEWORK_FIELDS), context),
  ].join("\n").trimEnd() + "\n";
}
