/**
 * A table of the reference schema read from a CSV file, as someone exports it from their own
 * warehouse for the CLI's `--data`: RFC 4180 text (commas, double quotes, CRLF or LF), a header row
 * that names the table's columns, and each value checked against its column. A problem is one line
 * that names the file, the line and the column. The values come out as text that both engines cast
 * to the column's type (a timestamp in UTC as `2024-03-01 14:30:00`), with how far in time the rows
 * reach.
 *
 * @module
 */
import type { Column, Table } from "./schema.ts";

/** A problem in a data file, worded as one line that names the file, the line and the column. */
export class DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataError";
  }
}

/** A table read from its file. */
export interface TableData {
  /** The table of the reference schema. */
  table: Table;
  /** The file, as the messages name it. */
  file: string;
  /** Each row's values in the table's column order: text the engines cast, or null for empty. */
  rows: (string | null)[][];
  /** The line of the file each row starts on, for the messages. */
  lines: number[];
  /**
   * The earliest and the latest instant the rows hold, in milliseconds since 1970 (a row that
   * stands for a month reaches the month's end); undefined without rows.
   */
  reach?: { first: number; last: number };
}

/** One record of a CSV file: its values, and the line it starts on. */
interface CsvRecord {
  line: number;
  values: string[];
}

/** One value and what ends it: a comma, a line break, or the end of the text. */
const FIELD = /(?:"((?:[^"]|"")*)"|([^,\r\n"]*))(,|\r\n|\n|\r|$)/y;

/**
 * The records of CSV text as RFC 4180 writes them: values split by commas, a value in double
 * quotes may hold commas, line breaks and doubled quotes (`""`); lines end with LF, CRLF or CR. A
 * byte order mark and blank lines are skipped. Each record names the line it starts on.
 */
function* csvRecords(text: string, file: string): Generator<CsvRecord> {
  const end = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (at < end) {
    const blank = /\r\n|\n|\r/y;
    blank.lastIndex = at;
    if (blank.test(text)) {
      at = blank.lastIndex;
      line++;
      continue;
    }
    const start = line;
    const values: string[] = [];
    for (;;) {
      FIELD.lastIndex = at;
      const match = FIELD.exec(text);
      if (match === null) {
        if (text[at] !== '"') {
          throw new DataError(
            `${file}: line ${line}: a quote inside a value that is not quoted; quote the whole ` +
              `value and write the quote twice ("")`,
          );
        }
        const closed = /^"(?:[^"]|"")*"/.exec(text.slice(at))?.[0];
        if (closed === undefined) {
          throw new DataError(`${file}: line ${line}: a quoted value opens here and never closes`);
        }
        throw new DataError(
          `${file}: line ${line + lineBreaks(closed)}: a value goes on after its closing quote; ` +
            `a quote inside a quoted value is written twice ("")`,
        );
      }
      const [whole, quoted, plain = "", ending] = match;
      if (quoted === undefined) values.push(plain);
      else {
        values.push(quoted.replaceAll('""', '"'));
        line += lineBreaks(quoted);
      }
      at += whole.length;
      if (ending !== ",") {
        if (ending !== "") line++;
        break;
      }
    }
    yield { line: start, values };
  }
}

