/**
 * The Model Context Protocol server: six read-only tools and one resource per record, over
 * stdio (`cli.ts mcp`) or Streamable HTTP (`/mcp` on the HTTP service).
 *
 * @module
 */
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import type { Catalog } from "../catalog/load.ts";
import {
  createReadModel,
  frameworkSummary,
  metricSummary,
  type NotFound,
  type ReadModel,
} from "../read/model.ts";
import { ErrorCode, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import {
  BenchmarkAnswerSchema,
  FrameworkSchema,
  FrameworkSummarySchema,
  MetricSchema,
  MetricSummarySchema,
  type Same,
  SearchHitSchema,
  type ValueComparisonSchema,
} from "../catalog/schema.ts";
import { type Period, PERIODS } from "../catalog/figures.ts";
import { compareValue, type Comparison } from "../read/benchmarks.ts";
import { type Tag, TAGS, toApiMetric } from "../catalog/records.ts";
import { type CatalogSearch, createSearch } from "../read/search.ts";
import { MAX_QUERY_LENGTH, VERSION } from "../policy.ts";

/** The name and version the server announces. */
export const MCP_SERVER_INFO = { name: "metrics-catalog", version: VERSION } as const;

const READ_ONLY = {
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: false,
  destructiveHint: false,
} as const;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const slugInput = (what: string) =>
  z.string().min(1).max(200).refine((value) => !CONTROL.test(value), {
    message: "must not contain control characters",
  }).describe(`The ${what}'s slug, e.g. ${what === "metric" ? '"churn-rate"' : '"aarrr"'}`);

/**
 * An error the SDK sends as a JSON-RPC error with this code and the message as it is (an
 * `McpError` would put "MCP error -32602:" in front, and clients add it again).
 */
function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** A schema error of the SDK's request validation in one sentence. */
function paramsSentence(
  error: { issues: { path: PropertyKey[]; message: string; code?: string; expected?: string }[] },
): string {
  const [issue] = error.issues;
  if (!issue) return "Invalid params";
  const path = issue.path.filter((part) => part !== "params").join(".");
  const expected = issue.expected === "record"
    ? "an object"
    : issue.expected
    ? `a ${issue.expected}`
    : "";
  const what = issue.code === "invalid_type" && expected
    ? `must be ${expected}`
    : issue.message.replace(/^Invalid input: /, "");
  return `Invalid params: "${path || "params"}" ${what}`;
}

function isSchemaError(
  error: unknown,
): error is {
  issues: { path: PropertyKey[]; message: string; code?: string; expected?: string }[];
} {
  // The SDK's zod may be another copy than ours: recognise its errors by name and shape.
  return error instanceof Error && /^\$?ZodError$/.test(error.name) && "issues" in error &&
    Array.isArray(error.issues);
}

/**
 * Makes a request the SDK's schemas refuse (a tool call whose arguments are not an object, a
 * resource read without a URI) invalid params (-32602) with one sentence, where the SDK answers
 * -32603 with the schema's dump. The SDK keeps its handlers in a private map, so each is wrapped
 * in place.
 */
function plainParamErrors(server: McpServer): void {
  const handlers = (server.server as unknown as {
    _requestHandlers: Map<string, (request: unknown, extra: unknown) => Promise<unknown>>;
  })._requestHandlers;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (error) {
        if (isSchemaError(error)) throw rpcError(ErrorCode.InvalidParams, paramsSentence(error));
        throw error;
      }
    });
  }
}

/** The structured result and its JSON text, as every tool returns them. */
function result(value: object) {
  const structured: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  return {
    structuredContent: structured,
    content: [{ type: "text" as const, text: JSON.stringify(structured, null, 2) }],
  };
}

/** A tool error: one line that says what is wrong. */
function toolError(text: string) {
  return { isError: true, content: [{ type: "text" as const, text }] };
}

/** A not-found as a tool error: the read model's wording, then where to look. */
function notFoundError(notFound: NotFound) {
  const listTool = notFound.kind === "metric" ? "list_metrics" : "list_frameworks";
  return toolError(`${sentence(notFound.message)} Use ${listTool} or search to find slugs.`);
}

// The schema lives with the others in the catalog folder, which may not import the read model.
const _sameComparison: Same<Comparison, z.infer<typeof ValueComparisonSchema>> = true;

