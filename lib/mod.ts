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
  prebuildCatalog,
  type Prebuilt,
} from "./catalog/load.ts";
export {
  ARTIFACT_FILE,
  type ArtifactRead,
  artifactText,
  type CatalogArtifact,
  type CatalogDigests,
  catalogDigests,
  catalogFromArtifact,
  FORMAT as ARTIFACT_FORMAT,
  readArtifact,
} from "./catalog/artifact.ts";
export {
  type CalcResult,
  calculate,
  type Calculator,
  type CalculatorInput,
} from "./catalog/calculator.ts";
export {
  type Comparison,
  type Conversion,
  CONVERSIONS,
  type Direction,
  DIRECTIONS,
  type Figure,
  type Period,
  PERIODS,
  type SegmentKey,
  type SegmentValue,
  type Statistic,
  STATISTICS,
  type Unit,
  UNITS,
  type Vocabulary,
} from "./catalog/figures.ts";
export { exitOnKnownError, loadCatalogOrExit, permissionHint, readEnv } from "./deno/entry.ts";
export { type CliIo, runCli } from "./cli/main.ts";
export { createHandler, type Handler, type HandlerOptions } from "./web/handler.ts";
export { serve, serveOptionsFromEnvOrExit } from "./deno/server.ts";
export { baseUrlFor, type ServeOptions } from "./cli/config.ts";
export {
  type BenchmarkFigure,
  type Benchmarks,
  type ContentValues,
  displayName,
  type FieldContent,
  type FieldOf,
  type FieldSpec,
  type Framework,
  FRAMEWORK_FIELDS,
  type FrameworkComponent,
  type FrameworkSummary,
  type Metric,
  METRIC_FIELDS,
  type MetricRecord,
  type MetricSummary,
  type SearchHit,
  type Section,
  sectionsOf,
  sectionText,
  SLUG_PATTERN,
  type Source,
  type Tag,
  TAGS,
  toApiMetric,
} from "./catalog/records.ts";
export * from "./policy.ts";
export {
  type CatalogSearch,
  createSearch,
  type SearchOptions,
  type SearchResult,
  type Snippet,
} from "./read/search.ts";
export { closestSlugs, nameKey } from "./read/text.ts";
export {
  byName,
  createReadModel,
  frameworkSummary,
  type Inclusion,
  type Lookup,
  metricBenchmarks,
  type MetricFilter,
  metricSummary,
  type NotFound,
  type ReadModel,
  type RecordKind,
  type RecordOf,
} from "./read/model.ts";
export {
  type Asset,
  type AssetOptions,
  type AssetSource,
  assetSource,
  type Body,
  buildAsset,
  type Coding,
  codingPreference,
  createAsset,
  type Variant,
} from "./web/assets.ts";
export { HttpError, type Route } from "./web/http_error.ts";
export { type CatalogFiles, type LoadOptions } from "./catalog/load.ts";
export { type CatalogDir } from "./catalog/folder.ts";
export { citedSources } from "./catalog/citations.ts";
export {
  formatBenchmarks,
  formatFramework,
  formatFrameworkList,
  formatHits,
  formatMetric,
  formatMetricList,
  type FrameworkTextOptions,
  type TextStyle,
} from "./cli/output.ts";
export { buildSite, planSite, type Site, type SitePlan } from "./web/site.ts";
export { buildPages, type Pages, type PagesOptions } from "./web/pages/mod.ts";
export {
  type ErrorFile,
  type ExportEntry,
  ExportError,
  type ExportOptions,
  type ExportPlan,
  type ExportReport,
  exportSite,
  planExport,
} from "./export/export.ts";
