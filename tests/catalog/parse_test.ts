import assert from "node:assert/strict";
import type { z } from "zod";
import type { OmitsSections, SameNames } from "../../lib/catalog/parse.ts";
import {
  FrameworkFrontMatterSchema,
  MetricFrontMatterSchema,
  MetricSchema,
} from "../../lib/catalog/schema.ts";
import {
  FRAMEWORK_FIELDS,
  METRIC_CATALOG_ONLY,
  METRIC_FIELDS,
  type MetricCatalogField,
  type MetricCatalogValues,
  type MetricSectionField,
} from "../../lib/catalog/records.ts";
import { loadCatalog } from "../../lib/mod.ts";

Deno.test("the front matters' schemas leave out every ## section of the field tables", () => {
  const kept = (shape: object, fields: readonly { key: string; in: string }[]) =>
    fields.filter((field) => field.in === "body" && field.key in shape).map(({ key }) => key);
  assert.deepEqual(kept(MetricFrontMatterSchema.shape, METRIC_FIELDS), []);
  assert.deepEqual(kept(FrameworkFrontMatterSchema.shape, FRAMEWORK_FIELDS), []);
});

Deno.test("the compiler refuses a metric front matter schema that keeps a ## section", () => {
  // The front matter's schema as it would be with the `## Tools` section left off its omit list.
  const keepsTools = MetricFrontMatterSchema.extend({ tools: MetricSchema.shape.tools });
  assert.ok("tools" in keepsTools.shape);
  // @ts-expect-error `tools` is the `## Tools` section, which this front matter would also take.
  true satisfies OmitsSections<z.infer<typeof keepsTools>, MetricSectionField>;
  // The project's own front matter passes the same check.
  true satisfies OmitsSections<z.infer<typeof MetricFrontMatterSchema>, MetricSectionField>;
});

Deno.test("the compiler refuses a catalog-only list that differs from the front matter's fields", () => {
  true satisfies SameNames<keyof MetricCatalogValues, MetricCatalogField>;
  // @ts-expect-error the front matter's `notComputable` is missing from this list.
  true satisfies SameNames<keyof MetricCatalogValues, Exclude<MetricCatalogField, "notComputable">>;
  // @ts-expect-error `reviewedBy` is no field of the front matter.
  true satisfies SameNames<keyof MetricCatalogValues, MetricCatalogField | "reviewedBy">;
});

Deno.test("a metric read from its Markdown file holds the catalog-only fields after the API's, in the list's order", async () => {
  const catalog = await loadCatalog(undefined, { prebuilt: false });
  const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate");
  assert.ok(churn?.calculator && churn.figures && churn.comparison);
  const keys = Object.keys(churn);
  const tail = keys.slice(keys.length - 4);
  assert.deepEqual(tail, METRIC_CATALOG_ONLY.filter((field) => field in churn));
  assert.ok(
    !keys.slice(0, -4).some((key) => (METRIC_CATALOG_ONLY as readonly string[]).includes(key)),
  );
});
