/**
 * Someone's own tables, exported from their warehouse for the CLI's `--data`, read by DuckDB's own
 * readers: one file a table, named after it, as CSV (`events.csv`), gzip-compressed CSV
 * (`events.csv.gz`) or Parquet (`events.parquet`). DuckDB reads every value with the schema's
 * column types; each rule that is not a type (an empty value, a word outside a list, a number
 * out of range, a key given twice, a reference to no row, states of one subscription that
 * overlap) is a query over what it read. A problem is one line that names the file, the line
 * (the row, in a Parquet file) and the column; finding that line reads the file again, and only
 * then. No row of the data passes through JavaScript on the way to an answer.
 *
 * A small CSV file is parsed once into DuckDB's memory. A large one, and every Parquet file, is
 * read in place, through a view, so memory stays what DuckDB needs for the query and not the size
 * of the data: one pass over each file checks its values and tells how far it reaches, then the
 * recipe's own pass reads what it needs. A Parquet file whose statistics answer the checks is not
 * read at all before the recipe.
 *
 * @module
 */
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { join } from "node:path";
import { createGunzip } from "node:zlib";
import { columnType } from "./dialect.ts";
import type { Engine } from "./duckdb.ts";
import type { Column, Table } from "./schema.ts";
import { Problem } from "../problem.ts";

/** The ways a table may be written, by the file name's ending. */
export const FORMATS = ["csv", "csv.gz", "parquet"] as const;

/** How a table's file is written. */
export type Format = typeof FORMATS[number];

/** A table's file. */
export interface DataFile {
  /** The table of the reference schema it holds. */
  table: Table;
  /** Its path, as the messages name it. */
  path: string;
  /** How it is written. */
  format: Format;
}

/** What a table's file holds, once read. */
export interface Loaded {
  /** The file. */
  file: DataFile;
  /** How many rows it has. */
  rows: number;
  /**
   * The earliest and the latest instant the rows hold, in milliseconds since 1970 (a row that
   * stands for a month reaches the month's end); undefined without rows.
   */
  reach?: { first: number; last: number };
}

/**
 * The file of each table in `folder`: `<table>.csv`, `<table>.csv.gz` or `<table>.parquet`.
 * A table with no file, or with two, is a {@linkcode Problem}; `reads` says in that message
 * which tables the run needs.
 */
export async function findFiles(
  folder: string,
  tables: readonly Table[],
  reads: string,
): Promise<DataFile[]> {
  const found: DataFile[] = [];
  for (const table of tables) {
    const files: DataFile[] = [];
    for (const format of FORMATS) {
      const path = join(folder, `${table.name}.${format}`);
      if (await isFile(path)) files.push({ table, path, format });
    }
    const [file, second] = files;
    if (file === undefined) {
      throw new Problem(
        `${join(folder, `${table.name}.csv`)}: no such file, nor ${table.name}.csv.gz or ` +
          `${table.name}.parquet; ${reads}`,
      );
    }
    if (second !== undefined) {
      throw new Problem(
        `${file.path} and ${
          files.slice(1).map(({ path }) => path.slice(folder.length + 1)).join(" and ")
        } both hold the table ${table.name}; keep one`,
      );
    }
    found.push(file);
  }
  return found;
}

/** Whether a path is a file; a path that does not exist is not. */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Reads each file through the engine and checks it, then makes a view of each table with the
 * schema's name, which the recipe reads. The first problem found is a
 * {@linkcode Problem}: a header, a value of the wrong type, an empty table, a rule of one row,
 * then the rules across rows.
 *
 * @example
 * ```ts ignore
 * const files = await findFiles("exports", tables, "churn-rate's recipe reads …");
 * const loaded = await loadFiles(engine, files);
 * const answer = await engine.query(recipe.sql, values);
 * ```
 */
