import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import { createHandler, createReadModel, loadCatalog } from "../../lib/mod.ts";
import { codingPreference } from "../../lib/web/answer.ts";
import { buildSite } from "../../lib/web/site.ts";

const BASE = "https://metrics.example";
const CODINGS = [undefined, "gzip", "br", "gzip, deflate, br", "gzip;q=1, br;q=0.5"] as const;

Deno.test("handler() answers every address in every coding with the bytes and ETags of the whole build", async () => {
  const catalog = await loadCatalog();
  const site = await buildSite(createReadModel(catalog), BASE);
  const handler = createHandler(catalog, { baseUrl: BASE });
  for (const [path, built] of site.answers) {
    for (const accept of CODINGS) {
      const headers: Record<string, string> = accept === undefined
        ? {}
        : { "accept-encoding": accept };
      const response = await handler(new Request(`http://localhost${path}`, { headers }));
      const coding = codingPreference(accept ?? null).find((name) => built.bodies[name]) ??
        "identity";
      const body = built.bodies[coding] ?? built.bodies.identity;
      const at = `${path} (${accept ?? "no Accept-Encoding"})`;
      assert.equal(response.status, built.status, at);
      assert.equal(response.headers.get("content-encoding") ?? "identity", coding, at);
      assert.equal(response.headers.get("etag"), body.etag, at);
      assert.equal(response.headers.get("content-length"), String(body.bytes.byteLength), at);
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), body.bytes, at);
    }
  }
});

Deno.test("codingPreference() orders the accepted codings by weight, brotli first on a tie", () => {
  const cases: [string | null, string[]][] = [
    [null, []],
    ["", []],
    ["identity", []],
    ["gzip", ["gzip"]],
    ["br, gzip", ["br", "gzip"]],
    ["gzip;q=0.9, br;q=0.8", ["gzip", "br"]],
    ["br;q=0, gzip", ["gzip"]],
    ["*", ["br", "gzip"]],
    ["*;q=0.5, gzip;q=0", ["br"]],
    ["identity;q=1, gzip;q=0.5", []],
    ["identity;q=0, *;q=0", []],
    ["BR;Q=0.5, GZIP;q=0.4", ["br", "gzip"]],
  ];
  for (const [header, expected] of cases) {
    assert.deepEqual(codingPreference(header), expected, String(header));
  }
});

/** Answers of the fixture catalog whose first answer is checked against the eager build. */
const FIRST_ANSWERS: Record<string, ("identity" | "gzip" | "br")[]> = {
  "/api/metrics": ["identity", "gzip", "br"],
  "/api/metrics/alpha-rate": ["identity", "br"],
  "/api/frameworks/sample-framework": ["gzip"],
  "/metrics/alpha-rate": ["identity", "br"],
  "/frameworks/sample-framework.svg": ["gzip"],
  "/llms.txt": ["br"],
  "/benchmarks.csv": ["identity", "gzip"],
  "/sql/churn-rate.sql": ["identity", "br"],
  "/sql/index.json": ["gzip"],
  "/sitemap.xml": ["identity"],
  "/robots.txt": ["identity", "br"],
};

Deno.test("first answers carry the ETags the eager build gave, whether the first request is GET, HEAD or conditional", async () => {
  const { FIXTURE } = await import("../_spawn.ts");
  const catalog = await loadCatalog(FIXTURE);
  const site = await buildSite(createReadModel(catalog), BASE);
  for (const [path, codings] of Object.entries(FIRST_ANSWERS)) {
    for (const coding of codings) {
      const built = site.answers.get(path);
      assert.ok(built, path);
      // A body too small to compress is answered as it is, with the identity ETag.
      const etag = (built.bodies[coding] ?? built.bodies.identity).etag;
      const headers = coding === "identity" ? {} : { "accept-encoding": coding };
      // A fresh handler each time, so that every request below is the first for its answer.
      const get = await createHandler(catalog, { baseUrl: BASE })(
        new Request(`http://localhost${path}`, { headers }),
      );
      assert.equal(get.headers.get("etag"), etag, `${path} ${coding}`);
      const length = (await get.arrayBuffer()).byteLength;
      const head = await createHandler(catalog, { baseUrl: BASE })(
        new Request(`http://localhost${path}`, { method: "HEAD", headers }),
      );
      assert.equal(head.headers.get("etag"), etag, `HEAD ${path} ${coding}`);
      assert.equal(head.headers.get("content-length"), String(length), `HEAD ${path} ${coding}`);
      const conditional = await createHandler(catalog, { baseUrl: BASE })(
        new Request(`http://localhost${path}`, { headers: { ...headers, "if-none-match": etag } }),
      );
      assert.equal(conditional.status, 304, `304 ${path} ${coding}`);
    }
  }
});

