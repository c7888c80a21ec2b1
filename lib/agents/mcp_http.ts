/**
 * The MCP server over Streamable HTTP (`POST /mcp`), stateless, with JSON answers. The requests
 * a client sends in the normal course (`initialize`, the initialized notification, `ping`, the
 * lists, a tool call or a resource read with well-formed arguments) are answered here from the
 * read model and the SDK's own unchanging answers kept in `_mcp_answers.ts`, without loading the
 * SDK; everything else (errors, batches, other notifications, unusual headers or parameters)
 * goes to a fresh SDK server, loaded on first need. Answers are the SDK's bytes either way, and
 * the route in front checks the method and the `Host` and `Origin` headers.
 *
 * @module
 */
import type { Catalog } from "../catalog/load.ts";
import { createReadModel, type ReadModel } from "../read/model.ts";
import { type CatalogSearch, createSearch } from "../read/search.ts";
import { PERIODS } from "../catalog/figures.ts";
import { TAGS } from "../catalog/records.ts";
import { MAX_QUERY_LENGTH } from "../policy.ts";
import { type CatalogTools, catalogTools, resourceKinds } from "./mcp_tools.ts";
import { MCP_ANSWERS } from "./_mcp_answers.ts";

/** Options for {@linkcode createMcpHttpHandler}. */
export interface McpHttpOptions {
  /**
   * Gets the search index shared with the rest of the site; asked on the first search, so that
   * sessions that never search do not make it. The handler makes its own when none is given.
   */
  search?: () => Promise<CatalogSearch>;
  /** The read model to share with the rest of the site. */
  model?: ReadModel;
  /** Every request goes to the SDK, none is answered here or remembered (for comparisons). */
  sdkOnly?: boolean;
  /**
   * What answers the requests not answered here: by default a fresh SDK server per request,
   * its module loaded on first need.
   */
  sdk?: (request: Request, parsedBody?: unknown) => Promise<Response>;
}

/** Bodies larger than this, or of no stated length, go to the SDK as they are. */
const MAX_SMALL_BODY = 4096;
/** The requests whose answers depend only on the catalog and their parameters. */
const REMEMBERED_METHODS = [
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
];
/** How many answers are remembered, the oldest forgotten first. */
const MAX_REMEMBERED = 256;
/** The longest slug and segment word the tools' schemas take. */
const MAX_SLUG = 200;
const MAX_SEGMENT_WORD = 100;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const LATEST_VERSION = MCP_ANSWERS.versions[0] ?? "";

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object whose own keys are all among `allowed` (so never `__proto__` or an unknown one). */
function hasOnly(value: unknown, allowed: readonly string[]): value is Plain {
  return isPlain(value) && Object.keys(value).every((key) => allowed.includes(key));
}

/** Absent, or an object with no keys: the parameters of a plain list or ping. */
function noParams(params: unknown): boolean {
  return params === undefined || hasOnly(params, []);
}

const isSlug = (value: unknown): value is string =>
  typeof value === "string" && value.length >= 1 && value.length <= MAX_SLUG &&
  !CONTROL.test(value);
const isWord = (value: unknown): value is string =>
  typeof value === "string" && value.length <= MAX_SEGMENT_WORD;
const isQuery = (value: unknown): value is string =>
  typeof value === "string" && value.length >= 1 && value.length <= MAX_QUERY_LENGTH;
const isLimit = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 50;
const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
const isSegment = (value: unknown): value is Record<string, string | number> =>
  isPlain(value) &&
  Object.entries(value).every(([key, word]) =>
    key !== "__proto__" && isWord(key) && (isWord(word) || isNumber(word))
  );
const isValue = (value: unknown): value is string | number => isNumber(value) || isWord(value);
const oneOf = <T extends string>(list: readonly T[]) => (value: unknown): value is T =>
  list.some((item) => item === value);
const isTag = oneOf(TAGS);
const isPeriod = oneOf(PERIODS);
const isComposite = oneOf(["composite"] as const);

const isText = (value: unknown): value is string => typeof value === "string";
const isFlag = (value: unknown): value is boolean => typeof value === "boolean";

/** Absent, or as `check` wants it. */
function optional<T>(
  value: unknown,
  check: (value: unknown) => value is T,
): value is T | undefined {
  return value === undefined || check(value);
}

/**
 * A tool's answer when its arguments are ones its schema takes as they are, or undefined to let
 * the SDK answer (and word the refusal). The checks are the schemas' own, or stricter.
 */
