// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
/**
 * The two engines the recipes are proven on, started by the tests and loaded with the reference
 * schema and the generated rows: DuckDB embedded (from npm), and a throwaway PostgreSQL cluster
 * made with Debian's `initdb` and `pg_ctl` in a temporary folder, listening on 127.0.0.1 and
 * removed afterwards. PostgreSQL refuses to run as root, so as root the cluster runs as the
 * `postgres` user (or `nobody`) through `runuser`; as anyone else it runs as them.
 *
 * @module
 */
import { DuckDBInstance } from "npm:@duckdb/node-api@1.5.6-r.1";
import postgres from "npm:postgres@3.4.9";
import type { Dialect } from "../lib/sql/dialect.ts";
import { ddl, TABLES } from "../lib/sql/schema.ts";
import { type Value, valueText } from "./_sql_data.ts";
import { childEnv, freePort } from "./_spawn.ts";

/** A query's answer: its column names, and its rows as plain JSON values. */
export interface Answer {
  columns: string[];
  rows: unknown[][];
}

/** An engine loaded with the data. */
export interface Engine {
  dialect: Dialect;
  /** Runs SQL with numbered parameters `$1`, `$2`, …. */
  query(sql: string, values?: (string | number)[]): Promise<Answer>;
  close(): Promise<void>;
}

/** The `INSERT` statements that load the rows, 500 rows each. */
export function inserts(rows: Record<string, Record<string, Value>[]>): string[] {
  const statements: string[] = [];
  const literal = (value: Value, type: string) => {
    const text = valueText(value, type);
    if (text === null) return "NULL";
    return type === "usd" || type === "integer" ? text : `'${text.replaceAll("'", "''")}'`;
  };
  for (const table of TABLES) {
    const all = rows[table.name] ?? [];
    for (let from = 0; from < all.length; from += 500) {
      const values = all.slice(from, from + 500).map((row) =>
        `(${
          table.columns.map((column) => literal(row[column.name] ?? null, column.type)).join(", ")
        })`
      );
      const names = table.columns.map((column) => column.name).join(", ");
      statements.push(`INSERT INTO ${table.name} (${names}) VALUES\n${values.join(",\n")}`);
    }
  }
  return statements;
}

/**
 * DuckDB in memory, with the schema and the rows, loaded through its appender (DuckDB casts each
 * value's text to the column's type), which is several times faster than parsing `INSERT`s.
 */
export async function startDuckDb(rows: Record<string, Record<string, Value>[]>): Promise<Engine> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  await connection.run(ddl("duckdb"));
  for (const table of TABLES) {
    const appender = await connection.createAppender(table.name);
    for (const row of rows[table.name] ?? []) {
      for (const column of table.columns) {
        const text = valueText(row[column.name] ?? null, column.type);
        if (text === null) appender.appendNull();
        else appender.appendVarchar(text);
      }
      appender.endRow();
    }
    appender.flushSync();
    appender.closeSync();
  }
  return {
    dialect: "duckdb",
    async query(sql, values = []) {
      const reader = await connection.runAndReadAll(sql, values);
      return { columns: reader.columnNames(), rows: reader.getRowsJson() };
    },
    close() {
      connection.closeSync();
      instance.closeSync();
      return Promise.resolve();
    },
  };
}

/** The newest PostgreSQL server Debian installed, as its `bin` folder, if any. */
export function postgresBin(): string | undefined {
  let versions: number[] = [];
  try {
    versions = [...Deno.readDirSync("/usr/lib/postgresql")].map((entry) => Number(entry.name))
      .filter((version) => Number.isInteger(version));
  } catch {
    return undefined;
  }
  for (const version of versions.sort((a, b) => b - a)) {
    const bin = `/usr/lib/postgresql/${version}/bin`;
    try {
      if (Deno.statSync(`${bin}/initdb`).isFile) return bin;
    } catch {
      // not this one
    }
  }
  return undefined;
}

async function run(command: string, args: string[]): Promise<string> {
  const output = await new Deno.Command(command, {
    args,
    clearEnv: true,
    env: childEnv(),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  if (!output.success) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${output.code}): ${decode(output.stderr)}`,
    );
  }
  return decode(output.stdout);
}

/** Who the cluster runs as: the current user, or as root an unprivileged one it can switch to. */
async function clusterUser(): Promise<string | undefined> {
  if ((await run("id", ["-u"])).trim() !== "0") return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      await run("id", ["-u", name]);
      return name;
    } catch {
      // no such user
    }
  }
  throw new Error(
    "Running as root, with neither a postgres nor a nobody user to run PostgreSQL as",
  );
}

/**
 * A throwaway PostgreSQL cluster: `initdb` in a temporary folder (trust authentication, C
 * locale, no fsync), `pg_ctl start` on a free port of 127.0.0.1 with its Unix socket in the same
 * folder, then the schema and the rows. `close` stops it and removes the folder.
 */
export async function startPostgres(
  bin: string,
  rows: Record<string, Record<string, Value>[]>,
): Promise<Engine> {
  const folder = await Deno.makeTempDir({ prefix: "recipes-postgres-" });
  const user = await clusterUser();
  const as = (program: string, args: string[]) =>
    user === undefined ? run(program, args) : run("runuser", ["-u", user, "--", program, ...args]);
  if (user !== undefined) await run("chown", [user, folder]);
  const data = `${folder}/data`;
  let started = false;
  const stop = async () => {
    if (started) await as(`${bin}/pg_ctl`, ["-D", data, "-m", "immediate", "-w", "stop"]);
    started = false;
    await Deno.remove(folder, { recursive: true });
  };
  try {
    await as(`${bin}/initdb`, [
      "-D",
      data,
      "-U",
      "recipes",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    const port = freePort();
    const options =
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c timezone=UTC`;
    await as(`${bin}/pg_ctl`, ["-D", data, "-l", `${folder}/log`, "-o", options, "-w", "start"]);
    started = true;
    const sql = postgres({
      host: "127.0.0.1",
      port,
      user: "recipes",
      database: "postgres",
      max: 1,
      onnotice: () => {},
      // Days and instants stay text both ways: the driver's own conversion goes through
      // `new Date(text)`, in this process's time zone, which is the caller's TZ.
      types: {
        timeAsText: { to: 1114, from: [1082, 1114, 1184], serialize: String, parse: String },
      },
    });
    await sql.unsafe(ddl("postgres"));
    for (const statement of inserts(rows)) await sql.unsafe(statement);
    return {
      dialect: "postgres",
      async query(text, values = []) {
        const result = await sql.unsafe(text, values);
        // a statement that returns no rows (CREATE, SET, INSERT) has no columns
        const columns = (result.columns ?? []).map((column) => column.name);
        return {
          columns,
          rows: result.map((row) => columns.map((name) => (row as Record<string, unknown>)[name])),
        };
      },
      async close() {
        await sql.end();
        await stop();
      },
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
