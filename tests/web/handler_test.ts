import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createHandler, loadCatalog } from "../../lib/mod.ts";
import { METRIC_API_FIELDS } from "../_contract.ts";

const catalog = await loadCatalog(new URL("../testdata/catalog/", import.meta.url));
const handler = createHandler(catalog, { baseUrl: "https://metrics.example" });

function get(path: string, init: RequestInit = {}) {
  return Promise.resolve(handler(new Request(`http://127.0.0.1${path}`, init)));
}

async function json(response: Response): Promise<unknown> {
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
  return await response.json();
}

function assertCors(response: Response) {
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(response.headers.get("access-control-allow-credentials"), null);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
}

Deno.test("handler() lists every metric with sources and no null or review-date fields", async () => {
  const response = await get("/api/metrics");
  assert.equal(response.status, 200);
  const body = await json(response);
  assert.ok(Array.isArray(body));
  assert.equal(body.length, 3);
  const text = JSON.stringify(body);
  assert.ok(!text.includes("null"));
  assert.ok(!text.includes("benchmarksReviewed"));
  for (const metric of body) assert.ok(Array.isArray(metric.sources));
});

Deno.test("handler() serves one metric with fields in the contract's order", async () => {
  const response = await get("/api/metrics/alpha-rate");
  assert.equal(response.status, 200);
  const body = await json(response);
  assert.ok(body && typeof body === "object");
  assert.deepEqual(Object.keys(body), METRIC_API_FIELDS);
});

Deno.test("handler() serves frameworks and one framework", async () => {
  const list = await get("/api/frameworks");
  assert.equal(list.status, 200);
  const frameworks = await json(list);
  assert.ok(Array.isArray(frameworks));
  assert.equal(frameworks[0].slug, "sample-framework");
  const one = await get("/api/frameworks/sample-framework");
  assert.equal(one.status, 200);
  assert.deepEqual(await json(one), frameworks[0]);
});

Deno.test("handler() answers a trailing slash and a query string as the plain path, no redirect", async () => {
  const plain = await (await get("/api/metrics/alpha-rate")).text();
  for (
    const path of ["/api/metrics/alpha-rate/", "/api/metrics/alpha-rate?x=1&y", "/api/metrics/"]
  ) {
    const response = await get(path);
    assert.equal(response.status, 200, path);
    if (path !== "/api/metrics/") assert.equal(await response.text(), plain);
    else await response.body?.cancel();
  }
});

Deno.test("handler() answers 404 JSON for an unknown metric slug", async () => {
  const response = await get("/api/metrics/no-such-metric");
  assert.equal(response.status, 404);
  assertCors(response);
  assert.deepEqual(await json(response), { error: 'No metric has the slug "no-such-metric"' });
  const typo = await get("/api/metrics/alpha-rat");
  assert.deepEqual(await json(typo), {
    error: 'No metric has the slug "alpha-rat". Did you mean "alpha-rate"?',
  });
});

Deno.test("handler() names the record an alias belongs to in an API 404, and redirects the page", async () => {
  assert.deepEqual(await json(await get("/api/metrics/first-fixture-measure")), {
    error: 'No metric has the slug "first-fixture-measure": "first-fixture-measure" is another ' +
      'name for the metric whose slug is "alpha-rate"; its address is /api/metrics/alpha-rate',
  });
  // A slug in capitals: slugs are lowercase, and the answer gives the right address.
  assert.deepEqual(await json(await get("/api/metrics/ALPHA-RATE")), {
    error: 'No metric has the slug "ALPHA-RATE": slugs are lowercase, so it is "alpha-rate"; ' +
      "its address is /api/metrics/alpha-rate",
  });
  const page = await get("/metrics/First-Fixture-Measure");
  assert.equal(page.status, 308);
  assert.equal(page.headers.get("location"), "/metrics/alpha-rate");
});

Deno.test("handler() redirects the reversed compare pair to its canonical address", async () => {
  for (const target of ["/compare/beta-rate-vs-alpha-rate", "/compare/beta-rate-vs-alpha-rate/"]) {
    const reversed = await get(target);
    assert.equal(reversed.status, 308, target);
    assert.equal(reversed.headers.get("location"), "/compare/alpha-rate-vs-beta-rate", target);
    assertCors(reversed);
  }
  assert.equal((await get("/compare/alpha-rate-vs-beta-rate")).status, 200);
  assert.equal((await get("/compare/beta-rate-vs-no-such-rate")).status, 404);
});

Deno.test("handler() answers 404 JSON for a framework slug under /api/metrics and vice versa", async () => {
  const metric = await get("/api/metrics/sample-framework");
  assert.equal(metric.status, 404);
  const body = await json(metric);
  assert.deepEqual(body, {
    error: 'No metric has the slug "sample-framework"; "sample-framework" is a framework',
  });
  const framework = await get("/api/frameworks/alpha-rate");
  assert.equal(framework.status, 404);
  assert.match(String((await json(framework) as { error: string }).error), /is a metric/);
});

