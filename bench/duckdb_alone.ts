/**
 * DuckDB alone, as the yardstick of the `--data` and `report` benchmarks: recipes run on a folder
 * of files with nothing else, the way an analyst would with DuckDB's own readers: a view of each
 * table over `read_csv` (with the schema's column types) or `read_parquet`, and each recipe with
 * its parameters written in, one after another in one process. Prints each recipe's row as JSON.
 *
 *     deno run --lock=cli.lock --allow-read --allow-env --allow-ffi bench/duckdb_alone.ts \
 *       monthly-active-users DIR csv period_start=2024-11-01 period_end=2024-12-01
 *     deno run --lock=cli.lock --allow-read --allow-env --allow-ffi bench/duckdb_alone.ts \
 *       --many DIR csv '{"churn-rate": {"period_start": "2024-11-01", …}, …}'
 *
 * @module
 */
import { DUCKDB_PACKAGE, DUCKDB_VERSION } from "../lib/sql/duckdb.ts";
import { bindRecipe, type Recipe } from "../lib/sql/recipe.ts";
import { recipeOf } from "../lib/read/recipes.ts";
import { columnType } from "../lib/sql/dialect.ts";
import { TABLES } from "../lib/sql/schema.ts";

const many = Deno.args[0] === "--many";
const [first = "", folder = "", format = "csv", ...pairs] = many
  ? ["", ...Deno.args.slice(1)]
  : Deno.args;
/** Each recipe to run, with its parameters: one named first, or many as JSON after the format. */
const wanted: [string, Record<string, string>][] = many
  ? Object.entries(JSON.parse(pairs[0] ?? "{}") as Record<string, Record<string, string>>)
  : [[first, Object.fromEntries(pairs.map((pair) => pair.split("=", 2) as [string, string]))]];
const runs = wanted.map(([slug, values]): [Recipe, Record<string, string>] => {
  const recipe = recipeOf(slug);
  if (recipe === undefined) throw new Error(`No recipe for "${slug}"`);
  return [recipe, values];
});
// named at run time, as cli.ts does, so that only cli.lock (the task's lock) pins the package
const specifier = `npm:${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`;
const { DuckDBInstance } = await import(specifier);
const instance = await DuckDBInstance.create(":memory:");
const connection = await instance.connect();
await connection.run("SET TimeZone = 'UTC'");
for (const name of new Set(runs.flatMap(([recipe]) => recipe.tables))) {
  const table = TABLES.find((each) => each.name === name);
  if (table === undefined) continue;
  const path = `${folder}/${name}.${format}`;
  const source = path.endsWith(".parquet")
    ? `read_parquet('${path}')`
    : `read_csv('${path}', header = true, auto_detect = false, delim = ',', quote = '"', ` +
      `escape = '"', columns = {${
        table.columns.map((column) => `'${column.name}': '${columnType(column.type, "duckdb")}'`)
          .join(", ")
      }})`;
  // many recipes read each file once, into a table; one recipe reads it in place, through a view
  await connection.run(`CREATE ${many ? "TABLE" : "VIEW"} ${name} AS SELECT * FROM ${source}`);
}
for (const [recipe, values] of runs) {
  const bound = bindRecipe(recipe, values, { dialect: "duckdb", inline: true });
  const reader = await connection.runAndReadAll(bound.sql);
  const [row] = reader.getRowObjectsJson();
  console.log(JSON.stringify(many ? { [recipe.metric]: row } : row));
}
connection.closeSync();
instance.closeSync();