Deno.test("an ETag changes when and only when the bytes change, and is the same in another process", async () => {
  const { FIXTURE } = await import("../_spawn.ts");
  const catalog = await loadCatalog(FIXTURE);
  const site = await buildSite(createReadModel(catalog), BASE);
  const byEtag = new Map<string, string>();
  for (const [path, built] of site.answers) {
    for (const [coding, body] of Object.entries(built.bodies)) {
      const key = `${coding}:${new TextDecoder().decode(body.bytes)}`;
      const seen = byEtag.get(body.etag);
      // Two answers share an ETag only when their bytes are the same.
      if (seen !== undefined) assert.equal(seen, key, `${path} ${coding}`);
      byEtag.set(body.etag, key);
    }
  }
  const renamed = structuredClone(catalog);
  renamed.metrics[0]!.name = "Renamed Fixture";
  const changed = await buildSite(createReadModel(renamed), BASE);
  const before = site.answers.get("/api/metrics/alpha-rate")?.bodies.identity.etag;
  assert.notEqual(changed.answers.get("/api/metrics/alpha-rate")?.bodies.identity.etag, before);
  assert.equal(
    changed.answers.get("/api/frameworks/sample-framework")?.bodies.identity.etag,
    site.answers.get("/api/frameworks/sample-framework")?.bodies.identity.etag,
    "an answer whose bytes did not change keeps its ETag",
  );
  const { ROOT, childEnv } = await import("../_spawn.ts");
  const script = `import { createReadModel, loadCatalog } from "./lib/mod.ts";
import { buildSite } from "./lib/web/site.ts";
const model = createReadModel(await loadCatalog("tests/testdata/catalog"));
const site = await buildSite(model, ${JSON.stringify(BASE)});
console.log(site.answers.get("/api/metrics/alpha-rate").bodies.identity.etag);`;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--quiet", script],
    cwd: ROOT,
    env: childEnv(),
    clearEnv: true,
  }).output();
  assert.equal(new TextDecoder().decode(output.stdout).trim(), before, "stable across processes");
});

Deno.test("handler() gives in-process callers bodies of their own: taking one away leaves the next whole", async () => {
  const handler = createHandler(await loadCatalog(), { baseUrl: BASE });
  const request = () => new Request("http://localhost/api/metrics/churn-rate");
  const first = await (await handler(request())).arrayBuffer();
  const length = first.byteLength;
  new Uint8Array(first).fill(0);
  first.transfer();
  const second = new Uint8Array(await (await handler(request())).arrayBuffer());
  assert.equal(second.byteLength, length);
  assert.equal(JSON.parse(new TextDecoder().decode(second)).slug, "churn-rate");
});

Deno.test("handler() builds a stored answer again when building it failed: a 500, then the answer", async () => {
  const { FIXTURE } = await import("../_spawn.ts");
  const { streamCompress } = await import("../../lib/deno/compress.ts");
  let broken = true;
  const handler = createHandler(await loadCatalog(FIXTURE), {
    baseUrl: BASE,
    compress: (bytes, coding) =>
      broken ? Promise.reject(new Error("No memory to compress")) : streamCompress(bytes, coding),
  });
  const request = (coding: string) =>
    new Request("http://localhost/api/metrics", { headers: { "accept-encoding": coding } });
  const logged: unknown[][] = [];
  const log = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const failed = await handler(request("br"));
    assert.equal(failed.status, 500);
    assert.deepEqual(await failed.json(), { error: "Internal server error" });
  } finally {
    console.error = log;
  }
  assert.match(String(logged[0]?.[0]), /No memory to compress/, "the cause is logged");
  broken = false;
  const identity = await handler(request("identity"));
  assert.equal(identity.status, 200);
  const br = await handler(request("br"));
  assert.equal(br.status, 200);
  assert.equal(br.headers.get("content-encoding"), "br");
  assert.deepEqual(
    new Uint8Array(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))),
    new Uint8Array(await identity.arrayBuffer()),
  );
});