export async function loadFiles(
  engine: Engine,
  files: readonly DataFile[],
  { inMemoryBytes = IN_MEMORY_BYTES }: {
    /** The size on disk up to which a CSV file is held in memory, by format. */
    inMemoryBytes?: Readonly<Record<"csv" | "csv.gz", number>>;
  } = {},
): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  for (const file of files) {
    const read = file.format === "parquet"
      ? await viewParquet(engine, file)
      : await viewCsv(engine, file, inMemoryBytes);
    let summed: Omit<Loaded, "file">;
    try {
      summed = await summary(engine, file, read);
    } catch (error) {
      if (error instanceof Problem) throw error;
      throw await readProblem(engine, file, error);
    }
    // Once every value has read as its type, in memory or in place alike.
    const header = headers.get(file);
    if (file.format !== "parquet" && header) await refuseOffsets(engine, file, header);
    loaded.push({ file, ...summed });
  }
  for (const { file } of loaded) await checkAcrossRows(engine, file, files);
  for (const { file } of loaded) {
    const columns = file.table.columns.map(({ name }) => name);
    await engine.run(
      `CREATE VIEW ${file.table.name} AS SELECT ${columns.join(", ")} FROM ${stored(file)}`,
    );
  }
  return loaded;
}

/** The name of what holds a file's rows in the engine: a table (CSV) or a view (Parquet). */
const stored = (file: DataFile) => `data_${file.table.name}`;

/** Whether a column's values tell how far in time the data reaches. */
export const reaches = (column: Column): boolean =>
  column.type === "date" || (column.type === "timestamp" && !column.scheduled);

/** A path as SQL text. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The header of a CSV file: the names on its first line that holds anything; a file whose start
 * is not text is a {@linkcode Problem}.
 */
