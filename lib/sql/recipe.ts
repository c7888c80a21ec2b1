/**
 * A metric's reference SQL: one query per computable metric, in `lib/sql/recipes/<slug>.sql`,
 * that reads the reference schema and returns the metric's calculator inputs, by the same names,
 * and the result. This module reads a recipe's header (the metric, the columns it returns, the
 * schema version, the licence, the parameters) and binds its `:name` placeholders for an engine.
 *
 * @module
 */
import {
  type Dialect,
  isParameterType,
  literal,
  type ParameterType,
  placeholder,
  timestampText,
} from "./dialect.ts";
import { TABLES } from "./schema.ts";
import { forClickHouse } from "./clickhouse.ts";

/** A parameter a recipe takes, as its header declares it. */
export interface RecipeParameter {
  /** Its name, as the SQL writes it after a colon (`period_start` for `:period_start`). */
  name: string;
  /** What it holds. */
  type: ParameterType;
  /** What it means. */
  means: string;
  /**
   * Its default as the header declares it after `=`: a whole number for a setting (`= 7`), the
   * months a period spans for its start (`= 3 months`); absent where the kind of parameter sets
   * the default (`lib/sql/parameters.ts`) or it has none (an event name).
   */
  declared?: string;
}

/** A recipe, read from its file. */
export interface Recipe {
  /** The metric's slug. */
  metric: string;
  /** The columns the query returns, in order: the calculator's inputs, then `result`. */
  returns: string[];
  /** The calculator's expression the result follows. */
  result: string;
  /** The version of the reference schema it reads. */
  schemaVersion: string;
  /** The licence it carries. */
  licence: string;
  /** Its parameters, in the order its header declares them. */
  parameters: RecipeParameter[];
  /** The tables of the reference schema it reads, in the schema's order. */
  tables: string[];
  /** The whole file. */
  text: string;
}

/**
 * The calculators no recipe computes, and why: what they count is not in the reference schema's
 * rows.
 */
export const WITHOUT_RECIPE: Readonly<Record<string, string>> = {
  "return-on-ad-spend": "it needs the revenue an attribution model credits to each ad platform " +
    "and the platforms' own spend, and the reference schema holds neither: the finance ledger " +
    "has all sales and marketing spend, and no purchase carries an ad attribution",
  "task-success-rate": "its attempts are a usability study's observations, each scored against " +
    "success criteria written before the study (with partial credit), which are neither product " +
    "events nor survey answers",
};

/**
 * A recipe's text as an engine runs it: the file itself on PostgreSQL and DuckDB, and on
 * ClickHouse the same text through the rewrites of `clickhouse.ts`.
 */
export function recipeText(text: string, dialect: Dialect): string {
  return dialect === "clickhouse" ? forClickHouse(text) : text;
}

/** Where the recipe of a metric lives, beside this module. */
export function recipeUrl(metric: string): URL {
  return new URL(`./recipes/${metric}.sql`, import.meta.url);
}

/**
 * Reads a recipe's header and checks it against its body: the metric, the columns it returns and
 * the result's expression, the schema version, the licence, and every parameter, each used in the
 * SQL (and every `:name` the SQL uses declared). Also names the schema's tables it reads.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRecipe } from "./recipe.ts";
 * const parsed = parseRecipe([
 *   "-- Metric: gross-margin",
 *   "-- Returns: revenue, cost, result",
 *   "-- Result: (revenue - cost) / revenue * 100",
 *   "-- Schema: version 1",
 *   "-- Licence: MIT",
 *   "-- Parameter: :period_start timestamp, the first day",
 *   "SELECT 1 FROM finance_months WHERE month >= :period_start",
 * ].join("\n"));
 * assert.ok(parsed.ok);
 * assert.deepEqual(parsed.recipe.returns, ["revenue", "cost", "result"]);
 * assert.equal(parsed.recipe.parameters[0]?.type, "timestamp");
 * assert.deepEqual(parsed.recipe.tables, ["finance_months"]);
 * ```
 */
export function parseRecipe(
  text: string,
): { ok: true; recipe: Recipe } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const header = text.match(/^(--[^\n]*\n)+/)?.[0] ?? "";
  const field = (key: string) => {
    const found = [...header.matchAll(new RegExp(`^-- ${key}: (.+)$`, "gm"))].map((m) => m[1]);
    if (found.length === 0 && key !== "Parameter") {
      problems.push(`the header has no "${key}:" line`);
    }
    return found.map((value) => (value ?? "").trim());
  };
  const metric = field("Metric")[0] ?? "";
  const returns = (field("Returns")[0] ?? "").split(",").map((name) => name.trim());
  const result = field("Result")[0] ?? "";
  const schemaVersion = /^version (\S+)/.exec(field("Schema")[0] ?? "")?.[1] ?? "";
  // an SPDX identifier, before any words about it
  const licence = /^[\w.+-]+/.exec(field("Licence")[0] ?? "")?.[0] ?? "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(metric)) problems.push(`"${metric}" is not a slug`);
  if (returns.at(-1) !== "result") problems.push(`"Returns:" must end with "result"`);
  const parameters: RecipeParameter[] = [];
  for (const line of field("Parameter")) {
    const match = /^:([a-z][a-z0-9_]*) ([a-z]+)(?: = ([^,]+))?, (.+)$/.exec(line);
    if (!match || !isParameterType(match[2] ?? "")) {
      problems.push(
        `"Parameter: ${line}" is not ":name timestamp|integer|text[ = default], meaning"`,
      );
      continue;
    }
    const type = match[2] as ParameterType;
    const declared = match[3]?.trim();
    const form = type === "integer" ? /^\d+$/ : type === "timestamp" ? /^\d+ months?$/ : /^$/;
    if (declared !== undefined && !form.test(declared)) {
      problems.push(`"Parameter: ${line}": "= ${declared}" is no default for a ${type}`);
      continue;
    }
    parameters.push({
      name: match[1] ?? "",
      type,
      means: match[4] ?? "",
      ...(declared === undefined ? {} : { declared }),
    });
  }
  const used = new Set(placeholders(text).map(({ name }) => name));
  for (const name of used) {
    if (!parameters.some((parameter) => parameter.name === name)) {
      problems.push(`":${name}" is used but not declared by a "Parameter:" line`);
    }
  }
  for (const { name } of parameters) {
    if (!used.has(name)) problems.push(`":${name}" is declared but not used`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const tables = TABLES.map((table) => table.name).filter((name) =>
    new RegExp(`\\b(?:FROM|JOIN)\\s+${name}\\b`, "i").test(sqlOnly(text))
  );
  return {
    ok: true,
    recipe: { metric, returns, result, schemaVersion, licence, parameters, tables, text },
  };
}

/** SQL text without its `--` comments, and with its quoted text emptied (`''`). */
function sqlOnly(text: string): string {
  return text.replace(/--[^\n]*|'(?:[^']|'')*'/g, (match) => match.startsWith("'") ? "''" : "");
}

