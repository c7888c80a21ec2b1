/**
 * `deno task bench-clickhouse`: the same recipes on ClickHouse (chDB, in process, installed in
 * `tests/clickhouse/` by `npm install --ignore-scripts` there) and on DuckDB, each alone, over the
 * same seeded files of 10 million events (`--sizes` for others), CSV and Parquet, as whole
 * processes in turn, with the parameters `compare --data` picks for those files. Each figure is
 * the median of the runs, from GNU time; a row whose two engines answer differently is said.
 *
 *     deno task bench-clickhouse                  # 10 million events, 3 runs each
 *
 * @module
 */
import {
  cell,
  DUCKDB_ALONE,
  fileSets,
  medians,
  ratios,
  runArgs,
  type Timed,
  timed,
} from "./_data_runs.ts";
import { taskArgs } from "./_process.ts";

const args = runArgs({
  sizes: "10000000",
  metrics: "monthly-active-users,net-revenue-retention",
});
const cli = await taskArgs("cli");
const engines = {
  clickhouse: [
    "run",
    "--allow-read",
    "--allow-write=/tmp",
    "--allow-env",
    "--allow-ffi",
    "--allow-sys",
    "bench/clickhouse_alone.ts",
  ],
  duckdb: DUCKDB_ALONE,
};
const rows: string[] = [];
for await (const { size, format, folder } of fileSets(args)) {
  for (const slug of args.metrics) {
    const picked = await timed([...cli, "compare", slug, "--data", folder, "--json"]);
    const parameters: Record<string, string> = JSON.parse(picked.stdout).data.parameters;
    const pairs = Object.entries(parameters).map(([name, value]) => `${name}=${value}`);
    const clickhouse: Timed[] = [];
    const duckdb: Timed[] = [];
    for (let run = 0; run < args.runs; run++) {
      clickhouse.push(await timed([...engines.clickhouse, slug, folder, format, ...pairs]));
      duckdb.push(await timed([...engines.duckdb, slug, folder, format, ...pairs]));
    }
    const same = (a: string, b: string) => {
      const [x, y] = [JSON.parse(a), JSON.parse(b)];
      return Object.keys(x).every((key) =>
        Math.abs(Number(x[key]) - Number(y[key])) <= 1e-9 * Math.max(1, Math.abs(Number(y[key])))
      );
    };
    const agree = same(clickhouse[0]?.stdout ?? "{}", duckdb[0]?.stdout ?? "{}");
    const row = `| ${size.toLocaleString("en-US")} | ${format} | ${slug} | ` +
      `${cell(medians(clickhouse))} | ${cell(medians(duckdb))} | ` +
      `${ratios(medians(clickhouse), medians(duckdb))} | ${agree ? "yes" : "NO"} |`;
    console.log(row);
    rows.push(row);
  }
}
console.log(
  [
    "",
    `${args.runs} run${
      args.runs === 1 ? "" : "s"
    } each, medians; ${navigator.hardwareConcurrency} CPUs`,
    "| events | files | metric | chDB alone | DuckDB alone | wall | CPU | peak RSS | same answer |",
    "| ---: | --- | --- | --- | --- | ---: | ---: | ---: | --- |",
    ...rows,
  ].join("\n"),
);