export async function csvHeader(
  file: Pick<DataFile, "path" | "format">,
): Promise<string[] | undefined> {
  let head = "";
  if (file.format === "csv.gz") {
    const stream = createReadStream(file.path).pipe(createGunzip());
    try {
      for await (const chunk of stream) {
        head += String(chunk);
        if (/\S[^\n]*\n/.test(head) || head.length > 1 << 20) break;
      }
    } catch {
      throw new Problem(
        `${file.path}: not a gzip file; a .csv.gz file is CSV compressed by gzip`,
      );
    } finally {
      stream.destroy();
    }
  } else {
    const handle = await open(file.path);
    try {
      const bytes = new Uint8Array(1 << 16);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
      head = new TextDecoder().decode(bytes.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }
  const start = head.slice(0, 4096);
  if (start.includes("\u0000") || start.includes("\ufffd")) {
    throw new Problem(
      `${file.path}: not text, so not CSV: a .${file.format} file holds a header row and ` +
        "rows of values, as text in UTF-8",
    );
  }
  const line = head.replace(/^\ufeff/, "").split(/\r\n|\n|\r/).find((each) => each.trim() !== "");
  if (line === undefined) return undefined;
  return line.split(",").map((name) => name.trim().replace(/^"(.*)"$/, "$1").trim());
}

/** Checks that a CSV header names each column of the table once, in any order, and no other. */
function checkHeader(file: DataFile, header: string[] | undefined): string[] {
  const names = file.table.columns.map((column) => column.name);
  if (header === undefined) {
    throw new Problem(
      `${file.path}: the file is empty; its first line names the columns: ${names.join(",")}`,
    );
  }
  header.forEach((name, index) => {
    const at = `${file.path}: line 1, column ${index + 1}`;
    if (!names.includes(name)) {
      throw new Problem(
        `${at}: "${name.slice(0, 60)}" is not a column of ${file.table.name}; its columns are ` +
          names.join(", "),
      );
    }
    if (header.indexOf(name) !== index) throw new Problem(`${at}: "${name}" is named twice`);
  });
  const missing = names.find((name) => !header.includes(name));
  if (missing !== undefined) {
    throw new Problem(
      `${file.path}: line 1: the column "${missing}" is missing; the header names every column ` +
        `of ${file.table.name} (${names.join(", ")}), and a value may be left empty where the ` +
        "column allows it",
    );
  }
  return header;
}

/**
 * DuckDB's CSV reader over a file, with the header's columns in its order, each typed (or, with
 * `asText`, each read as the text it is written with).
 */
function readCsv(file: DataFile, header: readonly string[], extra = "", asText = false): string {
  const types = header.map((name) => {
    const column = file.table.columns.find((each) => each.name === name) as Column;
    return `${text(name)}: ${text(asText ? "VARCHAR" : columnType(column.type, "duckdb"))}`;
  });
  return `read_csv(${text(file.path)}, header = true, auto_detect = false, delim = ',', ` +
    `quote = '"', escape = '"', columns = {${types.join(", ")}}${extra})`;
}

/** The header of each CSV file that was read, for reading it again to find a line. */
const headers = new WeakMap<DataFile, string[]>();

/**
 * The size on disk up to which a CSV file is parsed once into DuckDB's memory, where the checks
 * across rows and the recipe read it again for nothing; a larger file is read in place each time,
 * so that memory does not grow with the data. A gzip file holds about five times its size.
 */
const IN_MEMORY_BYTES = { csv: 64 * 2 ** 20, "csv.gz": 12 * 2 ** 20 };

/**
 * A CSV file through DuckDB's reader, with the schema's column types, the header checked first:
 * a table in memory for a small file, a view for a large one. A value of the wrong type shows when
 * the file is first read (see {@linkcode readProblem}).
 */
async function viewCsv(
  engine: Engine,
  file: DataFile,
  inMemoryBytes: Readonly<Record<"csv" | "csv.gz", number>>,
): Promise<string> {
  const header = checkHeader(file, await csvHeader(file));
  headers.set(file, header);
  const small = file.format !== "parquet" &&
    (await stat(file.path)).size <= inMemoryBytes[file.format];
  try {
    await engine.run(
      `CREATE ${small ? "TABLE" : "VIEW"} ${stored(file)} AS SELECT * FROM ` +
        readCsv(file, header),
    );
  } catch (error) {
    throw await readProblem(engine, file, error);
  }
  return stored(file);
}

/** A time of day followed by a UTC offset: `14:30:00+02:00`, `14:30+0200`, `14:30:00.5 -05`. */
const OFFSET = String.raw`\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*[+-]\d{2}(:?\d{2})?$`;

/**
 * Refuses a timestamp written with a UTC offset, in one line naming its line and column: DuckDB's
 * reader drops the offset and keeps the clock time, which would shift the instant.
 */
async function refuseOffsets(engine: Engine, file: DataFile, header: readonly string[]) {
  const columns = file.table.columns
    .filter((column) => column.type === "timestamp" && header.includes(column.name))
    .map((column) => column.name);
  if (columns.length === 0) return;
  const [row] = (await engine.query(
    `SELECT ordinality, ${columns.join(", ")} FROM ${readCsv(file, header, "", true)} ` +
      `WITH ORDINALITY WHERE ${
        columns.map((name) => `regexp_matches(${name}, '${OFFSET}')`).join(" OR ")
      } ORDER BY ordinality LIMIT 1`,
  )).rows;
  if (row === undefined) return;
  const at = columns.findIndex((_, index) => new RegExp(OFFSET).test(String(row[index + 1])));
  const value = String(row[at + 1]).slice(0, 60);
  throw new Problem(
    `${file.path}: ${(await place(file, Number(row[0])))[0]}, column ${columns[at]}: "${value}" ` +
      "has a UTC offset, which would be dropped: write the time in UTC without one " +
      "(2024-03-01 12:30:00, or 2024-03-01T12:30:00Z)",
  );
}

/**
 * What stopped DuckDB reading a file: for a CSV file, the first value of the wrong type from
 * DuckDB's rejects table, which names its line, or what DuckDB said.
 */
async function readProblem(engine: Engine, file: DataFile, error: unknown): Promise<Problem> {
  const header = headers.get(file);
  if (file.format === "parquet" || header === undefined) {
    return new Problem(`${file.path}: DuckDB could not read the file (${firstLine(error)})`);
  }
  return await typeProblem(engine, file, header) ?? unreadable(file, error);
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
    read: readCsv(file, header, ", store_rejects = true, rejects_limit = 100000"),
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
function notOfType(column: Column, value: string): string {
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
 * A view of a Parquet file with the schema's columns, matched by name and cast to the schema's
 * types; other columns are left out. A missing column, or a value that does not cast, is a
 * {@linkcode Problem} naming its row.
 */
async function viewParquet(engine: Engine, file: DataFile): Promise<string> {
  let described: unknown[][];
  try {
    described = (await engine.query(`DESCRIBE SELECT * FROM read_parquet(${text(file.path)})`))
      .rows;
  } catch (error) {
    throw new Problem(`${file.path}: not a Parquet file DuckDB can read (${firstLine(error)})`);
  }
  const types = new Map(described.map(([name, type]) => [String(name), String(type)]));
  const missing = file.table.columns.find((column) => !types.has(column.name));
  if (missing !== undefined) {
    throw new Problem(
      `${file.path}: no column "${missing.name}"; a Parquet file of ${file.table.name} has the ` +
        `columns ${file.table.columns.map(({ name }) => name).join(", ")}, by name (others are ` +
        "left out)",
    );
  }
  const source = `read_parquet(${text(file.path)}, file_row_number = true)`;
  const differ = file.table.columns.filter((column) =>
    types.get(column.name) !== columnType(column.type, "duckdb")
  );
  if (differ.length > 0) {
    const fails = differ.map((column) =>
      `(${column.name} IS NOT NULL AND TRY_CAST(${column.name} AS ` +
      `${columnType(column.type, "duckdb")}) IS NULL)`
    );
    const [row] = (await engine.query(
      `SELECT file_row_number + 1, ${
        differ.map(({ name }, index) => `${fails[index]}, CAST(${name} AS VARCHAR)`).join(", ")
      } FROM ${source} WHERE ${fails.join(" OR ")} ORDER BY file_row_number LIMIT 1`,
    )).rows;
    if (row !== undefined) {
      const at = Math.max(0, differ.findIndex((_, index) => row[1 + index * 2] === true));
      throw new Problem(
        `${file.path}: row ${row[0]}, column ${differ[at]?.name}: ${
          notOfType(differ[at] as Column, String(row[2 + at * 2]))
        }`,
      );
    }
  }
  exactTypes.set(
    file,
    new Set(
      file.table.columns.filter((column) => !differ.includes(column)).map(({ name }) => name),
    ),
  );
  const columns = file.table.columns.map((column) =>
    `CAST(${column.name} AS ${columnType(column.type, "duckdb")}) AS ${column.name}`
  );
  await engine.run(
    `CREATE VIEW ${stored(file)} AS SELECT ${
      columns.join(", ")
    }, file_row_number + 1 AS data_row ` +
      `FROM ${source}`,
  );
  return stored(file);
}

/** The columns of a Parquet file stored with the schema's own type, which need no cast. */
const exactTypes = new WeakMap<DataFile, Set<string>>();

/** A rule one row must keep: SQL that is true when it does, and what to say when it does not. */
export interface RowRule {
  sql: string;
  /** A rule that the column is not empty, which a Parquet file's statistics can answer. */
  notNull?: true;
  column: string;
  /** What is wrong, from the value in `column` (and, when given, the row's values by column). */
  says: (value: string, row?: Readonly<Record<string, string>>) => string;
}

/** The rules of each row of a table that are not its columns' types. */
export function rowRules(table: Table): RowRule[] {
  const rules: RowRule[] = [];
  for (const column of table.columns) {
    const { name } = column;
    const quoted = (value: string) => `"${value.slice(0, 60)}"`;
    if (!column.nullable) {
      rules.push({
        sql: `${name} IS NOT NULL`,
        notNull: true,
        column: name,
        says: () => "needs a value: it may not be empty",
      });
    }
    if (column.values) {
      rules.push({
        sql: `${name} IS NULL OR ${name} IN (${column.values.map(text).join(", ")})`,
        column: name,
        says: (value) => `${quoted(value)} is not one of: ${column.values?.join(", ")}`,
      });
    }
    if (column.range) {
      const [low, high] = column.range;
      rules.push({
        sql: `${name} IS NULL OR ${name} BETWEEN ${low} AND ${high}`,
        column: name,
        says: (value) => `${quoted(value)} is not between ${low} and ${high}`,
      });
    }
    if (column.type === "usd" && !column.negative) {
      rules.push({
        sql: `${name} IS NULL OR ${name} >= 0`,
        column: name,
        says: (value) => `${quoted(value)} is below zero, which ${name} may not be`,
      });
    }
    if (column.type === "date" && table.span === "month") {
      rules.push({
        sql: `${name} IS NULL OR day(${name}) = 1`,
        column: name,
        says: (value) =>
          `${quoted(value)} is not the first day of a month: each row stands for a calendar ` +
          "month, written as its first day",
      });
    }
  }
  for (const check of table.checks ?? []) {
    // A span whose end may be empty: "valid_to IS NULL OR valid_to > valid_from".
    const span = /^(\w+) IS NULL OR \1 > (\w+)$/.exec(check);
    if (span) {
      const [, end = "", start = ""] = span;
      rules.push({
        sql: check,
        column: end,
        says: (value, row) =>
          `"${value.slice(0, 60)}" is not after ${start}${
            row?.[start] === undefined ? "" : ` ("${row[start].slice(0, 60)}")`
          }: ${end} must come after ${start}, or be empty`,
      });
      continue;
    }
    const named = table.columns
      .map((column) => ({ column, at: check.search(new RegExp(`\\b${column.name}\\b`)) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => b.at - a.at)[0]?.column.name ?? table.columns[0]?.name ?? "";
    rules.push({ sql: check, column: named, says: () => `the row breaks the rule ${check}` });
  }
  return rules;
}

/** SQL for the number of the first rule a row breaks, 0 when it keeps them all. */
export function brokenRule(table: Table): string {
  const rules = rowRules(table);
  if (rules.length === 0) return "CAST(0 AS UTINYINT)";
  const cases = rules.map((rule, index) => `WHEN NOT (${rule.sql}) THEN ${index + 1}`);
  return `CAST(CASE ${cases.join(" ")} ELSE 0 END AS UTINYINT)`;
}

/**
 * How many rows a file has and how far they reach, in one pass over what was read; a file with no
 * rows, or a row that breaks a rule, is a {@linkcode Problem}.
 */
async function summary(
  engine: Engine,
  file: DataFile,
  read: string,
): Promise<Omit<Loaded, "file">> {
  const times = file.table.columns.filter(reaches);
  // counting each column of a CSV file makes the reader convert, and so check, every value
  const counted = file.format === "parquet"
    ? ""
    : file.table.columns.map(({ name }) => `, count(${name})`).join("");
  const known = file.format === "parquet" ? await fromStatistics(engine, file, times) : undefined;
  const [row = []] = known !== undefined ? [known] : (await engine.query(
    `SELECT count(*), max(${brokenRule(file.table)}), ${
      times.map(({ name }) => `CAST(min(${name}) AS VARCHAR), CAST(max(${name}) AS VARCHAR)`)
        .join(", ") || "NULL"
    }${counted} FROM ${read}`,
  )).rows;
  const rows = Number(row[0]);
  if (rows === 0) {
    throw new Problem(`${file.path} has no rows: the recipe counts from them`);
  }
  if (Number(row[1]) > 0) throw await ruleProblem(engine, file);
  let first = Infinity;
  let last = -Infinity;
  times.forEach((column, index) => {
    const low = row[2 + index * 2];
    const high = row[3 + index * 2];
    if (typeof low !== "string" || typeof high !== "string") return;
    first = Math.min(first, instant(low));
    last = Math.max(last, column.type === "date" ? endOfSpan(file.table, high) : instant(high));
  });
  return { rows, ...(first <= last ? { reach: { first, last } } : {}) };
}

/**
 * What a Parquet file's statistics say, in the shape of the summary's row (rows, the rule broken,
 * each time column's least and greatest value), when they can say it without reading the rows:
 * every rule of the table is a column that may not be empty, and each column asked about is
 * stored with the schema's type and has statistics in every row group. Undefined otherwise.
 */
async function fromStatistics(
  engine: Engine,
  file: DataFile,
  times: readonly Column[],
): Promise<unknown[] | undefined> {
  const rules = rowRules(file.table);
  if (!rules.every((rule) => rule.notNull)) return undefined;
  const exact = exactTypes.get(file) ?? new Set();
  const asked = new Set([...rules.map(({ column }) => column), ...times.map(({ name }) => name)]);
  if ([...asked].some((name) => !exact.has(name))) return undefined;
  const path = text(file.path);
  const stats = new Map<string, unknown[]>();
  for (
    const row of (await engine.query(
      "SELECT path_in_schema, sum(stats_null_count), min(stats_min_value), " +
        `max(stats_max_value), bool_and(stats_null_count IS NOT NULL) FROM parquet_metadata(${path}) ` +
        "GROUP BY path_in_schema",
    )).rows
  ) {
    stats.set(String(row[0]), row);
  }
  const complete = [...asked].every((name) => stats.get(name)?.[4] === true);
  if (!complete) return undefined;
  const [[rows] = []] = (await engine.query(
    `SELECT num_rows FROM parquet_file_metadata(${path})`,
  )).rows;
  const broken = rules.findIndex(({ column }) => Number(stats.get(column)?.[1]) > 0) + 1;
  return [
    rows,
    broken,
    ...times.flatMap(({ name }) => [stats.get(name)?.[2] ?? null, stats.get(name)?.[3] ?? null]),
  ];
}

/** An instant DuckDB wrote as text, `2024-03-01 14:30:00[.123]` or `2024-03-01`, in UTC. */
function instant(value: string): number {
  return Date.parse(`${value.length === 10 ? `${value}T00:00:00` : value.replace(" ", "T")}Z`);
}

/** Where a row's date reaches: its day, or the end of the month a ledger row stands for. */
function endOfSpan(table: Table, value: string): number {
  const day = instant(value);
  if (table.span !== "month") return day;
  const next = new Date(day);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.getTime();
}

/**
 * The file's records as SQL: the schema's columns, typed, and `record`, the row's number in the
 * file (1 for the first after the header), in the file's order.
 */
function records(file: DataFile): string {
  if (file.format === "parquet") {
    return `(SELECT *, data_row AS record FROM ${stored(file)})`;
  }
  const header = headers.get(file) ?? file.table.columns.map(({ name }) => name);
  return `(SELECT *, ordinality AS record FROM ${readCsv(file, header)} WITH ORDINALITY)`;
}

/**
 * Where records are, as a message says it: each one's line in a CSV file (found in one read of
 * the file), its row in a Parquet file.
 */
async function place(file: DataFile, ...records: number[]): Promise<string[]> {
  if (file.format === "parquet") return records.map((record) => `row ${record}`);
  const lines = await linesOf(file, records);
  return records.map((record) => `line ${lines.get(record)}`);
}

/** The first row of the file that breaks a rule of its own, as a problem. */
async function ruleProblem(engine: Engine, file: DataFile): Promise<Problem> {
  const rules = rowRules(file.table);
  const [row] = (await engine.query(
    `SELECT record, broken, ${
      file.table.columns.map(({ name }) => `CAST(${name} AS VARCHAR)`).join(", ")
    } FROM (SELECT *, ${brokenRule(file.table)} AS broken FROM ${records(file)}) ` +
      "WHERE broken > 0 ORDER BY record LIMIT 1",
  )).rows;
  if (row === undefined) return new Problem(`${file.path}: a row breaks a rule of its table`);
  const rule = rules[Number(row[1]) - 1] as RowRule;
  const at = file.table.columns.findIndex(({ name }) => name === rule.column);
  const values = Object.fromEntries(
    file.table.columns.map(({ name }, index) => [name, String(row[2 + index])]),
  );
  return new Problem(
    `${file.path}: ${(await place(file, Number(row[0])))[0]}, column ${rule.column}: ${
      rule.says(String(row[2 + at]), values)
    }`,
  );
}

/**
 * Checks the rules across a file's rows: its key given once, each reference to a row of the
 * table it names, and states of one thing that do not overlap. A broken rule is found again in
 * the file, to name its line.
 */
async function checkAcrossRows(
  engine: Engine,
  file: DataFile,
  files: readonly DataFile[],
): Promise<void> {
  const { table } = file;
  const held = stored(file);
  const exists = async (sql: string) => (await engine.query(sql)).rows.length > 0;
  if (table.key) {
    const key = table.key.join(", ");
    if (await exists(`SELECT 1 FROM ${held} GROUP BY ${key} HAVING count(*) > 1 LIMIT 1`)) {
      const [row = []] = (await engine.query(
        `SELECT record, earlier FROM (SELECT record, min(record) OVER (PARTITION BY ${key}) ` +
          `AS earlier FROM ${records(file)}) WHERE record > earlier ORDER BY record LIMIT 1`,
      )).rows;
      const [here, there] = await place(file, Number(row[0]), Number(row[1]));
      throw new Problem(
        `${file.path}: ${here}, column ${table.key[0]}: the same ${
          table.key.join(" and ")
        } as ${there}; each row needs its own`,
      );
    }
  }
  for (const column of table.columns) {
    const target = files.find((other) => other.table.name === column.references);
    if (target === undefined) continue;
    const orphan = (from: string) =>
      `SELECT child.${column.name} FROM ${from} AS child WHERE child.${column.name} IS NOT NULL ` +
      `AND NOT EXISTS (SELECT 1 FROM ${stored(target)} AS parent WHERE ` +
      `parent.${column.name} = child.${column.name})`;
    if (await exists(`${orphan(held)} LIMIT 1`)) {
      const [row = []] = (await engine.query(
        `${orphan(records(file)).replace("SELECT child.", "SELECT child.record, child.")} ` +
          "ORDER BY child.record LIMIT 1",
      )).rows;
      throw new Problem(
        `${file.path}: ${(await place(file, Number(row[0])))[0]}, column ${column.name}: "${
          String(row[1]).slice(0, 60)
        }" is in no row of ${target.path.slice(target.path.lastIndexOf("/") + 1)}`,
      );
    }
  }
  if (table.states) {
    const { of, from, to } = table.states;
    const overlaps = (source: string, extra: string) =>
      `SELECT * FROM (SELECT ${extra}${from}, lag(${to}) OVER w AS before_to, ` +
      `lag(${from}) OVER w AS before_from FROM ${source} ` +
      `WINDOW w AS (PARTITION BY ${of} ORDER BY ${from})) ` +
      `WHERE before_from IS NOT NULL AND (before_to IS NULL OR before_to > ${from})`;
    if (await exists(`${overlaps(held, "")} LIMIT 1`)) {
      const [row = []] = (await engine.query(
        `${overlaps(records(file), `record, lag(record) OVER w AS earlier, ${of}, `)} ` +
          "ORDER BY record LIMIT 1",
      )).rows;
      const [record, earlier, owner, starts, beforeTo] = row;
      const [here, other] = await place(file, Number(record), Number(earlier));
      throw new Problem(
        `${file.path}: ${here}, column ${from}: this state of ${of} ` +
          `"${String(owner).slice(0, 60)}" begins at ${starts}, while the state on ${other} ` +
          `${beforeTo === null ? `has no ${to}, so is still in force` : `runs to ${beforeTo}`}; a ${
            of.replace(/_id$/, "")
          } is in one state at a time`,
      );
    }
  }
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
async function lineAt(
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
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
