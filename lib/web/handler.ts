/**
 * The HTTP handler: one dispatch for every request (routing, `Allow`, preflights and 405 from the
 * route's methods; HEAD as GET without the body), content negotiation, conditional requests and
 * the one place where errors become JSON responses.
 *
 * @module
 */
import { LazyAnswer } from "./_lazy_answer.ts";
import { type AnswerPlan, CACHE_ERROR, TYPES } from "./answer.ts";
import type { Catalog } from "../catalog/load.ts";
import { COMMON_HEADERS, PREFLIGHT_HEADERS, REQUEST_HEADER_LIST } from "../policy.ts";
import { HttpError, type Route } from "./http_error.ts";
import { requestPath } from "./request_path.ts";

export { HttpError };
import { planSite, type SitePlan } from "./site.ts";

/**
 * A request handler as `Deno.serve` takes it. A runtime whose `Request` URL is already resolved
 * (Node's adapters parse it with `new URL`) passes `{ rawTarget }`, the target as the client sent
 * it, so that dot segments and backslashes are refused there too.
 */
export type Handler = (request: Request, info?: unknown) => Response | Promise<Response>;

/** The raw request target a runtime adapter passed along (`{ rawTarget }`), if any. */
function rawTargetOf(info: unknown): string | undefined {
  return typeof info === "object" && info !== null && "rawTarget" in info &&
      typeof info.rawTarget === "string"
    ? info.rawTarget
    : undefined;
}

const ENCODER = new TextEncoder();

/** The route of every prebuilt address: GET and HEAD, answered by its prebuilt answer. */
const PREBUILT: Route = { methods: ["GET", "HEAD"], handle: () => undefined };

/**
 * Creates the service's request handler. Everything that depends only on the catalog is planned
 * here and made once, on first use: the first request for an address makes its body, the first
 * that accepts a compression makes that compressed body, and every later one only looks up and
 * answers.
 *
 * @example Answer a request in-process
 * ```ts
 * import assert from "node:assert/strict";
 * import { createHandler, loadCatalog } from "../mod.ts";
 * const handler = createHandler(await loadCatalog());
 * const response = await handler(new Request("http://localhost/api/metrics/churn-rate"));
 * assert.equal(response.status, 200);
 * ```
 */
export function createHandler(
  catalog: Catalog,
  { baseUrl = "http://localhost:8000", bodyResponse, compress }: {
    /** The public base address used in absolute links and the OpenAPI `servers`. */
    baseUrl?: string;
    /**
     * Makes the `Response` of a prebuilt answer from the bytes every answer with that body shares;
     * by default `new Response(bytes, { status })`, which gives each caller a body of its own. A
     * server that sends each response and reads nothing of it may pass one that shares the bytes
     * instead of copying them.
     */
    bodyResponse?: (bytes: Uint8Array<ArrayBuffer>, status: number) => Response;
    /**
     * Compresses a body's bytes in a coding, once per body and coding; by default `node:zlib`
     * (gzip at level 6, brotli at quality 5). A runtime's adapter may bring a compressor that
     * costs its process less.
     */
    compress?: (
      bytes: Uint8Array<ArrayBuffer>,
      coding: "gzip" | "br",
    ) => Promise<Uint8Array<ArrayBuffer>>;
  } = {},
): Handler {
  const plan = planSite(catalog, baseUrl.replace(/\/+$/, ""));
  const answer = (planned: AnswerPlan) =>
    new LazyAnswer(planned, COMMON_HEADERS, {
      ...(bodyResponse ? { bodyResponse } : {}),
      ...(compress ? { compress } : {}),
    });
  let redirects: ReadonlyMap<string, string> | undefined;
  const site: SiteAnswers = {
    plan,
    answers: new Map([...plan.answers].map(([path, planned]) => [path, answer(planned)])),
    notFoundPage: answer(plan.notFoundPage),
    redirects: () =>
      redirects ??= new Map(plan.model.redirects().map(({ from, to }) => [from, to])),
  };
  return (request, info) => {
    const response = answerOrError(site, request, rawTargetOf(info));
    if (request.method !== "HEAD") return response;
    return response instanceof Promise ? response.then(withoutBody) : withoutBody(response);
  };
}

/** The plan, and the answers made from it so far. */
interface SiteAnswers {
  plan: SitePlan;
  answers: Map<string, LazyAnswer>;
  notFoundPage: LazyAnswer;
  /** The addresses that redirect to a page, with the page; worked out on the first miss. */
  redirects: () => ReadonlyMap<string, string>;
}

/** The answer to a request, or the error answer for whatever it threw. */
function answerOrError(
  site: SiteAnswers,
  request: Request,
  rawTarget: string | undefined,
): Response | Promise<Response> {
  const fail = (error: unknown): Response | Promise<Response> => {
    if (error instanceof HttpError) return errorResponse(site, request, error);
    console.error(error);
    return errorResponse(site, request, new HttpError(500, "Internal server error"));
  };
  try {
    const response = dispatch(site, request, rawTarget);
    return response instanceof Promise ? response.catch(fail) : response;
  } catch (error) {
    return fail(error);
  }
}

/**
 * A HEAD answer: the GET answer's status and headers, `Content-Length` included, without its body.
 * Every answer is made as for GET; this is the one place HEAD differs.
 */
function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
}

/** The `Allow` value of each route, worked out once. */
const ALLOW = new WeakMap<Route, string>();

function allowOf(route: Route): string {
  let allow = ALLOW.get(route);
  if (allow === undefined) {
    allow = [...route.methods, "OPTIONS"].join(", ");
    ALLOW.set(route, allow);
  }
  return allow;
}

