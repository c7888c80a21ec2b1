/**
 * The catalog as one JSON document, validated once when it is written: `catalog/artifact.json`
 * beside the Markdown files, and what the npm package embeds. It names every file it was made
 * from by its SHA-256 digest, so a reader uses it only while the files are unchanged; then
 * nothing is parsed but JSON and no validator is loaded.
 *
 * @module
 */
import type { Catalog } from "./records.ts";
import { type CatalogDir, type CatalogFiles, inFolder } from "./folder.ts";
import { Problem } from "../problem.ts";
import { sha256Base64url } from "./digest.ts";
import { VERSION } from "../policy.ts";

/** The artifact's file name inside a catalog folder. */
export const ARTIFACT_FILE = "artifact.json";

/**
 * The format this code writes and reads. Change it whenever what the artifact holds, or how the
 * records it holds are validated, changes: an artifact of another format, or written by another
 * version of the code ({@linkcode VERSION}), is not used.
 */
export const FORMAT = "metrics-catalog/3";

/** The JSON form of a catalog: its records, the everyday names as pairs, and its files' digests. */
export interface CatalogArtifact {
  /** The format, so that a reader can refuse one it does not know. */
  format: typeof FORMAT;
  /** What the file is, for a person who opens it. */
  about: string;
  /** The version of the code that validated the records and wrote the file. */
  version: string;
  /** One SHA-256 (base64url) over the paths and bytes of every file the records come from. */
  digest: string;
  /** Each of those files, by path in the folder, with its SHA-256. */
  files: Record<string, string>;
  /** Every metric, with its benchmarks' review date. */
  metrics: Catalog["metrics"];
  /** Every framework. */
  frameworks: Catalog["frameworks"];
  /** Everyday names by record slug. */
  synonyms: [string, string[]][];
  /** The vocabulary of benchmark figure segments. */
  segments: Catalog["segments"];
}

const ABOUT = "The validated catalog, written by `deno task artifact` from the Markdown files " +
  "beside it; readers use it only while the files match the digests here and the code is of " +
  "the version here. Do not edit.";

/**
 * A file a catalog's records come from: its path in the folder, and its bytes; `undefined` for
 * an entry that is not a file, `null` for a file that cannot be read (either counts as a change,
 * and the Markdown path then reports it).
 */
type SourceFile = readonly [name: string, bytes: Uint8Array<ArrayBuffer> | undefined | null];

/**
 * The files a catalog folder's records come from, A to Z: each entry of `metrics/` and
 * `frameworks/` (one that is not a file has no bytes, and counts as one that differs), then
 * `segments.yaml` and `synonyms.yaml` when there are.
 */
async function sourceFiles(fs: CatalogFiles, dir: CatalogDir): Promise<SourceFile[]> {
  const names: string[] = [];
  for (const folder of ["metrics", "frameworks"]) {
    const entries = await fs.list(inFolder(dir, `${folder}/`)).catch((error) => {
      if (error instanceof Problem) throw error;
      return [];
    });
    for (const entry of entries) names.push(`${folder}/${entry.name}${entry.isFile ? "" : "/"}`);
  }
  names.sort();
  names.push("segments.yaml", "synonyms.yaml");
  const files = await Promise.all(names.map(async (name): Promise<SourceFile> => [
    name.replace(/\/$/, ""),
    name.endsWith("/") ? undefined : await readOrNull(fs, inFolder(dir, name)),
  ]));
  return files.filter(([name, bytes]) => name.includes("/") || bytes !== undefined);
}

/** A file's bytes, `undefined` when there is none, `null` when it cannot be read. */
async function readOrNull(fs: CatalogFiles, file: URL | string) {
  try {
    return await fs.read(file);
  } catch (error) {
    if (error instanceof Problem) throw error;
    return null;
  }
}

/** One digest over every file's path and bytes: what a reader compares first. */
async function folderDigest(files: readonly SourceFile[]): Promise<string> {
  const encoder = new TextEncoder();
  const parts = files.flatMap(([name, bytes]) => [
    encoder.encode(
      `${name}\0${bytes?.byteLength ?? (bytes === null ? "unreadable" : "not a file")}\0`,
    ),
    bytes ?? new Uint8Array(),
  ]);
  return await sha256Base64url(new Uint8Array(await new Blob(parts).arrayBuffer()));
}

