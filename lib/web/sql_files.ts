/**
 * The SQL recipes as a data set of files: the reference schema's DDL for each engine
 * (`/sql/schema.postgres.sql`, `/sql/schema.duckdb.sql`, `/sql/schema.clickhouse.sql`), one file
 * per recipe (`/sql/<slug>.sql`) and its ClickHouse text (`/sql/<slug>.clickhouse.sql`), and an
 * index of them all (`/sql/index.json`). They are code, under the MIT licence, and the same
 * whichever catalog is served; the index names each recipe's metric and page where the catalog
 * has it.
 *
 * @module
 */
import type { ReadModel } from "../read/model.ts";
import { DIALECTS } from "../sql/dialect.ts";
import { REWRITES, SETTINGS, settingsOf } from "../sql/clickhouse.ts";
import { ddl, SCHEMA_VERSION, SQL_LICENCE } from "../sql/schema.ts";
import { recipeText, WITHOUT_RECIPE } from "../sql/recipe.ts";
import { recipes } from "../read/recipes.ts";
import { RECIPE_FILES } from "../sql/files.ts";
import { type AnswerPlan, planAnswer, TYPES } from "./answer.ts";
import { recipePath, schemaPath, SQL_INDEX_PATH, SQL_PAGE_PATH } from "./paths.ts";

/**
 * The type of a `.sql` file: plain text in UTF-8, which browsers show in the tab (they download
 * `application/sql`) and every client reads as text; the extension names the language.
 */
export const SQL_TYPE = TYPES.text;

/** The licence of the schema and the recipes: the code's. */
const CODE_LICENSE = {
  name: SQL_LICENCE,
  path: "https://opensource.org/license/mit",
  title: "MIT License",
} as const;

/** One recipe as the index lists it. */
export interface SqlIndexRecipe {
  /** The metric's slug. */
  metric: string;
  /** The metric's name, where the catalog has the metric. */
  name?: string;
  /** Where the metric's page shows the recipe, where the catalog has the metric. */
  page?: string;
  /** The recipe's file. */
  url: string;
  /** The columns it returns before `result`: the calculator's inputs, by the same names. */
  inputs: string[];
  /** The calculator's expression its `result` column follows. */
  result: string;
  /** The tables of the reference schema it reads. */
  tables: string[];
  /**
   * Its parameters, as `:name` in the SQL, each with its type, the default its header declares
   * (`7`, `3 months`) where it has one, and its meaning.
   */
  parameters: { name: string; type: string; default?: string; means: string }[];
  /** The reference schema version it reads. */
  schemaVersion: string;
  /** The engines it is proven on. */
  dialects: string[];
  /** Its file for each engine, by the engine's name: one file for PostgreSQL and DuckDB. */
  files: Record<string, string>;
  /** The settings its ClickHouse text ends with, each stated in that text's header. */
  clickhouseSettings: string[];
}

/** `/sql/index.json`: what the SQL data set holds, and where. */
export interface SqlIndex {
  title: string;
  description: string;
  license: typeof CODE_LICENSE;
  homepage: string;
  schema: { version: string; page: string; ddl: Record<string, string> };
  dialects: string[];
  recipes: SqlIndexRecipe[];
  withoutRecipe: { metric: string; why: string }[];
  /**
   * How a recipe's ClickHouse text is made from its file: the rewrites, in order, and the
   * settings a recipe ends with when it needs them.
   */
  clickhouse: {
    rewrites: { name: string; why: string }[];
    settings: { setting: string; why: string }[];
  };
}

/**
 * The index of the SQL data set: the schema's version and DDL files, and every recipe with its
 * inputs, parameters, tables and engines, in slug order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sqlIndex } from "./sql_files.ts";
 * import { createReadModel, loadCatalog } from "../mod.ts";
 * const index = sqlIndex(createReadModel(await loadCatalog()), "https://metrics.example");
 * const churn = index.recipes.find((recipe) => recipe.metric === "churn-rate");
 * assert.equal(churn?.url, "https://metrics.example/sql/churn-rate.sql");
 * assert.deepEqual(churn?.inputs, ["lost", "start"]);
 * ```
 */
export function sqlIndex(model: ReadModel, baseUrl: string): SqlIndex {
  return {
    title: "SQL recipes for product and growth metrics",
    description: "One query per computable metric, over a small reference schema, returning the " +
      "metric's calculator inputs by the same names and the result; each runs unchanged on " +
      "PostgreSQL and DuckDB once your tables are mapped onto the schema with views, and on " +
      "ClickHouse as its ClickHouse file, the same text through a few named rewrites. Code, " +
      "under the MIT licence: copy, adapt and paste it.",
    license: CODE_LICENSE,
    homepage: `${baseUrl}${SQL_PAGE_PATH}`,
    schema: {
      version: SCHEMA_VERSION,
      page: `${baseUrl}${SQL_PAGE_PATH}`,
      ddl: Object.fromEntries(DIALECTS.map((dialect) => [dialect, baseUrl + schemaPath(dialect)])),
    },
    dialects: [...DIALECTS],
    recipes: [...recipes()].map(([slug, recipe]) => {
      const name = model.name("metric", slug);
      return {
        metric: slug,
        ...(name === undefined ? {} : { name, page: `${baseUrl}/metrics/${slug}#sql` }),
        url: baseUrl + recipePath(slug),
        inputs: recipe.returns.slice(0, -1),
        result: recipe.result,
        tables: recipe.tables,
        parameters: recipe.parameters.map(({ name, type, declared, means }) => ({
          name,
          type,
          ...(declared === undefined ? {} : { default: declared }),
          means,
        })),
        schemaVersion: recipe.schemaVersion,
        dialects: [...DIALECTS],
        files: Object.fromEntries(
          DIALECTS.map((dialect) => [dialect, baseUrl + recipePath(slug, dialect)]),
        ),
        clickhouseSettings: settingsOf(recipe.text).map((setting) => setting.text),
      };
    }),
    withoutRecipe: Object.entries(WITHOUT_RECIPE).map(([metric, why]) => ({ metric, why })),
    clickhouse: {
      rewrites: REWRITES.map(({ name, why }) => ({ name, why })),
      settings: SETTINGS.map((setting) => ({ setting: setting.text, why: setting.why })),
    },
  };
}

/**
 * The SQL data set's files by address, each made on first use: a recipe's file is its text as
 * the code carries it, and the recipes are read (for the index) only when the index is asked for.
 */
export function sqlFiles(model: ReadModel, baseUrl: string): [string, AnswerPlan][] {
  return [
    ...DIALECTS.map((dialect): [string, AnswerPlan] => [
      schemaPath(dialect),
      planAnswer(() => ddl(dialect), SQL_TYPE),
    ]),
    ...Object.entries(RECIPE_FILES).flatMap(([slug, text]): [string, AnswerPlan][] => [
      [recipePath(slug), planAnswer(() => text, SQL_TYPE)],
      [recipePath(slug, "clickhouse"), planAnswer(() => recipeText(text, "clickhouse"), SQL_TYPE)],
    ]),
    [SQL_INDEX_PATH, planAnswer(() => JSON.stringify(sqlIndex(model, baseUrl)), TYPES.json)],
  ];
}
