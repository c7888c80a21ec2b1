/**
 * The recipes on ClickHouse: the same text as on PostgreSQL and DuckDB, passed through a few
 * named rewrites where ClickHouse spells a thing otherwise, and ended with the settings that make
 * it read the rest as the other two do. Nothing here is a second copy of a recipe; each rewrite
 * is a rule over every recipe's text, and `tests/sql/clickhouse_test.ts` checks each on its own.
 *
 * @module
 */
import { TABLES } from "./schema.ts";

/** A rule that turns what PostgreSQL and DuckDB read into what ClickHouse reads alike. */
export interface Rewrite {
  /** Its name, as the header of a rewritten recipe and the docs cite it. */
  name: string;
  /** What it changes, and why ClickHouse needs it. */
  why: string;
  /** The text with the rule applied (unchanged where the rule finds nothing). */
  apply(text: string): string;
}

const INTERVAL_FUNCTIONS: Record<string, string> = {
  minute: "toIntervalMinute",
  day: "toIntervalDay",
  month: "toIntervalMonth",
};

/**
 * The rewrites, in the order they are applied.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { REWRITES } from "./clickhouse.ts";
 * const intervals = REWRITES.find((rewrite) => rewrite.name === "interval-multiples");
 * assert.equal(
 *   intervals?.apply("signed_up_at + (:day_n + 1) * INTERVAL '1 day'"),
 *   "signed_up_at + toIntervalDay(:day_n + 1)",
 * );
 * ```
 */
export const REWRITES: readonly Rewrite[] = [
  {
    name: "float-division",
    why: "ClickHouse divides a Decimal to the dividend's scale, dropping the digits past it " +
      "(an average MRR of 135.1994 comes out 135.19), where PostgreSQL and DuckDB keep them; so " +
      "every divisor is made a Float64 (`/ NULLIF(x, 0)` becomes `/ toFloat64(NULLIF(x, 0))`), " +
      "as DuckDB's quotient of two decimals is",
    apply: floatDivision,
  },
  {
    name: "epoch-of-difference",
    why: "ClickHouse has no EXTRACT(EPOCH FROM …) of an interval, so the seconds between two " +
      "instants, `EXTRACT(EPOCH FROM b - a)`, become `dateDiff('millisecond', a, b) / 1000`",
    apply: (text) =>
      text.replace(
        /EXTRACT\(EPOCH FROM ([a-z_][a-z0-9_.]*) - ([a-z_][a-z0-9_.]*)\)/gi,
        (_, later: string, earlier: string) =>
          `dateDiff('millisecond', ${earlier}, ${later}) / 1000`,
      ),
  },
  {
    name: "interval-multiples",
    why: "ClickHouse does not multiply an interval by a number, so `:n * INTERVAL '1 day'` " +
      "becomes `toIntervalDay(:n)` (likewise minutes and months)",
    apply: (text) =>
      text.replace(
        /(:[a-z][a-z0-9_]*|\((?:[^()']|'[^']*')*\)) \* INTERVAL '1 (minute|day|month)'/g,
        (_, count: string, unit: string) =>
          `${INTERVAL_FUNCTIONS[unit]}(${count.startsWith("(") ? count.slice(1, -1) : count})`,
      ),
  },
];

/** Every divisor in the text made a Float64, the divisors inside a divisor too. */
function floatDivision(text: string): string {
  let out = "";
  let from = 0;
  for (const match of text.matchAll(/--[^\n]*|'(?:[^']|'')*'|"(?:[^"]|"")*"|\/ /g)) {
    if (match[0] !== "/ " || match.index < from) continue;
    const start = match.index + 2;
    const end = operandEnd(text, start);
    const operand = text.slice(start, end);
    // a whole number is written as a Float64 literal; anything else is converted
    out += text.slice(from, start) +
      (/^\d+$/.test(operand) ? `${operand}.0` : `toFloat64(${floatDivision(operand)})`);
    from = end;
  }
  return out + text.slice(from);
}

/**
 * Where the operand that starts at `start` ends: a call or a parenthesized expression with its
 * parentheses balanced, a quoted name, or a word or number.
 */
function operandEnd(text: string, start: number): number {
  const word = /^(?:"(?:[^"]|"")*"|[A-Za-z0-9_.]*)/.exec(text.slice(start))?.[0] ?? "";
  let at = start + word.length;
  if (text[at] !== "(") return at;
  let depth = 0;
  for (; at < text.length; at++) {
    if (text[at] === "(") depth++;
    else if (text[at] === ")" && --depth === 0) return at + 1;
    else if (text[at] === "'") at = text.indexOf("'", at + 1);
  }
  return at;
}

