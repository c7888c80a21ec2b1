/**
 * DuckDB alone, as the `--data` benchmark's yardstick: one recipe run on a folder of files with
 * nothing else, the way an analyst would with DuckDB's own readers: a view of each table over
 * `read_csv` (with the schema's column types) or `read_parquet`, and the recipe with its
 * parameters written in. Prints the recipe's row as JSON.
 *
 *     deno run --lock=cli.lock --allow-read --allow-env --allow-ffi bench/duckdb_alone.ts \
 *       monthly-active-users DIR csv period_start=2024-11-01 period_end=2024-12-01
 *
 * @module
 */
import { DUCKDB_PACKAGE, DUCKDB_VERSION } from "../lib/sql/duckdb.ts";
import { bindRecipe } from "../lib/sql/recipe.ts";
import { recipeOf } from "../lib/read/recipes.ts";
import { columnType } from "../lib/sql/dialect.ts";
import { TABLES } from "../lib/sql/schema.ts";

const [slug = "", folder = "", format = "csv", ...pairs] = Deno.args;
const recipe = recipeOf(slug);
if (recipe === undefined) throw new Error(`No recipe for "${slug}"`);
const values = Object.fromEntries(pairs.map((pair) => pair.split("=", 2) as [string, string]));
// named at run time, as cli.ts does, so that only cli.lock (the task's lock) pins the package
const specifier = `npm:${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`;
const { DuckDBInstance } = await import(specifier);
const instance = await DuckDBInstance.create(":memory:");
const connection = await instance.connect();
await connection.run("SET TimeZone = 'UTC'");
for (const name of recipe.tables) {
  const table = TABLES.find((each) => each.name === name);
  if (table === undefined) continue;
  const path = `${folder}/${name}.${format}`;
  const source = format === "parquet"
    ? `read_parquet('${path}')`
    : `read_csv('${path}', header = true, auto_detect = false, delim = ',', quote = '"', ` +
      `escape = '"', columns = {${
        table.columns.map((column) => `'${column.name}': '${columnType(column.type, "duckdb")}'`)
          .join(", ")
      }})`;
  await connection.run(`CREATE VIEW ${name} AS SELECT * FROM ${source}`);
}
const bound = bindRecipe(recipe, values, { dialect: "duckdb", inline: true });
const reader = await connection.runAndReadAll(bound.sql);
console.log(JSON.stringify(reader.getRowObjectsJson()[0]));
connection.closeSync();
instance.closeSync();
