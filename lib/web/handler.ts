/**
 * The HTTP handler: one dispatch for every request (routing, `Allow`, preflights and 405 from the
 * route's methods; HEAD as GET without the body), content negotiation, conditional requests and
 * the one place where errors become JSON responses.
 *
 * @module
 */
import {
  type AnswerPlan,
  buildAnswer,
  type BuiltAnswer,
  CACHE_ERROR,
  codingPreference,
  TYPES,
} from "./answer.ts";
import type { Catalog } from "../catalog/load.ts";
import { createReadModel, type ReadModel } from "../read/model.ts";
import { COMMON_HEADERS, PREFLIGHT_HEADERS, REQUEST_HEADER_LIST } from "../policy.ts";
import { Problem } from "../problem.ts";
import type { Route } from "./http_error.ts";
import { onFirstUse } from "./lazy.ts";
import { requestPath } from "./request_path.ts";
import { planSite, type SitePlan } from "./site.ts";

/**
 * A request handler as `Deno.serve` takes it. A runtime whose `Request` URL is already resolved
 * (Node's adapters parse it with `new URL`) passes `{ rawTarget }`, the target as the client sent
 * it, so that dot segments and backslashes are refused there too.
 */
export type Handler = (request: Request, info?: unknown) => Promise<Response>;

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
 * Creates the service's request handler over a catalog: its read model is made here, once, and
 * everything below reads the catalog through it ({@linkcode createModelHandler}).
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
  options: {
    /** The public base address used in absolute links and the OpenAPI `servers`. */
    baseUrl?: string;
    /**
     * Compresses a body's bytes in a coding, once per body and coding; by default with
     * `node:zlib`. A runtime's adapter may bring the runtime's own compressor.
     */
    compress?: (
      bytes: Uint8Array<ArrayBuffer>,
      coding: "gzip" | "br",
    ) => Promise<Uint8Array<ArrayBuffer>>;
  } = {},
): (request: Request, info?: unknown) => Promise<Response> {
  return createModelHandler(createReadModel(catalog), options);
}

/**
 * The request handler over a read model, for an adapter that has made the model already.
 * Everything that depends only on the catalog is planned here; each prebuilt answer is built whole
 * by its first request and kept, so that every later request only looks it up and answers.
 */
export function createModelHandler(
  model: ReadModel,
  { baseUrl = "http://localhost:8000", compress }: Parameters<typeof createHandler>[1] = {},
): Handler {
  const plan = planSite(model, baseUrl.replace(/\/+$/, ""));
  const built = (planned: AnswerPlan) => onFirstUse(() => buildAnswer(planned, compress));
  const site: SiteAnswers = {
    plan,
    answers: new Map([...plan.answers].map(([path, planned]) => [path, built(planned)])),
    notFoundPage: built(plan.notFoundPage),
    redirects: new Map(model.redirects().map(({ from, to }) => [from, to])),
  };
  return async (request, info) => {
    const response = await answerOrError(site, request, rawTargetOf(info));
    return request.method === "HEAD" ? withoutBody(response) : response;
  };
}

/** The plan, and each prebuilt answer, built by its first request. */
interface SiteAnswers {
  plan: SitePlan;
  answers: Map<string, () => Promise<BuiltAnswer>>;
  notFoundPage: () => Promise<BuiltAnswer>;
  /** The addresses that redirect to a page, with the page. */
  redirects: ReadonlyMap<string, string>;
}

/** The answer to a request, or the error answer for whatever it threw. */
async function answerOrError(
  site: SiteAnswers,
  request: Request,
  rawTarget: string | undefined,
): Promise<Response> {
  try {
    return await dispatch(site, request, rawTarget);
  } catch (error) {
    if (error instanceof Problem) return await errorResponse(site, request, error);
    console.error(error);
    return await errorResponse(
      site,
      request,
      new Problem("Internal server error", { status: 500 }),
    );
  }
}

/**
 * A HEAD answer: the GET answer's status and headers, `Content-Length` included, without its body.
 * Every answer is made as for GET; this is the one place HEAD differs.
 */
function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
}

/** The `Allow` value of a route. */
function allowOf(route: Route): string {
  return [...route.methods, "OPTIONS"].join(", ");
}