function callTool(tools: CatalogTools, params: unknown): object | undefined {
  if (!hasOnly(params, ["name", "arguments"])) return undefined;
  const args = params.arguments;
  switch (params.name) {
    case "list_metrics":
      return hasOnly(args, ["tag", "kind"]) && optional(args.tag, isTag) &&
          optional(args.kind, isComposite)
        ? tools.list_metrics({ tag: args.tag, kind: args.kind })
        : undefined;
    case "get_metric":
    case "get_framework":
      return hasOnly(args, ["slug"]) && isSlug(args.slug)
        ? tools[params.name]({ slug: args.slug })
        : undefined;
    case "search":
      return hasOnly(args, ["query", "limit"]) && isQuery(args.query) &&
          optional(args.limit, isLimit)
        ? tools.search({ query: args.query, limit: args.limit })
        : undefined;
    case "list_frameworks":
      return noParams(args) ? tools.list_frameworks() : undefined;
    case "get_benchmark":
      return hasOnly(args, ["slug", "value", "per", "segment"]) && isSlug(args.slug) &&
          optional(args.value, isValue) && optional(args.per, isPeriod) &&
          optional(args.segment, isSegment)
        ? tools.get_benchmark({
          slug: args.slug,
          value: args.value,
          per: args.per,
          segment: args.segment,
        })
        : undefined;
    default:
      return undefined;
  }
}

/** An `initialize` whose client description the SDK's schema takes as it is. */
function plainInitialize(params: unknown): params is { protocolVersion: string } {
  if (!hasOnly(params, ["protocolVersion", "capabilities", "clientInfo"])) return false;
  const { protocolVersion, capabilities, clientInfo } = params;
  const info = hasOnly(clientInfo, ["name", "version", "title", "websiteUrl", "description"]) &&
    typeof clientInfo.name === "string" && typeof clientInfo.version === "string" &&
    ["title", "websiteUrl", "description"].every((key) => optional(clientInfo[key], isText));
  const flags = (value: unknown, keys: readonly string[]) =>
    hasOnly(value, keys) && Object.values(value).every((flag) => isPlain(flag));
  const capable = hasOnly(capabilities, ["roots", "sampling", "elicitation"]) &&
    (capabilities.roots === undefined ||
      hasOnly(capabilities.roots, ["listChanged"]) &&
        optional(capabilities.roots.listChanged, isFlag)) &&
    (capabilities.sampling === undefined || flags(capabilities.sampling, ["context", "tools"])) &&
    (capabilities.elicitation === undefined || hasOnly(capabilities.elicitation, []));
  return typeof protocolVersion === "string" && info && capable;
}

/** A plain JSON-RPC request: its id, method and parameters. */
function plainRequest(
  message: unknown,
): { id: string | number; method: string; params: unknown } | undefined {
  if (!hasOnly(message, ["jsonrpc", "id", "method", "params"])) return undefined;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== "2.0" || typeof method !== "string") return undefined;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (params !== undefined && !isPlain(params)) return undefined;
  return { id: id as string | number, method, params };
}

/** The initialized notification, which needs no answer but 202. */
function isInitialized(message: unknown): boolean {
  return hasOnly(message, ["jsonrpc", "method", "params"]) && message.jsonrpc === "2.0" &&
    message.method === "notifications/initialized" && noParams(message.params);
}

/**
 * Whether the headers are ones the SDK takes as they are: both media types, a known version. (The
 * body is not looked at: asking a Deno request for its `body` stream sends the later read of the
 * whole text through JavaScript streams, which under load costs the server tens of MiB.)
 */
function plainHeaders(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  const type = (request.headers.get("content-type") ?? "").toLowerCase().replace(/\s+/g, "");
  const version = request.headers.get("mcp-protocol-version");
  return accept.includes("application/json") && accept.includes("text/event-stream") &&
    (type === "application/json" || type === "application/json;charset=utf-8") &&
    (version === null || MCP_ANSWERS.versions.includes(version));
}

/**
 * The body as text when it is small: read whole when its stated length is small (the server holds
 * a body to its stated length, and one read costs far less memory under load than a reader loop),
 * read up to the limit when no length is stated; undefined when it is larger, with the request
 * to give the SDK (the bytes read so far put back in front of the rest).
 */
