/**
 * DuckDB, embedded, as the CLI's `--data` runs a recipe on someone's files: the npm package is
 * named here and nowhere else in the code, and it is loaded only through the importer an entry
 * gives (Deno and Node find a package differently; the single binary cannot load one), so the
 * server and every other command never load it. The database lives in memory, in UTC, under a
 * memory limit past which DuckDB spills to a temporary folder.
 *
 * @module
 */

/** The npm package of DuckDB's Node-API client, which `--data` runs the recipes on. */
export const DUCKDB_PACKAGE = "@duckdb/node-api";

/** Its version: the one `tests/deno.lock` and `cli.lock` pin, which the recipes are proven on. */
export const DUCKDB_VERSION = "1.5.6-r.1";

/** What an entry gives to load an npm package the tool does not carry. */
export type PackageImporter = (name: string, version: string) => Promise<unknown>;

/** The part of the package's API used here. */
interface DuckDbModule {
  DuckDBInstance: {
    create(path: string, options?: Record<string, string>): Promise<{
      connect(): Promise<Connection>;
      closeSync(): void;
    }>;
  };
}

interface Connection {
  run(sql: string, values?: (string | number)[]): Promise<unknown>;
  runAndReadAll(
    sql: string,
    values?: (string | number)[],
  ): Promise<{ columnNames(): string[]; getRowsJson(): unknown[][] }>;
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

/** DuckDB in memory. */
export interface Engine {
  /** Runs SQL with numbered parameters `$1`, `$2`, …, and reads its whole answer. */
  query(sql: string, values?: (string | number)[]): Promise<Answer>;
  /** Runs SQL whose answer is not read (a `CREATE`, a `SET`). */
  run(sql: string): Promise<void>;
  /** Frees the database. */
  close(): void;
}

/** How much DuckDB may hold in memory, and where it spills the rest. */
export interface Limits {
  /** DuckDB's `memory_limit`, such as `4GB` or `512MB`; DuckDB's own default (80% of the
   * machine's memory) when undefined. */
  memoryLimit?: string | undefined;
  /** DuckDB's `temp_directory`: where data past the limit goes while the run lasts. */
  tempDirectory: string;
}

/**
 * Opens DuckDB in memory with the package an entry loaded, in UTC, with the memory limit and the
 * temporary folder of `limits`.
 */
export async function openDuckDb(module: unknown, limits: Limits): Promise<Engine> {
  if (!isDuckDb(module)) {
    throw new Error(`The package ${DUCKDB_PACKAGE} has no DuckDBInstance.create`);
  }
  const instance = await module.DuckDBInstance.create(":memory:", {
    ...(limits.memoryLimit === undefined ? {} : { memory_limit: limits.memoryLimit }),
    temp_directory: limits.tempDirectory,
  });
  const connection = await instance.connect();
  await connection.run("SET TimeZone = 'UTC'");
  // DuckDB 1.5.6 stops with "INTERNAL Error: Failed to cast expression to type" when this rewrite
  // of ROW_NUMBER() … = 1 meets a view over read_csv (product-market-fit-score's recipe); the
  // recipes are proven with it off
  await connection.run("SET disabled_optimizers = 'top_n_window_elimination'");
  return {
    async query(sql, values = []) {
      const reader = await connection.runAndReadAll(sql, values);
      return { columns: reader.columnNames(), rows: reader.getRowsJson() };
    },
    async run(sql) {
      await connection.run(sql);
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
