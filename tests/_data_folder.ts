/**
 * The generated data set (`_sql_data.ts`) written as CSV files in a new folder, the catalog, and
 * the CLI run in this process over them: what the tests of `--data` and `report` share. Each test
 * module that imports it removes the folder with {@linkcode removeFolder} in its last test.
 *
 * @module
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { loadCatalog } from "../lib/mod.ts";
import { runCli } from "../lib/cli/main.ts";
import { scorecardPage } from "../lib/web/pages/scorecard.ts";
import { csvFiles, generate } from "./_sql_data.ts";
import type { Params } from "./_sql_expected.ts";

/** The generated data set. */
export const world = generate();
/** The folder of its CSV files. */
export const folder = await mkdtemp(`${tmpdir()}/metrics data `);
for (const [name, text] of Object.entries(csvFiles(world))) {
  await writeFile(`${folder}/${name}`, text);
}
/** The catalog. */
export const catalog = await loadCatalog();
/** Its metrics by slug. */
export const metrics = new Map(catalog.metrics.map((metric) => [metric.slug, metric]));

/** How a test loads DuckDB: the version tests/deno.lock pins, as the CLI's entries name it. */
export const importPackage = (name: string, version: string) => import(`npm:${name}@${version}`);

/** Runs the CLI in this process, as `cli.ts` does, and returns what it printed. */
export async function cli(
  args: string[],
  { singleBinary = false }: { singleBinary?: boolean } = {},
) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: (name) => ({ COLUMNS: "100", NO_COLOR: "1" } as Record<string, string>)[name],
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    isTerminal: false,
    loadCatalog: () => Promise.resolve(catalog),
    writeArtifact: () => Promise.reject(new Error("not in these tests")),
    serve: () => {},
    serveMcp: () => Promise.resolve(),
    importPackage: singleBinary ? undefined : importPackage,
    scorecardPage: (scorecard, model) => Promise.resolve(scorecardPage(scorecard, model)),
  });
  return { code, stdout, stderr };
}

/** The options that give a recipe these parameters. */
export const asOptions = (params: Params) =>
  Object.entries(params).flatMap((
    [name, value],
  ) => [`--${name.replaceAll("_", "-")}`, String(value)]);

/** Removes the folder: the last test of a module that imports this one. */
export function removeFolder(): Promise<void> {
  return rm(folder, { recursive: true, force: true });
}