/**
 * Routes a request: the route's methods decide OPTIONS, `Allow` and 405 (a prebuilt address's
 * route takes GET and HEAD); a dynamic route answers or hands over to the prebuilt answer of its
 * path.
 */
async function dispatch(
  site: SiteAnswers,
  request: Request,
  rawTarget: string | undefined,
): Promise<Response> {
  const path = requestPath(rawTarget === undefined ? request.url : `http://raw${rawTarget}`);
  const route = site.plan.routes.get(path) ?? PREBUILT;
  if (request.method === "OPTIONS") return preflight(allowOf(route), request);
  if (!route.methods.includes(request.method)) {
    throw new Problem(
      `Method "${clip(request.method)}" is not allowed here; use ${route.methods.join(", ")}`,
      { status: 405, headers: { allow: allowOf(route) } },
    );
  }
  return await route.handle(request) ?? await prebuilt(site, path, request);
}

/** The prebuilt answer of `path`, a redirect to the page it names another way, or a 404. */
async function prebuilt(site: SiteAnswers, path: string, request: Request): Promise<Response> {
  const answer = site.answers.get(path);
  if (answer !== undefined) return respond(await answer(), request);
  const location = site.redirects.get(path) ?? aliasTarget(site, path);
  if (location !== undefined) return permanentRedirect(location);
  throw notFound(site, path);
}

/**
 * A built answer's response: the body of the first coding the client prefers that the answer has
 * (else identity), or 304 when the client's `If-None-Match` holds that body's ETag.
 */
function respond(answer: BuiltAnswer, request: Request): Response {
  const preferred = codingPreference(request.headers.get("accept-encoding"))
    .find((coding) => answer.bodies[coding] !== undefined);
  const body = answer.bodies[preferred ?? "identity"] ?? answer.bodies.identity;
  if (answer.status === 200 && matchesEtag(request.headers.get("if-none-match"), body.etag)) {
    const { "content-length": _, ...headers } = body.headers;
    return new Response(null, { status: 304, headers });
  }
  return new Response(body.bytes, { status: answer.status, headers: body.headers });
}

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.slice(0, 4096).split(",").some((tag) =>
    tag.trim().replace(/^W\//, "") === etag
  );
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

function notFound(site: SiteAnswers, path: string): Problem {
  const match = /^\/api\/(metrics|frameworks)\/([^/]+)$/.exec(path);
  if (match) {
    const [, collection = "", slug = ""] = match;
    const found = site.plan.model.get(collection === "metrics" ? "metric" : "framework", slug);
    if (!found.ok) {
      // The record the slug names another way, by its address: what to ask instead.
      const [named, ...others] = found.notFound.aliasOf;
      const address = named !== undefined && others.length === 0
        ? `; its address is /api/${collection}/${named}`
        : "";
      return new Problem(`${found.notFound.message}${address}`, { status: 404 });
    }
  }
  if (isApiPath(path)) return new Problem(`No API endpoint at "${clip(path)}"`, { status: 404 });
  return new Problem(`No page at "${clip(path)}"`, { status: 404 });
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

/** The one place where errors become responses: JSON under `/api/`, the HTML page elsewhere. */
async function errorResponse(
  site: SiteAnswers,
  request: Request,
  error: Problem,
): Promise<Response> {
  // An unparsable URL is answered as an API error.
  const path = URL.canParse(request.url) ? new URL(request.url).pathname : "";
  if (error.status === 404 && !isApiPath(path)) {
    let page: BuiltAnswer;
    try {
      page = await site.notFoundPage();
    } catch (failure) {
      // A page that fails to render still leaves a JSON 404; the next one tries it again.
      console.error(failure);
      return jsonError(error);
    }
    const headers = errorHeaders(error);
    for (const [name, value] of Object.entries(page.headers ?? {})) headers.set(name, value);
    headers.set("content-type", page.contentType);
    return withBody(page.bodies.identity.bytes, { status: 404, headers });
  }
  return jsonError(error);
}

/** The headers every error answer carries, with its own (such as `Allow`) and its cache policy. */
function errorHeaders(error: Problem): Headers {
  const headers = new Headers({ ...COMMON_HEADERS, ...error.headers });
  headers.set("cache-control", error.status === 404 ? CACHE_ERROR : "no-store");
  return headers;
}

/** An error as the JSON body `{"error": message}`. */
function jsonError(error: Problem): Response {
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
