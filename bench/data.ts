/**
 * `deno task bench-data`: `compare <slug> --data` against DuckDB alone running the same recipe on
 * the same files, as whole processes, for `monthly-active-users`, `dau-mau-ratio` and
 * `net-revenue-retention` on seeded files of 1 and 10 million events (and 50 million with
 * `--sizes`), as CSV and as Parquet. Each pair runs in turn, A B A B …, and each figure is the
 * median of the runs: wall time, CPU time (user and system) and peak resident memory, as GNU time
 * measures them (Debian's package `time`). CPU time moves less than wall time on a busy machine. The files are written once into `--folder` and kept for the next run.
 *
 *     deno task bench-data                         # 1 and 10 million events, 3 runs each
 *     deno task bench-data --sizes 50000000 --runs 1
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DUCKDB_PACKAGE, DUCKDB_VERSION } from "../lib/sql/duckdb.ts";
import { writeDataFiles } from "./data_files.ts";
import { ROOT, taskArgs } from "./_process.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    sizes: { type: "string", default: "1000000,10000000" },
    runs: { type: "string", default: "3" },
    folder: { type: "string", default: "/tmp/metrics-catalog-bench-data" },
    metrics: {
      type: "string",
      default: "monthly-active-users,dau-mau-ratio,net-revenue-retention",
    },
    formats: { type: "string", default: "csv,parquet" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const runs = Number(values.runs);
const TABLES = ["events", "subscriptions", "subscription_states"];

/** Writes the seeded CSV files of a size, and the same tables as Parquet, unless already there. */
async function dataFolders(size: number): Promise<Record<string, string>> {
  const base = join(values.folder, String(size));
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
interface Timed {
  /** Wall seconds. */
  seconds: number;
  /** User and system CPU seconds. */
  cpu: number;
  /** Peak resident memory, MiB. */
  mib: number;
  stdout: string;
}

/** One whole process under GNU time, and what it printed. */
async function timed(args: string[]): Promise<Timed> {
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
function medians(runs: readonly Timed[]): Omit<Timed, "stdout"> {
  return {
    seconds: median(runs.map(({ seconds }) => seconds)),
    cpu: median(runs.map(({ cpu }) => cpu)),
    mib: median(runs.map(({ mib }) => mib)),
  };
}

const cli = await taskArgs("cli");
const alone = [
  "run",
  "--lock=cli.lock",
  "--allow-read",
  "--allow-env",
  "--allow-ffi",
  "bench/duckdb_alone.ts",
];
const rows: string[] = [];
for (const size of sizes) {
  const folders = await dataFolders(size);
  for (const format of values.formats.split(",")) {
    const folder = folders[format] as string;
    for (const slug of values.metrics.split(",")) {
      const data = [];
      const yardstick = [];
      let parameters: Record<string, string> = {};
      for (let run = 0; run < runs; run++) {
        const ours = await timed([...cli, "compare", slug, "--data", folder, "--json"]);
        data.push(ours);
        parameters = JSON.parse(ours.stdout).data.parameters;
        const pairs = Object.entries(parameters).map(([name, value]) => `${name}=${value}`);
        yardstick.push(await timed([...alone, slug, folder, format, ...pairs]));
      }
      const ours = medians(data);
      const theirs = medians(yardstick);
      const cell = ({ seconds, cpu, mib }: Omit<Timed, "stdout">) =>
        `${seconds.toFixed(2)} s (CPU ${cpu.toFixed(2)} s), ${mib.toFixed(0)} MiB`;
      const ratio = (key: "seconds" | "cpu" | "mib") => `${(ours[key] / theirs[key]).toFixed(2)}×`;
      const row = `| ${size.toLocaleString("en-US")} | ${format} | ${slug} | ${cell(ours)} | ` +
        `${cell(theirs)} | ${ratio("seconds")} | ${ratio("cpu")} | ${ratio("mib")} |`;
      console.log(row);
      rows.push(row);
    }
  }
}
console.log(
  [
    "",
    `${runs} run${runs === 1 ? "" : "s"} each, medians; ${navigator.hardwareConcurrency} CPUs`,
    "| events | files | metric | --data | DuckDB alone | wall | CPU | peak RSS |",
    "| ---: | --- | --- | --- | --- | ---: | ---: | ---: |",
    ...rows,
  ].join("\n"),
);
