/**
 * Loads the catalog: from the folder's validated artifact while it matches the Markdown files, or
 * else from the Markdown files themselves, validating every record and collecting all problems
 * before failing. The validator (zod and the YAML parser) is loaded only on that second path.
 *
 * @module
 */
import { ARTIFACT_FILE, artifactText, catalogDigests, readArtifact } from "./artifact.ts";
import {
  catalogDir,
  CatalogError,
  type CatalogFiles,
  EMBEDDED_CATALOG,
  inFolder,
  nodeFiles,
} from "./folder.ts";
import type { Catalog } from "./records.ts";

export { CatalogError, type CatalogFiles, EMBEDDED_CATALOG };
export type { Catalog };

/**
 * Loads the catalog under `root`, throwing a {@linkcode CatalogError} that lists every problem
 * when the Markdown files are read and anything is wrong.
 *
 * @example Load the embedded catalog
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "./load.ts";
 * const catalog = await loadCatalog();
 * assert.equal(catalog.metrics.length, 44);
 * ```
 */
export async function loadCatalog(
  root: URL | string = EMBEDDED_CATALOG,
  options: {
    /** How file names are shown in problems; defaults to `catalog` for the embedded catalog. */
    label?: string;
    /**
     * Whether an up-to-date `artifact.json` may stand in for the Markdown files (the default);
     * `false` reads and validates the Markdown files whatever the artifact holds.
     */
    prebuilt?: boolean;
    /**
     * Told why the Markdown files are read instead of the artifact: when the artifact is out of
     * date, or missing from the embedded catalog (which ships one). Silent when absent.
     */
    onFallback?: (reason: string) => void;
  } = {},
): Promise<Catalog> {
  return await loadCatalogWith(await nodeFiles(), root, options);
}

/** The options of {@linkcode loadCatalog}. */
type LoadOptions = NonNullable<Parameters<typeof loadCatalog>[1]>;

/**
 * {@linkcode loadCatalog}, reading the folder with `files`: how a runtime's adapter brings its own
 * file access (the Deno entries pass Deno's file API).
 */
export async function loadCatalogWith(
  files: CatalogFiles,
  root: URL | string = EMBEDDED_CATALOG,
  {
    label = root === EMBEDDED_CATALOG ? "catalog" : String(root).replace(/\/$/, ""),
    prebuilt = true,
    onFallback,
  }: LoadOptions = {},
): Promise<Catalog> {
  const dir = catalogDir(root);
  if (prebuilt) {
    const found = await readArtifact(files, { dir, label });
    if (found.ok) return found.catalog;
    if (!found.missing || root === EMBEDDED_CATALOG) {
      onFallback?.(`${found.reason}: validating the Markdown files instead`);
    }
  }
  const { parseCatalog } = await import("./parse.ts");
  return await parseCatalog(dir, { label, files });
}

/** A catalog validated from its Markdown files, with the artifact to write beside them. */
export interface Prebuilt {
  /** The validated catalog. */
  catalog: Catalog;
  /** The text of `artifact.json`. */
  text: string;
  /** Where the artifact goes: `artifact.json` in the catalog folder. */
  file: URL | string;
}

/**
 * Validates the Markdown files under `root` and returns the artifact that stands in for them
 * until one changes; throws a {@linkcode CatalogError} like {@linkcode loadCatalog}.
 */
export async function prebuildCatalog(
  root: URL | string = EMBEDDED_CATALOG,
  { label, files }: {
    /** How file names are shown in problems, as for {@linkcode loadCatalog}. */
    label?: string;
    /** How to read files; `node:fs`, loaded on first use, when absent. */
    files?: CatalogFiles;
  } = {},
): Promise<Prebuilt> {
  const fs = files ?? await nodeFiles();
  const catalog = await loadCatalogWith(fs, root, {
    prebuilt: false,
    ...(label === undefined ? {} : { label }),
  });
  const dir = catalogDir(root);
  return {
    catalog,
    text: artifactText(catalog, await catalogDigests(fs, dir)),
    file: inFolder(dir, ARTIFACT_FILE),
  };
}