/** The digest of each file, by path: what names the file that changed. */
async function fileDigests(files: readonly SourceFile[]): Promise<Record<string, string>> {
  const digests = await Promise.all(
    files.map(([, bytes]) =>
      bytes === undefined ? "not a file" : bytes === null ? "unreadable" : sha256Base64url(bytes)
    ),
  );
  return Object.fromEntries(files.map(([name], index) => [name, digests[index] ?? ""]));
}

/** What an artifact records of the files it was made from. */
export interface CatalogDigests {
  /** One digest over every file's path and bytes. */
  digest: string;
  /** Each file's digest, by path in the folder. */
  files: Record<string, string>;
}

/** The digests of the files a catalog folder's records come from. */
export async function catalogDigests(fs: CatalogFiles, dir: CatalogDir): Promise<CatalogDigests> {
  const files = await sourceFiles(fs, dir);
  return { digest: await folderDigest(files), files: await fileDigests(files) };
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
 * const text = artifactText(catalog, { digest: "", files: {} });
 * assert.deepEqual(catalogFromArtifact(JSON.parse(text)), catalog);
 * ```
 */
export function artifactText(catalog: Catalog, { digest, files }: CatalogDigests): string {
  const list = (items: unknown[]) =>
    items.length === 0 ? "[]" : `[\n${items.map((item) => JSON.stringify(item)).join(",\n")}\n]`;
  return [
    `{"format":${JSON.stringify(FORMAT)},`,
    `"about":${JSON.stringify(ABOUT)},`,
    `"version":${JSON.stringify(VERSION)},`,
    `"digest":${JSON.stringify(digest)},`,
    `"files":${JSON.stringify(files)},`,
    `"metrics":${list(catalog.metrics)},`,
    `"frameworks":${list(catalog.frameworks)},`,
    `"synonyms":${list([...catalog.synonyms])},`,
    `"segments":${JSON.stringify(catalog.segments)}}`,
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
    segments: value.segments,
  };
}

function isArtifact(value: unknown): value is CatalogArtifact {
  if (typeof value !== "object" || value === null) return false;
  const record: Partial<Record<string, unknown>> = value;
  return record.format === FORMAT && typeof record.version === "string" &&
    typeof record.digest === "string" &&
    typeof record.files === "object" &&
    record.files !== null && Array.isArray(record.metrics) &&
    Array.isArray(record.frameworks) && Array.isArray(record.synonyms) &&
    typeof record.segments === "object" && record.segments !== null;
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
  { dir, label }: { dir: CatalogDir; label: string },
): Promise<ArtifactRead> {
  const name = `${label}/${ARTIFACT_FILE}`;
  const [bytes, files] = await Promise.all([
    readOrNull(fs, inFolder(dir, ARTIFACT_FILE)),
    sourceFiles(fs, dir),
  ]);
  if (bytes === undefined) return { ok: false, missing: true, reason: `${name} is missing` };
  if (bytes === null) return { ok: false, missing: false, reason: `${name} cannot be read` };
  // The digest is worked out off the main thread while the artifact is parsed on it.
  const digest = folderDigest(files);
  digest.catch(() => {}); // Awaited below, unless the artifact is refused first.
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, missing: false, reason: `${name} is not valid JSON` };
  }
  if (!isArtifact(value)) {
    return { ok: false, missing: false, reason: `${name} is not a ${FORMAT} artifact` };
  }
  if (value.version !== VERSION) {
    const reason = `${name} was written by version ${value.version} of the code, not ${VERSION}`;
    return { ok: false, missing: false, reason };
  }
  if (await digest !== value.digest) {
    const changed = changedFile(value.files, await fileDigests(files));
    const why = changed === undefined
      ? "its digest does not match the files"
      : `${label}/${changed}`;
    return { ok: false, missing: false, reason: `${name} is out of date (${why})` };
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
    if (was === undefined) return `${name} was added`;
    if (now === undefined) return `${name} was removed`;
    return `${name} changed`;
  }
  return undefined;
}
