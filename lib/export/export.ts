/**
 * The static export: every prebuilt answer of the site as a file, with `.gz` and `.br` siblings,
 * plus the `nginx.conf` that serves the folder with the server's headers.
 *
 * @module
 */
import { mkdir, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { NGINX_MARKER, nginxConf } from "./nginx_conf.ts";
import { buildAnswer, type BuiltAnswer, CACHE_ERROR, planAnswer, TYPES } from "../web/answer.ts";
import type { BuiltSite } from "../web/site.ts";
import { Problem } from "../problem.ts";
import type { ExportEntry, ExportPlan } from "./plan.ts";

export type { ErrorFile, ExportEntry, ExportPlan } from "./plan.ts";

const NOT_FOUND_FILE = "404.html";
const API_NOT_FOUND_FILE = "api/404.json";
/** Folders nginx writes to, inside the export. */
export const NGINX_FOLDERS = ["logs", "temp"] as const;

const RESERVED = new Set([
  NOT_FOUND_FILE,
  API_NOT_FOUND_FILE,
  "nginx.conf",
  ...NGINX_FOLDERS,
]);

/** The extension a file gets for each media type, when its address has none. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "text/html": "html",
  "application/json": "json",
  "application/xml": "xml",
  "text/plain": "txt",
  "text/markdown": "md",
  "text/css": "css",
  "image/svg+xml": "svg",
  "application/javascript": "js",
  "text/javascript": "js",
};

/** Lowercase, because hosts and nginx's maps match addresses without regard to case. */
const SAFE_PATH = /^\/(?:[a-z0-9_~-][a-z0-9._~-]*(?:\/[a-z0-9_~-][a-z0-9._~-]*)*)?$/;

function mediaType(contentType: string): string {
  return contentType.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The file of an address: `/` is `index.html`, `/a/b` is `a/b.<ext>`, `/a/b.txt` stays. */
function fileFor(path: string, contentType: string): string {
  if (path === "/") return "index.html";
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.includes(".")) return path.slice(1);
  const extension = EXTENSIONS[mediaType(contentType)];
  if (extension === undefined) {
    throw new Problem(
      `${path}: no file extension is known for "${contentType}"; add one to EXTENSIONS in lib/export/export.ts`,
    );
  }
  return `${path.slice(1)}.${extension}`;
}

/**
 * Works out the file of every prebuilt answer and checks that a static host can serve each one
 * as the server does: one content type per extension, no two answers in one file, status 200.
 */
export async function planExport(site: BuiltSite): Promise<ExportPlan> {
  const entries: ExportEntry[] = [];
  const types = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const [path, answer] of [...site.answers].sort(([a], [b]) => a < b ? -1 : 1)) {
    if (!SAFE_PATH.test(path)) {
      throw new Problem(
        `${path}: only lowercase letters, digits and "._~-" can stand in an exported path`,
      );
    }
    if (answer.status !== 200) {
      throw new Problem(`${path}: a static host answers files with 200, not ${answer.status}`);
    }
    const file = fileFor(path, answer.contentType);
    const extension = file.slice(file.lastIndexOf(".") + 1);
    const known = types.get(extension);
    if (known !== undefined && known !== answer.contentType) {
      throw new Problem(
        `${path}: ".${extension}" files are already served as "${known}", not "${answer.contentType}"`,
      );
    }
    types.set(extension, answer.contentType);
    const owner = owners.get(file);
    if (owner !== undefined || RESERVED.has(file) || RESERVED.has(file.split("/")[0] ?? "")) {
      throw new Problem(`${path}: its file "${file}" is taken by ${owner ?? "the export"}`);
    }
    owners.set(file, path);
    entries.push({ path, file, answer });
  }
  for (const file of owners.keys()) {
    const parent = file.split("/").slice(0, -1).join("/");
    for (let folder = parent; folder !== ""; folder = folder.split("/").slice(0, -1).join("/")) {
      if (owners.has(folder)) {
        throw new Problem(`${owners.get(folder)}: its file "${folder}" is also a folder`);
      }
    }
  }
  types.set("html", types.get("html") ?? TYPES.html);
  types.set("json", types.get("json") ?? TYPES.json);
  const apiNotFound = {
    file: API_NOT_FOUND_FILE,
    answer: await buildAnswer(
      planAnswer(
        () => JSON.stringify({ error: "No API endpoint or record at this address" }),
        TYPES.json,
        { status: 404, cacheControl: CACHE_ERROR },
      ),
    ),
  };
  const serverOnly = [...site.routes.keys()].filter((path) => !site.answers.has(path)).sort();
  const redirects = site.model.redirects().filter(({ from }) => {
    if (!SAFE_PATH.test(from) || site.answers.has(from)) {
      throw new Problem(`${from}: a redirect's address must be a free, lowercase path`);
    }
    return true;
  });
  const notFoundPage = { file: NOT_FOUND_FILE, answer: site.notFoundPage };
  return { entries, types, notFoundPage, apiNotFound, serverOnly, redirects };
}

