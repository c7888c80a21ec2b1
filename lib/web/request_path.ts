/**
 * Which request paths the service reads, in one place: the handler reads every request's path
 * with {@linkcode requestPath}, and the static export's `nginx.conf` is generated from the same
 * tables, so that the web server refuses what the handler refuses.
 *
 * @module
 */
import { MAX_PATH_LENGTH } from "../policy.ts";
import { Problem } from "../problem.ts";

/**
 * Characters a path segment may not hold once percent-decoded, as ranges of code points: control
 * characters, and the slash and backslash, so that an encoded one cannot split or join segments.
 */
export const REFUSED_CHARACTERS: readonly (readonly [first: number, last: number])[] = [
  [0x00, 0x1f],
  [0x2f, 0x2f],
  [0x5c, 0x5c],
  [0x7f, 0x7f],
];

/** Segments a path may not hold, written as they are or percent-encoded: no dot segments. */
export const REFUSED_SEGMENTS: readonly string[] = [".", ".."];

/** The error message of each refusal; nginx.conf words its 414 the same way. */
export const PATH_ERRORS = {
  tooLong: `Path is longer than ${MAX_PATH_LENGTH} characters`,
  malformed: "Path has malformed percent-encoding",
  refused: "Path has a character or segment that is not allowed",
} as const;

const REFUSED_CHARACTER = new RegExp(
  `[${
    REFUSED_CHARACTERS.map(([first, last]) =>
      first === last ? unicodeEscape(first) : `${unicodeEscape(first)}-${unicodeEscape(last)}`
    ).join("")
  }]`,
  "u",
);

function unicodeEscape(codePoint: number): string {
  return `\\u{${codePoint.toString(16)}}`;
}

/**
 * Reads the path of a request URL as the client sent it: decoded, without a trailing slash. The
 * raw target is read before URL parsing would resolve dot segments or turn backslashes into
 * slashes, so `..`, `%2e%2e` and backslashes are refused rather than silently resolved. Throws a
 * 414 {@linkcode Problem} for a path over {@linkcode MAX_PATH_LENGTH} characters, and a 400 for
 * percent-encoding that does not decode to UTF-8 or a refused character or segment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestPath } from "./request_path.ts";
 * assert.equal(requestPath("http://localhost/api/metrics/churn%2Drate/"), "/api/metrics/churn-rate");
 * assert.throws(() => requestPath("http://localhost/api/%2e%2e/x"), /not allowed/);
 * ```
 */
export function requestPath(url: string): string {
  const raw = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] || "/";
  if (raw.length > MAX_PATH_LENGTH) throw new Problem(PATH_ERRORS.tooLong, { status: 414 });
  const segments = raw.split("/").map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new Problem(PATH_ERRORS.malformed, { status: 400 });
    }
    if (REFUSED_CHARACTER.test(decoded) || REFUSED_SEGMENTS.includes(decoded)) {
      throw new Problem(PATH_ERRORS.refused, { status: 400 });
    }
    return decoded;
  });
  const path = segments.join("/");
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}
