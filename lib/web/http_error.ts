/**
 * What a route of the site is. A route throws a `Problem` (`lib/problem.ts`) for an answer other than
 * success; the handler turns it into the JSON (or HTML 404) answer in one place.
 *
 * @module
 */

/** An address the site answers: its methods, and how it answers when it is not a prebuilt file. */
export interface Route {
  /** The methods the address takes besides OPTIONS, which every address answers from this list. */
  methods: readonly string[];
  /**
   * Answers a request whose method is one of `methods`, with every header of the answer, the
   * common ones included; `undefined` hands it to the prebuilt answer of the same path. Errors
   * are thrown as `Problem`s, with their status and headers.
   */
  handle(request: Request): Response | undefined | Promise<Response | undefined>;
}
