/**
 * Content digests: SHA-256 in base64url, with the Web Crypto API that Deno and Node both ship.
 * The catalog artifact names its files by digest, and every answer's ETag is one.
 *
 * @module
 */

/**
 * The SHA-256 digest of `bytes`, base64url-encoded without padding (43 characters).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Base64url } from "./digest.ts";
 * assert.equal(
 *   await sha256Base64url(new TextEncoder().encode("abc")),
 *   "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0",
 * );
 * ```
 */
export async function sha256Base64url(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
