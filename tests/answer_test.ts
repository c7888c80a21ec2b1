import assert from "node:assert/strict";
import {
  assetSource,
  buildSite,
  codingPreference,
  COMMON_HEADERS,
  createHandler,
  loadCatalog,
} from "../lib/mod.ts";
import { bodyResponse, LazyAnswer } from "../lib/web/_answer.ts";

const BASE = "https://metrics.example";
const CODINGS = [undefined, "gzip", "br", "gzip, deflate, br", "gzip;q=1, br;q=0.5"] as const;

Deno.test("handler() answers every address in every coding with the bytes and ETags of the whole build", async () => {
  const catalog = await loadCatalog();
  const site = await buildSite(catalog, BASE);
  const handler = createHandler(catalog, { baseUrl: BASE });
  for (const [path, asset] of site.assets) {
    for (const accept of CODINGS) {
      const headers: Record<string, string> = accept === undefined
        ? {}
        : { "accept-encoding": accept };
      const response = await handler(new Request(`http://localhost${path}`, { headers }));
      const coding = codingPreference(accept ?? null).find((name) => asset.variants[name]) ??
        "identity";
      const variant = asset.variants[coding] ?? asset.variants.identity;
      const at = `${path} (${accept ?? "no Accept-Encoding"})`;
      assert.equal(response.status, asset.status, at);
      assert.equal(response.headers.get("content-encoding") ?? "identity", coding, at);
      assert.equal(response.headers.get("etag"), variant.etag, at);
      assert.equal(response.headers.get("content-length"), String(variant.body.byteLength), at);
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), variant.body, at);
    }
  }
});

Deno.test("an address's body is made once for concurrent first requests, then answered without a promise", async () => {
  let renders = 0;
  const answer = new LazyAnswer(
    assetSource(async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return "x".repeat(1000);
    }, "text/plain; charset=utf-8"),
    COMMON_HEADERS,
  );
  const request = (accept?: string) =>
    new Request("http://localhost/x", {
      headers: accept === undefined ? {} : { "accept-encoding": accept },
    });
  const first = await Promise.all(Array.from({ length: 8 }, () => answer.answer(request("br"))));
  assert.equal(renders, 1);
  const etags = new Set(first.map((response) => response.headers.get("etag")));
  assert.equal(etags.size, 1);
  assert.match([...etags][0] ?? "", /^"[\w-]{27}-br"$/);
  for (const accept of [undefined, "br"]) {
    assert.ok(!(answer.answer(request(accept)) instanceof Promise), `${accept} after the first`);
  }
  // gzip had not been asked for: its first answer makes it, then it is ready too.
  const gzip = answer.answer(request("gzip"));
  assert.ok(gzip instanceof Promise);
  assert.equal((await gzip).headers.get("content-encoding"), "gzip");
  assert.ok(!(answer.answer(request("gzip")) instanceof Promise));
  assert.equal(renders, 1);
});

Deno.test("a body that failed to render is tried again by the next request", async () => {
  let renders = 0;
  const answer = new LazyAnswer(
    assetSource(() => {
      renders += 1;
      if (renders === 1) throw new Error("first render fails");
      return "ok";
    }, "text/plain; charset=utf-8"),
    COMMON_HEADERS,
  );
  const request = new Request("http://localhost/x");
  await assert.rejects(async () => await answer.answer(request), /first render fails/);
  const response = await answer.answer(request);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), "ok");
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

Deno.test("on Deno an answer lends its variant's bytes to the Response instead of copying them", async () => {
  const bytes = new TextEncoder().encode("lent ".repeat(100));
  const first = bodyResponse(bytes, 200);
  const second = bodyResponse(bytes, 200);
  // A change to the shared bytes shows in both: neither Response took a copy. (The server never
  // changes them; this only proves that nothing was copied.)
  bytes[0] = "L".charCodeAt(0);
  assert.equal((await first.text()).slice(0, 5), "Lent ");
  assert.equal(new TextDecoder().decode(await second.arrayBuffer()).slice(0, 5), "Lent ");
  assert.equal(bytes.byteLength, 500, "the shared bytes are still whole");
  // Reading a lent body as a stream leaves the shared bytes whole for the next answer.
  const streamed = await new Response(bodyResponse(bytes, 200).body).text();
  assert.equal(streamed.length, 500);
  assert.equal((await bodyResponse(bytes, 200).text()).length, 500);
});
