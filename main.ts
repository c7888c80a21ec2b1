/**
 * The HTTP entry: load and validate the catalog, then serve it.
 *
 * @module
 */
import {
  EMBEDDED_CATALOG,
  loadCatalogOrExit,
  serve,
  serveOptionsFromEnvOrExit,
} from "./lib/mod.ts";

const options = serveOptionsFromEnvOrExit();
const catalog = await loadCatalogOrExit(options.catalogDir ?? EMBEDDED_CATALOG);
serve(catalog, { ...options, exitOnSignal: true });
