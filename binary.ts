// deno-lint-ignore-file no-import-prefix -- a build tool's package is named here, not in deno.json,
// so that starting the service does not download it (see binary.lock)
/**
 * `deno task binary`: one executable file, `binary/metrics-catalog` (Linux x86-64), built here with
 * what npm serves. It is a Node.js single executable application: the npm package's entry, the
 * validated catalog embedded, bundled as one CommonJS script (`deno bundle --format cjs`), turned
 * into a blob by `node --experimental-sea-config` and injected into a copy of this machine's
 * `node` with `postject` (pinned here and in `binary.lock`: `deno.lock` and the injector, so that
 * neither starting the service nor building the binary fetches the test tools). Prints the file's
 * size and path.
 *
 * @module
 */
import { chmod, copyFile, readFile, rm, stat, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { prebuildCatalog } from "./lib/catalog/load.ts";
import { denoFiles } from "./lib/deno/files.ts";
import { exitOnKnownError } from "./lib/deno/entry.ts";
import { bundleNodeEntry, run as runCommand } from "./pack.ts";

const ROOT = fileURLToPath(new URL("./", import.meta.url));
/** Where the binary is written (ignored by git). */
export const BINARY_DIR = `${ROOT}binary`;
/** The binary's path. */
export const BINARY = `${BINARY_DIR}/metrics-catalog`;
const BUILD = `${BINARY_DIR}/.build`;
/** The fuse Node's single executable applications look for. */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/**
 * What the injector's ELF writer (LIEF, inside postject's WebAssembly) says of each note section
 * of the new file, the one that holds the blob included, whose name it finds no offset for: nine
 * lines for Node 20's binary. The sections are written whole and the binary runs (nodejs/postject
 * issue 83), so the build leaves these lines out; anything else the injector says is shown.
 */
const NOTE_SECTION_WARNING = /^warning: Can't find string offset for section name '\.note[^']*'$/;

/** Runs `work` with the injector's note-section warnings left out of the console. */
async function withoutNoteWarnings<T>(work: () => Promise<T>): Promise<T> {
  // postject binds console.warn when each injection starts, so it is swapped around the call.
  const warn = console.warn;
  console.warn = (...data: unknown[]) => {
    if (data.length === 1 && typeof data[0] === "string" && NOTE_SECTION_WARNING.test(data[0])) {
      return;
    }
    warn(...data);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

/** A problem the build reports in one line, with exit code 2. */
class BuildError extends Error {}

/** Runs a command as `deno task pack` does; one that is not installed is a BuildError. */
async function run(command: string, args: string[], cwd = ROOT): Promise<string> {
  try {
    return await runCommand(command, args, cwd);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new BuildError(`"${command}" is not installed`);
    }
    throw error;
  }
}

/** The `node` to copy: one with single executable applications (Node 20 or later). */
async function seaNode(): Promise<string> {
  const found = (await run("node", [
    "-e",
    "let sea=false;try{sea=typeof require('node:sea').isSea==='function'}catch{}" +
    "console.log(JSON.stringify({path:process.execPath,version:process.version,sea}))",
  ])).trim();
  const node: { path: string; version: string; sea: boolean } = JSON.parse(found);
  if (!node.sea) {
    throw new BuildError(
      `node ${node.version} cannot build single executable applications: install Node.js 20 or later`,
    );
  }
  return node.path;
}

async function main(): Promise<void> {
  const node = await seaNode();
  let inject: typeof import("npm:postject@1.0.0-alpha.6").inject;
  try {
    ({ inject } = await import("npm:postject@1.0.0-alpha.6"));
  } catch {
    throw new BuildError(
      "the postject injector is missing: run deno cache --lock=binary.lock binary.ts, then try again",
    );
  }
  const { text } = await prebuildCatalog(undefined, { files: denoFiles });
  await rm(BINARY_DIR, { recursive: true, force: true });
  await bundleNodeEntry(`${BUILD}/bundle.cjs`, { catalog: text, build: BUILD, format: "cjs" });
  await writeFile(
    `${BUILD}/sea-config.json`,
    JSON.stringify({
      main: "bundle.cjs",
      output: "sea-prep.blob",
      disableExperimentalSEAWarning: true,
    }),
  );
  await run(node, ["--experimental-sea-config", "sea-config.json"], BUILD);
  await copyFile(node, BINARY);
  await chmod(BINARY, 0o755);
  const blob = await readFile(`${BUILD}/sea-prep.blob`);
  await withoutNoteWarnings(() =>
    inject(BINARY, "NODE_SEA_BLOB", blob, { sentinelFuse: SEA_FUSE })
  );
  // The same script, kept beside the binary for `node binary/metrics-catalog.cjs` comparisons.
  await copyFile(`${BUILD}/bundle.cjs`, `${BINARY_DIR}/metrics-catalog.cjs`);
  await rm(BUILD, { recursive: true });
  const { size } = await stat(BINARY);
  console.error(`Built ${BINARY}: ${(size / 1024 / 1024).toFixed(1)} MiB`);
  console.log(BINARY);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    if (error instanceof BuildError) {
      console.error(`deno task binary: ${error.message}`);
      process.exit(2);
    }
    exitOnKnownError(error);
  }
}
