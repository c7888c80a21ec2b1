/**
 * DuckDB, embedded, as the CLI's `--data` runs a recipe on someone's files: the npm package is
 * named here and nowhere else in the code, and it is loaded only through the importer an entry
 * gives (Deno and Node find a package differently; the single binary cannot load one), so the
 * server and every other command never load it. The tables a recipe reads are loaded from their
 * files' rows with each row's line kept, the rules across rows (a key given twice, a reference to
 * no row, a table's checks) are checked with the line that breaks them, and each table is then a
 * view of the schema's name and columns, which the recipe reads.
 *
 * @module
 */
import { DataError, type TableData } from "./csv.ts";
import { columnType } from "./dialect.ts";

/** The npm package of DuckDB's Node-API client, which `--data` runs the recipes on. */
export const DUCKDB_PACKAGE = "@duckdb/node-api";

/** Its version: the one `tests/deno.lock` and `cli.lock` pin, which the recipes are proven on. */
export const DUCKDB_VERSION = "1.5.6-r.1";

/** What an entry gives to load an npm package the tool does not carry. */
export type PackageImporter = (name: string, version: string) => Promise<unknown>;

/** The part of the package's API used here. */
interface DuckDbModule {
  DuckDBInstance: {
    create(path: string): Promise<{
      connect(): Promise<Connection>;
      closeSync(): void;
    }>;
  };
}

interface Connection {
  run(sql: string): Promise<unknown>;
  runAndReadAll(
    sql: string,
    values?: (string | number)[],
  ): Promise<{ columnNames(): string[]; getRowsJson(): unknown[][] }>;
  createAppender(table: string): Promise<{
    appendInteger(value: number): void;
    appendVarchar(value: string): void;
    appendNull(): void;
    endRow(): void;
    flushSync(): void;
    closeSync(): void;
  }>;
  closeSync(): void;
}

/** Whether an imported module is the package, as far as this module uses it. */
function isDuckDb(module: unknown): module is DuckDbModule {
  if (typeof module !== "object" || module === null || !("DuckDBInstance" in module)) {
    return false;
  }
  const instance: unknown = module.DuckDBInstance;
  return typeof instance === "function" && "create" in instance &&
    typeof instance.create === "function";
}

/** A query's answer: its column names, and its rows as JSON values. */
export interface Answer {
  columns: string[];
  rows: unknown[][];
}

/** DuckDB in memory with the tables a recipe reads. */
export interface Engine {
  /** Runs SQL with numbered parameters `$1`, `$2`, …. */
  query(sql: string, values?: (string | number)[]): Promise<Answer>;
  /** Frees the database. */
  close(): void;
}

/**
 * Opens DuckDB in memory with the package `load` gives, and loads each table: its rows into a
 * table that keeps each row's line, the rules across rows checked (a {@linkcode DataError} names
 * the file, the line and the column of the first row that breaks one), then a view with the
 * schema's name and columns.
 */
export async function openDuckDb(module: unknown, tables: readonly TableData[]): Promise<Engine> {
  if (!isDuckDb(module)) {
    throw new Error(`The package ${DUCKDB_PACKAGE} has no DuckDBInstance.create`);
  }
  const instance = await module.DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const close = () => {
    connection.closeSync();
    instance.closeSync();
  };
  try {
    for (const data of tables) await load(connection, data);
    for (const data of tables) await checkRules(connection, data, tables);
    for (const { table } of tables) {
      const columns = table.columns.map((column) => column.name).join(", ");
      await connection.run(`CREATE VIEW ${table.name} AS SELECT ${columns} FROM csv_${table.name}`);
    }
  } catch (error) {
    close();
    throw error;
  }
  return {
    async query(sql, values = []) {
      const reader = await connection.runAndReadAll(sql, values);
      return { columns: reader.columnNames(), rows: reader.getRowsJson() };
    },
    close,
  };
}

/** Loads a table's rows, each with its line, through DuckDB's appender, which casts the text. */
async function load(connection: Connection, data: TableData): Promise<void> {
  const { table } = data;
  const columns = table.columns.map((column) =>
    `${column.name} ${columnType(column.type, "duckdb")}`
  );
  await connection.run(`CREATE TABLE csv_${table.name} (csv_line INTEGER, ${columns.join(", ")})`);
  const appender = await connection.createAppender(`csv_${table.name}`);
  let at = 0;
  try {
    for (; at < data.rows.length; at++) {
      appender.appendInteger(data.lines[at] ?? 0);
      for (const value of data.rows[at] ?? []) {
        if (value === null) appender.appendNull();
        else appender.appendVarchar(value);
      }
      appender.endRow();
    }
    appender.flushSync();
  } catch (error) {
    // the values were read against their columns, so this is DuckDB's own limit
    throw new DataError(
      `${data.file}: line ${data.lines[at] ?? "?"}: DuckDB could not load the row (${
        firstLine(error)
      })`,
    );
  } finally {
    appender.closeSync();
  }
}

/** The first row (its line and values) that a query finds, if any. */
async function firstRow(connection: Connection, sql: string): Promise<unknown[] | undefined> {
  return (await connection.runAndReadAll(sql)).getRowsJson()[0];
}

/** Checks the rules across a table's rows: its key, its references, its checks. */
async function checkRules(
  connection: Connection,
  data: TableData,
  loaded: readonly TableData[],
): Promise<void> {
  const { table, file } = data;
  const name = `csv_${table.name}`;
  if (table.key) {
    const key = table.key.join(", ");
    const twice = await firstRow(
      connection,
      `SELECT csv_line, earlier FROM (SELECT csv_line, MIN(csv_line) OVER (PARTITION BY ${key}) ` +
        `AS earlier FROM ${name}) WHERE csv_line > earlier ORDER BY csv_line LIMIT 1`,
    );
    if (twice) {
      throw new DataError(
        `${file}: line ${twice[0]}, column ${table.key[0]}: the same ${
          table.key.join(" and ")
        } as line ${twice[1]}; each row needs its own`,
      );
    }
  }
  for (const column of table.columns) {
    const target = loaded.find((other) => other.table.name === column.references);
    if (target === undefined) continue;
    const missing = await firstRow(
      connection,
      `SELECT child.csv_line, child.${column.name} FROM ${name} AS child WHERE ` +
        `child.${column.name} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ` +
        `csv_${target.table.name} AS parent WHERE parent.${column.name} = child.${column.name}) ` +
        `ORDER BY child.csv_line LIMIT 1`,
    );
    if (missing) {
      throw new DataError(
        `${file}: line ${missing[0]}, column ${column.name}: "${
          String(missing[1]).slice(0, 60)
        }" is in no row of ${target.file}`,
      );
    }
  }
  for (const check of table.checks ?? []) {
    const broken = await firstRow(
      connection,
      `SELECT csv_line FROM ${name} WHERE NOT (${check}) ORDER BY csv_line LIMIT 1`,
    );
    if (broken) {
      const named = table.columns
        .map((column) => ({ column, at: check.search(new RegExp(`\\b${column.name}\\b`)) }))
        .filter(({ at }) => at >= 0)
        .sort((a, b) => a.at - b.at)[0]?.column.name;
      throw new DataError(
        `${file}: line ${broken[0]}${named ? `, column ${named}` : ""}: the row breaks the ` +
          `rule ${check}`,
      );
    }
  }
}

/** The first line of an error's message. */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