async function smallBody(request: Request): Promise<{ text: string } | { request: Request }> {
  const length = request.headers.get("content-length");
  if (length !== null) {
    return /^\d{1,4}$/.test(length) && Number(length) <= MAX_SMALL_BODY
      ? { text: await request.text() }
      : { request };
  }
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_SMALL_BODY) {
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
 * Serves the MCP server over Streamable HTTP. A request whose answer depends only on the catalog
 * and its parameters is answered once, here or by the SDK, and remembered: later requests with
 * the same method and parameters get the same bytes with their own id.
 */
export function createMcpHttpHandler(
  catalog: Catalog,
  { search, model = createReadModel(catalog), sdkOnly = false, sdk: givenSdk }: McpHttpOptions = {},
): (request: Request) => Promise<Response> {
  let index: CatalogSearch | undefined;
  const indexReady = async () => index ??= search ? await search() : createSearch(catalog);
  const tools = catalogTools(catalog, { model, search: () => index ??= createSearch(catalog) });
  const kinds = resourceKinds(model);
  let sdkAnswer: Promise<(request: Request, parsedBody?: unknown) => Promise<Response>> | undefined;
  const sdk = givenSdk ?? (async (request: Request, parsedBody?: unknown) => {
    sdkAnswer ??= Promise.all([import("./mcp.ts"), indexReady()]).then((
      [{ createSdkHttpAnswer }, shared],
    ) => createSdkHttpAnswer(catalog, { search: shared, model }));
    return await (await sdkAnswer)(request, parsedBody);
  });

  /** The result of a plain request when it can be given here, or undefined for the SDK. */
  const answerHere = (method: string, params: unknown): unknown => {
    switch (method) {
      case "initialize":
        // The SDK agrees to the version asked for when it speaks it, and offers its newest if not.
        return plainInitialize(params)
          ? {
            ...MCP_ANSWERS.initialize,
            protocolVersion: MCP_ANSWERS.versions.includes(params.protocolVersion)
              ? params.protocolVersion
              : LATEST_VERSION,
          }
          : undefined;
      case "ping":
        return noParams(params) ? {} : undefined;
      case "tools/list":
        return noParams(params) ? MCP_ANSWERS.toolsList : undefined;
      case "resources/templates/list":
        return noParams(params) ? MCP_ANSWERS.resourceTemplates : undefined;
      case "resources/list":
        return noParams(params)
          ? {
            resources: kinds.flatMap((kind) =>
              kind.list().resources.map((resource) => ({ ...kind.metadata, ...resource }))
            ),
          }
          : undefined;
      case "resources/read": {
        if (!hasOnly(params, ["uri"]) || typeof params.uri !== "string") return undefined;
        const { uri } = params;
        const kind = kinds.find((candidate) => candidate.match(uri) !== undefined);
        const read = kind?.read(uri, kind.match(uri) ?? "");
        return read && "contents" in read ? read : undefined;
      }
      case "tools/call":
        return callTool(tools, params);
      default:
        return undefined;
    }
  };

  // Each remembered answer up to the id: `{"result":…,"jsonrpc":"2.0","id":`.
  const remembered = new Map<string, string>();
  const remember = (key: string, result: unknown): string => {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value ?? "");
    const prefix = `{"result":${JSON.stringify(result)},"jsonrpc":"2.0","id":`;
    remembered.set(key, prefix);
    return prefix;
  };
  // The answer is a string: joining two strings is free, and the runtime writes a string body
  // without the buffer per request that a byte copy, a stream or a Blob of the parts costs.
  const answer = (prefix: string, id: string | number): Response =>
    new Response(`${prefix}${JSON.stringify(id)}}`, {
      status: 200,
      headers: { "content-type": "application/json" },
    });

  return async (request: Request): Promise<Response> => {
    if (sdkOnly || !plainHeaders(request)) return await sdk(request);
    const read = await smallBody(request);
    if ("request" in read) return await sdk(read.request);
    let message: unknown;
    try {
      message = JSON.parse(read.text);
    } catch {
      return await sdk(new Request(request, { body: read.text }));
    }
    if (isInitialized(message)) return new Response(null, { status: 202 });
    const plain = plainRequest(message);
    if (!plain || !REMEMBERED_METHODS.includes(plain.method)) return await sdk(request, message);
    const key = [
      request.headers.get("mcp-protocol-version") ?? "",
      plain.method,
      JSON.stringify(plain.params ?? null),
    ].join("\u0000");
    const known = remembered.get(key);
    if (known !== undefined) return answer(known, plain.id);
    if (plain.method === "tools/call" && isPlain(plain.params) && plain.params.name === "search") {
      await indexReady();
    }
    const result = answerHere(plain.method, plain.params);
    if (result !== undefined) return answer(remember(key, result), plain.id);
    const fromSdk = await sdk(request, message);
    if (fromSdk.status !== 200 || fromSdk.headers.get("content-type") !== "application/json") {
      return fromSdk;
    }
    const body = await fromSdk.text();
    const parsed: unknown = JSON.parse(body);
    if (isPlain(parsed) && "result" in parsed && !("error" in parsed) && parsed.id === plain.id) {
      remember(key, parsed.result);
    }
    return new Response(body, { status: fromSdk.status, headers: fromSdk.headers });
  };
}
