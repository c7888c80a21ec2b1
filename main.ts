/**
 * The HTTP entry: load and validate the catalog, then serve it.
 *
 * @module
 */
import { exitOnKnownError, loadCatalogOrExit } from "./lib/deno/entry.ts";
import { serve, serveOptionsFromEnvOrExit } from "./lib/deno/server.ts";
import { createReadModel } from "./lib/read/model.ts";

const options = serveOptionsFromEnvOrExit();
const model = createReadModel(await loadCatalogOrExit(options.catalogDir));
try {
  serve(model, { ...options, exitOnSignal: true });
} catch (error) {
  exitOnKnownError(error);
}
