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

/** The prebuilt site: static answers by path, and handlers for dynamic paths. */
export interface Site {
  assets: Map<string, Asset>;
  dynamic: Map<string, (request: Request) => Response | Promise<Response>>;
  notFoundPage?: Asset;
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
  const dynamic: Site["dynamic"] = new Map([["/mcp", lazyMcpHandler(catalog, baseUrl, search)]]);
  dynamic.set("/search", pages.search);
  const model = createReadModel(catalog);
  return { assets, dynamic, notFoundPage: pages.notFoundPage, search, model };
}

/**
 * The `/mcp` handler, loading the MCP SDK on the first MCP request so that start-up and the
 * other routes do not pay for it.
 */
function lazyMcpHandler(catalog: Catalog, baseUrl: string, search: CatalogSearch) {
  let handler: Promise<(request: Request) => Promise<Response>> | undefined;
  return async (request: Request) => {
    handler ??= import("../agents/mcp.ts").then(({ createMcpHttpHandler }) =>
      createMcpHttpHandler(catalog, { baseUrl, search })
    );
    return (await handler)(request);
  };
}
