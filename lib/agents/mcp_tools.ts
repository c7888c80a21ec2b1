/**
 * What the MCP server's tools and resources answer, as plain functions over the read model (the
 * records, and the SQL recipes and their schema as resources), which the SDK server (`mcp.ts`)
 * registers with their schemas. Nothing here loads the MCP SDK.
 *
 * @module
 */
import type { Catalog } from "../catalog/load.ts";
import { frameworkSummary, metricSummary, type NotFound, type ReadModel } from "../read/model.ts";
import { compareValue, comparisonGroups, type ValueComparison } from "../read/compare.ts";
import type { Benchmarks } from "../catalog/records.ts";
import { figureWords, perWords, shortCitation } from "../read/words.ts";
import { type Tag, toApiMetric } from "../catalog/records.ts";
import type { CatalogSearch } from "../read/search.ts";
import { findRecipe, recipeSlugs } from "../read/recipes.ts";
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

/** The six tools, each a function of its checked arguments. */
export interface CatalogTools {
  list_metrics(input: { tag?: Tag | undefined; kind?: "composite" | undefined }): ToolResult;
  get_metric(input: { slug: string }): ToolResult;
  search(input: { query: string; limit?: number | undefined }): Promise<ToolResult>;
  list_frameworks(): ToolResult;
  get_framework(input: { slug: string }): ToolResult;
  get_benchmark(input: {
    slug: string;
    value?: number | string | undefined;
    per?: string | undefined;
    segment?: Record<string, string | number> | undefined;
  }): ToolResult;
}

/**
 * The structured result and its text: the JSON, indented; or, given `text`, that text, shorter
 * than the JSON, for a reader to see first, with the JSON after it as a second block, for the MCP
 * App view of a host that passes the content on without the structured content.
 */
function result(value: object, text?: string): ToolResult {
  const structured: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  return {
    content: text === undefined
      ? [{ type: "text", text: JSON.stringify(structured, null, 2) }]
      : [{ type: "text", text }, { type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/** A figure's line: its number, its words, its short citation. */
function figureLine(benchmarks: Benchmarks, number: number, vocabulary: Catalog["segments"]) {
  const figure = benchmarks.figures?.[number - 1];
  if (!figure) return "";
  const source = benchmarks.sources[figure.source - 1];
  const words = figureWords(
    { ...figure, sentence: figure.sentence - 1, source: figure.source },
    vocabulary,
  );
  return `#${number} ${words}${source ? ` (${shortCitation(source)})` : ""}`;
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

const DIRECTION_WORDS = {
  "higher-is-better": "higher is better",
  "lower-is-better": "lower is better",
  "target-band": "best inside a target band",
} as const;

/** A metric's figures as plain lines: what `get_benchmark` says without a value. */
export function benchmarkText(benchmarks: Benchmarks, vocabulary: Catalog["segments"]): string {
  const figures = benchmarks.figures ?? [];
  const numbers = figures.map((_, index) => index + 1);
  const how = benchmarks.direction
    ? ` (${DIRECTION_WORDS[benchmarks.direction]}${
      benchmarks.per ? `, ${perWords(benchmarks.per)}` : ""
    })`
    : "";
  return [
    `${benchmarks.name}${how}: ${figures.length} benchmark figures${
      benchmarks.benchmarksReviewed ? `, reviewed ${benchmarks.benchmarksReviewed}` : ""
    }. Give a value to see where it stands.`,
    ...numbers.map((number) => figureLine(benchmarks, number, vocabulary)),
    "Sources:",
    ...sourceLines(benchmarks, numbers),
  ].join("\n");
}

/**
 * Where a value stands, as plain lines: the verdict, the hint, the placements grouped by how well
 * their segment matches, the figures not compared counted, and the sources of those placed.
 */
export function comparisonText(benchmarks: Benchmarks, comparison: ValueComparison): string {
  const lines = [comparison.summary, ...(comparison.hint ? [comparison.hint] : [])];
  // Each line names its source by number, as the list at the end does, not by its citation.
  const cited = (figure: number, text: string) =>
    `#${figure} ${text.replace(/ \([^()]*\)$/, "")} [${
      benchmarks.figures?.[figure - 1]?.source ?? ""
    }]`;
  for (const group of comparisonGroups(comparison)) {
    // Figures set apart, and single companies' figures, are listed by number: the data has them.
    if (group.folded || group.companies) {
      lines.push(`${group.title}: ${group.lines.map((line) => `#${line.figure}`).join(", ")}`);
      continue;
    }
    lines.push(`${group.title}:`, ...group.lines.map((line) => cited(line.figure, line.text)));
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

/** The tools over one catalog, its read model and its search index (made on first search). */
export function catalogTools(
  catalog: Catalog,
  { model, search }: {
    model: ReadModel;
    search: () => CatalogSearch | Promise<CatalogSearch>;
  },
): CatalogTools {
  return {
    list_metrics: ({ tag, kind }) =>
      result({ metrics: model.metrics({ tag, kind }).map(metricSummary) }),
    get_metric: ({ slug }) => {
      const found = model.resolve("metric", slug);
      return found.ok ? result(toApiMetric(found.record)) : notFoundError(found.notFound);
    },
    search: async ({ query, limit }) =>
      result({ hits: (await search()).search(query, { limit: limit ?? 10 }) }),
    list_frameworks: () => result({ frameworks: model.frameworks().map(frameworkSummary) }),
    get_framework: ({ slug }) => {
      const found = model.resolve("framework", slug);
      return found.ok ? result(found.record) : notFoundError(found.notFound);
    },
    get_benchmark: ({ slug, value, per, segment }) => {
      if (value === undefined && (per !== undefined || segment !== undefined)) {
        return toolError('"per" and "segment" describe a value to compare; give "value" too');
      }
      const found = model.resolve("metric", slug);
      if (!found.ok) return notFoundError(found.notFound);
      const benchmarks = model.benchmarks(found.record);
      if (value === undefined) {
        return result(benchmarks, benchmarkText(benchmarks, catalog.segments));
      }
      // A number is read as its digits would be typed, so 1.04 is asked about as on the page.
      const typed = typeof value === "number" ? String(value) : value;
      const compared = compareValue(found.record, catalog, { value: typed, per, segment });
      if (!compared.ok) return toolError(compared.error);
      const { comparison } = compared;
      return result({ ...benchmarks, comparison }, comparisonText(benchmarks, comparison));
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
        recipeSlugs().map((slug) => ({
          name: slug,
          title: `${model.name("metric", slug) ?? slug}: SQL recipe`,
        })),
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
        recipeSlugs().map((slug) => ({
          name: slug,
          title: `${model.name("metric", slug) ?? slug}: SQL recipe for ClickHouse`,
        })),
      read: (slug) => {
        const found = findRecipe(model, slug, { exact: true });
        return found.ok ? recipeText(found.recipe.text, "clickhouse") : { message: found.message };
      },
    }),
  ];
}
