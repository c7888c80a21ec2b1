/**
 * The metrics catalog as a library: load and validate a catalog, read it through the read model
 * (lookups by slug, name or abbreviation, filters, benchmarks with their sources), and answer HTTP
 * requests with the service's own handler; with the record types they return.
 * Web standards only: it runs the same on Deno and Node, and starts no server and ends no process.
 *
 * @example Look a metric up by its abbreviation in the catalog the library ships with
 * ```ts
 * import assert from "node:assert/strict";
 * import { createReadModel, loadCatalog } from "./mod.ts";
 * const model = createReadModel(await loadCatalog());
 * const found = model.resolve("metric", "NRR");
 * assert.ok(found.ok);
 * assert.equal(found.record.slug, "net-revenue-retention");
 * assert.equal(found.alias, "NRR");
 * ```
 *
 * @example Answer a request in process, as the service does
 * ```ts
 * import assert from "node:assert/strict";
 * import { createHandler, loadCatalog } from "./mod.ts";
 * const handle = createHandler(await loadCatalog(), { baseUrl: "https://metrics.example" });
 * const response = await handle(new Request("https://metrics.example/api/metrics/churn-rate"));
 * assert.equal(response.status, 200);
 * assert.equal((await response.json()).name, "Customer Churn Rate");
 * ```
 *
 * @example Validate a catalog's Markdown files; a problem names its file and field
 * ```ts
 * import assert from "node:assert/strict";
 * import { CatalogError, loadCatalog } from "./mod.ts";
 * const catalog = await loadCatalog(undefined, { prebuilt: false });
 * assert.equal(catalog.frameworks.length, 4);
 * await assert.rejects(
 *   loadCatalog(new URL("./no-such-catalog/", import.meta.url)),
 *   (error) => error instanceof CatalogError && /cannot read the folder/.test(error.message),
 * );
 * ```
 *
 * @module
 */
export { CatalogError, loadCatalog } from "./catalog/load.ts";
export { Problem } from "./problem.ts";
export {
  createReadModel,
  type Lookup,
  type MetricPair,
  type NotFound,
  type Order,
  type ReadModel,
  type RecordKind,
} from "./read/model.ts";
export type { FigureRow } from "./read/benchmarks.ts";
export type { CatalogSearch, SearchDocuments, SearchHit, SearchOptions } from "./read/search.ts";
export { createHandler } from "./web/handler.ts";
export type { Catalog, MetricRecord } from "./catalog/records.ts";
export type { Figure } from "./catalog/figures.ts";
export type {
  BenchmarkFigure,
  Benchmarks,
  Calculator,
  Comparison,
  Framework,
  Metric,
  Period,
  Source,
  Tag,
  Unit,
  Vocabulary,
} from "./catalog/record_types.ts";
