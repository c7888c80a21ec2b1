/**
 * What the benchmarks of runs on data files share: the seeded files of a size (CSV, then Parquet
 * written by DuckDB), a whole process timed by GNU time (Debian's package `time`), and the median
 * of each figure over the runs.
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DUCKDB_PACKAGE, DUCKDB_VERSION } from "../lib/sql/duckdb.ts";
import { writeDataFiles } from "./data_files.ts";
import { ROOT } from "./_process.ts";

/** `deno` arguments that run DuckDB alone (`bench/duckdb_alone.ts`), followed by its own. */
export const DUCKDB_ALONE = [
  "run",
  "--lock=cli.lock",
  "--allow-read",
  "--allow-env",
  "--allow-ffi",
  "bench/duckdb_alone.ts",
];

/** The tables the seeded files hold. */
const TABLES = ["events", "subscriptions", "subscription_states"];

/**
 * Writes the seeded CSV files of a size into `folder/<size>/csv`, and the same tables as Parquet
 * into `folder/<size>/parquet`, unless already there; returns the two folders by format.
 */
export async function dataFolders(folder: string, size: number): Promise<Record<string, string>> {
  const base = join(folder, String(size));
  const csv = join(base, "csv");
  const parquet = join(base, "parquet");
  const stamp = join(base, "written.json");
  if (!existsSync(stamp)) {
    mkdirSync(csv, { recursive: true });
    mkdirSync(parquet, { recursive: true });
    console.error(`writing ${size.toLocaleString("en-US")} events to ${base} …`);
    const written = writeDataFiles(csv, size);
    const specifier = `npm:${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`;
    const { DuckDBInstance } = await import(specifier);
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    for (const table of TABLES) {
      await connection.run(
        `COPY (SELECT * FROM read_csv('${csv}/${table}.csv', header = true)) TO ` +
          `'${parquet}/${table}.parquet' (FORMAT parquet)`,
      );
    }
    connection.closeSync();
    instance.closeSync();
    writeFileSync(stamp, JSON.stringify(written));
  }
  console.error(`${size.toLocaleString("en-US")} events: ${readFileSync(stamp, "utf8")}`);
  return { csv, parquet };
}

/** A whole process as GNU time measured it. */
export interface Timed {
  /** Wall seconds. */
  seconds: number;
  /** User and system CPU seconds. */
  cpu: number;
  /** Peak resident memory, MiB. */
  mib: number;
  stdout: string;
}

/** One whole process under GNU time, and what it printed. */
export async function timed(args: string[]): Promise<Timed> {
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %U %S %M", "deno", ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr).trim().split("\n");
  const [seconds, user, system, kib] = (stderr.at(-1) ?? "").split(" ").map(Number);
  if (
    !output.success || seconds === undefined || user === undefined || system === undefined ||
    kib === undefined
  ) {
    throw new Error(`deno ${args.join(" ")} failed:\n${stderr.join("\n")}`);
  }
  return {
    seconds,
    cpu: user + system,
    mib: kib / 1024,
    stdout: new TextDecoder().decode(output.stdout),
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] as number : ((sorted[middle - 1] as number) +
    (sorted[middle] as number)) / 2;
};

/** The median of each figure over the runs. */
export function medians(runs: readonly Timed[]): Omit<Timed, "stdout"> {
  return {
    seconds: median(runs.map(({ seconds }) => seconds)),
    cpu: median(runs.map(({ cpu }) => cpu)),
    mib: median(runs.map(({ mib }) => mib)),
  };
}

/** A figure as a table cell: wall time, CPU time and peak memory. */
export function cell({ seconds, cpu, mib }: Omit<Timed, "stdout">): string {
  return `${seconds.toFixed(2)} s (CPU ${cpu.toFixed(2)} s), ${mib.toFixed(0)} MiB`;
}

/** The ratios of two figures, A over B: wall time, CPU time and peak memory, as table cells. */
export function ratios(a: Omit<Timed, "stdout">, b: Omit<Timed, "stdout">): string {
  return (["seconds", "cpu", "mib"] as const).map((key) => `${(a[key] / b[key]).toFixed(2)}×`)
    .join(" | ");
}

/** One row of a table of runs: the size, the files, what ran, both sides and their ratios. */
export function runRow(
  size: number,
  { files, what, ours, theirs }: {
    files: string;
    what: string | number;
    ours: Omit<Timed, "stdout">;
    theirs: Omit<Timed, "stdout">;
  },
): string {
  return `| ${size.toLocaleString("en-US")} | ${files} | ${what} | ${cell(ours)} | ` +
    `${cell(theirs)} | ${ratios(ours, theirs)} |`;
}

/** Prints the table of runs as Markdown: the runs and CPUs, the header, the rows. */
export function printRuns(runs: number, { header, rows }: { header: string; rows: string[] }) {
  const columns = header.split("|").length - 2;
  console.log(
    [
      "",
      `${runs} run${runs === 1 ? "" : "s"} each, medians; ${navigator.hardwareConcurrency} CPUs`,
      header,
      `|${" --- |".repeat(columns)}`,
      ...rows,
    ].join("\n"),
  );
}

/**
 * Each set of files a bench runs on, for every size and format asked for: the seeded files written
 * once by {@linkcode dataFolders}, and the folder that holds them.
 */
export async function* fileSets(
  { sizes, formats, folder }: Pick<RunArgs, "sizes" | "formats" | "folder">,
): AsyncGenerator<{ size: number; format: string; folder: string }> {
  for (const size of sizes) {
    const folders = await dataFolders(folder, size);
    for (const format of formats) yield { size, format, folder: folders[format] as string };
  }
}

/** What a bench of runs on data files was asked for on its command line. */
export interface RunArgs {
  /** How many events each set of files holds (`--sizes 1000000,10000000`). */
  sizes: number[];
  /** How many times each command runs (`--runs 3`). */
  runs: number;
  /** Where the seeded files are written and kept (`--folder`). */
  folder: string;
  /** The formats of files run on (`--formats csv,parquet`). */
  formats: string[];
  /** The metrics run (`--metrics`), for a bench that takes them; empty otherwise. */
  metrics: string[];
}

/**
 * Reads a bench's command line: `--sizes`, `--runs`, `--folder` and `--formats`, and `--metrics`
 * where `metrics` gives its default; `sizes` gives the default of `--sizes`. An unknown flag stops
 * the bench.
 */
export function runArgs(
  { sizes = "1000000,10000000", metrics }: { sizes?: string; metrics?: string } = {},
): RunArgs {
  const text = (fallback: string) => ({ type: "string", default: fallback }) as const;
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      sizes: text(sizes),
      runs: text("3"),
      folder: text("/tmp/metrics-catalog-bench-data"),
      formats: text("csv,parquet"),
      ...(metrics === undefined ? {} : { metrics: text(metrics) }),
    },
  });
  const list = (value: unknown) => typeof value === "string" ? value.split(",") : [];
  return {
    sizes: list(values.sizes).map(Number),
    runs: Number(values.runs),
    folder: String(values.folder),
    formats: list(values.formats),
    metrics: list(values.metrics),
  };
}
