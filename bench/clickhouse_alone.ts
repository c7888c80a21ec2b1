/**
 * ClickHouse alone (chDB, in process, from `tests/clickhouse/node_modules`), the counterpart of
 * `duckdb_alone.ts`: one recipe's ClickHouse text run on a folder of files, each table a view
 * over ClickHouse's `file()` with the schema's ClickHouse types (`CSVWithNames` or `Parquet`), and
 * the recipe with its parameters written in. Prints the recipe's row as JSON.
 *
 *     deno run --allow-read --allow-write=/tmp --allow-env --allow-ffi --allow-sys \
 *       bench/clickhouse_alone.ts monthly-active-users DIR csv period_start=2024-11-01 …
 *
 * @module
 */
import { createRequire } from "node:module";
import { recipeOf } from "../lib/read/recipes.ts";
import { columnType } from "../lib/sql/dialect.ts";
import { bindRecipe } from "../lib/sql/recipe.ts";
import { TABLES } from "../lib/sql/schema.ts";

const [slug = "", folder = "", format = "csv", ...pairs] = Deno.args;
const recipe = recipeOf(slug);
if (recipe === undefined) throw new Error(`No recipe for "${slug}"`);
const values = Object.fromEntries(pairs.map((pair) => pair.split("=", 2) as [string, string]));
const require = createRequire(new URL("../tests/clickhouse/package.json", import.meta.url));
const { Session } = require("chdb") as {
  Session: new () => { query(sql: string, format?: string): string; cleanup(): void };
};
const session = new Session();
try {
  for (const name of recipe.tables) {
    const table = TABLES.find((each) => each.name === name);
    if (table === undefined) continue;
    const structure = table.columns.map((column) => {
      const type = columnType(column.type, "clickhouse");
      return `${column.name} ${column.nullable ? `Nullable(${type})` : type}`;
    }).join(", ");
    const path = `${folder}/${name}.${format}`;
    session.query(
      `CREATE VIEW ${name} AS SELECT * FROM file('${path}', ` +
        `'${format === "parquet" ? "Parquet" : "CSVWithNames"}', '${
          structure.replaceAll("'", "\\'")
        }')`,
    );
  }
  const bound = bindRecipe(recipe, values, { dialect: "clickhouse", inline: true });
  const answer: { meta: { name: string }[]; data: unknown[][] } = JSON.parse(
    session.query(bound.sql.replace(/;\s*$/, ""), "JSONCompact"),
  );
  const row = answer.data[0] ?? [];
  console.log(
    JSON.stringify(Object.fromEntries(answer.meta.map(({ name }, at) => [name, row[at]]))),
  );
} finally {
  session.cleanup();
}
