/**
 * The OpenAPI 3.1 description of the catalog API, with component schemas generated from the
 * same declarations that validate the catalog.
 *
 * @module
 */
import { z } from "zod";
import { LICENCE, MAX_PATH_LENGTH, READ_METHODS, SITE_NAME, VERSION } from "../policy.ts";
import { componentRegistry } from "../catalog/schema.ts";
import { SLUG_PATTERN } from "../catalog/records.ts";
import { API_GUIDE_PATH } from "./paths.ts";

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
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Headers every answer carries, errors included. */
const COMMON = { "Access-Control-Allow-Origin": header("AccessControlAllowOrigin") };
/** Headers of a successful answer of a prebuilt document. */
const CONTENT = {
  ...COMMON,
  ETag: header("ETag"),
  "Cache-Control": header("CacheControl"),
  Vary: header("Vary"),
};

const errorResponse = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  headers: { ...COMMON, ...extra },
  content: json(ref("NotFound")),
});

/** The answers every operation can give besides its success. */
const REUSABLE_RESPONSES = {
  NotModified: {
    description: "The client's `If-None-Match` holds the current ETag: no body",
    headers: CONTENT,
  },
  BadRequest: errorResponse(
    "The path is malformed: bad percent-encoding, a NUL or control character, a backslash, or " +
      "a dot segment (plain or encoded). The path is checked as the client sent it.",
  ),
  NotFound: errorResponse(
    "No record has that slug (the message names the record of the other kind, or the record an " +
      "abbreviation belongs to, or the closest slugs); any other address under `/api/` gets the " +
      "same JSON 404",
  ),
  MethodNotAllowed: errorResponse(
    "The method is not GET, HEAD or OPTIONS: this API only reads",
    { Allow: header("Allow") },
  ),
  UriTooLong: errorResponse(`The path is longer than ${MAX_PATH_LENGTH} characters`),
};

const errors = (withNotFound: boolean) => ({
  "304": response("NotModified"),
  "400": response("BadRequest"),
  ...(withNotFound ? { "404": response("NotFound") } : {}),
  "405": response("MethodNotAllowed"),
  "414": response("UriTooLong"),
});

const success = (description: string, schema: unknown) => ({
  description,
  headers: CONTENT,
  content: json(schema),
});

const slugParameter = (what: string) => ({
  name: "slug",
  in: "path",
  required: true,
  description: `The ${what}'s slug, equal to the slug of its page address`,
  schema: { type: "string", pattern: SLUG_PATTERN.source },
});

/** What an OpenAPI document is, enough for a client to type `/api/openapi.json`. */
/** The schema of `/api`'s answer, {@linkcode apiIndex}. */
const API_INDEX_SCHEMA = {
  type: "object",
  description: "The API's endpoints and where to read more",
  required: ["name", "openapi", "guide", "endpoints"],
  additionalProperties: false,
  properties: {
    name: { type: "string" },
    openapi: { type: "string", format: "uri", description: "This OpenAPI document" },
    guide: { type: "string", format: "uri", description: "The page for people about the API" },
    endpoints: {
      type: "array",
      items: {
        type: "object",
        required: ["method", "path", "operationId", "summary"],
        additionalProperties: false,
        properties: {
          method: { type: "string", const: "GET" },
          path: { type: "string", description: "The address, with `{slug}` for a record's slug" },
          operationId: { type: "string" },
          summary: { type: "string" },
        },
      },
    },
  },
};

/**
 * What `/api` answers: every endpoint of the OpenAPI document (method, path, operation and
 * summary), and where the document and the page for people are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { apiIndex } from "./openapi.ts";
 * const index = apiIndex("https://metrics.example");
 * assert.equal(index.endpoints[0]?.path, "/api/metrics");
 * ```
 */
export function apiIndex(baseUrl: string, counts?: { metrics: number; frameworks: number }) {
  const document = buildOpenApi(baseUrl, counts);
  return {
    name: document.info.title,
    openapi: `${baseUrl}/api/openapi.json`,
    guide: `${baseUrl}${API_GUIDE_PATH}`,
    endpoints: Object.entries(document.paths).map(([path, item]) => ({
      method: "GET" as const,
      path,
      operationId: item.get.operationId,
      summary: item.get.summary,
    })),
  };
}

const OPENAPI_DOCUMENT_SCHEMA = {
  type: "object",
  description: "An OpenAPI 3.1 document",
  required: ["openapi", "info", "paths"],
  properties: {
    openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" },
    info: {
      type: "object",
      required: ["title", "version"],
      properties: { title: { type: "string" }, version: { type: "string" } },
    },
    servers: {
      type: "array",
      items: { type: "object", required: ["url"], properties: { url: { type: "string" } } },
    },
    paths: { type: "object", additionalProperties: { type: "object" } },
    components: { type: "object" },
  },
};