function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/** What `get_benchmark` is asked. */
interface BenchmarkInput {
  slug: string;
  value?: number | undefined;
  per?: Period | undefined;
  segment?: Record<string, string> | undefined;
}

/**
 * Creates an MCP server over a catalog. A search index and a read model may be passed to share
 * them; otherwise the first search makes the index, so that a session that never searches does
 * not wait for it.
 */
export function createMcpServer(
  catalog: Catalog,
  { search: shared, model = createReadModel(catalog) }: {
    search?: CatalogSearch;
    model?: ReadModel;
  } = {},
) {
  let index = shared;
  const search = () => index ??= createSearch(catalog);
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: "A read-only catalog of product and growth metrics and measurement frameworks. " +
      "Benchmark figures carry citations: quote the source along with any figure.",
  });
  server.registerTool(
    "list_metrics",
    {
      title: "List metrics",
      description: "List the catalog's metrics (slug, name, abbreviation, tags, definition), " +
        "optionally only those with a tag or only composite (tool-defined) scores.",
      inputSchema: {
        tag: z.enum(TAGS).optional().describe("Only metrics with this tag"),
        kind: z.literal("composite").optional().describe("Only composite, tool-defined scores"),
      },
      outputSchema: { metrics: z.array(MetricSummarySchema) },
      annotations: READ_ONLY,
    },
    ({ tag, kind }: { tag?: Tag | undefined; kind?: "composite" | undefined }) =>
      result({ metrics: model.metrics({ tag, kind }).map(metricSummary) }),
  );

  server.registerTool("get_metric", {
    title: "Get a metric",
    description: "Get one metric with every field: definition, formula, benchmarks, " +
      "calculation methods, traps to watch, worked example, related metrics and sources.",
    inputSchema: { slug: slugInput("metric") },
    outputSchema: MetricSchema,
    annotations: READ_ONLY,
  }, ({ slug }: { slug: string }) => {
    const found = model.resolve("metric", slug);
    return found.ok ? result(toApiMetric(found.record)) : notFoundError(found.notFound);
  });

  server.registerTool(
    "search",
    {
      title: "Search the catalog",
      description: "Ranked full-text search over metrics and frameworks, by name, abbreviation " +
        '(e.g. "NRR"), synonym (e.g. "stickiness") or a plain-language question.',
      inputSchema: {
        query: z.string().min(1).max(MAX_QUERY_LENGTH).describe("What to look for"),
        limit: z.number().int().min(1).max(50).optional().describe("At most this many hits (10)"),
      },
      outputSchema: { hits: z.array(SearchHitSchema) },
      annotations: READ_ONLY,
    },
    ({ query, limit }: { query: string; limit?: number | undefined }) =>
      result({ hits: search().search(query, { limit: limit ?? 10 }) }),
  );

  server.registerTool("list_frameworks", {
    title: "List frameworks",
    description: "List the measurement frameworks (AARRR, HEART, North Star, growth accounting) " +
      "with their summaries and component names.",
    outputSchema: { frameworks: z.array(FrameworkSummarySchema) },
    annotations: READ_ONLY,
  }, () => result({ frameworks: model.frameworks().map(frameworkSummary) }));

  server.registerTool("get_framework", {
    title: "Get a framework",
    description: "Get one framework with its origin, components and their metric slugs, " +
      "implementation steps, real examples with sources, and limitations.",
    inputSchema: { slug: slugInput("framework") },
    outputSchema: FrameworkSchema,
    annotations: READ_ONLY,
  }, ({ slug }: { slug: string }) => {
    const found = model.resolve("framework", slug);
    return found.ok ? result(found.record) : notFoundError(found.notFound);
  });

  server.registerTool("get_benchmark", {
    title: "Get a metric's benchmarks",
    description: "Get a metric's benchmark figures, each naming its source and year, with the " +
      "cited sources, the date the benchmarks were last reviewed, which way the metric is " +
      "better and the figures as data. Give a value (and its period and segment) to compare it " +
      "with the figures: where it stands against each, in words with citations. Quote the " +
      "citation along with any figure.",
    inputSchema: {
      slug: slugInput("metric"),
      value: z.number().optional().describe(
        "A value to compare with the figures, in the metric's unit (3 for 3%)",
      ),
      per: z.enum(PERIODS).optional().describe(
        "The period the value is quoted per; the metric's own when absent",
      ),
      segment: z.record(z.string().max(100), z.string().max(100)).optional().describe(
        'The value\'s segment by key, e.g. {"model": "b2b"}',
      ),
    },
    outputSchema: BenchmarkAnswerSchema,
    annotations: READ_ONLY,
  }, ({ slug, value, per, segment }: BenchmarkInput) => {
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
  });

  const json = (uri: URL, value: unknown) => ({
    contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(value) }],
  });
  /** An unknown record is invalid params (the SDK's code for a URI no template matches). */
  const notFound = (notFound: NotFound): never => {
    throw rpcError(ErrorCode.InvalidParams, notFound.message);
  };
  /** A slug with a control character is not looked up. */
  const readable = (slug: string) => {
    if (CONTROL.test(slug)) {
      throw rpcError(ErrorCode.InvalidParams, "A slug must not contain control characters");
    }
    return slug;
  };
  server.registerResource(
    "metric",
    new ResourceTemplate("catalog://metrics/{slug}", {
      list: () => ({
        resources: model.metrics().map((metric) => ({
          uri: `catalog://metrics/${metric.slug}`,
          name: metric.slug,
          title: metric.name,
          mimeType: "application/json",
        })),
      }),
    }),
    { title: "Metric", description: "One metric as JSON", mimeType: "application/json" },
    (uri: URL, { slug }: Record<string, string | string[]>) => {
      const found = model.get("metric", readable(String(slug)));
      return found.ok ? json(uri, toApiMetric(found.record)) : notFound(found.notFound);
    },
  );
  server.registerResource(
    "framework",
    new ResourceTemplate("catalog://frameworks/{slug}", {
      list: () => ({
        resources: model.frameworks().map((framework) => ({
          uri: `catalog://frameworks/${framework.slug}`,
          name: framework.slug,
          title: framework.name,
          mimeType: "application/json",
        })),
      }),
    }),
    { title: "Framework", description: "One framework as JSON", mimeType: "application/json" },
    (uri: URL, { slug }: Record<string, string | string[]>) => {
      const found = model.get("framework", readable(String(slug)));
      return found.ok ? json(uri, found.record) : notFound(found.notFound);
    },
  );
  // The catalog never changes while the server runs, and stateless HTTP could not deliver the
  // notifications anyway: say so, rather than the SDK's default `listChanged: true`.
  server.server.registerCapabilities({
    tools: { listChanged: false },
    resources: { listChanged: false },
  });
  plainParamErrors(server);
  return server;
}

