/**
 * Responses that lend Deno their bytes instead of copying them, for `Deno.serve`: Deno's
 * `Response` keeps a copy of a `Uint8Array` body, and under load the copies pile up as external
 * memory until V8's next collection, well above the heap; lending the shared bytes keeps the
 * server's memory flat and answers large bodies faster (BENCHMARKS.md). It rests on how Deno's
 * `extractBody` copies a body, so it lives here, in the Deno adapter, and checks on its first use
 * that Deno still takes the bytes this way.
 *
 * @module
 */

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
 * A response whose body is `bytes`, shared with every other answer that sends them instead of
 * copied per response. Only for a server that sends the response and reads nothing of it, as
 * `Deno.serve` does: whoever reads a lent body with `arrayBuffer()` or `bytes()` gets the shared
 * bytes themselves, and changing or transferring them would break later answers. Where Deno does
 * not take the bytes this way, the first answer finds out and every answer is an ordinary copying
 * `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lentBodyResponse } from "./lent_body.ts";
 * const bytes = new TextEncoder().encode("shared");
 * assert.equal(await lentBodyResponse(bytes, 200).text(), "shared");
 * ```
 */
export function lentBodyResponse(bytes: Uint8Array<ArrayBuffer>, status: number): Response {
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
