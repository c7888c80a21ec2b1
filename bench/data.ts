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
import { parseArgs } from "node:util";
import {
  dataFolders,
  DUCKDB_ALONE,
  medians,
  printRuns,
  RUN_OPTIONS,
  runRow,
  timed,
} from "./_data_runs.ts";
import { taskArgs } from "./_process.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    ...RUN_OPTIONS,
    metrics: {
      type: "string",
      default: "monthly-active-users,dau-mau-ratio,net-revenue-retention",
    },
  },
});
const sizes = values.sizes.split(",").map(Number);
const runs = Number(values.runs);

const cli = await taskArgs("cli");
const alone = DUCKDB_ALONE;
const rows: string[] = [];
for (const size of sizes) {
  const folders = await dataFolders(values.folder, size);
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
      const row = runRow(size, {
        files: format,
        what: slug,
        ours: medians(data),
        theirs: medians(yardstick),
      });
      console.log(row);
      rows.push(row);
    }
  }
}
printRuns(runs, {
  header: "| events | files | metric | --data | DuckDB alone | wall | CPU | peak RSS |",
  rows,
});
