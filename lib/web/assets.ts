/**
 * The answers the site prebuilds: what each one is (status, type, headers) and how its body is
 * made, then the body with its gzip and brotli variants and strong ETags. A body is made when it
 * is first needed and kept; each compressed variant is made when a client first accepts it.
 * `node:zlib` is loaded with the first compression, so that start-up does not pay for it.
 *
 * @module
 */
import { sha256Base64url } from "../catalog/digest.ts";
import { onFirstUse } from "./lazy.ts";

/** The content codings the service can send. */
export type Coding = "br" | "gzip" | "identity";

/** One encoded variant of an asset. */
export interface Variant {
  /** The encoded bytes. */
  body: Uint8Array<ArrayBuffer>;
  /** Its strong ETag, quoted. */
  etag: string;
}

/** A response body prepared once, with its headers and encoded variants. */
export interface Asset {
  /** The status it is answered with. */
  status: number;
  /** Its `Content-Type`. */
  contentType: string;
  /** Its `Cache-Control`. */
  cacheControl: string;
  /** Further headers the answer carries, such as a Content-Security-Policy on pages. */
  headers?: Readonly<Record<string, string>>;
  /** The bytes by content coding; `identity` always. */
  variants: Partial<Record<Coding, Variant>> & { identity: Variant };
}

/** Cache policy for catalog content: fresh for five minutes, then revalidated with the ETag. */
export const CACHE_CONTENT = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
/** Cache policy for not-found answers. */
export const CACHE_ERROR = "public, max-age=60";

/** Content types the service sends. */
export const TYPES = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  text: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  js: "text/javascript; charset=utf-8",
  csv: "text/csv; charset=utf-8",
} as const;

const COMPRESS_ABOVE_BYTES = 256;

/** Options for {@linkcode createAsset} and {@linkcode assetSource}. */
export interface AssetOptions {
  /** The status it is answered with; 200 by default. */
  status?: number;
  /** Its `Cache-Control`; {@linkcode CACHE_CONTENT} by default. */
  cacheControl?: string;
  /** Further headers to send with the body, by lowercase name. */
  headers?: Readonly<Record<string, string>>;
}

/** What an answer's render makes: the body as text (sent as UTF-8) or as bytes. */
export type Body = string | Uint8Array<ArrayBuffer>;

/** An answer before its body is made: its status and headers, and how to make the body. */
export interface AssetSource {
  /** The status it is answered with. */
  status: number;
  /** Its `Content-Type`. */
  contentType: string;
  /** Its `Cache-Control`. */
  cacheControl: string;
  /** Further headers the answer carries, such as a Content-Security-Policy on pages. */
  headers?: Readonly<Record<string, string>>;
  /** Makes the body; called once, when the answer is first needed. */
  render(): Body | Promise<Body>;
}

/**
 * An answer whose body `render` makes on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assetSource, buildAsset, TYPES } from "./assets.ts";
 * const source = assetSource(() => "User-agent: *\n", TYPES.text);
 * assert.equal((await buildAsset(source)).variants.identity.body.byteLength, 14);
 * ```
 */
export function assetSource(
  render: () => Body | Promise<Body>,
  contentType: string,
  { status = 200, cacheControl = CACHE_CONTENT, headers }: AssetOptions = {},
): AssetSource {
  return headers === undefined
    ? { status, contentType, cacheControl, render }
    : { status, contentType, cacheControl, headers, render };
}

/**
 * Brotli quality for variants the server makes: quality 5 compresses the whole site several times
 * faster than 11, for bodies only a little larger; the static export recompresses at 11, where
 * time does not matter.
 */
export const SERVER_BROTLI_QUALITY = 5;

/** The identity variant of a body: its bytes and their strong ETag. */
export async function identityVariant(body: Body): Promise<Variant> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return { body: bytes, etag: `"${(await sha256Base64url(bytes)).slice(0, 27)}"` };
}

const zlib = onFirstUse(() => import("node:zlib"));

/**
 * The `coding` variant of an identity variant, or `undefined` when the body is too short to be
 * worth compressing or does not get smaller: gzip at level 6, brotli at
 * {@linkcode SERVER_BROTLI_QUALITY}, the ETag the identity one with `-gz` or `-br`.
 */
export async function compressedVariant(
  identity: Variant,
  coding: "gzip" | "br",
): Promise<Variant | undefined> {
  const bytes = identity.body;
  if (bytes.byteLength <= COMPRESS_ABOVE_BYTES) return undefined;
  const { brotliCompressSync, constants, gzipSync } = await zlib();
  const compressed = new Uint8Array(
    coding === "gzip" ? gzipSync(bytes, { level: 6 }) : brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: SERVER_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
  if (compressed.byteLength >= bytes.byteLength) return undefined;
  return {
    body: compressed,
    etag: `${identity.etag.slice(0, -1)}-${coding === "gzip" ? "gz" : "br"}"`,
  };
}

/**
 * Prepares a body at once: identity bytes, gzip and brotli variants where they are smaller, and
 * a strong ETag for each. The static export and the tests use it; the server makes the same
 * variants one at a time, as clients ask for them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createAsset, TYPES } from "./assets.ts";
 * const asset = await createAsset(JSON.stringify({ hello: "world".repeat(100) }), TYPES.json);
 * assert.ok(asset.variants.gzip !== undefined);
 * ```
 */
export async function createAsset(
  body: Body,
  contentType: string,
  options: AssetOptions = {},
): Promise<Asset> {
  return await buildAsset(assetSource(() => body, contentType, options));
}

/** Makes an answer's body and every variant of it. */
export async function buildAsset(source: AssetSource): Promise<Asset> {
  const identity = await identityVariant(await source.render());
  const variants: Asset["variants"] = { identity };
  const [gzip, br] = await Promise.all([
    compressedVariant(identity, "gzip"),
    compressedVariant(identity, "br"),
  ]);
  if (gzip) variants.gzip = gzip;
  if (br) variants.br = br;
  const { status, contentType, cacheControl, headers } = source;
  return headers === undefined
    ? { status, contentType, cacheControl, variants }
    : { status, contentType, cacheControl, headers, variants };
}

/**
 * The compressed codings a client accepts in the order to try them, by its `Accept-Encoding`
 * weights: highest weight first, brotli before gzip at equal weight, and only codings weighted
 * above identity. Identity stays acceptable unless the client refuses it explicitly; the answer
 * is the first of these that the body has a variant for, else identity.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codingPreference } from "./assets.ts";
 * assert.deepEqual(codingPreference("gzip, deflate, br"), ["br", "gzip"]);
 * assert.deepEqual(codingPreference("gzip;q=1, br;q=0.5"), ["gzip", "br"]);
 * assert.deepEqual(codingPreference(null), []);
 * ```
 */
export function codingPreference(acceptEncoding: string | null): ("br" | "gzip")[] {
  if (!acceptEncoding) return [];
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.slice(0, 1024).split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (name && Number.isFinite(weight)) weights.set(name.trim(), Math.min(Math.max(weight, 0), 1));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const identity = weights.get("identity") ?? (weights.get("*") === 0 ? 0 : 0.001);
  const codings = (["br", "gzip"] as const).filter((coding) => weightOf(coding) > identity);
  return codings.length === 2 && weightOf("gzip") > weightOf("br") ? ["gzip", "br"] : codings;
}
