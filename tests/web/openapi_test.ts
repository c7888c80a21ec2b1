// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
import assert from "node:assert/strict";
import { Validator } from "npm:@seriousme/openapi-schema-validator@2.11.0";
import { Ajv2020 } from "npm:ajv@8.20.0/dist/2020.js";
import addFormats from "npm:ajv-formats@3.0.1";
import { createHandler, loadCatalog } from "../../lib/mod.ts";
import { TAGS } from "../../lib/catalog/records.ts";
import { METRIC_API_FIELDS } from "../_contract.ts";

const catalog = await loadCatalog(new URL("../testdata/catalog/", import.meta.url));
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
    "/api",
    "/api/openapi.json",
  ]);
  const operationIds = Object.values(document.paths).map((path) =>
    (path as { get: { operationId?: string } }).get.operationId
  );
  assert.deepEqual(operationIds, [
    "listMetrics",
    "getMetric",
    "listFrameworks",
    "getFramework",
    "getApiIndex",
    "getOpenApi",
  ]);
  assert.ok(document.info.contact.url);
  for (const tag of document.tags) assert.ok(tag.description, tag.name);
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = (item as { get: { description?: string; responses: object } }).get;
    assert.ok(operation.description, path);
    const statuses = Object.keys(operation.responses);
    const expected = path.endsWith("{slug}")
      ? ["200", "304", "400", "404", "405", "414"]
      : ["200", "304", "400", "405", "414"];
    assert.deepEqual(statuses, expected, path);
  }
  assert.equal(document.components.schemas.OpenApiDocument.type, "object");
  assert.ok(document.components.schemas.OpenApiDocument.required.includes("paths"));
});

Deno.test("/api/openapi.json's description lists the data files, the SQL recipes and their schema among them, and each answers", async () => {
  const description: string = document.info.description;
  const files = [...description.matchAll(/`(\/[a-z./{}-]+\.(?:json|csv|sql))`/g)].map((m) => m[1]);
  assert.deepEqual(files, [
    "/benchmarks.json",
    "/benchmarks.csv",
    "/datapackage.json",
    "/formulas.json",
    "/sql/index.json",
    "/sql/{slug}.sql",
    "/sql/{slug}.clickhouse.sql",
    "/sql/schema.postgres.sql",
    "/sql/schema.duckdb.sql",
    "/sql/schema.clickhouse.sql",
  ]);
  assert.match(description, /code under the MIT licence/);
  for (const file of files) {
    const response = await get(file.replace("{slug}", "churn-rate"));
    assert.equal(response.status, 200, file);
    await response.body?.cancel();
  }
});

Deno.test("/api/openapi.json schemas are closed and carry the tag and kind enums", () => {
  const { Metric, Framework, Source, FrameworkComponent, NotFound } = document.components.schemas;
  for (const schema of [Metric, Framework, Source, FrameworkComponent, NotFound]) {
    assert.equal(schema.additionalProperties, false);
  }
  assert.deepEqual(Metric.properties.tags.items.enum, TAGS);
  assert.equal(Metric.properties.kind.const, "composite");
  const optional = ["benchmarks", "calculationMethods"];
  assert.deepEqual(Metric.required, METRIC_API_FIELDS.filter((field) => !optional.includes(field)));
  assert.ok(!("benchmarksReviewed" in Metric.properties));
});

/** Resolves a local `$ref` (`#/components/...`) of the document. */
function resolve(value: unknown): Record<string, unknown> {
  let node = value as Record<string, unknown>;
  while (typeof node.$ref === "string") {
    node = node.$ref.slice(2).split("/").reduce(
      (at: Record<string, unknown>, key) =>
        at[key.replaceAll("~1", "/")] as Record<string, unknown>,
      document,
    );
  }
  return node;
}

/** The document's response object for a path the server answered and a status. */
function documented(path: string, status: number): { object: Record<string, unknown>; at: string } {
  const template = Object.keys(document.paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path)
  );
  if (template === undefined) {
    // Any other address under /api/ answers one of the documented reusable errors.
    const name =
      ({ 400: "BadRequest", 404: "NotFound", 405: "MethodNotAllowed", 414: "UriTooLong" })[
        status as 400 | 404 | 405 | 414
      ];
    assert.ok(name, `${path} is not in the document and ${status} is no documented error`);
    return { object: resolve({ $ref: `#/components/responses/${name}` }), at: name };
  }
  const responses = document.paths[template].get.responses;
  assert.ok(responses[String(status)], `${template} does not document ${status}`);
  const pointer = `#/paths/${template.replaceAll("/", "~1")}/get/responses/${status}`;
  return { object: resolve(responses[String(status)]), at: pointer };
}

Deno.test("every live response, errors included, matches the document: status, headers and body", async () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" });
  const check = async (path: string, status: number, init?: RequestInit) => {
    const response = await handler(new Request(`http://127.0.0.1${path}`, init));
    assert.equal(response.status, status, path);
    const { object, at } = documented(path.split("?")[0] ?? path, status);
    for (const name of Object.keys(object.headers ?? {})) {
      assert.ok(response.headers.has(name), `${path} ${status}: header ${name} is documented`);
    }
    const content = object.content as Record<string, { schema: unknown }> | undefined;
    if (content === undefined) {
      assert.equal((await response.arrayBuffer()).byteLength, 0, `${path} ${status} has no body`);
      return;
    }
    assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
    const schema = content["application/json"]?.schema;
    assert.ok(schema, `${at}: a JSON schema`);
    // The schema's own references point into the document, which Ajv knows as openapi.json.
    const validate = ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')),
    );
    const body = await response.json();
    assert.ok(validate(body), `${path} ${status}: ${JSON.stringify(validate.errors)}`);
  };
  for (const path of ["/api/metrics", "/api/frameworks", "/api/openapi.json"]) {
    await check(path, 200);
  }
  for (const metric of catalog.metrics) await check(`/api/metrics/${metric.slug}`, 200);
  for (const framework of catalog.frameworks) await check(`/api/frameworks/${framework.slug}`, 200);
  const etag = (await get("/api/metrics")).headers.get("etag") ?? "";
  await check("/api/metrics", 304, { headers: { "if-none-match": etag } });
  await check("/api/metrics/nope", 404);
  await check("/api/frameworks/alpha-rate", 404);
  await check("/api/nope", 404);
  await check("/api/metrics/a%00b", 400);
  await check("/api/metrics/a%zz", 400);
  await check("/api/metrics", 405, { method: "POST", body: "{}" });
  await check("/api/frameworks/sample-framework", 405, { method: "DELETE" });
  await check(`/api/metrics/${"a".repeat(3000)}`, 414);
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
