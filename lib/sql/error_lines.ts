/**
 * Where a problem in a file is, as a message says it: the line of a CSV file (read from the file
 * itself, and only when there is a problem), the row of a Parquet file, the column, and what is
 * wrong with a value that does not read as its column's type, from DuckDB's rejects table.
 *
 * @module
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { headerOf, readCsv } from "./csv_header.ts";
import type { Engine } from "./duckdb.ts";
import { type DataFile, stored } from "./find_files.ts";
import type { Column } from "./schema.ts";
import { Problem } from "../problem.ts";

/** The read {@linkcode readProblem} explains. */
export interface ReadProblemOptions {
  /** The file DuckDB could not read. */
  file: DataFile;
  /** What DuckDB threw. */
  error: unknown;
}

/**
 * What stopped DuckDB reading a file: for a CSV file, the first value of the wrong type from
 * DuckDB's rejects table, which names its line, or what DuckDB said.
 */
export async function readProblem(
  engine: Engine,
  { file, error }: ReadProblemOptions,
): Promise<Problem> {
  if (file.format === "parquet") {
    return new Problem(`${file.path}: DuckDB could not read the file (${firstLine(error)})`);
  }
  return await typeProblem(engine, file, await headerOf(file)) ?? unreadable(file, error);
}

/** A CSV file DuckDB's reader gave up on, with what it said. */
export function unreadable(file: Pick<DataFile, "path">, error: unknown): Problem {
  const said = firstLine(error);
  if (/state machine reached an invalid state/.test(said)) {
    return new Problem(
      `${file.path}: DuckDB's CSV reader cannot read the file as RFC 4180 CSV: every line ends ` +
        'the same way (LF or CRLF), and a quote inside a quoted value is written twice ("")',
    );
  }
  return new Problem(`${file.path}: DuckDB could not read the file (${said})`);
}

/** The first value of a CSV file that does not read as its column's type, from DuckDB's rejects. */
function typeProblem(
  engine: Engine,
  file: DataFile,
  header: readonly string[],
): Promise<Problem | undefined> {
  return rejectProblem(engine, file, {
    columns: header,
    read: readCsv(file, header, { extra: ", store_rejects = true, rejects_limit = 100000" }),
    notOfType: (name, value) => {
      const column = file.table.columns.find((each) => each.name === name);
      return column && notOfType(column, value);
    },
  });
}

/**
 * The first value DuckDB's CSV reader rejects in a file, from its rejects table, as a problem
 * naming its line and column: `read` is the reader with `store_rejects = true`, `columns` the
 * header's names, and `notOfType` says what is wrong with a value that does not read as its
 * column's type. Undefined when the reader rejects nothing, or fails another way.
 */
export async function rejectProblem(
  engine: Engine,
  file: Pick<DataFile, "path" | "format">,
  { read, columns, notOfType }: {
    read: string;
    columns: readonly string[];
    notOfType: (column: string, value: string) => string | undefined;
  },
): Promise<Problem | undefined> {
  try {
    // counting each column makes the reader convert every value
    await engine.query(
      `SELECT ${columns.map((name) => `count(${quotedName(name)})`).join(", ")} FROM ${read}`,
    );
  } catch {
    return undefined;
  }
  // DuckDB's own line number leaves out the line breaks inside quoted values: the line is
  // counted from where the row starts in the file
  const [reject] = (await engine.query(
    "SELECT line_byte_position, column_name, error_type, error_message FROM reject_errors " +
      "ORDER BY line_byte_position LIMIT 1",
  )).rows;
  if (reject === undefined) return undefined;
  const [offset, name = "", kind, message] = reject.map(String);
  const at = `${file.path}: line ${await lineAt(file, Number(offset))}`;
  const value = /Could not convert string "(.*)" to/s.exec(message ?? "")?.[1] ?? "";
  const wrong = kind === "CAST" ? notOfType(name, value) : undefined;
  if (wrong !== undefined) return new Problem(`${at}, column ${name}: ${wrong}`);
  const said: Record<string, string> = {
    "TOO MANY COLUMNS": `more values than the header names columns (${columns.length})`,
    "MISSING COLUMNS": `fewer values than the header names columns (${columns.length})`,
    "UNQUOTED VALUE": "a quote inside a value that is not quoted; quote the whole value and " +
      'write the quote twice ("")',
  };
  return new Problem(`${at}: ${said[kind ?? ""] ?? firstLine(message)}`);
}

