/**
 * The public surface of the catalog library: what `main.ts`, `cli.ts` and the tests use.
 *
 * @module
 */
export {
  type Catalog,
  CatalogError,
  EMBEDDED_CATALOG,
  isPermissionError,
  loadCatalog,
} from "./catalog/load.ts";
export { exitOnKnownError, loadCatalogOrExit, permissionHint, readEnv } from "./deno/entry.ts";
export { type CliIo, runCli } from "./cli/main.ts";
export { createHandler, type Handler, type HandlerOptions } from "./web/handler.ts";
export {
  baseUrlFor,
  parsePort,
  serve,
  type ServeOptions,
  serveOptionsFromEnv,
  serveOptionsFromEnvOrExit,
} from "./deno/server.ts";
export { buildOpenApi, componentSchemas } from "./web/openapi.ts";
export * from "./catalog/schema.ts";
export * from "./policy.ts";
export {
  type CatalogSearch,
  createSearch,
  type SearchHit,
  type SearchOptions,
} from "./read/search.ts";
export { closestSlugs } from "./read/text.ts";
export {
  type Benchmarks,
  createReadModel,
  type FrameworkSummary,
  frameworkSummary,
  type Lookup,
  metricBenchmarks,
  type MetricFilter,
  type MetricSummary,
  metricSummary,
  nameKey,
  type NotFound,
  type ReadModel,
  type RecordKind,
} from "./read/model.ts";
export { citedSources } from "./catalog/citations.ts";
export {
  formatBenchmarks,
  formatFramework,
  formatFrameworkList,
  formatHits,
  formatMetric,
  formatMetricList,
  type TextStyle,
} from "./cli/output.ts";
export { llmsFullTxt, llmsTxt } from "./agents/llms.ts";
export { buildSite, type Site } from "./web/site.ts";
export { buildPages, type Pages, type PagesOptions } from "./web/pages/mod.ts";
export {
  ExportError,
  type ExportOptions,
  type ExportPlan,
  type ExportReport,
  exportSite,
  planExport,
} from "./export/export.ts";
