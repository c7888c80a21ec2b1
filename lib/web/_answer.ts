/**
 * Answers from prebuilt assets: the header list of every encoded variant is built once, so a
 * request only negotiates, picks a variant and sets its list on the response.
 *
 * The headers are set after the response is constructed, not passed to the constructor: Deno 2.9
 * copies the body into a native response when a `Response` is constructed with headers. Setting
 * them afterwards skips that copy; the server answers about 30% more requests per second for one
 * metric (see BENCHMARKS.md).
 *
 * @module
 */
import { type Asset, type Coding, negotiateCoding } from "./assets.ts";

type HeaderList = readonly (readonly [string, string])[];

/** One variant with its headers: `full` for a 200 or HEAD, `notModified` for a 304. */
interface PreparedVariant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  full: HeaderList;
  notModified: HeaderList;
}

/** An asset with the header lists of its variants. */
export interface PreparedAsset {
  asset: Asset;
  variants: Partial<Record<Coding, PreparedVariant>> & { identity: PreparedVariant };
}

/** Builds the header lists of every variant of `asset`, with `common` headers first. */
export function prepareAsset(
  asset: Asset,
  common: Readonly<Record<string, string>>,
): PreparedAsset {
  const prepare = (coding: Coding, variant: Asset["variants"]["identity"]): PreparedVariant => {
    const notModified = Object.entries({
      ...common,
      ...asset.headers,
      "content-type": asset.contentType,
      "cache-control": asset.cacheControl,
      "etag": variant.etag,
      "vary": "Accept-Encoding",
      ...(coding === "identity" ? {} : { "content-encoding": coding }),
    });
    return {
      body: variant.body,
      etag: variant.etag,
      notModified,
      full: [...notModified, ["content-length", String(variant.body.byteLength)]],
    };
  };
  const variants: PreparedAsset["variants"] = {
    identity: prepare("identity", asset.variants.identity),
  };
  for (const coding of ["gzip", "br"] as const) {
    const variant = asset.variants[coding];
    if (variant) variants[coding] = prepare(coding, variant);
  }
  return { asset, variants };
}

/**
 * Answers a GET or HEAD for a prebuilt asset: the negotiated variant, or 304 when the client's
 * `If-None-Match` holds that variant's ETag.
 */
export function answerAsset(request: Request, { asset, variants }: PreparedAsset): Response {
  const coding = negotiateCoding(request.headers.get("accept-encoding"), asset);
  const variant = variants[coding] ?? variants.identity;
  if (asset.status === 200 && matchesEtag(request.headers.get("if-none-match"), variant.etag)) {
    return withHeaders(new Response(null, { status: 304 }), variant.notModified);
  }
  const body = request.method === "HEAD" ? null : variant.body;
  return withHeaders(new Response(body, { status: asset.status }), variant.full);
}

function withHeaders(response: Response, list: HeaderList): Response {
  const headers = response.headers;
  for (const [name, value] of list) headers.set(name, value);
  return response;
}

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.slice(0, 4096).split(",").some((tag) =>
    tag.trim().replace(/^W\//, "") === etag
  );
}