/** A column's name as SQL, quoted. */
const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What is wrong with a value that does not read as its column's type. */
export function notOfType(column: Column, value: string): string {
  const quoted = `"${value.slice(0, 60)}"`;
  switch (column.type) {
    case "timestamp":
      return `${quoted} is not a timestamp: write it as 2024-03-01 14:30:00, in UTC (a T, ` +
        "fractions of a second and a Z are read too)";
    case "date":
      return `${quoted} is not a date: write it as 2024-03-01`;
    case "usd":
      return `${quoted} is not an amount in US dollars: write a plain number, such as 1234.50, ` +
        "without a currency sign or thousands separators, at most 12 digits before the point";
    case "integer":
      return `${quoted} is not a whole number`;
    default:
      return `${quoted} does not read as text`;
  }
}

/**
 * The file's records as SQL: the schema's columns, typed, and `record`, the row's number in the
 * file (1 for the first after the header), in the file's order.
 */
export async function records(file: DataFile): Promise<string> {
  if (file.format === "parquet") {
    return `(SELECT *, data_row AS record FROM ${stored(file)})`;
  }
  const header = await headerOf(file);
  return `(SELECT *, ordinality AS record FROM ${readCsv(file, header)} WITH ORDINALITY)`;
}

/**
 * Where records are, as a message says it: each one's line in a CSV file (found in one read of
 * the file), its row in a Parquet file.
 */
export async function place(file: DataFile, ...records: number[]): Promise<string[]> {
  if (file.format === "parquet") return records.map((record) => `row ${record}`);
  const lines = await linesOf(file, records);
  return records.map((record) => `line ${lines.get(record)}`);
}

/**
 * The line each record starts on in a CSV file (record 1 is the first after the header), read
 * from the file itself: blank lines are skipped and a quoted value may hold line breaks, as
 * DuckDB's reader counts them.
 */
export async function linesOf(
  file: Pick<DataFile, "path" | "format">,
  wanted: readonly number[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (file.format === "parquet") return found;
  const last = Math.max(...wanted);
  let line = 1;
  let record = -1;
  let open = false;
  let quoted = false;
  outer: for await (const chunk of bytesOf(file)) {
    for (const byte of chunk) {
      if (byte === 10) {
        line++;
        if (!quoted) open = false;
      } else if (byte !== 13 && !open) {
        open = true;
        record++;
        if (wanted.includes(record)) found.set(record, line);
        if (record >= last) break outer;
        if (byte === 34) quoted = !quoted;
      } else if (byte === 34) quoted = !quoted;
    }
  }
  return found;
}

/** The line a byte of a CSV file (uncompressed) is on. */
export async function lineAt(
  file: Pick<DataFile, "path" | "format">,
  offset: number,
): Promise<number> {
  let line = 1;
  let at = 0;
  for await (const chunk of bytesOf(file)) {
    const end = Math.min(chunk.length, offset - at);
    for (let index = 0; index < end; index++) if (chunk[index] === 10) line++;
    at += chunk.length;
    if (at >= offset) break;
  }
  return line;
}

/** A CSV file's bytes, uncompressed. */
function bytesOf(file: Pick<DataFile, "path" | "format">): AsyncIterable<Uint8Array> {
  const stream = createReadStream(file.path);
  return file.format === "csv.gz" ? stream.pipe(createGunzip()) : stream;
}

/** The first line of an error's message. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
