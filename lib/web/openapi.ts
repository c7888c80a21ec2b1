/**
 * The OpenAPI 3.1 description of the catalog API, with component schemas generated from the
 * same declarations that validate the catalog.
 *
 * @module
 */
import { z } from "zod";
import { VERSION } from "../policy.ts";
import { componentRegistry } from "../catalog/schema.ts";

/** The API version published in the OpenAPI `info` block. */
export const API_VERSION = VERSION;

/** The JSON Schemas of the published records, keyed by component name. */
export function componentSchemas(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(componentRegistry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [name, rest];
    }),
  );
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const notFound = (what: string) => ({
  description: `No ${what} has that slug`,
  content: json(ref("NotFound")),
});
const slugParameter = (what: string) => ({
  name: "slug",
  in: "path",
  required: true,
  description: `The ${what}'s slug, equal to the slug of its page address`,
  schema: { type: "string", pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
});

/**
 * Builds the OpenAPI 3.1 document for a given public base address.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildOpenApi } from "./openapi.ts";
 * const document = buildOpenApi("https://metrics.example");
 * assert.equal(document.openapi, "3.1.0");
 * ```
 */
export function buildOpenApi(baseUrl: string, counts = { metrics: 44, frameworks: 4 }) {
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Product and growth metrics catalog",
      version: API_VERSION,
      summary: "A public, read-only JSON catalog of product and growth metrics and frameworks",
      description:
        `A static catalog of ${counts.metrics} product and growth metrics and ${counts.frameworks} ` +
        "measurement frameworks. No key, no authentication, no rate limits; cross-origin requests " +
        "are allowed. Benchmark figures and claims about companies carry source citations: carry " +
        "the citation along with any figure you reuse.",
      license: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
    },
    servers: [{ url: baseUrl, description: "This catalog" }],
    security: [],
    tags: [{ name: "metrics" }, { name: "frameworks" }, { name: "meta" }],
    paths: {
      "/api/metrics": {
        get: {
          operationId: "listMetrics",
          tags: ["metrics"],
          summary: "List every metric",
          responses: {
            "200": {
              description: `Every metric (${counts.metrics} items)`,
              content: json({ type: "array", items: ref("Metric") }),
            },
          },
        },
      },
      "/api/metrics/{slug}": {
        get: {
          operationId: "getMetric",
          tags: ["metrics"],
          summary: "Get one metric",
          parameters: [slugParameter("metric")],
          responses: {
            "200": { description: "The metric", content: json(ref("Metric")) },
            "404": notFound("metric"),
          },
        },
      },
      "/api/frameworks": {
        get: {
          operationId: "listFrameworks",
          tags: ["frameworks"],
          summary: "List every framework",
          responses: {
            "200": {
              description: `Every framework (${counts.frameworks} items)`,
              content: json({ type: "array", items: ref("Framework") }),
            },
          },
        },
      },
      "/api/frameworks/{slug}": {
        get: {
          operationId: "getFramework",
          tags: ["frameworks"],
          summary: "Get one framework",
          parameters: [slugParameter("framework")],
          responses: {
            "200": { description: "The framework", content: json(ref("Framework")) },
            "404": notFound("framework"),
          },
        },
      },
      "/api/openapi.json": {
        get: {
          tags: ["meta"],
          summary: "This OpenAPI 3.1 description",
          responses: {
            "200": {
              description: "The OpenAPI document",
              content: json({ type: "object" }),
            },
          },
        },
      },
    },
    components: { schemas: componentSchemas() },
  };
}
