/**
 * A permission Deno refused, told as the flag to add: what the Deno entries print, and what the
 * catalog reader on Deno throws as a {@linkcode Problem} so that a refused folder is not taken for
 * a catalog problem.
 *
 * @module
 */
import { Problem } from "../problem.ts";

/** Whether an error is Deno refusing a permission (or the system refusing access). */
export function isPermissionError(error: unknown): error is Error {
  return error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied;
}

/**
 * The one line that tells how to grant a permission Deno refused, or `undefined` for any other
 * error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { permissionHint } from "./permission.ts";
 * const refused = new Deno.errors.NotCapable(
 *   'Requires read access to "/srv/catalog", run again with the --allow-read flag',
 * );
 * assert.equal(
 *   permissionHint(refused),
 *   'Deno may not read "/srv/catalog": run the command again with --allow-read=/srv/catalog added',
 * );
 * ```
 */
export function permissionHint(error: unknown): string | undefined {
  if (!isPermissionError(error)) return undefined;
  const match = /Requires (\w+) access to "?([^",]*)"?, run again with the (--allow-[\w-]+) flag/
    .exec(error.message);
  if (!match) return `Deno refused an operation: ${error.message}`;
  const [, access = "", target = "", flag = ""] = match;
  const verb = access === "read" ? "read" : access === "write" ? "write to" : `use ${access} on`;
  return `Deno may not ${verb} "${target}": run the command again with ${flag}=${target} added`;
}

/** A refused permission as the one error type (exit code 2), any other error as it is. */
export function asProblem(error: unknown): unknown {
  const hint = permissionHint(error);
  return hint === undefined ? error : new Problem(hint, { exitCode: 2 });
}
