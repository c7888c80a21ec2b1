/**
 * What the MCP server's tools and resources answer, as plain functions over the read model (the
 * records, and the SQL recipes and their schema as resources), which the SDK server (`mcp.ts`)
 * registers with their schemas. Nothing here loads the MCP SDK.
 *
 * @module
 */
import type { Vocabulary } from "../catalog/figures.ts";
import { findRecipe } from "../read/recipes.ts";
import { frameworkSummary, metricSummary, type NotFound, type ReadModel } from "../read/model.ts";
import { compareValue, type ValueComparison } from "../read/compare.ts";
import { Problem, problemOr } from "../problem.ts";
import {
  type ComparisonWords,
  comparisonWords,
  directionWords,
  OLD_WORDS,
} from "../read/compare_words.ts";
import type { Benchmarks } from "../catalog/records.ts";
import {
  figureWords,
  perWords,
  seriesPointsWords,
  seriesWords,
  shortCitation,
} from "../read/words.ts";
import { type Tag, toApiMetric } from "../catalog/records.ts";
import { firstSentence } from "../read/text.ts";
import { FrameworkSchema, MetricSchema } from "../catalog/schema.ts";
import { recipeText } from "../sql/recipe.ts";
import { DIALECTS, ENGINE_NAMES } from "../sql/dialect.ts";
import { ddl } from "../sql/schema.ts";

/** How each engine is named to people. */
/**
 * A tool's answer: structured content and its JSON text, or an error in one line. The keys are in
 * the order of the SDK's result schema, which the SDK's answers follow.
 */
export type ToolResult =
  | {
    content: { type: "text"; text: string }[];
    structuredContent: Record<string, unknown>;
  }
  | { content: { type: "text"; text: string }[]; isError: true };

/**
 * The most a tool's text may weigh, in bytes of UTF-8: a record's answer holds the fields asked for
 * that fit, and names the others in `moreFields` for another call.
 */
export const TEXT_BUDGET = 8 * 1024;

/** A record's fields besides its name and slug, in the record's order, from its schema. */
function fieldsOf<K extends string>(shape: Record<K, unknown>) {
  return Object.keys(shape).filter((key) => key !== "name" && key !== "slug") as Exclude<
    K,
    "name" | "slug"
  >[];
}

/** The fields of a metric an answer may hold besides its name and slug, in the record's order. */
export const METRIC_FIELD_NAMES = fieldsOf(MetricSchema.shape);

/** What `get_metric` answers without `fields`: what a metric is, how good numbers look, the sources. */
export const METRIC_DEFAULT_FIELDS = [
  "abbreviation",
  "tags",
  "kind",
  "definition",
  "formula",
  "whatItMeasures",
  "benchmarks",
  "sources",
] as const satisfies readonly MetricField[];

/** A field of a metric `get_metric` can be asked for. */
export type MetricField = typeof METRIC_FIELD_NAMES[number];

/** The fields of a framework an answer may hold besides its name and slug, in the record's order. */
export const FRAMEWORK_FIELD_NAMES = fieldsOf(FrameworkSchema.shape);

/** A field of a framework `get_framework` can be asked for. */
export type FrameworkField = typeof FRAMEWORK_FIELD_NAMES[number];

/** What `get_framework` answers without `fields`. */
export const FRAMEWORK_DEFAULT_FIELDS = [
  "origin",
  "summary",
  "components",
  "bestFor",
  "limitations",
  "sources",
] as const satisfies readonly FrameworkField[];

/** How many characters the one-line definition of a metric in `list_metrics` keeps. */
const LINE_LENGTH = 120;

/** The six tools, each a function of its checked arguments. */
export interface CatalogTools {
  list_metrics(input: { tag?: Tag | undefined; kind?: "composite" | undefined }): ToolResult;
  get_metric(input: { slug: string; fields?: readonly MetricField[] | undefined }): ToolResult;
  search(input: { query: string; limit?: number | undefined }): Promise<ToolResult>;
  list_frameworks(): ToolResult;
  get_framework(
    input: { slug: string; fields?: readonly FrameworkField[] | undefined },
  ): ToolResult;
  get_benchmark(input: {
    slug: string;
    value?: number | string | undefined;
    per?: string | undefined;
    segment?: Record<string, string | number> | undefined;
  }): ToolResult;
}

/**
 * The structured result and its one text block: the JSON, compact; or, given `text`, that text,
 * plain lines that read better than the JSON, which the structured content holds.
 */
