/**
 * `POST /mcp`: every request is answered by the MCP SDK's server and transport (`mcp.ts`),
 * stateless, with JSON answers. In front of them, one small cache: a request whose message and
 * headers the SDK has answered with a result before gets that result again, in a JSON-RPC answer
 * under its own id. The route in front checks the method and the `Host` and `Origin` headers.
 *
 * @module
 */
import type { ReadModel } from "../read/model.ts";
import { COMMON_HEADERS } from "../policy.ts";

/** How many answers the cache keeps, the oldest dropped first. */
const CACHED_ANSWERS = 256;
/** A body of this stated length or less is read here, so that its answer can be cached. */
const CACHED_BODY_BYTES = 4096;

/** A result the SDK gave, as JSON text, with its answer's headers and the common ones. */
interface CachedAnswer {
  result: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * Serves the MCP server over Streamable HTTP, with the read model (and so the search index) the
 * rest of the site shares. The SDK loads with the first request.
 */
export function createMcpHttpHandler(model: ReadModel): (request: Request) => Promise<Response> {
  let loaded: Promise<(request: Request, parsedBody?: unknown) => Promise<Response>> | undefined;
  const sdk = () =>
    loaded ??= import("./mcp.ts").then(({ createSdkHttpAnswer }) => createSdkHttpAnswer(model));
  const cache = new Map<string, CachedAnswer>();

  return async (request) => {
    const length = request.headers.get("content-length");
    if (length === null || !/^\d{1,4}$/.test(length) || Number(length) > CACHED_BODY_BYTES) {
      return withCommonHeaders(await (await sdk())(request));
    }
    const text = await request.text();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      // The SDK words the parse error.
      return withCommonHeaders(await (await sdk())(new Request(request, { body: text })));
    }
    const key = cacheKey(request, message);
    if (key === undefined) return withCommonHeaders(await (await sdk())(request, message));
    const { id } = key;
    const cached = cache.get(key.text);
    if (cached !== undefined) return cachedResponse(cached, id);
    const answer = await (await sdk())(request, message);
    const body = await answer.text();
    const headers = { ...COMMON_HEADERS, ...Object.fromEntries(answer.headers) };
    const result = answer.status === 200 ? resultOf(body) : undefined;
    if (result !== undefined) {
      if (cache.size >= CACHED_ANSWERS) cache.delete(cache.keys().next().value ?? "");
      cache.set(key.text, { result: JSON.stringify(result), headers });
    }
    return new Response(body, { status: answer.status, headers });
  };
}

/**
 * The cache key of a single request with a string or integer id: the headers the transport reads
 * and the whole message but its id. Notifications, batches and anything else have none.
 */
function cacheKey(
  request: Request,
  message: unknown,
): { text: string; id: string | number } | undefined {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  if (!("id" in message && "method" in message)) return undefined;
  const { id, ...rest } = message;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  const text = [
    request.headers.get("accept"),
    request.headers.get("content-type"),
    request.headers.get("mcp-protocol-version"),
    JSON.stringify(rest),
  ].join("\n");
  return { text, id: id as string | number };
}

/** The result of a JSON-RPC answer, or `undefined` for an error or anything else. */
function resultOf(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "result" in parsed) return parsed.result;
  } catch {
    // Not JSON: not cached.
  }
  return undefined;
}

/** A cached result, answered under the request's id. */
function cachedResponse(cached: CachedAnswer, id: string | number): Response {
  return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${cached.result}}`, {
    status: 200,
    headers: cached.headers,
  });
}

/** The SDK's answer with the common headers: a new response of its status, headers and body. */
async function withCommonHeaders(answer: Response): Promise<Response> {
  return new Response(answer.body === null ? null : await answer.text(), {
    status: answer.status,
    headers: { ...COMMON_HEADERS, ...Object.fromEntries(answer.headers) },
  });
}
