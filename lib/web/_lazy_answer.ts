/**
 * Answers made from their plans on first use: an address's identity body (and its ETag) is made
 * by the first request that needs it, each compressed body by the first request that accepts it,
 * and each is kept with its header list, so every later request only negotiates, picks a body and
 * sets its list on the response, without a promise. Requests that arrive while a body is being
 * made wait for that one piece of work.
 *
 * The headers are set after the response is constructed, not passed to the constructor: Deno
 * copies the body into a native response when a `Response` is constructed with headers, and
 * setting them afterwards skips that copy (BENCHMARKS.md).
 *
 * The response of a body is made by the handler's `bodyResponse` option (by default an ordinary
 * `Response` of the bytes), so that a server can pass its bytes to the runtime without a copy.
 *
 * @module
 */
import {
  type AnswerPlan,
  codingPreference,
  type Compress,
  compressedBody,
  type EncodedBody,
  identityBody,
} from "./answer.ts";

type HeaderList = readonly (readonly [string, string])[];

/**
 * Makes the `Response` of a prebuilt answer, with no headers yet, from the bytes of one of its
 * bodies. Every answer with that body gets the same bytes, which must never be changed: whoever
 * reads them must get them unchanged, or a copy.
 */
export type BodyResponse = (bytes: Uint8Array<ArrayBuffer>, status: number) => Response;

/** A `Response` of its own: the runtime copies the bytes, so its reader may do anything with them. */
function ownBodyResponse(bytes: Uint8Array<ArrayBuffer>, status: number): Response {
  return new Response(bytes, { status });
}

/** An encoded body with the headers it is sent with: `full` for a 200, `notModified` for a 304. */
interface BodyWithHeaders extends EncodedBody {
  full: HeaderList;
  notModified: HeaderList;
}

/** The answer of one prebuilt address, made piece by piece as requests need it. */
export class LazyAnswer {
  readonly #plan: AnswerPlan;
  readonly #common: Readonly<Record<string, string>>;
  readonly #bodyResponse: BodyResponse;
  readonly #compressWith: Compress | undefined;
  #identity: BodyWithHeaders | undefined;
  #building: Promise<unknown> | undefined;
  /** Compressed bodies made so far; `null` where the coding gives no smaller body. */
  readonly #compressed = new Map<"br" | "gzip", BodyWithHeaders | null>();
  readonly #compressing = new Map<"br" | "gzip", Promise<unknown>>();

  /**
   * The answer `plan` describes, with the `common` headers first on every body; each response with
   * a body is made by `bodyResponse`, each compressed body by `compress` (`node:zlib` by default).
   */
  constructor(
    plan: AnswerPlan,
    common: Readonly<Record<string, string>>,
    { bodyResponse = ownBodyResponse, compress }: {
      bodyResponse?: BodyResponse;
      compress?: Compress | undefined;
    } = {},
  ) {
    this.#plan = plan;
    this.#common = common;
    this.#bodyResponse = bodyResponse;
    this.#compressWith = compress;
  }

  /** What the answer is, before its body is made. */
  get plan(): AnswerPlan {
    return this.#plan;
  }

  /**
   * Answers a GET (the handler drops the body for HEAD): the negotiated body, or 304 when the
   * client's `If-None-Match` holds that body's ETag. Synchronous once the identity body and the
   * body it needs have been made.
   */
  answer(request: Request): Response | Promise<Response> {
    const identity = this.#identity;
    if (identity === undefined) return this.#build().then(() => this.answer(request));
    for (const coding of codingPreference(request.headers.get("accept-encoding"))) {
      const body = this.#compressed.get(coding);
      if (body === undefined) return this.#compress(coding).then(() => this.answer(request));
      if (body !== null) return this.#respond(request, body);
    }
    return this.#respond(request, identity);
  }

  /** The bytes of the identity body, made on first use. */
  identityBytes(): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> {
    const identity = this.#identity;
    return identity?.bytes ?? this.#build().then(() => this.identityBytes());
  }

  #build(): Promise<unknown> {
    this.#building ??= (async () => {
      const body = await identityBody(await this.#plan.render());
      this.#identity = this.#withHeaderLists(body, "identity");
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
      work = compressedBody(identity, coding, this.#compressWith).then((body) => {
        this.#compressed.set(coding, body ? this.#withHeaderLists(body, coding) : null);
      }).finally(() => this.#compressing.delete(coding));
      this.#compressing.set(coding, work);
    }
    return work;
  }

  #withHeaderLists(body: EncodedBody, coding: "identity" | "br" | "gzip"): BodyWithHeaders {
    const plan = this.#plan;
    const notModified = Object.entries({
      ...this.#common,
      ...plan.headers,
      "content-type": plan.contentType,
      "cache-control": plan.cacheControl,
      "etag": body.etag,
      "vary": "Accept-Encoding",
      ...(coding === "identity" ? {} : { "content-encoding": coding }),
    });
    return {
      bytes: body.bytes,
      etag: body.etag,
      notModified,
      full: [...notModified, ["content-length", String(body.bytes.byteLength)]],
    };
  }

  #respond(request: Request, body: BodyWithHeaders): Response {
    const status = this.#plan.status;
    if (status === 200 && matchesEtag(request.headers.get("if-none-match"), body.etag)) {
      return withHeaders(new Response(null, { status: 304 }), body.notModified);
    }
    return withHeaders(this.#bodyResponse(body.bytes, status), body.full);
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
