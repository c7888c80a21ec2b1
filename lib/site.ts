/**
 * Everything the service answers, built once from the catalog: the API documents, and the
 * handlers of the few paths that are not static.
 *
 * @module
 */
import { apiAssets } from "./api.ts";
import type { Asset } from "./assets.ts";
import type { Catalog } from "./catalog.ts";

/** The prebuilt site: static answers by path, and handlers for dynamic paths. */
export interface Site {
  assets: Map<string, Asset>;
  dynamic: Map<string, (request: Request) => Response | Promise<Response>>;
  notFoundPage?: Asset;
}

/** Builds every response that depends only on the catalog and the base address. */
export function buildSite(catalog: Catalog, baseUrl: string): Site {
  return { assets: apiAssets(catalog, baseUrl), dynamic: new Map() };
}
