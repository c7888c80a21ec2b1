import assert from "node:assert/strict";
import {
  catalogOnlyOf,
  METRIC_CATALOG_ONLY,
  toApiMetric,
  withoutCatalogOnly,
} from "../../lib/catalog/records.ts";
import { loadCatalog } from "../../lib/mod.ts";

Deno.test("toApiMetric() leaves out exactly the catalog-only fields, the rest in order", async () => {
  const catalog = await loadCatalog();
  for (const record of catalog.metrics) {
    const api = toApiMetric(record);
    const expected = Object.keys(record).filter((key) =>
      !(METRIC_CATALOG_ONLY as readonly string[]).includes(key)
    );
    assert.deepEqual(Object.keys(api), expected);
  }
  const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate");
  assert.ok(churn?.benchmarksReviewed && churn.calculator);
  assert.ok(!("benchmarksReviewed" in toApiMetric(churn)) && !("calculator" in toApiMetric(churn)));
});

Deno.test("withoutCatalogOnly() and catalogOnlyOf() split a record along METRIC_CATALOG_ONLY", () => {
  const record = { notComputable: "a curve", name: "A", benchmarksReviewed: "2026-11-01" };
  assert.deepEqual(withoutCatalogOnly(record), { name: "A" });
  const kept = catalogOnlyOf({ ...record, comparison: undefined });
  assert.deepEqual(Object.keys(kept), ["benchmarksReviewed", "notComputable"]);
});