function result(value: object, text?: string): ToolResult {
  const structured: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  return {
    content: [{ type: "text", text: text ?? JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * A record's name and slug and, in the record's order, each field asked for that it has and that
 * fits in {@linkcode TEXT_BUDGET} as compact JSON; the fields asked for that did not fit are named
 * in `moreFields`, for the caller to ask for in another call.
 */
export function fittedRecord<R extends { name: string; slug: string }>(
  record: R,
  { order, asked }: { order: readonly (keyof R & string)[]; asked: readonly string[] },
): Record<string, unknown> {
  const wanted = new Set(asked);
  const answer: Record<string, unknown> = { name: record.name, slug: record.slug };
  const more: string[] = [];
  // Room for the list of fields left out, at its longest.
  const room = TEXT_BUDGET - bytes({ moreFields: order });
  for (const field of order) {
    const value = record[field];
    if (!wanted.has(field) || value === undefined) continue;
    if (bytes({ ...answer, [field]: value }) <= room) answer[field] = value;
    else more.push(field);
  }
  return more.length > 0 ? { ...answer, moreFields: more } : answer;
}

/** A metric in a list: its names, tags and a one-line definition (the first sentence, cut short). */
export function metricLine(summary: ReturnType<typeof metricSummary>) {
  const sentence = firstSentence(summary.definition);
  const cut = sentence.length <= LINE_LENGTH
    ? sentence
    : `${sentence.slice(0, sentence.lastIndexOf(" ", LINE_LENGTH - 1))}…`;
  return { ...summary, definition: cut };
}

/** A figure's line: its number, its words, its short citation. */
function figureLine(benchmarks: Benchmarks, number: number, vocabulary: Vocabulary) {
  const figure = benchmarks.figures?.[number - 1];
  if (!figure) return "";
  const source = benchmarks.sources[figure.source - 1];
  const words = figureWords(
    { ...figure, sentence: figure.sentence - 1, source: figure.source },
    vocabulary,
  );
  return `#${number} ${words}${source ? ` (${shortCitation(source)})` : ""}`;
}

/** A metric's series over the years, a line each: what it is, its points, its source's number. */
function seriesLines(benchmarks: Benchmarks, vocabulary: Vocabulary): string[] {
  const lines = (benchmarks.series ?? []).flatMap((series) => {
    const figure = benchmarks.figures?.[(series.points[0]?.figure ?? 0) - 1];
    if (!figure) return [];
    return [
      `${seriesWords(series, { metric: benchmarks, figure, vocabulary })}: ${
        seriesPointsWords(series)
      } [${series.source}]`,
    ];
  });
  return lines.length > 0 ? ["Series over the years:", ...lines] : [];
}

/** The sources a list of figures cites, numbered as in the record. */
function sourceLines(benchmarks: Benchmarks, numbers: readonly number[]): string[] {
  const cited = [
    ...new Set(numbers.map((number) => benchmarks.figures?.[number - 1]?.source ?? 0)),
  ].filter((number) => benchmarks.sources[number - 1] !== undefined).sort((a, b) => a - b);
  return cited.map((number) => {
    const source = benchmarks.sources[number - 1];
    return source ? `[${number}] ${shortCitation(source)}: ${source.url}` : "";
  });
}

/** A metric's figures as plain lines: what `get_benchmark` says without a value. */
export function benchmarkText(benchmarks: Benchmarks, vocabulary: Vocabulary): string {
  const figures = benchmarks.figures ?? [];
  const numbers = figures.map((_, index) => index + 1);
  const how = benchmarks.direction
    ? ` (${directionWords(benchmarks.direction).phrase}${
      benchmarks.per ? `, ${perWords(benchmarks.per)}` : ""
    })`
    : "";
  return [
    `${benchmarks.name}${how}: ${figures.length} benchmark figures${
      benchmarks.benchmarksReviewed ? `, reviewed ${benchmarks.benchmarksReviewed}` : ""
    }. Give a value to see where it stands.`,
    ...numbers.map((number) => figureLine(benchmarks, number, vocabulary)),
    ...seriesLines(benchmarks, vocabulary),
    "Sources:",
    ...sourceLines(benchmarks, numbers),
  ].join("\n");
}

/**
 * Where a value stands, as plain lines: the lead, the hint, the placements grouped by how well
 * their segment matches, the figures not compared counted, and the sources of those placed.
 */
export function comparisonText(
  benchmarks: Benchmarks,
  { comparison, words }: { comparison: ValueComparison; words: ComparisonWords },
): string {
  const lines = [words.lead, ...(words.hint ? [words.hint] : [])];
  // Each line names its source by number, as the list at the end does, and the figure's year:
  // "[3, 2019, old]", the list saying once what old means.
  const cited = (figure: number, text: string) => {
    const placed = comparison.placements.find((placement) => placement.figure === figure);
    return `#${figure} ${text} [${benchmarks.figures?.[figure - 1]?.source ?? ""}${
      placed ? `, ${placed.year}${placed.old ? ", old" : ""}` : ""
    }]`;
  };
  for (const group of words.groups) {
    // Figures set apart, and single companies' figures, are listed by number: the data has them.
    if (group.folded || group.group === "company") {
      lines.push(`${group.title}: ${group.lines.map((line) => `#${line.figure}`).join(", ")}`);
      continue;
    }
    lines.push(`${group.title}:`, ...group.lines.map((line) => cited(line.figure, line.text)));
  }
  if (comparison.placements.some((placement) => placement.old)) {
    lines.push(`old: published ${OLD_WORDS}.`);
  }
  lines.push("Sources:", ...sourceLines(benchmarks, comparison.placements.map((p) => p.figure)));
  return lines.join("\n");
}

/** A tool error: one line that says what is wrong. */
function toolError(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/** A not-found as a tool error: the read model's wording, then where to look. */
function notFoundError(notFound: NotFound): ToolResult {
  const listTool = notFound.kind === "metric" ? "list_metrics" : "list_frameworks";
  return toolError(`${sentence(notFound.message)} Use ${listTool} or search to find slugs.`);
}

/** The tools over a catalog's read model (whose search index is made by the first search). */
export function catalogTools(model: ReadModel): CatalogTools {
  return {
    list_metrics: ({ tag, kind }) =>
      result({ metrics: model.metrics({ tag, kind }).map(metricSummary).map(metricLine) }),
    get_metric: ({ slug, fields = METRIC_DEFAULT_FIELDS }) => {
      const found = model.resolve("metric", slug);
      return found.ok
        ? result(
          fittedRecord(toApiMetric(found.record), { order: METRIC_FIELD_NAMES, asked: fields }),
        )
        : notFoundError(found.notFound);
    },
    search: async ({ query, limit }) =>
      result({ hits: (await model.search()).search(query, { limit: limit ?? 10 }) }),
    list_frameworks: () => result({ frameworks: model.frameworks().map(frameworkSummary) }),
    get_framework: ({ slug, fields = FRAMEWORK_DEFAULT_FIELDS }) => {
      const found = model.resolve("framework", slug);
      return found.ok
        ? result(fittedRecord(found.record, { order: FRAMEWORK_FIELD_NAMES, asked: fields }))
        : notFoundError(found.notFound);
    },
    get_benchmark: ({ slug, value, per, segment }) => {
      if (value === undefined && (per !== undefined || segment !== undefined)) {
        return toolError('"per" and "segment" describe a value to compare; give "value" too');
      }
      const found = model.resolve("metric", slug);
      if (!found.ok) return notFoundError(found.notFound);
      const benchmarks = model.benchmarks(found.record);
      if (value === undefined) {
        return result(benchmarks, benchmarkText(benchmarks, model.vocabulary()));
      }
      // A number is read as its digits would be typed, so 1.04 is asked about as on the page.
      const typed = typeof value === "number" ? String(value) : value;
      const comparison = problemOr(() =>
        compareValue(found.record, { value: typed, per, segment }, { segments: model.vocabulary() })
      );
      // A value that cannot be compared is the tool's error, in the line every surface gives.
      if (comparison instanceof Problem) return toolError(comparison.message);
      const words = comparisonWords(comparison, {
        metric: found.record,
        vocabulary: model.vocabulary(),
      });
      const hint = words.hint ? { hint: words.hint } : {};
      return result(
        { ...benchmarks, comparison: { ...comparison, summary: words.lead, ...hint } },
        comparisonText(benchmarks, { comparison, words }),
      );
    },
  };
}

/** The types of the resources: a record as JSON, a recipe or the schema as SQL. */
export type ResourceMimeType = "application/json" | "application/sql";

/** One resource as listed: its address, name (a slug or an engine), title and type. */
export interface ListedResource {
  uri: string;
  name: string;
  title: string;
  mimeType: ResourceMimeType;
}

/** A resource read: its text under its address. */
export interface ResourceContents {
  contents: { uri: string; mimeType: ResourceMimeType; text: string }[];
}

/** A kind of resource: its template, what the template says of itself, listing and reading. */
export interface ResourceKind {
  name: "metric" | "framework" | "schema" | "recipe" | "clickhouse-recipe";
  template: string;
  /** The template's one variable, which {@linkcode ResourceKind.read} takes. */
  variable: "slug" | "dialect";
  metadata: { title: string; description: string; mimeType: ResourceMimeType };
  list(): { resources: ListedResource[] };
  /** The template's variable in a URI of this kind, or `undefined` for another URI. */
  match(uri: string): string | undefined;
  /** The resource the variable names, or why there is none, in the read model's wording. */
  read(uri: string, key: string): ResourceContents | { message: string };
}

/** The kinds' URIs: a fixed prefix, then a slug or an engine's name. */
const KEY = "([a-z0-9][a-z0-9-]*)";

/** A kind of resource, given its template's prefix and what it lists and reads. */
function resourceKind(
  name: ResourceKind["name"],
  { prefix, variable, title, description, mimeType, list, read }: {
    prefix: string;
    variable: ResourceKind["variable"];
    title: string;
    description: string;
    mimeType: ResourceMimeType;
    list: () => { name: string; title: string }[];
    read: (key: string) => string | { message: string };
  },
): ResourceKind {
  const pattern = new RegExp(`^${prefix.replaceAll("/", "\\/")}${KEY}$`);
  return {
    name,
    template: `${prefix}{${variable}}`,
    variable,
    metadata: { title, description, mimeType },
    list: () => ({
      resources: list().map((item): ListedResource => ({
        uri: `${prefix}${item.name}`,
        name: item.name,
        title: item.title,
        mimeType,
      })),
    }),
    match: (uri) => pattern.exec(uri)?.[1],
    read: (uri, key) => {
      const text = read(key);
      return typeof text === "string" ? { contents: [{ uri, mimeType, text }] } : text;
    },
  };
}

/**
 * The four kinds of resource: every record, `catalog://metrics/{slug}` and
 * `catalog://frameworks/{slug}` (JSON), and the SQL: the reference schema's DDL for each engine,
 * `sql://schema/{dialect}`, and each metric's recipe, `sql://recipes/{slug}`, with its ClickHouse
 * text at `sql://clickhouse/recipes/{slug}` (`application/sql`).
 */
export function resourceKinds(model: ReadModel): ResourceKind[] {
  return [
    resourceKind("metric", {
      prefix: "catalog://metrics/",
      variable: "slug",
      title: "Metric",
      description: "One metric as JSON",
      mimeType: "application/json",
      list: () => model.metrics().map((metric) => ({ name: metric.slug, title: metric.name })),
      read: (slug) => {
        const found = model.get("metric", slug);
        return found.ok ? JSON.stringify(toApiMetric(found.record)) : found.notFound;
      },
    }),
    resourceKind("framework", {
      prefix: "catalog://frameworks/",
      variable: "slug",
      title: "Framework",
      description: "One framework as JSON",
      mimeType: "application/json",
      list: () => model.frameworks().map((item) => ({ name: item.slug, title: item.name })),
      read: (slug) => {
        const found = model.get("framework", slug);
        return found.ok ? JSON.stringify(found.record) : found.notFound;
      },
    }),
    resourceKind("schema", {
      prefix: "sql://schema/",
      variable: "dialect",
      title: "Reference schema",
      description: "The DDL of the reference schema the SQL recipes read, for PostgreSQL " +
        "(postgres), DuckDB (duckdb) or ClickHouse (clickhouse): code, under the MIT licence",
      mimeType: "application/sql",
      list: () =>
        DIALECTS.map((dialect) => ({
          name: dialect,
          title: `Reference schema (${ENGINE_NAMES[dialect]})`,
        })),
      read: (dialect) => {
        const known = DIALECTS.find((item) => item === dialect);
        return known === undefined
          ? {
            message: `No reference schema for "${dialect.slice(0, 100)}"; the engines are ${
              DIALECTS.join(", ")
            }`,
          }
          : ddl(known);
      },
    }),
    resourceKind("recipe", {
      prefix: "sql://recipes/",
      variable: "slug",
      title: "SQL recipe",
      description: "One metric's SQL recipe: it computes the metric's calculator inputs and " +
        "result from your own tables (sql://schema/{dialect}), on PostgreSQL or DuckDB alike " +
        "(ClickHouse's text is at sql://clickhouse/recipes/{slug}): " +
        "code, under the MIT licence",
      mimeType: "application/sql",
      list: () =>
        model.recipes().map(({ slug, name }) => ({ name: slug, title: `${name}: SQL recipe` })),
      read: (slug) => {
        const found = findRecipe(model, slug, { exact: true });
        return found.ok ? found.recipe.text : { message: found.message };
      },
    }),
    resourceKind("clickhouse-recipe", {
      prefix: "sql://clickhouse/recipes/",
      variable: "slug",
      title: "SQL recipe for ClickHouse",
      description: "One metric's SQL recipe as ClickHouse runs it: the recipe's text through a " +
        "few named rewrites, ending with the settings it relies on, over " +
        "sql://schema/clickhouse: code, under the MIT licence",
      mimeType: "application/sql",
      list: () =>
        model.recipes().map(({ slug, name }) => ({
          name: slug,
          title: `${name}: SQL recipe for ClickHouse`,
        })),
      read: (slug) => {
        const found = findRecipe(model, slug, { exact: true });
        return found.ok ? recipeText(found.recipe.text, "clickhouse") : { message: found.message };
      },
    }),
  ];
}
