/**
 * The service's policy in one place: its name and version, the limits it enforces, the methods it
 * takes and the headers every answer carries. The handler, the pages, the MCP server, the CLI and
 * the export's nginx.conf all read these values, so they cannot drift apart.
 *
 * @module
 */

/** The catalog's name, as pages, llms files and the MCP server show it. */
export const SITE_NAME = "Metrics Catalog";

/**
 * The package's name: on the npm registry, as the command the package installs (and that the CLI
 * names itself in its lines), and as the MCP server announces itself.
 */
export const PACKAGE_NAME = "metrics-catalog";

/** The package and API version: OpenAPI `info.version`, MCP `serverInfo` and `cli --version`. */
export const VERSION = "1.0.0";

/** The catalog's licence and the credit it asks for. */
export const LICENCE = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
  credit: `Credit the ${SITE_NAME} and carry each figure's citation along with the figure.`,
} as const;

/** The longest request path the service reads; longer ones are refused with 414. */
export const MAX_PATH_LENGTH = 2048;

/** The longest search query that is searched or echoed; longer ones are cut. */
export const MAX_QUERY_LENGTH = 200;

/** The methods every read-only address takes. */
export const READ_METHODS = "GET, HEAD, OPTIONS";

/** Headers every response carries. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Content-Length, Content-Encoding",
  "x-content-type-options": "nosniff",
};

/**
 * Headers of every `OPTIONS` preflight answer, besides the common ones, the methods and the
 * reflected request headers.
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "access-control-max-age": "86400",
  "cache-control": "public, max-age=86400",
  "vary": "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
};

/**
 * A list of header names as a preflight's `Access-Control-Request-Headers` carries it; a preflight
 * reflects such a list in `Access-Control-Allow-Headers`, and ignores anything else. nginx.conf
 * uses the same pattern.
 */
export const REQUEST_HEADER_LIST = /^[-!#%&'*+.^_`|~0-9A-Za-z, \t]{1,1024}$/;

/**
 * A header name as hosts' configuration files write it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headerName } from "./policy.ts";
 * assert.equal(headerName("access-control-allow-origin"), "Access-Control-Allow-Origin");
 * ```
 */
export function headerName(name: string): string {
  return name.split("-").map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("-");
}
