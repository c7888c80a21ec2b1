/**
 * Answers from prebuilt assets, made on first use: an address's body (and its ETag) is made by
 * the first request that needs it, each compressed variant by the first request that accepts it,
 * and each is kept with its header list, so every later request only negotiates, picks a variant
 * and sets its list on the response, without a promise. Requests that arrive while a body or a
 * variant is being made wait for that one piece of work.
 *
 * The headers are set after the response is constructed, not passed to the constructor: Deno
 * copies the body into a native response when a `Response` is constructed with headers, and
 * setting them afterwards skips that copy (BENCHMARKS.md).
 *
 * The response of a variant is made by the handler's `bodyResponse` option (by default an ordinary
 * `Response` of the bytes), so that a server can pass its bytes to the runtime without a copy.
 *
 * @module
 */
import {
  type AssetSource,
  codingPreference,
  compressedVariant,
  identityVariant,
  type Variant,
} from "./assets.ts";

type HeaderList = readonly (readonly [string, string])[];

/**
 * Makes the `Response` of a prebuilt answer, with no headers yet, from the bytes of its variant.
 * Every answer of a variant gets the same bytes, which must never be changed: whoever reads them
 * must get them unchanged, or a copy.
 */
export type BodyResponse = (bytes: Uint8Array<ArrayBuffer>, status: number) => Response;

/** A `Response` of its own: the runtime copies the bytes, so its reader may do anything with them. */
function ownBodyResponse(bytes: Uint8Array<ArrayBuffer>, status: number): Response {
  return new Response(bytes, { status });
}

/** One variant with its headers: `full` for a 200, `notModified` for a 304. */
interface PreparedVariant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  full: HeaderList;
  notModified: HeaderList;
}

/** The answer of one prebuilt address, made piece by piece as requests need it. */
export class LazyAnswer {
  readonly #source: AssetSource;
  readonly #common: Readonly<Record<string, string>>;
  readonly #bodyResponse: BodyResponse;
  #identity: PreparedVariant | undefined;
  #building: Promise<unknown> | undefined;
  /** Compressed variants made so far; `null` where the coding gives no smaller body. */
  readonly #variants = new Map<"br" | "gzip", PreparedVariant | null>();
  readonly #compressing = new Map<"br" | "gzip", Promise<unknown>>();

  /**
   * The answer `source` describes, with the `common` headers first on every variant; each response
   * with a body is made by `bodyResponse`.
   */
  constructor(
    source: AssetSource,
    common: Readonly<Record<string, string>>,
    { bodyResponse = ownBodyResponse }: { bodyResponse?: BodyResponse } = {},
  ) {
    this.#source = source;
    this.#common = common;
    this.#bodyResponse = bodyResponse;
  }

  /** What the answer is, before its body is made. */
  get source(): AssetSource {
    return this.#source;
  }

  /**
   * Answers a GET (the handler drops the body for HEAD): the negotiated variant, or 304 when the
   * client's `If-None-Match` holds that variant's ETag. Synchronous once the body and the variant
   * it needs have been made.
   */
  answer(request: Request): Response | Promise<Response> {
    const identity = this.#identity;
    if (identity === undefined) return this.#build().then(() => this.answer(request));
    for (const coding of codingPreference(request.headers.get("accept-encoding"))) {
      const variant = this.#variants.get(coding);
      if (variant === undefined) return this.#compress(coding).then(() => this.answer(request));
      if (variant !== null) return this.#respond(request, variant);
    }
    return this.#respond(request, identity);
  }

  /** The identity bytes, made on first use. */
  identityBody(): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> {
    const identity = this.#identity;
    return identity?.body ?? this.#build().then(() => this.identityBody());
  }

  #build(): Promise<unknown> {
    this.#building ??= (async () => {
      const variant = await identityVariant(await this.#source.render());
      this.#identity = this.#prepare(variant, "identity");
    })().catch((error) => {
      // A failed render is tried again by the next request rather than kept.
      this.#building = undefined;
      throw error;
    });
    return this.#building;
  }

  #compress(coding: "br" | "gzip"): Promise<unknown> {
    let work = this.#compressing.get(coding);
    if (work === undefined) {
      const identity = this.#identity;
      if (identity === undefined) return this.#build();
      work = compressedVariant(identity, coding).then((variant) => {
        this.#variants.set(coding, variant ? this.#prepare(variant, coding) : null);
      }).finally(() => this.#compressing.delete(coding));
      this.#compressing.set(coding, work);
    }
    return work;
  }

  #prepare(variant: Variant, coding: "identity" | "br" | "gzip"): PreparedVariant {
    const source = this.#source;
    const notModified = Object.entries({
      ...this.#common,
      ...source.headers,
      "content-type": source.contentType,
      "cache-control": source.cacheControl,
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
  }

  #respond(request: Request, variant: PreparedVariant): Response {
    const status = this.#source.status;
    if (status === 200 && matchesEtag(request.headers.get("if-none-match"), variant.etag)) {
      return withHeaders(new Response(null, { status: 304 }), variant.notModified);
    }
    return withHeaders(this.#bodyResponse(variant.body, status), variant.full);
  }
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
