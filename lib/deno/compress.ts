/**
 * Compression for the Deno server without `node:zlib`: Deno's `CompressionStream` writes gzip
 * (level 6, as `node:zlib` does) and, beyond the web standard's formats, brotli (quality 6), in
 * native code. Importing `node:zlib` brings Node's compatibility layer into the process, which the
 * first compressed answer would otherwise pay for in start-up time and resident memory
 * (BENCHMARKS.md). The Deno this project pins writes brotli this way; `tests/compress_test.ts`
 * fails on one that does not.
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