/** Options for {@linkcode createMcpHttpHandler}. */
export interface McpHttpOptions {
  /** The search index to share with the rest of the site. */
  search?: CatalogSearch;
  /** The read model to share with the rest of the site. */
  model?: ReadModel;
  /** Whether answers that depend only on their parameters are remembered (the default). */
  remember?: boolean;
}

/** The requests whose answers depend only on the catalog and their parameters. */
const ANSWERED_FROM_MEMORY = new Set([
  "tools/call",
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "ping",
]);
/** Bodies larger than this go to the SDK as they are; the memory keys are cut at this size. */
const MAX_REMEMBERED_BODY = 4096;
/** How many answers are remembered, the oldest forgotten first. */
const MAX_REMEMBERED = 256;

/** A plain JSON-RPC request the memory may answer: its id, and its key (method and params). */
function rememberable(message: unknown): { id: string | number; key: string } | undefined {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { jsonrpc, id, method, params, ...rest } = message as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || jsonrpc !== "2.0") return undefined;
  if (typeof method !== "string" || !ANSWERED_FROM_MEMORY.has(method)) return undefined;
  if (typeof id !== "string" && (typeof id !== "number" || !Number.isFinite(id))) return undefined;
  if (params !== undefined && (typeof params !== "object" || params === null)) return undefined;
  if (Array.isArray(params)) return undefined;
  return { id, key: `${method}\u0000${JSON.stringify(params ?? null)}` };
}

/** Whether the headers are ones the SDK takes as they are: both media types, a known version. */
function plainHeaders(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  const type = (request.headers.get("content-type") ?? "").toLowerCase().replace(/\s+/g, "");
  const version = request.headers.get("mcp-protocol-version");
  const length = Number(request.headers.get("content-length") ?? 0);
  return accept.includes("application/json") && accept.includes("text/event-stream") &&
    (type === "application/json" || type === "application/json;charset=utf-8") &&
    (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) &&
    length <= MAX_REMEMBERED_BODY && request.body !== null;
}

