/**
 * One of a source's tables, as a file (`source_files.ts`), read by DuckDB into the table its
 * mapping views read (`stripe.subscriptions`): CSV (`subscriptions.csv`, gzip-compressed
 * `subscriptions.csv.gz`) or Parquet (`events.parquet`). Each column the views read is found by
 * its name or another the source's exports give it, and read with its type; a time may be Unix
 * seconds or a timestamp, whichever the export wrote. A value that does not read is one line
 * naming the file, the line (a Parquet file's row) and the column, in the source's terms.
 *
 * @module
 */
import { join } from "node:path";
import type { Engine } from "./duckdb.ts";
import { csvHeader } from "./csv_header.ts";
import { linesOf, rejectProblem, unreadable } from "./error_lines.ts";
import { type DataFile, FORMATS, isFile } from "./find_files.ts";
import type { Source, SourceColumn, SourceTable, SourceType } from "./source_files.ts";
import { Problem } from "../problem.ts";

/**
 * Reads the file of one of a source's tables in `folder` into the table its views read; an
 * optional table without a file is empty. Returns the file's path and format, if any. A missing
 * file or column, and a value that does not read, are each a {@linkcode Problem}.
 */
export async function readSourceFile(
  engine: Engine,
  folder: string,
  { source, table }: { source: Source; table: SourceTable },
): Promise<Pick<DataFile, "path" | "format"> | undefined> {
  const file = await findFile(folder, source, table);
  const [schema] = table.table.split(".");
  await engine.run(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  if (file === undefined) {
    const typed = table.columns.map(({ name, type }) => `${quoted(name)} ${DUCKDB_TYPES[type]}`);
    await engine.run(`CREATE TABLE ${table.table} (${typed.join(", ")})`);
  } else if (file.format === "parquet") await readParquet(engine, file, { source, table });
  else await readCsv(engine, file, { source, table });
  return file;
}

/** The file of a source's table in the folder, if any; two of them are a problem. */
async function findFile(
  folder: string,
  source: Source,
  table: SourceTable,
): Promise<Pick<DataFile, "path" | "format"> | undefined> {
  const found: Pick<DataFile, "path" | "format">[] = [];
  for (const format of FORMATS) {
    const path = join(folder, `${table.file}.${format}`);
    if (await isFile(path)) found.push({ path, format });
  }
  const [file, second] = found;
  if (second !== undefined) {
    throw new Problem(
      `${file?.path} and ${
        found.slice(1).map(({ format }) => `${table.file}.${format}`).join(" and ")
      } both hold ${table.title}; keep one`,
    );
  }
  if (file === undefined && !table.optional) {
    const needed = source.tables.filter((each) => !each.optional).map((each) => `${each.file}.csv`);
    throw new Problem(
      `${join(folder, `${table.file}.csv`)}: no such file, nor ${table.file}.csv.gz or ` +
        `${table.file}.parquet; --from ${source.name} reads ${source.title}'s tables as files ` +
        `named after them: ${needed.join(", ")}`,
    );
  }
  return file;
}

/** Each type as DuckDB reads it. */
const DUCKDB_TYPES: Record<SourceType, string> = {
  text: "VARCHAR",
  unix: "BIGINT",
  integer: "BIGINT",
  boolean: "BOOLEAN",
  timestamp: "TIMESTAMP",
  json: "VARCHAR",
};

/**
 * The types read as text, then checked and turned into what the views read: a time, as Unix
 * seconds whether written so or as a timestamp; JSON text, checked to parse.
 */
const FROM_TEXT: Partial<
  Record<SourceType, { valid: (value: string) => string; value: (value: string) => string }>
> = {
  unix: {
    valid: (value) =>
      `(regexp_full_match(trim(${value}), '-?[0-9]+') OR ` +
      `TRY_CAST(${value} AS TIMESTAMP) IS NOT NULL)`,
    value: (value) =>
      `CASE WHEN regexp_full_match(trim(${value}), '-?[0-9]+') THEN ` +
      `CAST(trim(${value}) AS BIGINT) ELSE CAST(epoch(CAST(${value} AS TIMESTAMP)) AS BIGINT) END`,
  },
  json: {
    valid: (value) => `json_valid(${value})`,
    value: (value) =>
      `CASE WHEN ${value} IS NULL OR json_valid(${value}) THEN ${value} ` +
      `ELSE error('not JSON') END`,
  },
};

/** A value as SQL text. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A name as SQL. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A CSV file into the table its views read, each column the views read under their name for it
 * and with its type (a type read as text checked and turned as {@linkcode FROM_TEXT} says), and
 * the others as text.
 */
async function readCsv(
  engine: Engine,
  file: Pick<DataFile, "path" | "format">,
  { source, table }: { source: Source; table: SourceTable },
): Promise<void> {
  const header = await csvHeader(file);
  if (header === undefined) {
    throw new Problem(
      `${file.path}: the file is empty; its first line names the columns of ${table.title}, ` +
        `among them ${table.columns.map(({ name }) => name).join(", ")}`,
    );
  }
  header.forEach((name, index) => {
    if (header.indexOf(name) !== index) {
      throw new Problem(`${file.path}: line 1, column ${index + 1}: "${name}" is named twice`);
    }
  });
  const named = namesIn(`${file.path}: line 1`, header, { source, table });
  const columnOf = (name: string) =>
    table.columns.find((column) => named.get(column.name) === name);
  const read = (extra = "") =>
    `read_csv(${text(file.path)}, header = true, auto_detect = false, delim = ',', ` +
    `quote = '"', escape = '"', columns = {${
      header.map((name) => {
        const type = columnOf(name)?.type ?? "text";
        return `${text(name)}: ${text(FROM_TEXT[type] ? "VARCHAR" : DUCKDB_TYPES[type])}`;
      }).join(", ")
    }}${extra})`;
  const selected = header.map((name) => {
    const column = columnOf(name);
    if (column === undefined) return quoted(name);
    const value = FROM_TEXT[column.type]?.value(quoted(name)) ?? quoted(name);
    return `${value} AS ${quoted(column.name)}`;
  });
  try {
    await engine.run(`CREATE TABLE ${table.table} AS SELECT ${selected.join(", ")} FROM ${read()}`);
  } catch (error) {
    throw await rejectProblem(engine, file, {
      read: read(", store_rejects = true, rejects_limit = 100000"),
      columns: header,
      notOfType: (name, value) => {
        const type = columnOf(name)?.type;
        return type && notOfType(source, type, value);
      },
    }) ??
      await firstBad(engine, source, {
        rows: `${read()} WITH ORDINALITY`,
        record: "ordinality",
        checks: table.columns.flatMap((column) => {
          const valid = FROM_TEXT[column.type]?.valid;
          const name = quoted(named.get(column.name) as string);
          return valid ? [{ column, value: name, valid: valid(name) }] : [];
        }),
        place: async (record) => `line ${(await linesOf(file, [record])).get(record)}`,
        path: file.path,
      }) ??
      unreadable(file, error);
  }
}

/**
 * A Parquet file into the table its views read, each column the views read found by name and
 * cast to its type (a time stored as a timestamp turned into Unix seconds); the others are left
 * out.
 */
async function readParquet(
  engine: Engine,
  file: Pick<DataFile, "path" | "format">,
  { source, table }: { source: Source; table: SourceTable },
): Promise<void> {
  let described: unknown[][];
  try {
    described = (await engine.query(`DESCRIBE SELECT * FROM read_parquet(${text(file.path)})`))
      .rows;
  } catch (error) {
    throw new Problem(
      `${file.path}: not a Parquet file DuckDB can read (${
        (error instanceof Error ? error.message : String(error)).split("\n")[0]
      })`,
    );
  }
  const stored = new Map(described.map(([name, type]) => [String(name), String(type)]));
  const named = namesIn(file.path, [...stored.keys()], { source, table });
  const parts = table.columns.map((column) => {
    const name = named.get(column.name) as string;
    const value = quoted(name);
    if (column.type === "unix" && /^(TIMESTAMP|DATE)/.test(stored.get(name) ?? "")) {
      return { column, value: `CAST(epoch(${value}) AS BIGINT)`, valid: "true" };
    }
    const asText = FROM_TEXT[column.type];
    if (asText !== undefined) {
      const text = `CAST(${value} AS VARCHAR)`;
      return { column, value: asText.value(text), valid: asText.valid(text) };
    }
    const type = DUCKDB_TYPES[column.type];
    return {
      column,
      value: `CAST(${value} AS ${type})`,
      valid: `TRY_CAST(${value} AS ${type}) IS NOT NULL`,
    };
  });
  try {
    await engine.run(
      `CREATE TABLE ${table.table} AS SELECT ${
        parts.map(({ column, value }) => `${value} AS ${quoted(column.name)}`).join(", ")
      } FROM read_parquet(${text(file.path)})`,
    );
  } catch (error) {
    throw await firstBad(engine, source, {
      rows: `read_parquet(${text(file.path)}, file_row_number = true)`,
      record: "file_row_number + 1",
      checks: parts.map(({ column, valid }) => ({
        column,
        value: quoted(named.get(column.name) as string),
        valid,
      })),
      place: (record) => Promise.resolve(`row ${record}`),
      path: file.path,
    }) ??
      new Problem(
        `${file.path}: DuckDB could not read the file (${
          (error instanceof Error ? error.message : String(error)).split("\n")[0]
        })`,
      );
  }
}

/**
 * The first row of a file (in `rows`, numbered by `record`) whose value in one of `checks`'s
 * columns is not `valid`, as a problem naming where it is (`place`) and the column.
 */
async function firstBad(
  engine: Engine,
  source: Source,
  { rows, record, checks, place, path }: {
    rows: string;
    record: string;
    checks: readonly { column: SourceColumn; value: string; valid: string }[];
    place: (record: number) => Promise<string>;
    path: string;
  },
): Promise<Problem | undefined> {
  let first: { record: number; column: SourceColumn; value: string } | undefined;
  for (const { column, value, valid } of checks) {
    const [row] = (await engine.query(
      `SELECT ${record}, CAST(${value} AS VARCHAR) FROM ${rows} WHERE ${value} IS NOT NULL ` +
        `AND NOT ${valid} ORDER BY 1 LIMIT 1`,
    )).rows;
    if (row !== undefined && (first === undefined || Number(row[0]) < first.record)) {
      first = { record: Number(row[0]), column, value: String(row[1]) };
    }
  }
  if (first === undefined) return undefined;
  return new Problem(
    `${path}: ${await place(first.record)}, column ${first.column.name}: ${
      notOfType(source, first.column.type, first.value)
    }`,
  );
}

/**
 * The name in a file (`names`) of each column the views read: its own, or another the source's
 * exports give it. A column under neither is a problem, said at `where`.
 */
function namesIn(
  where: string,
  names: readonly string[],
  { source, table }: { source: Source; table: SourceTable },
): Map<string, string> {
  const named = new Map<string, string>();
  for (const column of table.columns) {
    const others = column.aliases ?? [];
    const name = [column.name, ...others].find((each) => names.includes(each));
    if (name === undefined) {
      throw new Problem(
        `${where}: ${table.title} lacks the column "${column.name}"${
          others.length === 0 ? "" : ` (or ${others.map((other) => `"${other}"`).join(" or ")})`
        }; --from ${source.name} reads ${
          table.columns.map((each) => each.name).join(", ")
        } by name (other columns are left out)`,
      );
    }
    named.set(column.name, name);
  }
  return named;
}

/** What is wrong with a value that does not read as its column's type, in the source's terms. */
function notOfType(source: Source, type: SourceType, value: string): string {
  const shown = `"${value.slice(0, 60)}"`;
  switch (type) {
    case "unix":
      return `${shown} is not a time: write Unix seconds, as ${source.title}'s API sends them ` +
        "(1709251200), or a timestamp in UTC (2024-03-01 14:30:00)";
    case "integer":
      return `${shown} is not a whole number`;
    case "json":
      return `${shown} is not JSON text, such as {"$group_0": "acct_1"}`;
    case "boolean":
      return `${shown} is neither true nor false`;
    case "timestamp":
      return `${shown} is not a timestamp: write it as 2024-03-01 14:30:00, in UTC (a T, ` +
        "fractions of a second and a Z are read too)";
    default:
      return `${shown} does not read as text`;
  }
}
