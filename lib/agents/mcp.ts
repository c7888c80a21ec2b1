/**
 * The Model Context Protocol server: six read-only tools, and resources for every record, every SQL
 * recipe and the reference schema of each engine, over stdio (`cli.ts mcp`) or Streamable HTTP
 * (`/mcp` on the HTTP service).
 *
 * @module
 */
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import type { ReadModel } from "../read/model.ts";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  BenchmarkAnswerSchema,
  FrameworkSchema,
  FrameworkSummarySchema,
  MetricSchema,
  MetricSummarySchema,
  SearchHitSchema,
} from "../catalog/schema.ts";
import { PERIODS } from "../catalog/figures.ts";
import {
  registerAppResource,
  registerAppTool,
  RESOURCE_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/server";
import { BENCHMARK_VIEW_URI, benchmarkViewHtml } from "./benchmark_view.ts";
import { checkingParams, isSchemaError } from "./mcp_params.ts";
import { leaningToolList } from "./mcp_list.ts";
import process from "node:process";
import { TAGS } from "../catalog/records.ts";
import { MAX_QUERY_LENGTH, PACKAGE_NAME, VERSION } from "../policy.ts";
import {
  catalogTools,
  FRAMEWORK_DEFAULT_FIELDS,
  FRAMEWORK_FIELD_NAMES,
  METRIC_DEFAULT_FIELDS,
  METRIC_FIELD_NAMES,
  resourceKinds,
  TEXT_BUDGET,
} from "./mcp_tools.ts";

/** The name and version the server announces. */
export const MCP_SERVER_INFO = { name: PACKAGE_NAME, version: VERSION } as const;

/**
 * Read-only tools. The destructive and idempotent hints mean something only beside
 * `readOnlyHint: false`, so none is sent.
 */
const READ_ONLY = {
  readOnlyHint: true,
  openWorldHint: false,
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

/** The `fields` input of a tool that answers one record, and its `moreFields` output. */
function fieldChoice(names: readonly string[], defaults: readonly string[]) {
  const field = z.enum(names as [string, ...string[]]);
  return {
    input: z.array(field).min(1).max(names.length).optional().describe(
      `Only these fields, besides the name and slug (default: ${defaults.join(", ")})`,
    ),
    output: z.array(z.string()).optional().describe(
      `Fields asked for that did not fit in this answer (${TEXT_BUDGET / 1024} KB at most): ` +
        "ask for them with `fields` in another call",
    ),
  };
}

const metricFields = fieldChoice(METRIC_FIELD_NAMES, METRIC_DEFAULT_FIELDS);
const frameworkFields = fieldChoice(FRAMEWORK_FIELD_NAMES, FRAMEWORK_DEFAULT_FIELDS);

/**
 * Creates an MCP server over a read model. The model's search index is made by the first search,
 * so that a session that never searches does not wait for it.
 */
export function createMcpServer(model: ReadModel) {
  const tools = catalogTools(model);
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: "A read-only catalog of product and growth metrics and measurement frameworks. " +
      "Benchmark figures carry citations: quote the source along with any figure. Each metric " +
      "that can be counted from one's own tables has a SQL recipe, a resource at " +
      "sql://recipes/{slug}, over the reference schema at sql://schema/postgres or " +
      "sql://schema/duckdb; for ClickHouse, sql://clickhouse/recipes/{slug} over " +
      "sql://schema/clickhouse.",
  });
  server.registerTool("list_metrics", {
    title: "List metrics",
    description: "The metrics (slug, name, abbreviation, tags, first line of the definition), " +
      "all or by tag or composite scores only; get_metric gives one whole.",
    inputSchema: {
      tag: z.enum(TAGS).optional().describe("Only metrics with this tag"),
      kind: z.literal("composite").optional().describe("Only composite, tool-defined scores"),
    },
    outputSchema: { metrics: z.array(MetricSummarySchema) },
    annotations: READ_ONLY,
  }, tools.list_metrics);

  server.registerTool("get_metric", {
    title: "Get a metric",
    description: "One metric: by default its definition, formula, what it measures, benchmarks " +
      "and sources; the other fields with `fields`. Fields that did not fit are in `moreFields`.",
    inputSchema: { slug: slugInput("metric"), fields: metricFields.input },
    outputSchema: MetricSchema.partial().required({ name: true, slug: true })
      .extend({ moreFields: metricFields.output }),
    annotations: READ_ONLY,
  }, tools.get_metric);

  server.registerTool("search", {
    title: "Search the catalog",
    description: 'Ranked search over metrics and frameworks by name, abbreviation ("NRR"), ' +
      'synonym ("stickiness") or a plain question.',
    inputSchema: {
      query: z.string().min(1).max(MAX_QUERY_LENGTH).describe("What to look for"),
      limit: z.number().int().min(1).max(20).optional().describe("At most this many hits (10)"),
    },
    outputSchema: { hits: z.array(SearchHitSchema) },
    annotations: READ_ONLY,
  }, tools.search);

  server.registerTool("list_frameworks", {
    title: "List frameworks",
    description: "The frameworks (AARRR, HEART, North Star, growth accounting): summaries and " +
      "components.",
    outputSchema: { frameworks: z.array(FrameworkSummarySchema) },
    annotations: READ_ONLY,
  }, () => tools.list_frameworks());

  server.registerTool("get_framework", {
    title: "Get a framework",
    description: "One framework: by default its origin, summary, components with their metric " +
      "slugs, best uses, limitations and sources; the other fields with `fields`. Fields that " +
      "did not fit are in `moreFields`.",
    inputSchema: { slug: slugInput("framework"), fields: frameworkFields.input },
    outputSchema: FrameworkSchema.partial().required({ name: true, slug: true })
      .extend({ moreFields: frameworkFields.output }),
    annotations: READ_ONLY,
  }, tools.get_framework);

  registerAppTool(server, "get_benchmark", {
    title: "Get a metric's benchmarks",
    description: "A metric's benchmark figures, each with its source and year; with a value, " +
      "where it stands, with citations. Quote the citation with any figure.",
    inputSchema: {
      slug: slugInput("metric"),
      value: z.union([z.number(), z.string().max(100)]).optional().describe(
        'Your value in the metric\'s unit: 3 or "3%", "$200", "30k", "14 months"; 1.04 is ' +
          'refused as ambiguous (write "104%")',
      ),
      per: z.string().max(20).optional().describe(
        `The value's period (${PERIODS.join(", ")}); the metric's own by default`,
      ),
      segment: z.record(z.string().max(100), z.union([z.string().max(100), z.number()]))
        .optional().describe(
          'Your segment, e.g. {"model": "b2b", "acv": 30000} (dollars); its keys: `segments`',
        ),
    },
    outputSchema: BenchmarkAnswerSchema,
    annotations: READ_ONLY,
    // Hosts with the MCP Apps extension draw the answer with this view; others read the text.
    _meta: { ui: { resourceUri: BENCHMARK_VIEW_URI } },
  }, tools.get_benchmark);
  // The helper lists it with the extension's MIME type, text/html;profile=mcp-app.
  registerAppResource(server, "Benchmark chart", BENCHMARK_VIEW_URI, {}, async (uri) => ({
    contents: [{
      uri: uri.href,
      mimeType: RESOURCE_MIME_TYPE,
      text: await benchmarkViewHtml(model.vocabulary()),
    }],
  }));

  /** An unknown record is invalid params (the SDK's code for a URI no template matches). */
  const notFound = (notFound: { message: string }): never => {
    throw rpcError(ErrorCode.InvalidParams, notFound.message);
  };
  /** A slug with a control character is not looked up. */
  const readable = (slug: string) => {
    if (CONTROL.test(slug)) {
      throw rpcError(ErrorCode.InvalidParams, "A slug must not contain control characters");
    }
    return slug;
  };
  for (const kind of resourceKinds(model)) {
    server.registerResource(
      kind.name,
      new ResourceTemplate(kind.template, { list: kind.list }),
      kind.metadata,
      (uri: URL, variables: Record<string, string | string[]>) => {
        const read = kind.read(uri.href, readable(String(variables[kind.variable])));
        return "contents" in read ? read : notFound(read);
      },
    );
  }
  // The catalog never changes while the server runs, and stateless HTTP could not deliver the
  // notifications anyway: say so, rather than the SDK's default `listChanged: true`.
  server.server.registerCapabilities({
    tools: { listChanged: false },
    resources: { listChanged: false },
  });
  return server;
}