/**
 * A small body read whole, or, past {@linkcode MAX_REMEMBERED_BODY} bytes, the request again with
 * the bytes read so far put back in front of the rest, for the SDK to read and limit itself.
 */
async function smallBody(request: Request): Promise<{ text: string } | { request: Request }> {
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_REMEMBERED_BODY) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { request: new Request(request, { body, duplex: "half" } as RequestInit) };
    }
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(all) };
}

/**
 * Serves the MCP server over Streamable HTTP, stateless, with JSON answers. A request whose answer
 * depends only on the catalog and its parameters (a tool call, a list, a resource, a ping) is
 * answered by the SDK the first time; its result is remembered and later requests with the same
 * method and parameters get it back in the JSON-RPC envelope with their own id: the same bytes
 * the SDK writes. Everything else (`initialize`, notifications, batches, errors, unusual headers)
 * goes to a fresh SDK server and transport, as the protocol requires. The web route in front of
 * it checks the method and the `Host` and `Origin` headers.
 */
export function createMcpHttpHandler(
  catalog: Catalog,
  { search, model = createReadModel(catalog), remember = true }: McpHttpOptions = {},
): (request: Request) => Promise<Response> {
  const index = search ?? createSearch(catalog);
  // Each remembered answer as UTF-8 bytes up to the id: `{"result":…,"jsonrpc":"2.0","id":`.
  const remembered = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  const sdk = async (request: Request, parsedBody?: unknown): Promise<Response> => {
    const server = createMcpServer(catalog, { search: index, model });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: 256 * 1024,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(
        request,
        parsedBody === undefined ? undefined : { parsedBody },
      );
    } finally {
      await server.close();
    }
  };
  return async (request: Request): Promise<Response> => {
    if (!remember || !plainHeaders(request)) return await sdk(request);
    const read = await smallBody(request);
    if ("request" in read) return await sdk(read.request);
    const text = read.text;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return await sdk(new Request(request, { body: text }));
    }
    const plain = rememberable(message);
    if (!plain) return await sdk(request, message);
    const key = `${request.headers.get("mcp-protocol-version") ?? ""}\u0000${plain.key}`;
    const known = remembered.get(key);
    if (known !== undefined) {
      // The remembered bytes are sent as they are, then the id: no copy of the answer per request.
      const id = encoder.encode(`${JSON.stringify(plain.id)}}`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(known.subarray());
          controller.enqueue(id);
          controller.close();
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          "content-type": "application/json",
          "content-length": String(known.byteLength + id.byteLength),
        },
      });
    }
    const answer = await sdk(request, message);
    if (answer.status !== 200 || answer.headers.get("content-type") !== "application/json") {
      return answer;
    }
    const body = await answer.text();
    const parsed: unknown = JSON.parse(body);
    if (
      typeof parsed === "object" && parsed !== null && "result" in parsed &&
      !("error" in parsed) && (parsed as { id?: unknown }).id === plain.id
    ) {
      if (remembered.size >= MAX_REMEMBERED) {
        remembered.delete(remembered.keys().next().value ?? "");
      }
      const result = JSON.stringify((parsed as { result: unknown }).result);
      remembered.set(key, encoder.encode(`{"result":${result},"jsonrpc":"2.0","id":`));
    }
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** Runs the MCP server over stdio until the client disconnects. Logs go to stderr only. */
export async function serveMcpStdio(catalog: Catalog): Promise<void> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = createMcpServer(catalog);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // A line that is not JSON gets a parse error (-32700), and one that is JSON but not a JSON-RPC
  // message an invalid request (-32600), as JSON-RPC asks; the SDK only reports them to onerror.
  const reported = transport.onerror;
  transport.onerror = (error: Error) => {
    const code = error instanceof SyntaxError
      ? ErrorCode.ParseError
      : isSchemaError(error)
      ? ErrorCode.InvalidRequest
      : undefined;
    if (code !== undefined) {
      const message = code === ErrorCode.ParseError ? "Parse error" : "Invalid Request";
      transport.send({ jsonrpc: "2.0", id: null, error: { code, message } } as never).catch(
        () => {},
      );
    }
    reported?.(error);
  };
  console.error(
    `MCP server ready on stdio: ${catalog.metrics.length} metrics, ${catalog.frameworks.length} frameworks`,
  );
}
