/**
 * Everything the service answers, built once from the catalog: the API documents, the pages and
 * llms files, and the handlers of the few paths that are not static.
 *
 * @module
 */
import { apiAssets } from "./api.ts";
import { type Asset, createAsset, TYPES } from "./assets.ts";
import type { Catalog } from "../catalog/load.ts";
import { llmsDocuments } from "../agents/llms.ts";
import { buildPages } from "./pages/mod.ts";
import { type CatalogSearch, createSearch } from "../read/search.ts";
import { createReadModel, type ReadModel } from "../read/model.ts";
import { HttpError, type Route } from "./http_error.ts";

/** The prebuilt site: static answers by path, and handlers for dynamic paths. */
export interface Site {
  /** The prebuilt answers by path. */
  assets: Map<string, Asset>;
  /** The addresses that are not (only) prebuilt, with their methods and handlers. */
  routes: Map<string, Route>;
  /** The HTML answer for an unknown page outside `/api/`. */
  notFoundPage?: Asset;
  /** The search index the pages and MCP share. */
  search: CatalogSearch;
  /** The read model the dynamic answers and not-found messages use. */
  model: ReadModel;
}

/** Builds every response that depends only on the catalog and the base address. */
export function buildSite(catalog: Catalog, baseUrl: string): Site {
  const search = createSearch(catalog);
  const pages = buildPages(catalog, { baseUrl, search });
  const assets = new Map([
    ...apiAssets(catalog, baseUrl),
    ...[...llmsDocuments(catalog, baseUrl)].map(([path, document]) =>
      [path, createAsset(document.text, TYPES[document.kind])] as const
    ),
    ...pages.assets,
  ]);
  const routes = new Map<string, Route>([
    ["/search", { methods: ["GET", "HEAD"], handle: pages.search }],
    ["/mcp", { methods: ["POST"], handle: mcpRoute(catalog, baseUrl, search) }],
  ]);
  const model = createReadModel(catalog);
  return { assets, routes, notFoundPage: pages.notFoundPage, search, model };
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The `/mcp` route, stateless: POST only (no stream to GET, no session to DELETE). It loads the
 * MCP SDK on the first MCP request, so that start-up and the other routes do not pay for it.
 * DNS-rebinding protection: the `Host` header must be the base address's host or a loopback name,
 * and a browser `Origin`, when sent, must be one of those too; host names compare without case.
 */
function mcpRoute(catalog: Catalog, baseUrl: string, search: CatalogSearch) {
  const baseHost = new URL(baseUrl).host.toLowerCase();
  const allowed = (host: string) => {
    const lower = host.toLowerCase();
    return lower === baseHost || LOOPBACK.test(lower);
  };
  let handler: Promise<(request: Request) => Promise<Response>> | undefined;
  return async (request: Request) => {
    const host = request.headers.get("host") ?? new URL(request.url).host;
    const origin = request.headers.get("origin");
    const originHost = origin === null
      ? undefined
      : URL.canParse(origin)
      ? new URL(origin).host
      : "invalid";
    if (!allowed(host) || (originHost !== undefined && !allowed(originHost))) {
      throw new HttpError(
        403,
        "Host or Origin not allowed for /mcp (DNS-rebinding protection); set BASE_URL",
      );
    }
    handler ??= import("../agents/mcp.ts").then(({ createMcpHttpHandler }) =>
      createMcpHttpHandler(catalog, { search })
    );
    return (await handler)(request);
  };
}
