/**
 * `deno task bench-report`: `report --data` over every metric against DuckDB alone running the
 * same recipes, with the same parameters, over the same files in one process, as whole processes,
 * on seeded files of 1 and 10 million events with the generator's other tables (50 million with
 * `--sizes`), as CSV and as Parquet. Each pair runs in turn, A B A B …; each figure is the median
 * of the runs: wall time, CPU time and peak resident memory, as GNU time measures them. The
 * report's targets: at most 1.3× DuckDB alone's time and 1.5× its peak memory.
 *
 *     deno task bench-report                        # 1 and 10 million events, 3 runs each
 *     deno task bench-report --sizes 50000000 --runs 1 --formats parquet
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

const args = runArgs();
/** The event names the seeded files hold, for the recipes that need one. */
const EVENTS = [
  ["--activation-event", "report_created"],
  ["--feature-event", "report_viewed"],
  ["--access-event", "invite_sent"],
  ["--visit-event", "page_viewed"],
  ["--conversion-event", "report_created"],
  ["--pql-event", "export_downloaded"],
].flat();

const cli = await taskArgs("cli");
const rows: string[] = [];
for await (const { size, format, folder } of fileSets(args)) {
  const ours = [];
  const alone = [];
  let computed = 0;
  for (let run = 0; run < args.runs; run++) {
    const report = await timed([...cli, "report", "--data", folder, ...EVENTS, "--json"]);
    ours.push(report);
    const scorecard = JSON.parse(report.stdout) as {
      metrics: { slug: string; parameters: Record<string, string | number> }[];
    };
    computed = scorecard.metrics.length;
    const parameters = Object.fromEntries(
      scorecard.metrics.map((entry) => [entry.slug, entry.parameters]),
    );
    alone.push(
      await timed([...DUCKDB_ALONE, "--many", folder, format, JSON.stringify(parameters)]),
    );
  }
  const row = runRow(size, {
    files: format,
    what: computed,
    ours: medians(ours),
    theirs: medians(alone),
  });
  console.log(row);
  rows.push(row);
}
printRuns(args.runs, {
  header: "| events | files | metrics | report | DuckDB alone | wall | CPU | peak RSS |",
  rows,
});
