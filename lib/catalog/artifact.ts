/**
 * The catalog as one JSON document, validated once when it is written: `catalog/artifact.json`
 * beside the Markdown files, and what the npm package embeds. It names every file it was made
 * from by its SHA-256 digest, so a reader uses it only while the files are unchanged; then
 * nothing is parsed but JSON and no validator is loaded.
 *
 * @module
 */
import type { Catalog } from "./records.ts";
import { type CatalogDir, type CatalogFiles, inFolder, isPermissionError } from "./folder.ts";
import { sha256Base64url } from "./digest.ts";

/** The artifact's file name inside a catalog folder. */
export const ARTIFACT_FILE = "artifact.json";

const FORMAT = "metrics-catalog/2";

/** The JSON form of a catalog: its records, the everyday names as pairs, and its files' digests. */
export interface CatalogArtifact {
  /** The format, so that a reader can refuse one it does not know. */
  format: typeof FORMAT;
  /** What the file is, for a person who opens it. */
  about: string;
  /** Every file the records come from, by path in the folder, with its SHA-256 (base64url). */
  files: Record<string, string>;
  /** Every metric, with its benchmarks' review date. */
  metrics: Catalog["metrics"];
  /** Every framework. */
  frameworks: Catalog["frameworks"];
  /** Everyday names by record slug. */
  synonyms: [string, string[]][];
}

const ABOUT = "The validated catalog, written by `deno task artifact` from the Markdown files " +
  "beside it; readers use it only while every file has the digest listed here. Do not edit.";

/**
 * The digest of every file a catalog folder's records come from: each entry of `metrics/` and
 * `frameworks/` (an entry that is not a file counts as one that differs), and `synonyms.yaml`
 * when there is one.
 */
export async function catalogDigests(
  fs: CatalogFiles,
  dir: CatalogDir,
): Promise<Record<string, string>> {
  const names: string[] = [];
  for (const folder of ["metrics", "frameworks"]) {
    const entries = await fs.list(inFolder(dir, `${folder}/`)).catch((error) => {
      if (isPermissionError(error)) throw error;
      return [];
    });
    for (const entry of entries) names.push(`${folder}/${entry.name}${entry.isFile ? "" : "/"}`);
  }
  names.sort();
  const digests: Record<string, string> = {};
  const files = await Promise.all(
    names.map((name) => name.endsWith("/") ? undefined : fs.read(inFolder(dir, name))),
  );
  const synonyms = await fs.read(inFolder(dir, "synonyms.yaml"));
  for (const [index, name] of names.entries()) {
    const bytes = files[index];
    digests[name] = bytes === undefined ? "not a file" : await sha256Base64url(bytes);
  }
  if (synonyms !== undefined) digests["synonyms.yaml"] = await sha256Base64url(synonyms);
  return digests;
}

/**
 * The artifact of a loaded, validated catalog and the digests of its files, as the text written
 * to `artifact.json`: one record a line, so that a diff shows which records changed.
 *
 * @example Round trip
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "./load.ts";
 * import { artifactText, catalogFromArtifact } from "./artifact.ts";
 * const catalog = await loadCatalog(undefined, { prebuilt: false });
 * assert.deepEqual(catalogFromArtifact(JSON.parse(artifactText(catalog, {}))), catalog);
 * ```
 */
export function artifactText(catalog: Catalog, files: Record<string, string>): string {
  const list = (items: unknown[]) =>
    items.length === 0 ? "[]" : `[\n${items.map((item) => JSON.stringify(item)).join(",\n")}\n]`;
  return [
    `{"format":${JSON.stringify(FORMAT)},`,
    `"about":${JSON.stringify(ABOUT)},`,
    `"files":${JSON.stringify(files)},`,
    `"metrics":${list(catalog.metrics)},`,
    `"frameworks":${list(catalog.frameworks)},`,
    `"synonyms":${list([...catalog.synonyms])}}`,
    "",
  ].join("\n");
}

/** The catalog an artifact holds; throws when the value is not an artifact this code wrote. */
export function catalogFromArtifact(value: unknown): Catalog {
  if (!isArtifact(value)) throw new Error(`The catalog artifact is not a ${FORMAT} artifact`);
  return {
    metrics: value.metrics,
    frameworks: value.frameworks,
    synonyms: new Map(value.synonyms),
  };
}

function isArtifact(value: unknown): value is CatalogArtifact {
  if (typeof value !== "object" || value === null) return false;
  const record: Partial<Record<string, unknown>> = value;
  return record.format === FORMAT && typeof record.files === "object" &&
    record.files !== null && Array.isArray(record.metrics) &&
    Array.isArray(record.frameworks) && Array.isArray(record.synonyms);
}

/** What {@linkcode readArtifact} found: the catalog, or why the Markdown files must be read. */
export type ArtifactRead =
  | { ok: true; catalog: Catalog }
  | { ok: false; missing: boolean; reason: string };

/**
 * Reads a folder's artifact and returns its catalog when every file it was made from is
 * unchanged; otherwise says why not (missing, not an artifact, or the first file that differs),
 * naming files with `label`.
 */
export async function readArtifact(
  fs: CatalogFiles,
  dir: CatalogDir,
  label: string,
): Promise<ArtifactRead> {
  const name = `${label}/${ARTIFACT_FILE}`;
  const [bytes, digests] = await Promise.all([
    fs.read(inFolder(dir, ARTIFACT_FILE)),
    catalogDigests(fs, dir),
  ]);
  if (bytes === undefined) return { ok: false, missing: true, reason: `${name} is missing` };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, missing: false, reason: `${name} is not valid JSON` };
  }
  if (!isArtifact(value)) {
    return { ok: false, missing: false, reason: `${name} is not a ${FORMAT} artifact` };
  }
  const changed = changedFile(value.files, digests);
  if (changed !== undefined) {
    return { ok: false, missing: false, reason: `${name} is out of date (${label}/${changed})` };
  }
  return { ok: true, catalog: catalogFromArtifact(value) };
}

/** The first file, A to Z, that was added, removed or changed since the artifact was written. */
function changedFile(
  recorded: Record<string, string>,
  current: Record<string, string>,
): string | undefined {
  const names = [...new Set([...Object.keys(recorded), ...Object.keys(current)])].sort();
  for (const name of names) {
    const was = Object.hasOwn(recorded, name) ? recorded[name] : undefined;
    const now = Object.hasOwn(current, name) ? current[name] : undefined;
    if (was === now) continue;
    const file = name.replace(/\/$/, "");
    if (was === undefined) return `${file} was added`;
    if (now === undefined) return `${file} was removed`;
    return `${file} changed`;
  }
  return undefined;
}