/** Options for {@linkcode exportSite}. */
export interface ExportOptions {
  /** The port in `nginx.conf`'s `listen` line. */
  nginxPort?: number;
}

/** What {@linkcode exportSite} wrote. */
export interface ExportReport {
  /** Answers written, each with its compressed siblings. */
  answers: number;
  /** HTML pages among them. */
  pages: number;
  /** Files written, host configuration included. */
  files: number;
  /** Bytes written. */
  bytes: number;
  /** Addresses only the Deno server answers. */
  serverOnly: string[];
}

function recompress(answer: BuiltAnswer): { gzip?: Uint8Array; br?: Uint8Array } {
  const bytes = answer.bodies.identity.bytes;
  const out: { gzip?: Uint8Array; br?: Uint8Array } = {};
  // The highest level is not always the smallest on short bodies: keep whichever is smaller.
  const smaller = (recompressed: Uint8Array, served: Uint8Array) =>
    recompressed.byteLength <= served.byteLength ? recompressed : served;
  if (answer.bodies.gzip) {
    out.gzip = smaller(gzipSync(bytes, { level: 9 }), answer.bodies.gzip.bytes);
  }
  if (answer.bodies.br) {
    out.br = smaller(
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
      answer.bodies.br.bytes,
    );
  }
  return out;
}

/** Empties the export folder, refusing to touch a folder that holds anything but an export. */
async function prepareFolder(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
    await mkdir(dir, { recursive: true });
    return;
  }
  if (entries.length === 0) return;
  const conf = await readFile(`${dir}/nginx.conf`, "utf8").catch(() => "");
  if (!conf.startsWith(NGINX_MARKER)) {
    throw new Problem(
      `${dir}: the folder is not empty and holds no earlier export; choose an empty or new folder`,
    );
  }
  for (const entry of entries) await rm(`${dir}/${entry}`, { recursive: true });
}

/**
 * Writes the static export of a site into `dir`: every answer with its `.gz` and `.br` siblings
 * (recompressed at the highest levels, wherever the server has that compressed body), the 404 answers,
 * and `nginx.conf`. The folder is emptied first if it holds an earlier export.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportSite } from "./export.ts";
 * import { buildSite } from "../web/site.ts";
 * import { createReadModel, loadCatalog } from "../mod.ts";
 * import { mkdtemp, rm, stat } from "node:fs/promises";
 * import { tmpdir } from "node:os";
 * const dir = await mkdtemp(`${tmpdir()}/export-`);
 * const site = await buildSite(createReadModel(await loadCatalog()), "https://metrics.example");
 * const report = await exportSite(site, dir);
 * assert.ok((await stat(`${dir}/api/metrics/churn-rate.json.br`)).isFile());
 * assert.equal(report.serverOnly.includes("/mcp"), true);
 * await rm(dir, { recursive: true });
 * ```
 */
export async function exportSite(
  site: BuiltSite,
  dir: string,
  { nginxPort = 8080 }: ExportOptions = {},
): Promise<ExportReport> {
  const plan = await planExport(site);
  await prepareFolder(dir);
  const report: ExportReport = {
    answers: plan.entries.length,
    pages: plan.entries.filter((entry) => mediaType(entry.answer.contentType) === "text/html")
      .length,
    files: 0,
    bytes: 0,
    serverOnly: plan.serverOnly,
  };
  // Each body gets its own modification time, so that nginx's ETags (time and size) differ.
  const time = Math.floor(Date.now() / 1000);
  const write = async (file: string, body: Uint8Array | string, offset = 0) => {
    const path = `${dir}/${file}`;
    await mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
    await writeFile(path, bytes);
    await utimes(path, time + offset, time + offset);
    report.files += 1;
    report.bytes += bytes.byteLength;
  };
  const writeAnswer = async (file: string, answer: BuiltAnswer) => {
    await write(file, answer.bodies.identity.bytes);
    const { gzip, br } = recompress(answer);
    if (gzip) await write(`${file}.gz`, gzip, 1);
    if (br) await write(`${file}.br`, br, 2);
  };
  for (const entry of plan.entries) await writeAnswer(entry.file, entry.answer);
  // The server sends its 404 answers uncompressed; so does the export.
  for (const error of [plan.notFoundPage, plan.apiNotFound]) {
    await write(error.file, error.answer.bodies.identity.bytes);
  }
  await write("nginx.conf", nginxConf(plan, { port: nginxPort }));
  for (const folder of NGINX_FOLDERS) await mkdir(`${dir}/${folder}`, { recursive: true });
  return report;
}