Deno.test("handler() is not fooled by prototype names as slugs", async () => {
  for (const slug of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
    for (const collection of ["metrics", "frameworks"]) {
      const response = await get(`/api/${collection}/${slug}`);
      assert.equal(response.status, 404, `${collection}/${slug}`);
      const body = await json(response);
      assert.deepEqual(Object.keys(body as object), ["error"]);
    }
  }
});

Deno.test("handler() answers 404 JSON for any other path under /api/", async () => {
  for (
    const path of ["/api/nope", "/api/metrics/alpha-rate/extra", "/api//metrics"]
  ) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assertCors(response);
    const body = await json(response);
    assert.equal(typeof (body as { error: unknown }).error, "string");
  }
});

Deno.test("handler() puts CORS headers on success and errors and never echoes the origin", async () => {
  for (const path of ["/api/metrics", "/api/metrics/nope", "/api/%ZZ"]) {
    const response = await get(path, { headers: { origin: "https://evil.example" } });
    assertCors(response);
    await response.body?.cancel();
  }
});

Deno.test("handler() answers an OPTIONS preflight with 204, methods, headers and a max age", async () => {
  const response = await get("/api/metrics", {
    method: "OPTIONS",
    headers: {
      origin: "https://app.example",
      "access-control-request-method": "GET",
      "access-control-request-headers": "if-none-match",
    },
  });
  assert.equal(response.status, 204);
  assertCors(response);
  assert.equal(response.headers.get("access-control-allow-methods"), "GET, HEAD, OPTIONS");
  assert.equal(response.headers.get("access-control-allow-headers"), "if-none-match");
  assert.equal(response.headers.get("access-control-max-age"), "86400");
  assert.equal(await response.text(), "");
});

Deno.test("handler() takes each route's methods from the route table: Allow, 405 and preflights agree", async () => {
  const cases: [string, string][] = [
    ["/api/metrics", "GET, HEAD, OPTIONS"],
    ["/search", "GET, HEAD, OPTIONS"],
    ["/mcp", "POST, OPTIONS"],
  ];
  for (const [path, allow] of cases) {
    const preflight = await get(path, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "GET" },
    });
    assert.equal(preflight.status, 204, path);
    assert.equal(preflight.headers.get("access-control-allow-methods"), allow, path);
    for (const method of ["GET", "HEAD", "POST", "DELETE", "PUT"]) {
      if (allow.includes(method)) continue;
      const noBody = method === "HEAD" || method === "GET";
      const refused = await get(path, { method, ...(noBody ? {} : { body: "{}" }) });
      assert.equal(refused.status, 405, `${method} ${path}`);
      assert.equal(refused.headers.get("allow"), allow, `${method} ${path}`);
      assert.equal(refused.headers.get("content-type"), "application/json; charset=utf-8");
      await refused.body?.cancel();
    }
  }
});

Deno.test("handler() serves /search without a query as the prepared page: compressed, ETag, 304", async () => {
  const page = await get("/search", { headers: { "accept-encoding": "br" } });
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("content-encoding"), "br");
  const etag = page.headers.get("etag");
  assert.ok(etag);
  await page.body?.cancel();
  const again = await get("/search?q=", {
    headers: { "accept-encoding": "br", "if-none-match": etag },
  });
  assert.equal(again.status, 304);
});

Deno.test("handler() gives HEAD the GET's Content-Length on every answer, errors and queries included", async () => {
  for (
    const path of [
      "/api/metrics/nope",
      "/nope",
      "/api/metrics/%2e%2e/x",
      "/search?q=alpha",
      "/api/x",
    ]
  ) {
    const full = await get(path);
    const body = new Uint8Array(await full.arrayBuffer());
    const head = await get(path, { method: "HEAD" });
    assert.equal(head.status, full.status, path);
    assert.equal(head.headers.get("content-length"), String(body.byteLength), path);
    assert.equal((await head.arrayBuffer()).byteLength, 0, path);
  }
});

Deno.test("handler() answers HEAD with GET's headers and no body", async () => {
  const full = await get("/api/metrics/alpha-rate");
  const head = await get("/api/metrics/alpha-rate", { method: "HEAD" });
  assert.equal(head.status, 200);
  for (const name of ["content-type", "etag", "cache-control", "content-length", "vary"]) {
    assert.equal(head.headers.get(name), full.headers.get(name), name);
  }
  assert.equal(head.body, null);
  await full.body?.cancel();
  const missing = await get("/api/metrics/nope", { method: "HEAD" });
  assert.equal(missing.status, 404);
  assert.equal(missing.body, null);
});