/**
 * Connects a server to a transport as every surface does: params the SDK's schemas refuse answered
 * in one sentence ({@linkcode checkingParams}), and `tools/list` lean ({@linkcode leaningToolList}).
 */
export function connectMcp(server: McpServer, transport: Transport): Promise<void> {
  return server.connect(leaningToolList(checkingParams(transport)));
}

/**
 * Answers one Streamable HTTP request with a fresh SDK server and transport: stateless, JSON
 * answers, bodies up to 256 KiB. `parsedBody` is the body when it has been read already.
 */
export function createSdkHttpAnswer(
  model: ReadModel,
): (request: Request, parsedBody?: unknown) => Promise<Response> {
  return async (request, parsedBody) => {
    const server = createMcpServer(model);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: 256 * 1024,
    });
    await connectMcp(server, transport);
    try {
      return await transport.handleRequest(
        request,
        parsedBody === undefined ? undefined : { parsedBody },
      );
    } finally {
      await server.close();
    }
  };
}

/** What a server over stdio adds to the catalog's tools: those that read the user's own files. */
export interface StdioOptions {
  /** Registers tools that only a server over stdio offers. */
  extend?: ((server: McpServer, model: ReadModel) => void) | undefined;
}

/** Runs the MCP server over stdio until the client disconnects. Logs go to stderr only. */
export async function serveMcpStdio(
  model: ReadModel,
  { extend }: StdioOptions = {},
): Promise<void> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = createMcpServer(model);
  extend?.(server, model);
  const transport = new StdioServerTransport();
  await connectMcp(server, transport);
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
  const { metrics, frameworks } = model.counts();
  console.error(
    `MCP server ready on stdio: ${metrics} metrics, ${frameworks} frameworks (process ` +
      `${process.pid}; it ends when its stdin closes, or on SIGTERM or SIGINT to it)`,
  );
}
