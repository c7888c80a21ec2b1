/**
 * The error every route throws for an answer other than success; the handler turns it into the
 * JSON (or HTML 404) answer in one place.
 *
 * @module
 */

/** An HTTP error that the handler turns into a JSON (or HTML) answer. */
export class HttpError extends Error {
  /** The status code to answer with. */
  readonly status: number;
  /** Further headers of the answer, such as `Allow` on a 405. */
  readonly headers: Record<string, string>;
  /** An error answered with `status`, a JSON body holding `message`, and `headers`. */
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.headers = headers;
  }
}

/** An address the site answers: its methods, and how it answers when it is not a prebuilt file. */
export interface Route {
  /** The methods the address takes besides OPTIONS, which every address answers from this list. */
  methods: readonly string[];
  /**
   * Answers a request whose method is one of `methods`, with every header of the answer, the
   * common ones included; `undefined` hands it to the prebuilt answer of the same path. Errors
   * are thrown as {@linkcode HttpError}.
   */
  handle(request: Request): Response | undefined | Promise<Response | undefined>;
}
