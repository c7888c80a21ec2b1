/**
 * What the MCP server's tools and resources answer, as plain functions over the read model: the
 * SDK server (`mcp.ts`) registers them with their schemas, and the HTTP route (`mcp_http.ts`)
 * calls them directly for requests it has checked itself. Nothing here loads the MCP SDK.
 *
 * @module
 */
import type { Catalog } from "../catalog/load.ts";
import { frameworkSummary, metricSummary, type NotFound, type ReadModel } from "../read/model.ts";
import type { Period } from "../catalog/figures.ts";
import { compareValue } from "../read/benchmarks.ts";
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
  value?: number | undefined;
  per?: Period | undefined;
  segment?: Record<string, string> | undefined;
}

/** The six tools, each a function of its checked arguments. */
export interface CatalogTools {
  list_metrics(input: ListMetricsInput): ToolResult;
  get_metric(input: { slug: string }): ToolResult;
  search(input: SearchInput): ToolResult;
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
  { model, search }: { model: ReadModel; search: () => CatalogSearch },
): CatalogTools {
  return {
    list_metrics: ({ tag, kind }) =>
      result({ metrics: model.metrics({ tag, kind }).map(metricSummary) }),
    get_metric: ({ slug }) => {
      const found = model.resolve("metric", slug);
      return found.ok ? result(toApiMetric(found.record)) : notFoundError(found.notFound);
    },
    search: ({ query, limit }) => result({ hits: search().search(query, { limit: limit ?? 10 }) }),
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
      if (value === undefined) return result(benchmarks);
      const compared = compareValue(found.record, catalog, { value, per, segment });
      return compared.ok
        ? result({ ...benchmarks, comparison: compared.comparison })
        : toolError(compared.error);
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