/**
 * The two addresses of a kind of record: the list (`listMetrics`) and one by slug (`getMetric`),
 * each with its description's last sentence given.
 */
function recordPaths(
  kind: "metric" | "framework",
  count: number,
  notes: { list?: string; get: string },
) {
  const plural = `${kind}s`;
  const title = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
  return {
    [`/api/${plural}`]: {
      get: {
        operationId: `list${title}s`,
        tags: [plural],
        summary: `List every ${kind}`,
        description: [`Every ${kind} with every field, in slug order.`, notes.list].filter(Boolean)
          .join(" "),
        responses: {
          "200": success(`Every ${kind} (${count} items)`, { type: "array", items: ref(title) }),
          ...errors(false),
        },
      },
    },
    [`/api/${plural}/{slug}`]: {
      get: {
        operationId: `get${title}`,
        tags: [plural],
        summary: `Get one ${kind}`,
        description: `One ${kind} by its slug. ${notes.get}`,
        parameters: [slugParameter(kind)],
        responses: { "200": success(`The ${kind}`, ref(title)), ...errors(true) },
      },
    },
  };
}

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
        "are allowed from any origin, without credentials. The content is published under " +
        `${LICENCE.name}. Benchmark figures and claims about ` +
        "companies carry source citations: carry the citation along with any figure you reuse. " +
        "Every address also answers HEAD (the GET's headers, no body) and OPTIONS (a CORS " +
        "preflight that allows any request header). Answers carry a strong ETag; send it in " +
        "`If-None-Match` to get `304 Not Modified`. `/api` lists the endpoints; any other " +
        "address under `/api/` answers a JSON 404. Beside the API, the site publishes its data as files: the benchmark figures " +
        "(`/benchmarks.json`, `/benchmarks.csv`, `/datapackage.json`, under the same licence), " +
        "the calculators (`/formulas.json`), and the SQL recipes that compute the metrics from " +
        "your own tables (`/sql/index.json`, one `/sql/{slug}.sql` per recipe and its " +
        "ClickHouse text `/sql/{slug}.clickhouse.sql`, the reference schema's DDL at " +
        "`/sql/schema.postgres.sql`, `/sql/schema.duckdb.sql` and " +
        "`/sql/schema.clickhouse.sql`), which are code under the MIT licence.",
      contact: { name: SITE_NAME, url: baseUrl },
      license: { name: LICENCE.name, url: LICENCE.url },
    },
    servers: [{ url: baseUrl, description: "This catalog" }],
    security: [],
    tags: [
      { name: "frameworks", description: "Measurement frameworks and the metrics they group" },
      { name: "meta", description: "This description of the API" },
      { name: "metrics", description: "Product and growth metrics, one record each" },
    ],
    paths: {
      ...recordPaths("metric", counts.metrics, {
        list: "Optional fields are omitted, never null.",
        get: "A framework's slug is not found here.",
      }),
      ...recordPaths("framework", counts.frameworks, {
        get: "A metric's slug is not found here.",
      }),
      "/api": {
        get: {
          operationId: "getApiIndex",
          tags: ["meta"],
          summary: "List the API's endpoints",
          description: "The endpoints of this API, each with its address and what it answers, " +
            `and where to read more: this document and the page for people, ${API_GUIDE_PATH}. ` +
            "`/api/` answers the same.",
          responses: { "200": success("The endpoints", ref("ApiIndex")), ...errors(false) },
        },
      },
      "/api/openapi.json": {
        get: {
          operationId: "getOpenApi",
          tags: ["meta"],
          summary: "Get this OpenAPI description",
          description: "This OpenAPI 3.1 document, with the schemas of every record.",
          responses: {
            "200": success("The OpenAPI document", ref("OpenApiDocument")),
            ...errors(false),
          },
        },
      },
    },
    components: {
      schemas: {
        ...componentSchemas(),
        ApiIndex: API_INDEX_SCHEMA,
        OpenApiDocument: OPENAPI_DOCUMENT_SCHEMA,
      },
      responses: REUSABLE_RESPONSES,
      headers: {
        AccessControlAllowOrigin: {
          description: "Always `*`: any origin may read, without credentials",
          schema: { type: "string", const: "*" },
        },
        ETag: {
          description: "A strong validator of this encoding of the answer",
          schema: { type: "string" },
        },
        CacheControl: {
          description: "How long browsers and shared caches may keep the answer",
          schema: { type: "string" },
        },
        Vary: { description: "Always `Accept-Encoding`", schema: { type: "string" } },
        Allow: {
          description: "The methods the address takes",
          schema: { type: "string", const: READ_METHODS },
        },
      },
    },
  };
}
