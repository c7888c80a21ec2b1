/**
 * Answers from prebuilt assets, made on first use: an address's body (and its ETag) is made by
 * the first request that needs it, each compressed variant by the first request that accepts it,
 * and each is kept with its header list, so every later request only negotiates, picks a variant
 * and sets its list on the response, without a promise. Requests that arrive while a body or a
 * variant is being made wait for that one piece of work.
 *
 * The headers are set after the response is constructed, not passed to the constructor: Deno 2.9
 * copies the body into a native response when a `Response` is constructed with headers. Setting
 * them afterwards skips that copy; the server answers about 30% more requests per second for one
 * metric (see BENCHMARKS.md).
 *
 * For the server, the body itself is lent, not copied: see {@linkcode bodyResponse}.
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
  readonly #lend: boolean;
  #identity: PreparedVariant | undefined;
  #building: Promise<unknown> | undefined;
  /** Compressed variants made so far; `null` where the coding gives no smaller body. */
  readonly #variants = new Map<"br" | "gzip", PreparedVariant | null>();
  readonly #compressing = new Map<"br" | "gzip", Promise<unknown>>();

  /**
   * The answer `source` describes, with the `common` headers first on every variant; with
   * `lendBodies`, each response is given the variant's bytes themselves ({@linkcode bodyResponse}).
   */
  constructor(
    source: AssetSource,
    common: Readonly<Record<string, string>>,
    { lendBodies = false }: { lendBodies?: boolean } = {},
  ) {
    this.#source = source;
    this.#common = common;
    this.#lend = lendBodies;
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
    const response = this.#lend
      ? bodyResponse(variant.body, status)
      : new Response(variant.body, { status });
    return withHeaders(response, variant.full);
  }
}

/** The bytes being lent to the `Response` under construction, if any. */
let lending: Uint8Array<ArrayBuffer> | undefined;
/** Whether the runtime asked for them while the `Response` was constructed. */
let taken = false;
/** Whether this runtime takes lent bytes: unknown until the first answer, then fixed. */
let lendingWorks: boolean | undefined;

/**
 * An empty `Uint8Array` that stands for the lent bytes. Deno's `extractBody` keeps a `slice()` of
 * a `Uint8Array` body as its own copy; a slice is made by the array's species, and this class's
 * species hands out the lent bytes, so the copy is the shared bytes themselves and copies nothing
 * (the loop that would copy runs over the ticket's zero elements). Any other slice of a ticket is
 * an ordinary new array.
 */
class Ticket extends Uint8Array<ArrayBuffer> {}
Object.defineProperty(Ticket, Symbol.species, {
  value: function lentOrNew(length: number): Uint8Array<ArrayBuffer> {
    if (lending === undefined) return new Uint8Array(length);
    taken = true;
    return lending;
  },
});
const TICKET = new Ticket(new ArrayBuffer(0));

/**
 * A response whose body is `bytes`, shared with every other answer of the same variant instead of
 * copied per response. On Deno 2.9 a `Response` copies a `Uint8Array` body when it is constructed,
 * and under load the copies pile up as external memory until V8's next collection (about 64 MiB
 * above the heap, by V8's own threshold; no V8 flag lowers it): lending the bytes keeps the
 * server's memory flat and answers large bodies faster (BENCHMARKS.md). Where a runtime does not
 * take the bytes this way (Node's `Response` copies through the buffer, not the species), the
 * first answer finds out and every answer is an ordinary copying `Response`.
 *
 * The bytes are never changed after they are made; whoever reads a lent body with `arrayBuffer()`
 * or `bytes()` gets them themselves and must not change them either.
 */
export function bodyResponse(bytes: Uint8Array<ArrayBuffer>, status: number): Response {
  if (lendingWorks === false) return new Response(bytes, { status });
  lending = bytes;
  taken = false;
  try {
    const response = new Response(TICKET, { status });
    lendingWorks ??= taken;
    return taken ? response : new Response(bytes, { status });
  } finally {
    lending = undefined;
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