/** A setting a recipe's ClickHouse text ends with, and when it needs it. */
export interface Setting {
  /** The setting, as the `SETTINGS` clause writes it. */
  text: string;
  /** Why the recipes need it. */
  why: string;
  /** Whether a recipe's text needs it. */
  needed(text: string): boolean;
}

/** The settings the recipes rely on, each added to the recipes that need it. */
export const SETTINGS: readonly Setting[] = [
  {
    text: "join_use_nulls = 1",
    why: "a LEFT JOIN's missing row reads as NULL, as in standard SQL, not as the column " +
      "type's default (0, an empty string), which COUNT would count",
    needed: (text) => /\b(?:LEFT|RIGHT|FULL)\s+(?:OUTER\s+)?JOIN\b/i.test(sqlOnly(text)),
  },
  {
    text: "aggregate_functions_null_for_empty = 1",
    why: "a sum, average, least or greatest of no rows is NULL, as in standard SQL, not 0, " +
      "NaN or the type's least value, which would read as a real amount or instant",
    needed: (text) => /\b(?:SUM|AVG|MIN|MAX)\s*\(/i.test(sqlOnly(text)),
  },
  {
    text: "prefer_column_name_to_alias = 1",
    why: 'a column keeps its meaning beside an output of the same name (`SUM(mrr) AS "mrr"`), ' +
      "where ClickHouse would otherwise read every mrr in the query as that output",
    needed: (text) => {
      const columns = new Set(TABLES.flatMap((table) => table.columns.map(({ name }) => name)));
      return [...sqlOnly(text).matchAll(/\bAS "?([A-Za-z_][A-Za-z0-9_]*)"?/g)].some((match) =>
        columns.has(match[1] ?? "")
      );
    },
  },
];

/** The settings a recipe's text needs on ClickHouse, in the order of `SETTINGS`. */
export function settingsOf(text: string): Setting[] {
  return SETTINGS.filter((setting) => setting.needed(text));
}

/** SQL text without its `--` comments, and with its quoted text emptied. */
function sqlOnly(text: string): string {
  return text.replace(/--[^\n]*|'(?:[^']|'')*'/g, (match) => match.startsWith("'") ? "''" : "");
}

/**
 * A recipe's text for ClickHouse: its header gains a line naming the dialect and the settings it
 * relies on, its body goes through every rewrite, and its statement ends with those settings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { forClickHouse } from "./clickhouse.ts";
 * const text = forClickHouse(
 *   "-- Metric: x\n--\nSELECT COUNT(b.id) FROM a LEFT JOIN b ON b.id = a.id;\n",
 * );
 * assert.match(text, /^-- Metric: x\n-- Dialect: ClickHouse/);
 * assert.match(text, /LEFT JOIN b ON b\.id = a\.id\nSETTINGS join_use_nulls = 1;\n$/);
 * ```
 */
export function forClickHouse(text: string): string {
  const header = text.match(/^(--[^\n]*\n)+/)?.[0] ?? "";
  let body = text.slice(header.length);
  for (const rewrite of REWRITES) body = rewrite.apply(body);
  const settings = settingsOf(text);
  const lines = header.split("\n").slice(0, -1);
  // the dialect's lines go at the end of the header's fields, before its first blank comment
  const at = lines.indexOf("--") === -1 ? lines.length : lines.indexOf("--");
  lines.splice(
    at,
    0,
    "-- Dialect: ClickHouse (the recipe's text with the rewrites of lib/sql/clickhouse.ts)",
    ...settings.map((setting) => `-- Setting: ${setting.text}, so that ${setting.why}`),
  );
  if (settings.length > 0) {
    body = body.replace(
      /;\s*$/,
      `\nSETTINGS ${settings.map((setting) => setting.text).join(", ")};\n`,
    );
  }
  return `${lines.join("\n")}\n${body}`;
}