/**
 * Routes a request: the route's methods decide OPTIONS, `Allow` and 405 (a prebuilt address's
 * route takes GET and HEAD); a dynamic route answers or hands over to the prebuilt answer of its
 * path. A prebuilt answer is returned at once, without waiting on a promise.
 */
function dispatch(
  site: SiteAnswers,
  request: Request,
  rawTarget: string | undefined,
): Response | Promise<Response> {
  const path = requestPath(rawTarget === undefined ? request.url : `http://raw${rawTarget}`);
  const route = site.plan.routes.get(path) ?? PREBUILT;
  if (request.method === "OPTIONS") return preflight(allowOf(route), request);
  if (!route.methods.includes(request.method)) {
    throw new HttpError(
      405,
      `Method "${clip(request.method)}" is not allowed here; use ${route.methods.join(", ")}`,
      { allow: allowOf(route) },
    );
  }
  if (route === PREBUILT) return prebuilt(site, path, request);
  return Promise.resolve(route.handle(request)).then((dynamic) =>
    dynamic ? withCommonHeaders(dynamic) : prebuilt(site, path, request)
  );
}

/** The prebuilt answer of `path`, a redirect to the page it names another way, or a 404. */
function prebuilt(site: SiteAnswers, path: string, request: Request): Response | Promise<Response> {
  const answer = site.answers.get(path);
  if (answer !== undefined) return answer.answer(request);
  const location = site.redirects().get(path) ?? aliasTarget(site, path);
  if (location !== undefined) return permanentRedirect(location);
  throw notFound(site, path);
}

/**
 * The page of a record that a page address names by an abbreviation or an everyday name in any
 * case (`/metrics/NRR`); the JSON API keeps its slugs exact.
 */
function aliasTarget(site: SiteAnswers, path: string): string | undefined {
  const match = /^\/(metrics|frameworks)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  const [, collection = "", name = ""] = match;
  const found = site.plan.model.resolve(collection === "metrics" ? "metric" : "framework", name);
  if (!found.ok || found.alias === undefined) return undefined;
  return `/${collection}/${found.record.slug}`;
}

/** A permanent redirect that keeps the method (308), uncached, with the common headers. */
function permanentRedirect(location: string): Response {
  return new Response(null, {
    status: 308,
    headers: {
      ...COMMON_HEADERS,
      location,
      "cache-control": "no-store",
      "content-length": "0",
    },
  });
}

function notFound(site: SiteAnswers, path: string): HttpError {
  const match = /^\/api\/(metrics|frameworks)\/([^/]+)$/.exec(path);
  if (match) {
    const [, collection = "", slug = ""] = match;
    const found = site.plan.model.get(collection === "metrics" ? "metric" : "framework", slug);
    if (!found.ok) return new HttpError(404, found.notFound.message);
  }
  if (isApiPath(path)) return new HttpError(404, `No API endpoint at "${clip(path)}"`);
  return new HttpError(404, `No page at "${clip(path)}"`);
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

function clip(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * The preflight answer: the address's methods, and the request headers the browser asks for
 * reflected back (a credential-free public API allows any header), when they are a plain list of
 * header names.
 */
function preflight(methods: string, request: Request): Response {
  const headers = new Headers({
    ...COMMON_HEADERS,
    "access-control-allow-methods": methods,
    ...PREFLIGHT_HEADERS,
  });
  const requested = request.headers.get("access-control-request-headers");
  if (requested !== null && REQUEST_HEADER_LIST.test(requested)) {
    headers.set("access-control-allow-headers", requested);
  }
  return new Response(null, { status: 204, headers });
}

function withCommonHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(COMMON_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** The one place where errors become responses: JSON under `/api/`, the HTML page elsewhere. */
function errorResponse(
  site: SiteAnswers,
  request: Request,
  error: HttpError,
): Response | Promise<Response> {
  let path = "";
  try {
    path = new URL(request.url).pathname;
  } catch {
    // An unparsable URL is answered as an API error.
  }
  if (error.status === 404 && !isApiPath(path)) {
    const page = site.notFoundPage;
    const headers = errorHeaders(error);
    for (const [name, value] of Object.entries(page.plan.headers ?? {})) headers.set(name, value);
    headers.set("content-type", page.plan.contentType);
    const body = page.identityBytes();
    if (!(body instanceof Promise)) return withBody(body, { status: 404, headers });
    return body.then(
      (bytes) => withBody(bytes, { status: 404, headers }),
      (failure) => {
        // A page that fails to render still leaves a JSON 404; the next one tries it again.
        console.error(failure);
        return jsonError(error);
      },
    );
  }
  return jsonError(error);
}

/** The headers every error answer carries, with its own (such as `Allow`) and its cache policy. */
function errorHeaders(error: HttpError): Headers {
  const headers = new Headers({ ...COMMON_HEADERS, ...error.headers });
  headers.set("cache-control", error.status === 404 ? CACHE_ERROR : "no-store");
  return headers;
}

/** An error as the JSON body `{"error": message}`. */
function jsonError(error: HttpError): Response {
  const headers = errorHeaders(error);
  headers.set("content-type", TYPES.json);
  return withBody(ENCODER.encode(JSON.stringify({ error: error.message })), {
    status: error.status,
    headers,
  });
}

/** An answer with its body and its `Content-Length`. */
function withBody(
  body: Uint8Array<ArrayBuffer>,
  { status, headers }: { status: number; headers: Headers },
): Response {
  headers.set("content-length", String(body.byteLength));
  return new Response(body, { status, headers });
}
