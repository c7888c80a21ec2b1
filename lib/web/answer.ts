/**
 * What the site answers at a prebuilt address: the answer's plan (its status, type and headers,
 * and how its body is rendered), and the answer built whole from it by {@linkcode buildAnswer}:
 * every body (identity, gzip and brotli) with its strong ETag and the headers it is sent with.
 * The server builds an answer on its first request; the static export builds them all at once.
 *
 * @module
 */
import { sha256Base64url } from "../catalog/digest.ts";
import { COMMON_HEADERS } from "../policy.ts";
import { onFirstUse } from "./lazy.ts";

/** The content codings the service can send. */
export type Coding = "br" | "gzip" | "identity";

/** An answer's body in one content coding, with everything a response of it sends. */
export interface EncodedBody {
  /** The encoded bytes. */
  bytes: Uint8Array<ArrayBuffer>;
  /** Its strong ETag, quoted. */
  etag: string;
  /** The headers of a full answer with this body, `Content-Length` included. */
  headers: Readonly<Record<string, string>>;
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

/** Options for {@linkcode planAnswer}. */
export interface AnswerOptions {
  /** The status it is answered with; 200 by default. */
  status?: number;
  /** Its `Cache-Control`; {@linkcode CACHE_CONTENT} by default. */
  cacheControl?: string;
  /** Further headers to send with the body, by lowercase name. */
  headers?: Readonly<Record<string, string>>;
}

/** What an answer's render makes: the body as text (sent as UTF-8) or as bytes. */
export type RenderedBody = string | Uint8Array<ArrayBuffer>;

/** An answer before its body is made: its status and headers, and how to render the body. */
export interface AnswerPlan {
  /** The status it is answered with. */
  status: number;
  /** Its `Content-Type`. */
  contentType: string;
  /** Its `Cache-Control`. */
  cacheControl: string;
  /** Further headers the answer carries, such as a Content-Security-Policy on pages. */
  headers?: Readonly<Record<string, string>>;
  /** Renders the body; called once, when the answer is built. */
  render(): RenderedBody | Promise<RenderedBody>;
}

/** An answer built whole: its plan's status and headers, and its bodies by content coding. */
export type BuiltAnswer = Omit<AnswerPlan, "render"> & {
  /** The encoded bodies; `identity` always, gzip and brotli where they are smaller. */
  bodies: Partial<Record<Coding, EncodedBody>> & { identity: EncodedBody };
};

/**
 * Plans an answer whose body `render` makes when the answer is built.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAnswer, planAnswer, TYPES } from "./answer.ts";
 * const plan = planAnswer(() => "User-agent: *\n", TYPES.text);
 * assert.equal((await buildAnswer(plan)).bodies.identity.bytes.byteLength, 14);
 * ```
 */
export function planAnswer(
  render: () => RenderedBody | Promise<RenderedBody>,
  contentType: string,
  { status = 200, cacheControl = CACHE_CONTENT, headers }: AnswerOptions = {},
): AnswerPlan {
  return headers === undefined
    ? { status, contentType, cacheControl, render }
    : { status, contentType, cacheControl, headers, render };
}

/**
 * Compresses the bytes of a body in a coding. A runtime's adapter may bring its own; the core's
 * is {@linkcode zlibCompress}.
 */
export type Compress = (
  bytes: Uint8Array<ArrayBuffer>,
  coding: "gzip" | "br",
) => Promise<Uint8Array<ArrayBuffer>>;

// Loaded with the first compression, so that start-up does not pay for it.
const zlib = onFirstUse(() => import("node:zlib"));

/**
 * Compresses with `node:zlib`, which Deno and Node both ship: gzip at level 6 and brotli at a
 * middle quality, quick enough to build an answer on its first request. The Deno server uses
 * Deno's own streams instead (`lib/deno/compress.ts`); the static export recompresses at the
 * highest levels.
 */
export const zlibCompress: Compress = async (bytes, coding) => {
  const { brotliCompressSync, constants, gzipSync } = await zlib();
  return new Uint8Array(
    coding === "gzip" ? gzipSync(bytes, { level: 6 }) : brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
};

/**
 * Builds an answer whole: its identity body, gzip and brotli bodies where they are smaller (a body
 * of 256 bytes or less is not compressed), each with its strong ETag (the identity one with `-gz`
 * or `-br` for a compressed body) and the headers it is sent with, the common ones first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAnswer, planAnswer, TYPES } from "./answer.ts";
 * const json = JSON.stringify({ hello: "world".repeat(100) });
 * const answer = await buildAnswer(planAnswer(() => json, TYPES.json));
 * assert.equal(answer.bodies.gzip?.headers["content-encoding"], "gzip");
 * assert.equal(answer.bodies.gzip?.etag, answer.bodies.identity.etag.replace(/"$/, '-gz"'));
 * ```
 */
export async function buildAnswer(
  plan: AnswerPlan,
  compress: Compress = zlibCompress,
): Promise<BuiltAnswer> {
  const { status, contentType, cacheControl, headers } = plan;
  const rendered = await plan.render();
  const bytes = typeof rendered === "string" ? new TextEncoder().encode(rendered) : rendered;
  const etag = `"${(await sha256Base64url(bytes)).slice(0, 27)}"`;
  const body = (coded: Uint8Array<ArrayBuffer>, coding: Coding): EncodedBody => {
    const codedEtag = coding === "identity"
      ? etag
      : `${etag.slice(0, -1)}-${coding === "gzip" ? "gz" : "br"}"`;
    return {
      bytes: coded,
      etag: codedEtag,
      headers: {
        ...COMMON_HEADERS,
        ...headers,
        "content-type": contentType,
        "cache-control": cacheControl,
        "etag": codedEtag,
        "vary": "Accept-Encoding",
        ...(coding === "identity" ? {} : { "content-encoding": coding }),
        "content-length": String(coded.byteLength),
      },
    };
  };
  const bodies: BuiltAnswer["bodies"] = { identity: body(bytes, "identity") };
  if (bytes.byteLength > COMPRESS_ABOVE_BYTES) {
    const [gzip, br] = await Promise.all([compress(bytes, "gzip"), compress(bytes, "br")]);
    if (gzip.byteLength < bytes.byteLength) bodies.gzip = body(gzip, "gzip");
    if (br.byteLength < bytes.byteLength) bodies.br = body(br, "br");
  }
  return headers === undefined
    ? { status, contentType, cacheControl, bodies }
    : { status, contentType, cacheControl, headers, bodies };
}

/**
 * The compressed codings a client accepts in the order to try them, by its `Accept-Encoding`
 * weights: highest weight first, brotli before gzip at equal weight, and only codings weighted
 * above identity. Identity stays acceptable unless the client refuses it explicitly; the answer
 * sends the body of the first of these that it has, else the identity body.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codingPreference } from "./answer.ts";
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
