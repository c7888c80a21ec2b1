/**
 * The HTTP contract of the service, written once and run against any server that serves the
 * fixture catalog with the base address `https://metrics.example`: the Deno server (`main.ts`)
 * and nginx serving the static export. Each case takes the server's origin. Also a metric's API
 * fields in the contract's order, which other tests hold their surfaces to.
 *
 * @module
 */
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type RawRequest, rawRequest, type RawResponse } from "./_raw_http.ts";
import { recipeText } from "../lib/sql/recipe.ts";

/** A metric's fields as the API serves them, in the contract's order (alpha-rate has each). */
export const METRIC_API_FIELDS = [
  "name",
  "slug",
  "tags",
  "definition",
  "formula",
  "whatItMeasures",
  "benchmarks",
  "calculationMethods",
  "whatToWatch",
  "inPractice",
  "relatedMetrics",
  "sources",
];

/** One behaviour every server of the catalog must show. */
export interface ContractCase {
  name: string;
  run(origin: string): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** Request headers a browser app may send: credentials-style, tracing and framework headers. */
const REQUESTED_HEADERS = "authorization, if-none-match, traceparent, baggage, x-requested-with";
const HTML_TYPE = "text/html; charset=utf-8";

function assertCommon(response: RawResponse, what = "") {
  assert.equal(response.headers.get("access-control-allow-origin"), "*", what);
  assert.equal(response.headers.get("access-control-allow-credentials"), null, what);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff", what);
}

function assertJsonError(response: RawResponse, status: number, what: string) {
  assert.equal(response.status, status, what);
  assertCommon(response, what);
  assert.equal(response.headers.get("content-type"), JSON_TYPE, what);
  const body = response.json();
  assert.ok(body && typeof body === "object", what);
  assert.deepEqual(Object.keys(body), ["error"], what);
  assert.equal(typeof (body as { error: unknown }).error, "string", what);
}

function assertPage(response: RawResponse, status: number, what: string) {
  assert.equal(response.status, status, what);
  assertCommon(response, what);
  assert.equal(response.headers.get("content-type"), HTML_TYPE, what);
  const csp = response.headers.get("content-security-policy") ?? "";
  for (const directive of ["default-src 'none'", "form-action 'self'", "frame-ancestors 'none'"]) {
    assert.ok(csp.includes(directive), `${what}: CSP lacks ${directive}`);
  }
}

const get = (origin: string, target: string, request: RawRequest = {}) =>
  rawRequest(origin, target, request);

/** Every case of the contract, in the order a reader would check a server. */
export const CONTRACT: ContractCase[] = [
  {
    name: "lists every metric as JSON with sources, CORS and CDN-friendly caching",
    async run(origin) {
      const response = await get(origin, "/api/metrics");
      assert.equal(response.status, 200);
      assertCommon(response);
      assert.equal(response.headers.get("content-type"), JSON_TYPE);
      assert.equal(response.headers.get("vary"), "Accept-Encoding");
      assert.match(response.headers.get("cache-control") ?? "", /^public, max-age=\d+/);
      const body = response.json();
      assert.ok(Array.isArray(body));
      assert.deepEqual(body.map((metric) => metric.slug), [
        "alpha-rate",
        "beta-rate",
        "gamma-rate",
      ]);
      for (const metric of body) assert.ok(Array.isArray(metric.sources));
    },
  },
  {
    name: "serves one metric, one framework, the frameworks and the OpenAPI document",
    async run(origin) {
      const metric = await get(origin, "/api/metrics/alpha-rate");
      assert.equal(metric.status, 200);
      assert.equal(metric.headers.get("content-type"), JSON_TYPE);
      assert.equal((metric.json() as { slug: string }).slug, "alpha-rate");
      const frameworks = await get(origin, "/api/frameworks");
      assert.equal(frameworks.status, 200);
      const list = frameworks.json() as { slug: string }[];
      const one = await get(origin, "/api/frameworks/sample-framework");
      assert.equal(one.status, 200);
      assert.deepEqual(one.json(), list[0]);
      const openapi = await get(origin, "/api/openapi.json");
      assert.equal(openapi.status, 200);
      assert.equal(openapi.headers.get("content-type"), JSON_TYPE);
      const document = openapi.json() as { openapi: string; servers: { url: string }[] };
      assert.equal(document.openapi, "3.1.0");
      assert.equal(document.servers[0]?.url, "https://metrics.example");
    },
  },
  {
    name: "answers /api and /api/ with the endpoints, the OpenAPI document and the page for people",
    async run(origin) {
      for (const target of ["/api", "/api/"]) {
        const index = await get(origin, target);
        assert.equal(index.status, 200, target);
        assert.equal(index.headers.get("content-type"), JSON_TYPE, target);
        assert.equal(index.headers.get("access-control-allow-origin"), "*", target);
        const body = index.json() as {
          openapi: string;
          guide: string;
          endpoints: { path: string }[];
        };
        assert.equal(body.openapi, "https://metrics.example/api/openapi.json");
        assert.equal(body.guide, "https://metrics.example/developers");
        assert.ok(body.endpoints.some((endpoint) => endpoint.path === "/api/metrics/{slug}"));
      }
      const guide = await get(origin, "/developers");
      assert.equal(guide.status, 200);
      assert.match(guide.text(), /<a href="\/api\/openapi\.json" type="application\/json">/);
    },
  },
  {
    name: "answers a trailing slash and a query string as the plain path, without a redirect",
    async run(origin) {
      const plain = (await get(origin, "/api/metrics/alpha-rate")).text();
      for (const target of ["/api/metrics/alpha-rate/", "/api/metrics/alpha-rate?x=1&y"]) {
        const response = await get(origin, target);
        assert.equal(response.status, 200, target);
        assert.equal(response.text(), plain, target);
      }
      for (const target of ["/metrics/alpha-rate/", "/api/metrics/", "/?utm_source=x"]) {
        assert.equal((await get(origin, target)).status, 200, target);
      }
    },
  },
  {
    name: "answers 404 JSON for unknown slugs and for any other path under /api/",
    async run(origin) {
      for (
        const target of [
          "/api/metrics/no-such-metric",
          "/api/metrics/sample-framework",
          "/api/frameworks/alpha-rate",
          "/api/metrics/__proto__",
          "/api/nope",
          "/api/metrics/alpha-rate/extra",
          "/api//metrics",
          "/api/metrics/alpha-rate.json",
        ]
      ) {
        const response = await get(origin, target);
        assertJsonError(response, 404, target);
        assert.equal(response.headers.get("cache-control"), "public, max-age=60", target);
      }
    },
  },
  {
    name: "answers unknown pages with the HTML 404 page, its CSP and CORS",
    async run(origin) {
      for (
        const target of ["/nope", "/metrics/no-such-metric", "/index.html", "/API/metrics", "/404"]
      ) {
        const response = await get(origin, target);
        assertPage(response, 404, target);
        assert.match(response.text(), /<h1>Page not found<\/h1>/, target);
      }
      const head = await get(origin, "/nope", { method: "HEAD" });
      assert.equal(head.status, 404);
      assert.equal(head.body.length, 0);
    },
  },
  {
    name: "answers an OPTIONS preflight with 204, the methods, headers and a max age",
    async run(origin) {
      for (const target of ["/api/metrics", "/api/metrics/nope", "/metrics/alpha-rate"]) {
        const response = await get(origin, target, {
          method: "OPTIONS",
          headers: {
            Origin: "https://app.example",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": REQUESTED_HEADERS,
          },
        });
        assert.equal(response.status, 204, target);
        assertCommon(response, target);
        assert.equal(response.headers.get("access-control-allow-methods"), "GET, HEAD, OPTIONS");
        assert.equal(response.headers.get("access-control-allow-headers"), REQUESTED_HEADERS);
        assert.equal(response.headers.get("access-control-max-age"), "86400");
        assert.equal(response.headers.get("access-control-allow-credentials"), null);
        assert.match(response.headers.get("vary") ?? "", /Access-Control-Request-Headers/);
        assert.equal(response.body.length, 0);
      }
      for (const requested of [undefined, "x-a(b)", "x".repeat(1100)]) {
        const response = await get(origin, "/api/metrics", {
          method: "OPTIONS",
          headers: {
            Origin: "https://app.example",
            "Access-Control-Request-Method": "GET",
            ...(requested === undefined ? {} : { "Access-Control-Request-Headers": requested }),
          },
        });
        assert.equal(response.status, 204);
        assert.equal(response.headers.get("access-control-allow-headers"), null, requested);
      }
    },
  },
  {
    name: "answers HEAD with GET's headers and no body",
    async run(origin) {
      for (const target of ["/api/metrics/alpha-rate", "/metrics/alpha-rate", "/sitemap.xml"]) {
        const full = await get(origin, target);
        const head = await get(origin, target, { method: "HEAD" });
        assert.equal(head.status, 200, target);
        for (const name of ["content-type", "etag", "cache-control", "content-length", "vary"]) {
          assert.equal(head.headers.get(name), full.headers.get(name), `${target}: ${name}`);
        }
        assert.equal(head.body.length, 0);
      }
      for (const target of ["/api/metrics/nope", "/nope", "/api/metrics/%2e%2e/x"]) {
        const full = await get(origin, target);
        const head = await get(origin, target, { method: "HEAD" });
        assert.equal(head.status, full.status, target);
        assert.equal(head.headers.get("content-length"), String(full.body.length), target);
        assert.equal(head.body.length, 0, target);
      }
    },
  },
  {
    name: "answers other methods 405 with Allow and a JSON body",
    async run(origin) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        for (const target of ["/api/metrics", "/metrics/alpha-rate", "/nope"]) {
          const response = await get(origin, target, { method, body: "{}" });
          assertJsonError(response, 405, `${method} ${target}`);
          assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
        }
      }
    },
  },
  {
    name: "negotiates brotli and gzip with Vary, and both decode to the identity bytes",
    async run(origin) {
      for (const target of ["/api/metrics", "/metrics/alpha-rate", "/llms-full.txt"]) {
        const identity = await get(origin, target);
        assert.equal(identity.headers.get("content-encoding"), null, target);
        const br = await get(origin, target, {
          headers: { "Accept-Encoding": "gzip, deflate, br" },
        });
        assert.equal(br.headers.get("content-encoding"), "br", target);
        assert.equal(br.headers.get("vary"), "Accept-Encoding", target);
        assert.equal(br.headers.get("content-type"), identity.headers.get("content-type"), target);
        assert.deepEqual(new Uint8Array(brotliDecompressSync(br.body)), identity.body, target);
        const gzip = await get(origin, target, { headers: { "Accept-Encoding": "gzip" } });
        assert.equal(gzip.headers.get("content-encoding"), "gzip", target);
        assert.deepEqual(new Uint8Array(gunzipSync(gzip.body)), identity.body, target);
      }
      const cases: [string, string | null][] = [
        ["br;q=0, gzip", "gzip"],
        ["br;q=0, gzip;q=0", null],
        ["identity", null],
        ["*", "br"],
        [";;,q=,*;q=abc, zstd", "br"],
      ];
      for (const [accept, expected] of cases) {
        const response = await get(origin, "/api/metrics", {
          headers: { "Accept-Encoding": accept },
        });
        assert.equal(response.status, 200, accept);
        assert.equal(response.headers.get("content-encoding"), expected, accept);
      }
    },
  },
  {
    name: "gives each encoding its own strong ETag and answers If-None-Match with 304",
    async run(origin) {
      const target = "/api/metrics/alpha-rate";
      const etag = (await get(origin, target)).headers.get("etag") ?? "";
      assert.match(etag, /^"[^"]+"$/);
      const tags = new Set([etag]);
      for (const coding of ["gzip", "br"]) {
        const response = await get(origin, target, { headers: { "Accept-Encoding": coding } });
        tags.add(response.headers.get("etag") ?? "");
      }
      assert.equal(tags.size, 3, `one ETag per encoding: ${[...tags].join(" ")}`);
      for (const value of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const again = await get(origin, target, { headers: { "If-None-Match": value } });
        assert.equal(again.status, 304, value);
        assert.equal(again.headers.get("etag"), etag, value);
        assertCommon(again, value);
        assert.equal(again.body.length, 0, value);
      }
      const stale = await get(origin, target, { headers: { "If-None-Match": '"stale"' } });
      assert.equal(stale.status, 200);
    },
  },
  {
    name: "refuses malformed and hostile paths with a 4xx JSON error",
    async run(origin) {
      const refused: [string, number][] = [
        ["/api/metrics/..%2f..%2fetc%2fpasswd", 400],
        ["/api/metrics/%2E%2E%5C%2E%2E%5Cwindows", 400],
        ["/api/metrics/alpha%00rate", 400],
        ["/api/metrics/a%09b", 400],
        ["/api/metrics/%ZZ", 400],
        ["/api/metrics/%E0%A4%A", 400],
        ["/api/metrics/%FF", 400],
        ["/metrics/%C0%AF", 400],
        ["/api/metrics/a%5Cb", 400],
        ["/api/%u002e", 400],
        ["/api/metrics/%2e%2e/%2e%2e/etc/passwd", 400],
        ["/api/metrics/%2E%2e", 400],
        ["/api/metrics/../metrics/alpha-rate", 400],
        ["/api/./metrics", 400],
        ["/api/metrics/alpha-rate/.", 400],
        ["/api/metrics/.%2E/x?a=b", 400],
        ["/metrics/%2e%2e/%2e%2e/deno.json", 400],
        ["/api/metrics/a\\b", 400],
        [`/api/metrics/${"x".repeat(4000)}`, 414],
      ];
      for (const [target, status] of refused) {
        assertJsonError(await get(origin, target), status, target.slice(0, 60));
      }
      const served: [string, number][] = [
        ["/api/metrics/alpha%2Drate", 200],
        ["/api/metrics/alpha-rate/", 200],
        ["/api/metrics/...", 404],
        ["/api/metrics/.well-known", 404],
      ];
      for (const [target, status] of served) {
        assert.equal((await get(origin, target)).status, status, target);
      }
    },
  },
  {
    name: "serves the pages as HTML with a strict CSP, canonical URLs and JSON alternates",
    async run(origin) {
      const home = await get(origin, "/");
      assertPage(home, 200, "/");
      assert.match(home.text(), /<link rel="canonical" href="https:\/\/metrics\.example\/">/);
      assert.match(home.text(), /href="\/metrics\/alpha-rate"/);
      const metric = await get(origin, "/metrics/alpha-rate");
      assertPage(metric, 200, "metric");
      assert.match(
        metric.text(),
        /<link rel="alternate" type="application\/json" href="\/api\/metrics\/alpha-rate">/,
      );
      const framework = await get(origin, "/frameworks/sample-framework");
      assertPage(framework, 200, "framework");
      assert.match(framework.text(), /href="\/metrics\/beta-rate"/);
    },
  },
  {
    name: "redirects a page address that names a page another way to that page, with 308 and CORS",
    async run(origin) {
      const cases: [string, string][] = [
        ["/metrics/alpha-rate-fixture", "/metrics/alpha-rate"],
        ["/metrics/alpha-rate-fixture/", "/metrics/alpha-rate"],
        ["/compare/beta-rate-vs-alpha-rate", "/compare/alpha-rate-vs-beta-rate"],
        ["/compare/gamma-rate-vs-beta-rate/", "/compare/beta-rate-vs-gamma-rate"],
        ["/metrics/first-fixture-measure", "/metrics/alpha-rate"],
        ["/metrics/ALPHA-RATE-FIXTURE", "/metrics/alpha-rate"],
        ["/frameworks/example-framework", "/frameworks/sample-framework"],
      ];
      for (const [target, page] of cases) {
        const response = await get(origin, target);
        assert.equal(response.status, 308, target);
        assert.equal(response.headers.get("location"), page, target);
        assertCommon(response, target);
      }
      const api = await get(origin, "/api/metrics/alpha-rate-fixture");
      assertJsonError(api, 404, "the API keeps slugs exact");
    },
  },
  {
    name: "answers /search with an HTML page that links to the matching metric",
    async run(origin) {
      for (const target of ["/search?q=alpha", "/search", "/search/?q=alpha"]) {
        const response = await get(origin, target);
        assertPage(response, 200, target);
        assert.match(response.text(), /href="\/metrics\/alpha-rate"/, target);
      }
    },
  },
  {
    name: "serves the sitemap, stylesheet, icon, llms files and Markdown copies with their types",
    async run(origin) {
      const types: [string, string][] = [
        ["/sitemap.xml", "application/xml; charset=utf-8"],
        ["/assets/site.css", "text/css; charset=utf-8"],
        ["/assets/favicon.svg", "image/svg+xml"],
        ["/llms.txt", "text/plain; charset=utf-8"],
        ["/llms-full.txt", "text/plain; charset=utf-8"],
        ["/metrics/alpha-rate.md", "text/markdown; charset=utf-8"],
        ["/frameworks/sample-framework.md", "text/markdown; charset=utf-8"],
        ["/robots.txt", "text/plain; charset=utf-8"],
        ["/favicon.svg", "image/svg+xml"],
        ["/frameworks/sample-framework.svg", "image/svg+xml"],
        ["/benchmarks.csv", "text/csv; charset=utf-8"],
        ["/benchmarks.json", "application/json; charset=utf-8"],
        ["/datapackage.json", "application/json; charset=utf-8"],
      ];
      for (const [target, type] of types) {
        const response = await get(origin, target);
        assert.equal(response.status, 200, target);
        assertCommon(response, target);
        assert.equal(response.headers.get("content-type"), type, target);
      }
      const csv = (await get(origin, "/benchmarks.csv")).text();
      assert.match(csv, /\r\nalpha-rate-1,alpha-rate,Alpha-rate Fixture,1,1,12%,12,/);
      const data = JSON.parse((await get(origin, "/benchmarks.json")).text());
      assert.equal(data.figures[0].source.url, "https://example.com/reports/alpha-rate");
      const sitemap = (await get(origin, "/sitemap.xml")).text();
      assert.match(sitemap, /<loc>https:\/\/metrics\.example\/metrics\/alpha-rate<\/loc>/);
      const robots = (await get(origin, "/robots.txt")).text();
      assert.match(robots, /^User-agent: \*$/m);
      assert.match(robots, /^Allow: \/$/m);
      assert.match(robots, /^Sitemap: https:\/\/metrics\.example\/sitemap\.xml$/m);
      for (
        const icon of ["/favicon.svg", "/assets/favicon.svg", "/frameworks/sample-framework.svg"]
      ) {
        const response = await get(origin, icon);
        assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'none'/);
        assert.match(response.text(), /^(<\?xml [^>]*\?>\n)?<svg /);
      }
    },
  },
  {
    name: "serves the SQL schema of each engine, each recipe and their index, whatever the catalog",
    async run(origin) {
      const sql = "text/plain; charset=utf-8";
      const files: [string, string][] = [
        ["/sql/schema.postgres.sql", "schema.postgres.sql"],
        ["/sql/schema.duckdb.sql", "schema.duckdb.sql"],
        ["/sql/schema.clickhouse.sql", "schema.clickhouse.sql"],
        ["/sql/churn-rate.sql", "recipes/churn-rate.sql"],
        ["/sql/net-revenue-retention.sql", "recipes/net-revenue-retention.sql"],
        ["/sql/conversion-rate.clickhouse.sql", "recipes/conversion-rate.sql"],
      ];
      for (const [target, file] of files) {
        const response = await get(origin, target);
        assert.equal(response.status, 200, target);
        assertCommon(response, target);
        assert.equal(response.headers.get("content-type"), sql, target);
        assert.match(response.headers.get("cache-control") ?? "", /^public, max-age=\d+/, target);
        const committed = await Deno.readTextFile(new URL(`../lib/sql/${file}`, import.meta.url));
        // a recipe's ClickHouse text is its file through the rewrites
        const expected = file.startsWith("recipes/") && target.endsWith(".clickhouse.sql")
          ? recipeText(committed, "clickhouse")
          : committed;
        assert.equal(response.text(), expected, `${target} is the file, byte for byte`);
      }
      const index = await get(origin, "/sql/index.json");
      assert.equal(index.status, 200);
      assert.equal(index.headers.get("content-type"), JSON_TYPE);
      const body = index.json() as {
        schema: { version: string; ddl: Record<string, string> };
        recipes: { metric: string; url: string; name?: string; inputs: string[] }[];
      };
      assert.equal(body.schema.version, "1");
      assert.equal(body.schema.ddl.duckdb, "https://metrics.example/sql/schema.duckdb.sql");
      const churn = body.recipes.find((recipe) => recipe.metric === "churn-rate");
      assert.deepEqual(churn?.url, "https://metrics.example/sql/churn-rate.sql");
      assert.deepEqual(churn?.inputs, ["lost", "start"]);
      // The fixture catalog has no churn-rate: the recipe is served, its metric is not named.
      assert.equal(churn?.name, undefined);
      assertJsonError(await get(origin, "/api/sql/churn-rate.sql"), 404, "/api/sql");
      assertPage(await get(origin, "/sql/no-such-metric.sql"), 404, "an unknown recipe");
    },
  },
];
