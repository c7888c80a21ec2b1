/**
 * The public surface of the catalog library: what `main.ts`, `cli.ts` and the tests use.
 *
 * @module
 */
export {
  type Catalog,
  CatalogError,
  EMBEDDED_CATALOG,
  loadCatalog,
  loadCatalogOrExit,
} from "./catalog.ts";
export { createHandler, type Handler, type HandlerOptions } from "./http.ts";
export {
  baseUrlFor,
  parsePort,
  serve,
  type ServeOptions,
  serveOptionsFromEnv,
  serveOptionsFromEnvOrExit,
} from "./server.ts";
export { buildOpenApi, componentSchemas } from "./openapi.ts";
export * from "./schema.ts";
export { type CatalogSearch, createSearch, type SearchHit, type SearchOptions } from "./search.ts";
export { closestSlugs } from "./_text.ts";
export {
  formatBenchmarks,
  formatFramework,
  formatFrameworkList,
  formatHits,
  formatMetric,
  formatMetricList,
  type TextStyle,
} from "./cli_output.ts";
export { llmsFullTxt, llmsTxt } from "./llms.ts";
export { buildSite, type Site } from "./site.ts";
export { buildPages, type Pages, type PagesOptions } from "./pages.ts";
export {
  ExportError,
  type ExportOptions,
  type ExportPlan,
  type ExportReport,
  exportSite,
  planExport,
} from "./export.ts";
