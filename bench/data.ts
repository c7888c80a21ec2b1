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
import {
  DUCKDB_ALONE,
  fileSets,
  medians,
  printRuns,
  runArgs,
  runRow,
  timed,
} from "./_data_runs.ts";
import { taskArgs } from "./_process.ts";

const args = runArgs({
  metrics: "monthly-active-users,dau-mau-ratio,net-revenue-retention",
});

const cli = await taskArgs("cli");
const alone = DUCKDB_ALONE;
const rows: string[] = [];
for await (const { size, format, folder } of fileSets(args)) {
  for (const slug of args.metrics) {
    const data = [];
    const yardstick = [];
    let parameters: Record<string, string> = {};
    for (let run = 0; run < args.runs; run++) {
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
printRuns(args.runs, {
  header: "| events | files | metric | --data | DuckDB alone | wall | CPU | peak RSS |",
  rows,
});
