/**
 * What the MCP server's tools and resources answer, as plain functions over the read model, which
 * the SDK server (`mcp.ts`) registers with their schemas. Nothing here loads the MCP SDK.
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

/** What `list_metrics` is asked. */
export interface ListMetricsInput {
  tag?: Tag | undefined;
  kind?: "composite" | undefined;
}

/** What `search` is asked. */
export interface SearchInput {
  query: string;
  limit?: number | undefined;
}

/** What `get_benchmark` is asked. */
export interface BenchmarkInput {
  slug: string;
  value?: number | string | undefined;
  per?: string | undefined;
  segment?: Record<string, string | number> | undefined;
}

/** The six tools, each a function of its checked arguments. */
export interface CatalogTools {
  list_metrics(input: ListMetricsInput): ToolResult;
  get_metric(input: { slug: string }): ToolResult;
  search(input: SearchInput): Promise<ToolResult>;
  list_frameworks(): ToolResult;
  get_framework(input: { slug: string }): ToolResult;
  get_benchmark(input: BenchmarkInput): ToolResult;
}

/** The structured result and its JSON text, as every tool returns them. */
function result(value: object): ToolResult {
  const structured: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  return {
    content: [{ type: "text", text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  };
}

/**
 * A structured result with its own text, shorter than the JSON, for a reader to see first; the
 * JSON follows as a second text block, for the MCP App view of a host that passes the content on
 * without the structured content.
 */
function answer(value: object, text: string): ToolResult {
  const structured: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  return {
    content: [{ type: "text", text }, { type: "text", text: JSON.stringify(structured) }],
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
        return answer(benchmarks, benchmarkText(benchmarks, catalog.segments));
      }
      // A number is read as its digits would be typed, so 1.04 is asked about as on the page.
      const typed = typeof value === "number" ? String(value) : value;
      const compared = compareValue(found.record, catalog, { value: typed, per, segment });
      if (!compared.ok) return toolError(compared.error);
      const { comparison } = compared;
      return answer(
        { ...benchmarks, comparison },
        comparisonText(benchmarks, comparison),
      );
    },
  };
}

/** One resource as listed: its address, slug, title and type. */
export interface ListedResource {
  uri: string;
  name: string;
  title: string;
  mimeType: "application/json";
}

/** A resource read: the record as JSON text under its address. */
export interface ResourceContents {
  contents: { uri: string; mimeType: "application/json"; text: string }[];
}

/** A kind of resource: its template, what the template says of itself, listing and reading. */
export interface ResourceKind {
  name: "metric" | "framework";
  template: string;
  metadata: { title: string; description: string; mimeType: "application/json" };
  list(): { resources: ListedResource[] };
  /** The record at `slug` as JSON, or what was not found. */
  read(uri: string, slug: string): ResourceContents | NotFound;
}

/** The two kinds of resource: `catalog://metrics/{slug}` and `catalog://frameworks/{slug}`. */
export function resourceKinds(model: ReadModel): [ResourceKind, ResourceKind] {
  const kind = <T extends { slug: string; name: string }>(
    name: "metric" | "framework",
    records: () => readonly T[],
    find: (slug: string) => { ok: true; record: T } | { ok: false; notFound: NotFound },
    asJson: (record: T) => unknown,
  ): ResourceKind => {
    const folder = `catalog://${name}s/`;
    const title = `${name[0]?.toUpperCase()}${name.slice(1)}`;
    return {
      name,
      template: `${folder}{slug}`,
      metadata: { title, description: `One ${name} as JSON`, mimeType: "application/json" },
      list: () => ({
        resources: records().map((record): ListedResource => ({
          uri: `${folder}${record.slug}`,
          name: record.slug,
          title: record.name,
          mimeType: "application/json",
        })),
      }),
      read: (uri, slug) => {
        const found = find(slug);
        if (!found.ok) return found.notFound;
        const text = JSON.stringify(asJson(found.record));
        return { contents: [{ uri, mimeType: "application/json", text }] };
      },
    };
  };
  return [
    kind("metric", () => model.metrics(), (slug) => model.get("metric", slug), toApiMetric),
    kind("framework", () => model.frameworks(), (slug) => model.get("framework", slug), (f) => f),
  ];
}
