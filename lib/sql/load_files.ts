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
import { stat } from "node:fs/promises";
import { columnType } from "./dialect.ts";
import type { Engine } from "./duckdb.ts";
import { checkHeader, csvHeader, readCsv } from "./csv_header.ts";
import { firstLine, notOfType, place, readProblem } from "./error_lines.ts";
import { type DataFile, stored } from "./find_files.ts";
import { brokenRule, checkAcrossRows, rowRules, ruleProblem } from "./row_rules.ts";
import type { Column, Table } from "./schema.ts";
import { Problem } from "../problem.ts";

/** A path as SQL text. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

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
 * Reads each file through the engine and checks it, then makes a view of each table with the
 * schema's name, which the recipe reads. The first problem found is a
 * {@linkcode Problem}: a header, a value of the wrong type, an empty table, a rule of one row,
 * then the rules across rows.
 *
 * @example
 * ```ts ignore
 * const files = await findFiles("exports", { tables, reads: "churn-rate's recipe reads …" });
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
      throw await readProblem(engine, { file, error });
    }
    loaded.push({ file, ...summed });
  }
  for (const { file } of loaded) await checkAcrossRows(engine, { file, files });
  for (const { file } of loaded) {
    const columns = file.table.columns.map(({ name }) => name);
    await engine.run(
      `CREATE VIEW ${file.table.name} AS SELECT ${columns.join(", ")} FROM ${stored(file)}`,
    );
  }
  return loaded;
}

/** Whether a column's values tell how far in time the data reaches. */
export const reaches = (column: Column): boolean =>
  column.type === "date" || (column.type === "timestamp" && !column.scheduled);

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
): Promise<{ read: string; header: string[]; checked: string }> {
  const header = checkHeader(file, await csvHeader(file));
  const small = file.format !== "parquet" &&
    (await stat(file.path)).size <= inMemoryBytes[file.format];
  try {
    await engine.run(
      small
        ? `CREATE TABLE ${stored(file)} AS ${csvRows(file, header)}`
        : `CREATE VIEW ${stored(file)} AS SELECT * FROM ${readCsv(file, header)}`,
    );
  } catch (error) {
    throw await readProblem(engine, { file, error });
  }
  return {
    read: stored(file),
    header,
    checked: small ? stored(file) : `(${csvRows(file, header)})`,
  };
}

/** A time of day followed by a UTC offset: `14:30:00+02:00`, `14:30+0200`, `14:30:00.5 -05`. */
const OFFSET = String.raw`\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*[+-]\d{2}(:?\d{2})?$`;

/** The timestamp columns of a CSV file's header. */
function timestampColumns(file: DataFile, header: readonly string[]): string[] {
  return file.table.columns
    .filter((column) => column.type === "timestamp" && header.includes(column.name))
    .map((column) => column.name);
}

/** Whether any of these columns, read as text, holds a time with a UTC offset, as SQL. */
function offsetWritten(columns: readonly string[]): string {
  return columns.map((name) => `regexp_matches(${name}, '${OFFSET}')`).join(" OR ");
}

/**
 * A CSV file's rows as a query that reads the file once: the timestamps read as the text they are
 * written with and cast to the schema's `TIMESTAMP`, the other columns as the reader types them,
 * and `offset_written`, whether a timestamp of the row has a UTC offset. A file held in memory is
 * this query's table; the summary of a file read in place reads it instead of the view.
 */
function csvRows(file: DataFile, header: readonly string[]): string {
  const columns = timestampColumns(file, header);
  const read = readCsv(file, header, { timestampsAsText: true });
  if (columns.length === 0) return `SELECT *, false AS offset_written FROM ${read}`;
  const casts = columns.map((name) => `CAST(${name} AS TIMESTAMP) AS ${name}`).join(", ");
  return `SELECT * REPLACE (${casts}), ${offsetWritten(columns)} AS offset_written FROM ${read}`;
}

/**
 * A timestamp written with a UTC offset, as a problem naming its line and column: DuckDB's reader
 * drops the offset and keeps the clock time, which would shift the instant.
 */
async function offsetProblem(engine: Engine, file: DataFile, header: readonly string[]) {
  const columns = timestampColumns(file, header);
  const [row] = (await engine.query(
    `SELECT ordinality, ${columns.join(", ")} FROM ${readCsv(file, header, { asText: true })} ` +
      `WITH ORDINALITY WHERE ${offsetWritten(columns)} ORDER BY ordinality LIMIT 1`,
  )).rows;
  if (row === undefined) return new Problem(`${file.path}: a timestamp has a UTC offset`);
  const at = columns.findIndex((_, index) => new RegExp(OFFSET).test(String(row[index + 1])));
  const value = String(row[at + 1]).slice(0, 60);
  return new Problem(
    `${file.path}: ${(await place(file, Number(row[0])))[0]}, column ${columns[at]}: "${value}" ` +
      "has a UTC offset, which would be dropped: write the time in UTC without one " +
      "(2024-03-01 12:30:00, or 2024-03-01T12:30:00Z)",
  );
}

/**
 * A view of a Parquet file with the schema's columns, matched by name and cast to the schema's
 * types; other columns are left out. A missing column, or a value that does not cast, is a
 * {@linkcode Problem} naming its row.
 */
async function viewParquet(
  engine: Engine,
  file: DataFile,
): Promise<{ read: string; exact: Set<string> }> {
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
  const exact = new Set(
    file.table.columns.filter((column) => !differ.includes(column)).map(({ name }) => name),
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
  return { read: stored(file), exact };
}

/**
 * How many rows a file has and how far they reach, in one pass over what was read; a file with no
 * rows, or a row that breaks a rule, is a {@linkcode Problem}.
 */
async function summary(
  engine: Engine,
  file: DataFile,
  { read, exact, header, checked }: {
    read: string;
    exact?: ReadonlySet<string> | undefined;
    header?: readonly string[];
    /** For a CSV file: what the summary reads, with `offset_written` (see `csvRows`). */
    checked?: string;
  },
): Promise<Omit<Loaded, "file">> {
  const times = file.table.columns.filter(reaches);
  // counting each column of a CSV file makes the reader convert, and so check, every value
  const counted = file.format === "parquet"
    ? ""
    : file.table.columns.map(({ name }) => `, count(${name})`).join("");
  const known = file.format === "parquet"
    ? await fromStatistics(engine, file, { times, exact: exact ?? new Set() })
    : undefined;
  const [row = []] = known !== undefined ? [known] : (await engine.query(
    `SELECT count(*), max(${brokenRule(file.table)}), ${
      times.map(({ name }) => `CAST(min(${name}) AS VARCHAR), CAST(max(${name}) AS VARCHAR)`)
        .join(", ") || "NULL"
    }${counted}${checked ? ", bool_or(offset_written)" : ""} FROM ${checked ?? read}`,
  )).rows;
  const rows = Number(row[0]);
  if (rows === 0) {
    throw new Problem(`${file.path} has no rows: the recipe counts from them`);
  }
  if (Number(row[1]) > 0) throw await ruleProblem(engine, file);
  if (checked && header && row.at(-1) === true) {
    throw await offsetProblem(engine, file, header);
  }
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
  { times, exact }: {
    times: readonly Column[];
    /** The columns stored with the schema's own type, which need no cast. */
    exact: ReadonlySet<string>;
  },
): Promise<unknown[] | undefined> {
  const rules = rowRules(file.table);
  if (!rules.every((rule) => rule.notNull)) return undefined;
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
