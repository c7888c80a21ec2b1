import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { streamCompress } from "../../lib/deno/compress.ts";
import { loadCatalog } from "../../lib/catalog/load.ts";
import { createHandler } from "../../lib/web/handler.ts";

const encoder = new TextEncoder();

Deno.test("streamCompress() writes gzip and brotli that node:zlib reads back byte for byte", async () => {
  const bodies = [
    encoder.encode("churn ".repeat(2000)),
    encoder.encode(JSON.stringify({ text: "Rétention — 30 jours ✓".repeat(300) })),
    crypto.getRandomValues(new Uint8Array(50_000)),
  ];
  for (const bytes of bodies) {
    assert.deepEqual(new Uint8Array(gunzipSync(await streamCompress(bytes, "gzip"))), bytes);
    assert.deepEqual(
      new Uint8Array(brotliDecompressSync(await streamCompress(bytes, "br"))),
      bytes,
    );
  }
});

Deno.test("a handler given streamCompress answers each coding with its bytes, which decode to the identity body", async () => {
  const handler = createHandler(await loadCatalog(), { compress: streamCompress });
  const get = (coding: string) =>
    handler(
      new Request("http://localhost/api/metrics", { headers: { "accept-encoding": coding } }),
    );
  const identity = new Uint8Array(await (await get("identity")).arrayBuffer());
  const br = await get("br");
  assert.equal(br.headers.get("content-encoding"), "br");
  assert.match(br.headers.get("etag") ?? "", /-br"$/);
  const brBytes = new Uint8Array(await br.arrayBuffer());
  assert.deepEqual(brBytes, await streamCompress(identity, "br"));
  assert.deepEqual(new Uint8Array(brotliDecompressSync(brBytes)), identity);
  const gzip = await get("gzip");
  assert.equal(gzip.headers.get("content-encoding"), "gzip");
  const gzipBytes = new Uint8Array(await gzip.arrayBuffer());
  assert.deepEqual(gzipBytes, await streamCompress(identity, "gzip"));
  assert.deepEqual(new Uint8Array(gunzipSync(gzipBytes)), identity);
});
