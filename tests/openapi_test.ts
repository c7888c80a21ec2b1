import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { createHandler, loadCatalog } from "../lib/mod.ts";

const catalog = await loadCatalog(new URL("./testdata/catalog/", import.meta.url));
const handler = createHandler(catalog, { baseUrl: "https://metrics.example/" });
const get = (path: string) => Promise.resolve(handler(new Request(`http://127.0.0.1${path}`)));
const document = await (await get("/api/openapi.json")).json();

Deno.test("/api/openapi.json passes an independent OpenAPI 3.1 validator", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  assert.equal(validator.version, "3.1");
  assert.deepEqual(result.errors ?? [], []);
  assert.equal(result.valid, true);
});

Deno.test("/api/openapi.json carries the version, licence, servers, security and operations", () => {
  assert.equal(document.openapi, "3.1.0");
  assert.equal(document.info.version, "1.0.0");
  assert.equal(document.info.license.name, "CC BY 4.0");
  assert.deepEqual(document.servers.map((server: { url: string }) => server.url), [
    "https://metrics.example",
  ]);
  assert.deepEqual(document.security, []);
  assert.deepEqual(Object.keys(document.paths), [
    "/api/metrics",
    "/api/metrics/{slug}",
    "/api/frameworks",
    "/api/frameworks/{slug}",
    "/api/openapi.json",
  ]);
  const operationIds = Object.values(document.paths).map((path) =>
    (path as { get: { operationId?: string } }).get.operationId
  ).filter(Boolean);
  assert.deepEqual(operationIds, ["listMetrics", "getMetric", "listFrameworks", "getFramework"]);
  for (const path of ["/api/metrics/{slug}", "/api/frameworks/{slug}"]) {
    assert.deepEqual(document.paths[path].get.responses["404"].content["application/json"].schema, {
      $ref: "#/components/schemas/NotFound",
    });
  }
});

Deno.test("/api/openapi.json schemas are closed and carry the tag and kind enums", () => {
  const { Metric, Framework, Source, FrameworkComponent, NotFound } = document.components.schemas;
  for (const schema of [Metric, Framework, Source, FrameworkComponent, NotFound]) {
    assert.equal(schema.additionalProperties, false);
  }
  assert.deepEqual(Metric.properties.tags.items.enum, [
    "acquisition",
    "activation",
    "retention",
    "revenue",
    "referral",
    "leading",
    "health",
  ]);
  assert.equal(Metric.properties.kind.const, "composite");
  assert.deepEqual(Metric.required, [
    "name",
    "slug",
    "tags",
    "definition",
    "formula",
    "whatItMeasures",
    "whatToWatch",
    "inPractice",
    "relatedMetrics",
    "sources",
  ]);
  assert.ok(!("benchmarksReviewed" in Metric.properties));
});

Deno.test("every live response matches the document's own schemas", async () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" });
  const check = async (path: string, status: number, pointer: string) => {
    const response = await get(path);
    assert.equal(response.status, status, path);
    const validate = ajv.getSchema(`openapi.json#${pointer}`);
    assert.ok(validate, pointer);
    const body = await response.json();
    assert.ok(validate(body), `${path}: ${JSON.stringify(validate.errors)}`);
  };
  const response = (path: string, status: string) =>
    `/paths/${path.replaceAll("/", "~1")}/get/responses/${status}/content/application~1json/schema`;
  await check("/api/metrics", 200, response("/api/metrics", "200"));
  await check("/api/frameworks", 200, response("/api/frameworks", "200"));
  for (const metric of catalog.metrics) {
    await check(`/api/metrics/${metric.slug}`, 200, response("/api/metrics/{slug}", "200"));
  }
  for (const framework of catalog.frameworks) {
    await check(
      `/api/frameworks/${framework.slug}`,
      200,
      response("/api/frameworks/{slug}", "200"),
    );
  }
  await check("/api/metrics/nope", 404, response("/api/metrics/{slug}", "404"));
  await check("/api/frameworks/nope", 404, response("/api/frameworks/{slug}", "404"));
});

Deno.test("the document's Metric schema rejects a record with an unknown field", () => {
  const ajv = new Ajv2020({ strict: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" });
  const validate = ajv.getSchema("openapi.json#/components/schemas/Metric");
  assert.ok(validate);
  const metric = { ...catalog.metrics[0], benchmarksReviewed: "2026-11-01" };
  assert.equal(validate(metric), false);
});
