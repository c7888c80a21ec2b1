/**
 * A value made on first use and kept: each prebuilt answer, built by its first request, and the
 * modules and indexes the site loads only when an answer needs them. A failure is not kept: the
 * next call tries again.
 *
 * @module
 */

/**
 * Returns a function that makes the value with `make` the first time it is called, and the same
 * promise after that; when `make` fails, the next call makes it again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { onFirstUse } from "./lazy.ts";
 * let calls = 0;
 * const value = onFirstUse(() => Promise.resolve(++calls));
 * assert.equal(await value(), 1);
 * assert.equal(await value(), 1);
 * ```
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