/** How many lines a piece of text breaks (LF, CRLF and CR each count once). */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * Reads a table from its CSV file, checks every value against its column, and returns the rows
 * in the table's column order; throws a {@linkcode DataError} at the first problem. The header
 * row names every column of the table once, in any order, and no other.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readTable } from "./csv.ts";
 * import { TABLES } from "./schema.ts";
 * const finance = TABLES.find((table) => table.name === "finance_months")!;
 * const read = readTable(
 *   finance,
 *   "month,revenue,cost_of_revenue,sales_marketing_spend,ebitda,net_burn\n" +
 *     "2024-03-01,120000.50,30000,45000,-5000,8000\n",
 *   "finance_months.csv",
 * );
 * assert.deepEqual(read.rows, [["2024-03-01", "120000.50", "30000", "45000", "-5000", "8000"]]);
 * assert.throws(
 *   () => readTable(finance, "month,revenue\n", "finance_months.csv"),
 *   /^DataError: finance_months\.csv: line 1: the column "cost_of_revenue" is missing/,
 * );
 * ```
 */
export function readTable(table: Table, text: string, file: string): TableData {
  const records = csvRecords(text, file);
  const header = records.next();
  const names = table.columns.map((column) => column.name);
  if (header.done) {
    throw new DataError(
      `${file}: the file is empty; its first line names the columns: ${names.join(",")}`,
    );
  }
  const { values: headings, line: headerLine } = header.value;
  const positions: number[] = [];
  headings.forEach((heading, index) => {
    const name = heading.trim();
    const at = `${file}: line ${headerLine}, column ${index + 1}`;
    if (!names.includes(name)) {
      throw new DataError(
        `${at}: "${name.slice(0, 60)}" is not a column of ${table.name}; its columns are ` +
          names.join(", "),
      );
    }
    if (headings.slice(0, index).some((before) => before.trim() === name)) {
      throw new DataError(`${at}: "${name}" is named twice`);
    }
  });
  for (const name of names) {
    const position = headings.findIndex((heading) => heading.trim() === name);
    if (position === -1) {
      throw new DataError(
        `${file}: line ${headerLine}: the column "${name}" is missing; the header names every ` +
          `column of ${table.name} (${names.join(", ")}), and a value may be left empty where ` +
          `the column allows it`,
      );
    }
    positions.push(position);
  }
  const readers = table.columns.map((column) => valueReader(column, table));
  const rows: (string | null)[][] = [];
  const lines: number[] = [];
  let first = Infinity;
  let last = -Infinity;
  for (const { line, values } of records) {
    if (values.length !== headings.length) {
      throw new DataError(
        `${file}: line ${line}: ${values.length} ${values.length === 1 ? "value" : "values"}, ` +
          `but the header names ${headings.length} columns`,
      );
    }
    const row: (string | null)[] = [];
    table.columns.forEach((column, index) => {
      const raw = values[positions[index] ?? 0] ?? "";
      const read = (readers[index] as ValueReader)(raw);
      if (typeof read === "string" && read.startsWith("!")) {
        throw new DataError(`${file}: line ${line}, column ${column.name}: ${read.slice(1)}`);
      }
      if (read === null || typeof read === "string") {
        row.push(read);
        return;
      }
      row.push(read.text);
      if (read.reach !== undefined) {
        first = Math.min(first, read.reach[0]);
        last = Math.max(last, read.reach[1]);
      }
    });
    rows.push(row);
    lines.push(line);
  }
  return {
    table,
    file,
    rows,
    lines,
    ...(first <= last ? { reach: { first, last } } : {}),
  };
}

/**
 * Reads one value of a column: null for an empty value the column allows, its text for the
 * engine (with the instants it reaches, for a time), or a problem as a string after `!`.
 */
type ValueReader = (
  raw: string,
) => string | null | { text: string; reach?: readonly [number, number] };

function valueReader(column: Column, table: Table): ValueReader {
  const read = typedReader(column, table);
  return (raw) => {
    if (raw === "") return column.nullable ? null : "!needs a value: it may not be empty";
    return read(raw);
  };
}

function typedReader(column: Column, table: Table): ValueReader {
  const quoted = (raw: string) => `"${raw.slice(0, 60)}"`;
  switch (column.type) {
    case "id":
      return (raw) => raw;
    case "text":
      return (raw) =>
        column.values === undefined || column.values.includes(raw)
          ? raw
          : `!${quoted(raw)} is not one of: ${column.values.join(", ")}`;
    case "integer":
      return (raw) => {
        const value = Number(raw.trim());
        if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
          return `!${quoted(raw)} is not a whole number`;
        }
        const [low, high] = column.range ?? [-Infinity, Infinity];
        if (value < low || value > high) {
          return `!${quoted(raw)} is not between ${low} and ${high}`;
        }
        return String(value);
      };
    case "usd":
      return (raw) => {
        const text = raw.trim();
        const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
        if (!match) {
          return `!${quoted(raw)} is not an amount in US dollars: write a plain number, such ` +
            `as 1234.50, without a currency sign or thousands separators`;
        }
        if ((match[2] ?? "").replace(/^0+(?=\d)/, "").length > 12) {
          return `!${quoted(raw)} is too large: an amount has at most 12 digits before the point`;
        }
        if (match[1] === "-" && Number(text) !== 0 && !column.negative) {
          return `!${quoted(raw)} is below zero, which ${column.name} may not be`;
        }
        return text;
      };
    case "date":
      return (raw) => {
        const text = raw.trim();
        const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
        if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== text) {
          return `!${quoted(raw)} is not a date: write it as 2024-03-01`;
        }
        if (table.span === "month") {
          if (!text.endsWith("-01")) {
            return `!${quoted(raw)} is not the first day of a month: each row stands for a ` +
              `calendar month, written as its first day`;
          }
          const next = new Date(day);
          next.setUTCMonth(next.getUTCMonth() + 1);
          return { text, reach: [day, next.getTime()] };
        }
        return { text, reach: [day, day] };
      };
    case "timestamp":
      return (raw) => {
        const read = readTimestamp(raw.trim());
        if (read === undefined) {
          return `!${quoted(raw)} is not a timestamp: write it as 2024-03-01 14:30:00, in UTC ` +
            `(a T, fractions of a second, a Z or an offset such as +02:00 are read too)`;
        }
        return column.scheduled
          ? { text: read.text }
          : { text: read.text, reach: [read.at, read.at] };
      };
  }
}

/**
 * A timestamp as people export it, read in UTC: `2024-03-01`, `2024-03-01 14:30`,
 * `2024-03-01T14:30:00.123Z`, `2024-03-01 14:30:00+02` or `+02:00` (turned into UTC). Gives the
 * text both engines read, in UTC with the fraction kept to the microsecond, and the instant.
 */
function readTimestamp(text: string): { text: string; at: number } | undefined {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:([T ])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/
      .exec(text);
  if (!match) return undefined;
  const [, year, month, day, separator, hour = "00", minute = "00", second, fraction = "", zone] =
    match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second ?? "00"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // a calendar date and a time of day that exist: no 2024-02-30, no 25:00
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > days || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  let offset = 0;
  if (zone !== undefined && zone !== "Z") {
    const [, sign = "+", hours = "0", minutes = "0"] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ??
      [];
    if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
    offset = (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  }
  const at = Date.UTC(y, mo - 1, d, h, mi, s) - offset;
  const micro = fraction.slice(0, 6).replace(/0+$/, "");
  // already as the engines read it: kept as it is, which is most of an export
  if (separator === " " && second !== undefined && zone === undefined && fraction === micro) {
    return { text, at };
  }
  const whole = new Date(at).toISOString().slice(0, 19).replace("T", " ");
  return { text: micro === "" ? whole : `${whole}.${micro}`, at };
}