Deno.test("handler() answers other methods 405 with Allow and a JSON body", async () => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const response = await get("/api/metrics", { method, body: method === "DELETE" ? null : "{}" });
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
    assertCors(response);
    assert.match(String((await json(response) as { error: string }).error), /not allowed/);
  }
});

Deno.test("handler() negotiates brotli and gzip with Vary, and both decode to the same JSON", async () => {
  const identity = await get("/api/metrics", { headers: { "accept-encoding": "identity" } });
  assert.equal(identity.headers.get("content-encoding"), null);
  assert.equal(identity.headers.get("vary"), "Accept-Encoding");
  const plain = new Uint8Array(await identity.arrayBuffer());

  const br = await get("/api/metrics", { headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(br.headers.get("content-encoding"), "br");
  assert.equal(br.headers.get("vary"), "Accept-Encoding");
  assert.deepEqual(
    new Uint8Array(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))),
    plain,
  );

  const gzip = await get("/api/metrics", { headers: { "accept-encoding": "gzip;q=1, br;q=0.5" } });
  assert.equal(gzip.headers.get("content-encoding"), "gzip");
  assert.deepEqual(new Uint8Array(gunzipSync(new Uint8Array(await gzip.arrayBuffer()))), plain);

  const refused = await get("/api/metrics", { headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
  assert.equal(refused.headers.get("content-encoding"), null);
  await refused.body?.cancel();

  const odd = await get("/api/metrics", { headers: { "accept-encoding": ";;,q=,*;q=abc, zstd" } });
  assert.equal(odd.status, 200);
  await odd.body?.cancel();
});

Deno.test("handler() gives each encoding its own strong ETag and answers If-None-Match with 304", async () => {
  const first = await get("/api/metrics/alpha-rate");
  const etag = first.headers.get("etag") ?? "";
  await first.body?.cancel();
  assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
  const gz = await get("/api/metrics/alpha-rate", { headers: { "accept-encoding": "gzip" } });
  assert.notEqual(gz.headers.get("etag"), etag);
  await gz.body?.cancel();

  for (const value of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
    const again = await get("/api/metrics/alpha-rate", { headers: { "if-none-match": value } });
    assert.equal(again.status, 304, value);
    assert.equal(again.headers.get("etag"), etag);
    assertCors(again);
    assert.equal(await again.text(), "");
  }
  const stale = await get("/api/metrics/alpha-rate", { headers: { "if-none-match": '"stale"' } });
  assert.equal(stale.status, 200);
  await stale.body?.cancel();
});

Deno.test("handler() sends CDN-friendly caching on content and short caching on 404s", async () => {
  const ok = await get("/api/metrics");
  assert.match(ok.headers.get("cache-control") ?? "", /^public, max-age=\d+/);
  await ok.body?.cancel();
  const missing = await get("/api/metrics/nope");
  assert.equal(missing.headers.get("cache-control"), "public, max-age=60");
  await missing.body?.cancel();
});

Deno.test("handler() answers hostile paths with a 4xx JSON error", async () => {
  const hostile = [
    "/api/metrics/..%2f..%2fetc%2fpasswd",
    "/api/metrics/%2E%2E%5C%2E%2E%5Cwindows",
    "/api/metrics/alpha%00rate",
    "/api/metrics/%ZZ",
    "/api/metrics/%E0%A4%A",
    "/api/metrics/a%5Cb",
    `/api/metrics/${"a".repeat(8192)}`,
    "/api/metrics/%2e%2e/nope",
    "/api/%u002e",
  ];
  for (const path of hostile) {
    const response = await get(path);
    assert.ok(response.status >= 400 && response.status < 500, `${path}: ${response.status}`);
    assertCors(response);
    const body = await json(response);
    assert.equal(typeof (body as { error: unknown }).error, "string", path);
  }
});

Deno.test("handler() refuses dot segments and backslashes in the raw target with a JSON 400", async () => {
  // `new Request()` resolves dot segments itself; Deno.serve hands the handler the target as it
  // arrived on the wire, which this request's `url` stands in for.
  for (
    const target of ["/api/metrics/%2e%2e/%2e%2e/etc/passwd", "/api/metrics/..\\..\\etc", "/x/./y"]
  ) {
    const request = new Request("http://localhost/");
    Object.defineProperty(request, "url", { value: `http://localhost${target}` });
    const response = await handler(request);
    assert.equal(response.status, 400, target);
    assertCors(response);
    assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8", target);
    assert.doesNotMatch(await response.text(), /etc/, target);
  }
});

Deno.test("handler() answers an overlong path with 414 and a JSON body", async () => {
  const response = await get(`/api/metrics/${"x".repeat(4000)}`);
  assert.equal(response.status, 414);
  assert.match(String((await json(response) as { error: string }).error), /longer than/);
});
