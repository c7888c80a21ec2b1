/**
 * Compression for the Deno server with Deno's own `CompressionStream`, which writes gzip and,
 * beyond the web standard's formats, brotli, so the server does not load Node's compatibility
 * layer for `node:zlib`. `tests/deno/compress_test.ts` fails on a Deno that does not write brotli.
 *
 * @module
 */
import type { Compress } from "../web/answer.ts";

/**
 * Compresses `bytes` with Deno's native streams: gzip, or brotli under the format name Deno gives
 * it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamCompress } from "./compress.ts";
 * const text = "churn ".repeat(1000);
 * const gzip = await streamCompress(new TextEncoder().encode(text), "gzip");
 * const back = new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip")));
 * assert.equal(await back.text(), text);
 * ```
 */
export const streamCompress: Compress = async (bytes, coding) => {
  const format: CompressionFormat = coding === "gzip" ? "gzip" : "brotli";
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};
