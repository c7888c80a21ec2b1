/**
 * The HTTP entry: load and validate the catalog, then serve it.
 *
 * @module
 */
import { loadCatalogOrExit } from "./lib/deno/entry.ts";
import { serve, serveOptionsFromEnvOrExit } from "./lib/deno/server.ts";

const options = serveOptionsFromEnvOrExit();
const catalog = await loadCatalogOrExit(options.catalogDir);
serve(catalog, { ...options, exitOnSignal: true });
