import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { createHandler, loadCatalog } from "../../lib/mod.ts";
import { recipeText, WITHOUT_RECIPE } from "../../lib/sql/recipe.ts";
import { REWRITES, SETTINGS } from "../../lib/sql/clickhouse.ts";
import type { SqlIndex } from "../../lib/web/sql_files.ts";
import { FIXTURE } from "../_spawn.ts";

const BASE = "https://metrics.example";
const catalog = await loadCatalog();
const handler = createHandler(catalog, { baseUrl: BASE });
const folder = new URL("../../lib/sql/", import.meta.url);
const slugs = (await readdir(new URL("recipes/", folder)))
  .filter((name) => name.endsWith(".sql")).map((name) => name.slice(0, -4)).sort();

async function get(path: string, site = handler) {
  const response = await site(new Request(`${BASE}${path}`));
  return { response, text: await response.text() };
}

Deno.test("/sql/<slug>.sql serves every recipe byte for byte, as UTF-8 text", async () => {
  assert.equal(slugs.length, 38);
  for (const slug of slugs) {
    const { response, text } = await get(`/sql/${slug}.sql`);
    assert.equal(response.status, 200, slug);
    assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8", slug);
    assert.equal(text, await readFile(new URL(`recipes/${slug}.sql`, folder), "utf8"), slug);
  }
});

Deno.test("/sql/<slug>.clickhouse.sql serves every recipe's ClickHouse text, its file through the rewrites", async () => {
  for (const slug of slugs) {
    const { response, text } = await get(`/sql/${slug}.clickhouse.sql`);
    assert.equal(response.status, 200, slug);
    assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8", slug);
    const file = await readFile(new URL(`recipes/${slug}.sql`, folder), "utf8");
    assert.equal(text, recipeText(file, "clickhouse"), slug);
  }
  assert.equal((await get("/sql/churn-rate.duckdb.sql")).response.status, 404);
});

Deno.test("/sql/schema.<engine>.sql serves the committed DDL of PostgreSQL, DuckDB and ClickHouse", async () => {
  for (const dialect of ["postgres", "duckdb", "clickhouse"]) {
    const { response, text } = await get(`/sql/schema.${dialect}.sql`);
    assert.equal(response.status, 200, dialect);
    assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8", dialect);
    assert.equal(text, await readFile(new URL(`schema.${dialect}.sql`, folder), "utf8"), dialect);
  }
  assert.equal((await get("/sql/schema.mysql.sql")).response.status, 404);
});

Deno.test("/sql/index.json lists each recipe with its metric, inputs, parameters, tables, schema version and engines", async () => {
  const { response, text } = await get("/sql/index.json");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
  const index: SqlIndex = JSON.parse(text);
  assert.equal(index.license.name, "MIT");
  assert.equal(index.schema.version, "1");
  assert.deepEqual(index.dialects, ["postgres", "duckdb", "clickhouse"]);
  assert.deepEqual(index.schema.ddl, {
    postgres: `${BASE}/sql/schema.postgres.sql`,
    duckdb: `${BASE}/sql/schema.duckdb.sql`,
    clickhouse: `${BASE}/sql/schema.clickhouse.sql`,
  });
  assert.deepEqual(index.clickhouse.rewrites.map((rewrite) => rewrite.name), [
    ...REWRITES.map((rewrite) => rewrite.name),
  ]);
  assert.deepEqual(index.clickhouse.settings.map((setting) => setting.setting), [
    "join_use_nulls = 1",
    "aggregate_functions_null_for_empty = 1",
    "prefer_column_name_to_alias = 1",
  ]);
  assert.equal(SETTINGS.length, index.clickhouse.settings.length);
  assert.deepEqual(index.recipes.map((recipe) => recipe.metric), slugs);
  for (const recipe of index.recipes) {
    const metric = catalog.metrics.find((candidate) => candidate.slug === recipe.metric);
    assert.ok(metric?.calculator, recipe.metric);
    assert.equal(recipe.name, metric.name);
    assert.equal(recipe.page, `${BASE}/metrics/${metric.slug}#sql`);
    assert.equal(recipe.url, `${BASE}/sql/${metric.slug}.sql`);
    assert.deepEqual(recipe.inputs, Object.keys(metric.calculator.inputs), recipe.metric);
    assert.equal(recipe.result, metric.calculator.expression, recipe.metric);
    assert.equal(recipe.schemaVersion, "1");
    assert.deepEqual(recipe.dialects, ["postgres", "duckdb", "clickhouse"]);
    // each engine's file, named by the engine: one for PostgreSQL and DuckDB, ClickHouse's own
    assert.deepEqual(recipe.files, {
      postgres: `${BASE}/sql/${metric.slug}.sql`,
      duckdb: `${BASE}/sql/${metric.slug}.sql`,
      clickhouse: `${BASE}/sql/${metric.slug}.clickhouse.sql`,
    });
    const clickhouseText = (await get(`/sql/${metric.slug}.clickhouse.sql`)).text;
    for (const setting of recipe.clickhouseSettings) {
      assert.ok(clickhouseText.includes(`-- Setting: ${setting},`), `${recipe.metric}: ${setting}`);
    }
    assert.equal(
      /\nSETTINGS [^\n]*;\n$/.exec(clickhouseText)?.[0],
      recipe.clickhouseSettings.length === 0
        ? undefined
        : `\nSETTINGS ${recipe.clickhouseSettings.join(", ")};\n`,
      recipe.metric,
    );
    assert.ok(recipe.tables.length > 0, recipe.metric);
    const file = await readFile(new URL(`recipes/${recipe.metric}.sql`, folder), "utf8");
    for (const table of recipe.tables) {
      assert.match(file, new RegExp(`(FROM|JOIN) ${table}\\b`), `${recipe.metric}: ${table}`);
    }
    // Each parameter is a header line of the file, and the SQL uses it.
    for (const parameter of recipe.parameters) {
      const declared = parameter.default === undefined ? "" : ` = ${parameter.default}`;
      const line =
        `-- Parameter: :${parameter.name} ${parameter.type}${declared}, ${parameter.means}`;
      assert.ok(file.includes(`${line}\n`), `${recipe.metric}: ${line}`);
      assert.ok(
        file.split("\n").some((row) =>
          !row.startsWith("--") &&
          row.includes(`:${parameter.name}`)
        ),
        `${recipe.metric} uses :${parameter.name}`,
      );
    }
  }
  assert.deepEqual(
    index.withoutRecipe,
    Object.entries(WITHOUT_RECIPE).map(([metric, why]) => ({ metric, why })),
  );
});

Deno.test("the SQL files are the code's, the same for any catalog; the index names only the metrics the catalog has", async () => {
  const fixture = createHandler(await loadCatalog(FIXTURE), { baseUrl: BASE });
  const recipe = await get("/sql/churn-rate.sql", fixture);
  assert.equal(recipe.response.status, 200);
  assert.equal(recipe.text, (await get("/sql/churn-rate.sql")).text);
  const index: SqlIndex = JSON.parse((await get("/sql/index.json", fixture)).text);
  assert.deepEqual(index.recipes.map((item) => item.metric), slugs);
  for (const item of index.recipes) {
    assert.equal(item.name, undefined, item.metric);
    assert.equal(item.page, undefined, item.metric);
  }
});
