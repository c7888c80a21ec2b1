/**
 * The HTTP entry: load and validate the catalog, then serve it.
 *
 * @module
 */
import { exitOnKnownError, loadCatalogOrExit } from "./lib/deno/entry.ts";
import { serve, serveOptionsFromEnvOrExit } from "./lib/deno/server.ts";

const options = serveOptionsFromEnvOrExit();
const catalog = await loadCatalogOrExit(options.catalogDir);
try {
  serve(catalog, { ...options, exitOnSignal: true });
} catch (error) {
  exitOnKnownError(error);
}