/** Every `:name` in SQL text, outside comments, quoted text and `::` casts, with where it is. */
function placeholders(text: string): { name: string; at: number; length: number }[] {
  const found: { name: string; at: number; length: number }[] = [];
  const token = /--[^\n]*|'(?:[^']|'')*'|"(?:[^"]|"")*"|::|:([a-z][a-z0-9_]*)/g;
  for (const match of text.matchAll(token)) {
    if (match[1] !== undefined) {
      found.push({ name: match[1], at: match.index, length: match[0].length });
    }
  }
  return found;
}

/** A recipe ready for an engine: its SQL, and the values of its numbered parameters. */
export interface BoundRecipe {
  /** The SQL, with each `:name` replaced. */
  sql: string;
  /** The values of `$1`, `$2`, …, in order (none when the values are written into the SQL). */
  values: (string | number)[];
}

/**
 * Binds a recipe's parameters, in the recipe's text for the dialect (`recipeText`). By default
 * each `:name` becomes a numbered parameter cast to its type (`CAST($1 AS TIMESTAMP)`, on
 * ClickHouse `{p1:DateTime64(3, 'UTC')}`), and the values go beside the SQL, as a driver takes them; with
 * `inline`, each is written into the SQL as a checked literal (`TIMESTAMP '2024-03-01 00:00:00'`),
 * for a console. Timestamps are read in UTC (`2024-03-01`, `2024-03-01 00:00:00` or
 * milliseconds since 1970). Throws on a missing or unknown parameter or a value of the wrong kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bindRecipe, parseRecipe } from "./recipe.ts";
 * const parsed = parseRecipe([
 *   "-- Metric: gross-margin",
 *   "-- Returns: revenue, result",
 *   "-- Result: revenue",
 *   "-- Schema: version 1",
 *   "-- Licence: MIT",
 *   "-- Parameter: :period_start timestamp, the first day",
 *   "SELECT SUM(revenue) FROM finance_months WHERE month >= :period_start",
 * ].join("\n"));
 * assert.ok(parsed.ok);
 * const bound = bindRecipe(parsed.recipe, { period_start: "2024-03-01" });
 * assert.match(bound.sql, /month >= CAST\(\$1 AS TIMESTAMP\)$/);
 * assert.deepEqual(bound.values, ["2024-03-01 00:00:00"]);
 * const inline = bindRecipe(parsed.recipe, { period_start: "2024-03-01" }, { inline: true });
 * assert.match(inline.sql, /month >= TIMESTAMP '2024-03-01 00:00:00'$/);
 * ```
 */
export function bindRecipe(
  recipe: Recipe,
  values: Readonly<Record<string, string | number>>,
  { dialect = "postgres", inline = false }: { dialect?: Dialect; inline?: boolean } = {},
): BoundRecipe {
  for (const name of Object.keys(values)) {
    if (!recipe.parameters.some((parameter) => parameter.name === name)) {
      throw new Error(`"${recipe.metric}" takes no parameter "${name}"`);
    }
  }
  const numbered = new Map<string, number>();
  const bound: (string | number)[] = [];
  const text = recipeText(recipe.text, dialect);
  let sql = "";
  let from = 0;
  for (const { name, at, length } of placeholders(text)) {
    const parameter = recipe.parameters.find((candidate) => candidate.name === name);
    const value = values[name];
    if (parameter === undefined || value === undefined) {
      throw new Error(`"${recipe.metric}" needs a value for ":${name}"`);
    }
    sql += text.slice(from, at);
    from = at + length;
    if (inline) {
      sql += literal(value, parameter.type, { dialect });
      continue;
    }
    let n = numbered.get(name);
    if (n === undefined) {
      bound.push(checked(value, parameter.type));
      n = bound.length;
      numbered.set(name, n);
    }
    sql += placeholder(n, parameter.type, { dialect });
  }
  return { sql: sql + text.slice(from), values: bound };
}

/** A value as the driver gets it, checked against its type. */
function checked(value: string | number, type: ParameterType): string | number {
  if (type === "timestamp") return timestampText(value);
  if (type === "integer") return Number(literal(value, "integer"));
  return String(value);
}
