/**
 * What the Deno entries (`main.ts`, `cli.ts`, `build.ts`) share: reading the environment within
 * the permissions granted, loading the catalog, and ending the process with one clear line when
 * the catalog is invalid (exit 1), a permission is missing (exit 2) or the service cannot start
 * (the exit code of its `ServeError`).
 *
 * @module
 */
import {
  CatalogError,
  EMBEDDED_CATALOG,
  isPermissionError,
  loadCatalogWith,
} from "../catalog/load.ts";
import type { Catalog } from "../catalog/records.ts";
import { ServeError } from "../server/config.ts";
import { denoFiles } from "./files.ts";

/** Reads an environment variable the process may read; otherwise treats it as unset. */
export function readEnv(name: string): string | undefined {
  const state = Deno.permissions.querySync({ name: "env", variable: name }).state;
  return state === "granted" ? Deno.env.get(name) : undefined;
}

/**
 * The one line that tells how to grant a permission Deno refused, or `undefined` for any other
 * error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { permissionHint } from "./entry.ts";
 * const refused = new Error('Requires read access to "/srv/catalog", run again with the --allow-read flag');
 * refused.name = "NotCapable";
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

/** Ends the process for an error the entries report in one line; rethrows any other error. */
export function exitOnKnownError(error: unknown): never {
  const hint = permissionHint(error);
  if (hint !== undefined) {
    console.error(hint);
    Deno.exit(2);
  }
  if (error instanceof CatalogError) {
    console.error(error.message);
    console.error("The catalog did not validate; nothing was started");
    Deno.exit(1);
  }
  if (error instanceof ServeError) {
    console.error(error.message);
    Deno.exit(error.exitCode);
  }
  throw error;
}

/**
 * Loads the catalog (a folder, or the embedded one), or ends the process with one clear line.
 * When the Markdown files are read because the artifact is out of date, stderr says so.
 */
export async function loadCatalogOrExit(dir?: string | URL): Promise<Catalog> {
  try {
    return await loadCatalogWith(denoFiles, dir ?? EMBEDDED_CATALOG, {
      onFallback: (reason) => console.error(reason),
    });
  } catch (error) {
    exitOnKnownError(error);
  }
}
