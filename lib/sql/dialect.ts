/**
 * The SQL engines the recipes are proven on, and the little that differs between them: the names
 * of column types in the schema's DDL, and how a recipe's parameter reaches the engine. The
 * recipes themselves are one text for all three; where ClickHouse needs its own spelling, the
 * difference is a named rewrite in `clickhouse.ts`, never a second copy of a recipe.
 *
 * @module
 */

/** The engines, in the order the DDL files and the tests name them. */
export const DIALECTS = ["postgres", "duckdb", "clickhouse"] as const;

/** An engine the recipes run on. */
export type Dialect = typeof DIALECTS[number];

/**
 * The kinds of value a column or a parameter holds: an identifier, an instant in UTC, a calendar
 * day, an amount in US dollars to the cent, a whole number, or a word from a fixed list.
 */
export type ValueType = "id" | "timestamp" | "date" | "usd" | "integer" | "text";

/** How each engine names a column type in DDL (the names its documentation uses). */
const COLUMN_TYPES: Record<Dialect, Record<ValueType, string>> = {
  postgres: {
    id: "text",
    timestamp: "timestamp",
    date: "date",
    usd: "numeric(14, 2)",
    integer: "integer",
    text: "text",
  },
  duckdb: {
    id: "VARCHAR",
    timestamp: "TIMESTAMP",
    date: "DATE",
    usd: "DECIMAL(14, 2)",
    integer: "INTEGER",
    text: "VARCHAR",
  },
  // instants to the millisecond in UTC whatever the server's time zone; money as a decimal, as
  // on the other two (a Float64 would not add cents exactly)
  clickhouse: {
    id: "String",
    timestamp: "DateTime64(3, 'UTC')",
    date: "Date",
    usd: "Decimal(14, 2)",
    integer: "Int32",
    text: "String",
  },
};

/** Each engine's name, as its documentation writes it. */
export const ENGINE_NAMES: Readonly<Record<Dialect, string>> = {
  postgres: "PostgreSQL",
  duckdb: "DuckDB",
  clickhouse: "ClickHouse",
};

/**
 * A column type as the engine's DDL writes it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { columnType } from "./dialect.ts";
 * assert.equal(columnType("usd", "postgres"), "numeric(14, 2)");
 * assert.equal(columnType("usd", "duckdb"), "DECIMAL(14, 2)");
 * ```
 */
export function columnType(type: ValueType, dialect: Dialect): string {
  return COLUMN_TYPES[dialect][type];
}

/** The SQL type a parameter is cast to, the same on PostgreSQL and DuckDB. */
const PARAMETER_TYPES = { timestamp: "TIMESTAMP", integer: "INTEGER", text: "VARCHAR" } as const;

/** The type a ClickHouse query parameter declares (`{p1:DateTime64(3, 'UTC')}`). */
const CLICKHOUSE_PARAMETER_TYPES: Record<ParameterType, string> = {
  timestamp: "DateTime64(3, 'UTC')",
  integer: "Int32",
  text: "String",
};

/** The types a recipe's parameter may have. */
export type ParameterType = keyof typeof PARAMETER_TYPES;

/** Whether a word names a parameter type. */
export function isParameterType(word: string): word is ParameterType {
  return Object.hasOwn(PARAMETER_TYPES, word);
}

/** The engine {@linkcode placeholder} writes for. */
export interface PlaceholderOptions {
  /** The engine whose parameter syntax is written. */
  dialect: Dialect;
}

/**
 * The `n`th bound parameter, cast to its type so that no engine has to guess it: PostgreSQL and
 * DuckDB both number parameters `$1`, `$2`, … and both read `CAST($1 AS TIMESTAMP)`; ClickHouse
 * names its query parameters with their type, `{p1:DateTime64(3, 'UTC')}`, and takes their
 * values by those names (`param_p1` in its clients).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { placeholder } from "./dialect.ts";
 * assert.equal(placeholder(1, "timestamp", { dialect: "duckdb" }), "CAST($1 AS TIMESTAMP)");
 * assert.equal(placeholder(2, "integer", { dialect: "clickhouse" }), "{p2:Int32}");
 * ```
 */
export function placeholder(
  n: number,
  type: ParameterType,
  { dialect }: PlaceholderOptions,
): string {
  if (dialect === "clickhouse") return `{p${n}:${CLICKHOUSE_PARAMETER_TYPES[type]}}`;
  return `CAST($${n} AS ${PARAMETER_TYPES[type]})`;
}

/** The engine {@linkcode literal} writes for. */
export interface LiteralOptions {
  /** The engine whose literal syntax is written: PostgreSQL unless given. */
  dialect?: Dialect;
}

/**
 * A parameter's value written into the SQL text, for pasting into a console: a timestamp as
 * `TIMESTAMP '2024-03-01 00:00:00'`, a whole number as digits, text quoted with its quotes doubled;
 * on ClickHouse a timestamp names its time zone (`toDateTime64('2024-03-01 00:00:00', 3, 'UTC')`),
 * since its `TIMESTAMP` is read in the server's. Throws when the value does not fit the type, so
 * nothing else can reach the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { literal } from "./dialect.ts";
 * assert.equal(literal("2024-03-01", "timestamp"), "TIMESTAMP '2024-03-01 00:00:00'");
 * assert.equal(literal(30, "integer"), "30");
 * assert.equal(literal("it's", "text"), "'it''s'");
 * assert.equal(
 *   literal("2024-03-01", "timestamp", { dialect: "clickhouse" }),
 *   "toDateTime64('2024-03-01 00:00:00', 3, 'UTC')",
 * );
 * assert.throws(() => literal("2024-03-01'; drop table events; --", "timestamp"));
 * ```
 */
export function literal(
  value: string | number,
  type: ParameterType,
  { dialect = "postgres" }: LiteralOptions = {},
): string {
  if (type === "integer") {
    const number = typeof value === "number" ? value : Number(value);
    if (!Number.isSafeInteger(number) || (typeof value === "string" && !/^-?\d+$/.test(value))) {
      throw new Error(`"${value}" is not a whole number`);
    }
    return String(number);
  }
  if (type === "timestamp") {
    const text = timestampText(value);
    return dialect === "clickhouse" ? `toDateTime64('${text}', 3, 'UTC')` : `TIMESTAMP '${text}'`;
  }
  // ClickHouse reads a backslash in quoted text as an escape; doubled, it is itself
  const quoted = String(value).replaceAll("'", "''");
  return `'${dialect === "clickhouse" ? quoted.replaceAll("\\", "\\\\") : quoted}'`;
}

/**
 * A timestamp as both engines read it, `YYYY-MM-DD HH:MM:SS` in UTC, from that text (a date alone
 * means its midnight; a `T` and a final `Z` are accepted) or from milliseconds since 1970.
 */
export function timestampText(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`"${value}" is not an instant`);
    return new Date(value).toISOString().slice(0, 19).replace("T", " ");
  }
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2}))?Z?$/.exec(value.trim());
  const text = `${match?.[1]} ${match?.[2] ?? "00:00:00"}`;
  const instant = Date.parse(`${text.replace(" ", "T")}Z`);
  // Date.parse rolls 2024-02-30 over to March; only a date that reads back the same is one
  if (!match || Number.isNaN(instant) || timestampText(instant) !== text) {
    throw new Error(`"${value}" is not a timestamp (YYYY-MM-DD HH:MM:SS, in UTC)`);
  }
  return text;
}
