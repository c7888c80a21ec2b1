/**
 * What the Deno entries (`main.ts`, `cli.ts`, `build.ts`) share: reading the environment within
 * the permissions granted, loading the catalog, and ending the process with one clear line for a
 * {@linkcode Problem} (its exit code: an invalid catalog, a service that cannot start) or a
 * missing permission (exit 2). Any other error is a bug, and stays one.
 *
 * @module
 */
import { CatalogError, EMBEDDED_CATALOG, loadCatalogWith } from "../catalog/load.ts";
import type { Catalog } from "../catalog/records.ts";
import { Problem } from "../problem.ts";
import { denoFiles } from "./files.ts";
import { permissionHint } from "./permission.ts";

export { permissionHint };

/** Reads an environment variable the process may read; otherwise treats it as unset. */
export function readEnv(name: string): string | undefined {
  const state = Deno.permissions.querySync({ name: "env", variable: name }).state;
  return state === "granted" ? Deno.env.get(name) : undefined;
}

/**
 * Ends the process for an error the entries report in one line (a {@linkcode Problem}, then the
 * line `after` gives, or a missing permission); rethrows any other error.
 */
export function exitOnKnownError(error: unknown, { after }: { after?: string } = {}): never {
  const hint = permissionHint(error);
  if (hint !== undefined) {
    console.error(hint);
    Deno.exit(2);
  }
  if (error instanceof Problem) {
    console.error(error.message);
    if (after !== undefined) console.error(after);
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
    const after = "The catalog did not validate; nothing was started";
    exitOnKnownError(error, error instanceof CatalogError ? { after } : {});
  }
}
