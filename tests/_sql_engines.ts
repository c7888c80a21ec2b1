// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
/**
 * The three engines the recipes are proven on, started by the tests and loaded with the reference
 * schema and the generated rows: DuckDB embedded (from npm), a throwaway PostgreSQL cluster made
 * with Debian's `initdb` and `pg_ctl` in a temporary folder, listening on 127.0.0.1 and removed
 * afterwards, and ClickHouse in this process through chDB. PostgreSQL refuses to run as root, so
 * as root the cluster runs as the `postgres` user (or `nobody`) through `runuser`; as anyone else
 * it runs as them.
 *
 * chDB is not in `tests/deno.lock`: Deno's npm resolver cannot install it (it stops on the
 * optional library packages of other platforms), so npm installs it into `tests/clickhouse/`
 * from the committed `package-lock.json` (`npm install --ignore-scripts` there; `.ci/run` does), and the tests load it
 * from that folder's `node_modules` with `require`.
 *
 * @module
 */
import { DuckDBInstance } from "npm:@duckdb/node-api@1.5.6-r.1";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import postgres from "npm:postgres@3.4.9";
import type { Dialect } from "../lib/sql/dialect.ts";
import { ddl, TABLES } from "../lib/sql/schema.ts";
import { type Value, valueText } from "./_sql_data.ts";
import { childEnv, freePort } from "./_spawn.ts";
import { skipping, systemBinary } from "./_system.ts";

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

/** Where npm installs chDB for the tests: `npm install --ignore-scripts` in this folder. */
export const CHDB_FOLDER: string = fileURLToPath(new URL("./clickhouse/", import.meta.url));

/** The part of chDB's API the tests use: a session, its temporary folder removed on cleanup. */
interface ChdbSession {
  query(sql: string, format?: string): string;
  queryBind(sql: string, values: Record<string, unknown>, format?: string): string;
  cleanup(): void;
}

/**
 * Whether the tests run the recipes on ClickHouse: when npm installed chDB in `tests/clickhouse/`,
 * and always with `REQUIRE_SYSTEM_TESTS=1` (then a missing chDB fails the test that starts it).
 * Otherwise it says on stderr, in one line, that ClickHouse is skipped and how to include it.
 */
export function clickhouseWanted(folder: string = CHDB_FOLDER): boolean {
  const path = `${folder}node_modules/chdb/package.json`;
  try {
    if (Deno.statSync(path).isFile) return true;
  } catch {
    // not installed
  }
  if (Deno.env.get("REQUIRE_SYSTEM_TESTS") === "1") return true;
  skipping(
    "the SQL recipes on ClickHouse",
    "chDB is not installed",
    "cd tests/clickhouse && npm install --ignore-scripts",
  );
  return false;
}

/**
 * ClickHouse in this process (chDB, from `tests/clickhouse/node_modules`), in a session of its
 * own, with the schema and the rows. Its answers come as JSON; a NaN or an infinity comes as
 * text, so that it never passes for a NULL.
 */
export function startClickHouse(rows: Record<string, Record<string, Value>[]>): Promise<Engine> {
  const require = createRequire(`${CHDB_FOLDER}package.json`);
  let chdb: { Session: new () => ChdbSession };
  try {
    chdb = require("chdb");
  } catch (error) {
    throw new Error(
      `chDB did not load from ${CHDB_FOLDER}: run npm install --ignore-scripts there (${error})`,
    );
  }
  const { Session } = chdb;
  const session = new Session();
  try {
    for (const statement of ddl("clickhouse").split(/;\n/)) {
      if (/\S/.test(statement.replace(/--[^\n]*/g, ""))) session.query(statement);
    }
    // JSON rows of the values' text, which ClickHouse parses faster than INSERT's literals
    for (const table of TABLES) {
      const lines = (rows[table.name] ?? []).map((row) =>
        JSON.stringify(Object.fromEntries(
          table.columns.map((column) => [
            column.name,
            valueText(row[column.name] ?? null, column.type),
          ]),
        ))
      );
      if (lines.length > 0) {
        session.query(`INSERT INTO ${table.name} FORMAT JSONEachRow\n${lines.join("\n")}`);
      }
    }
  } catch (error) {
    session.cleanup();
    throw error;
  }
  const format = "JSONCompact SETTINGS output_format_json_quote_denormals = 1";
  return Promise.resolve({
    dialect: "clickhouse",
    query(sql, values = []) {
      // a query's own SETTINGS clause ends it; the output's follow a FORMAT clause, which only
      // a query takes (not CREATE, USE or INSERT … SELECT)
      const query = /^(?:SELECT|WITH)\b/i.test(sql.replace(/--[^\n]*\n/g, "").trim());
      const text = `${sql.replace(/;\s*$/, "")}${query ? `\nFORMAT ${format}` : ""}`;
      const output = values.length === 0 ? session.query(text) : session.queryBind(
        text,
        Object.fromEntries(values.map((value, i) => [`p${i + 1}`, value])),
      );
      if (!query) return Promise.resolve({ columns: [], rows: [] });
      const answer = JSON.parse(output) as { meta: { name: string }[]; data: unknown[][] };
      return Promise.resolve({
        columns: answer.meta.map((column) => column.name),
        rows: answer.data,
      });
    },
    close() {
      session.cleanup();
      return Promise.resolve();
    },
  });
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

/**
 * The engines the recipes are proven on, each loaded with the rows, as far as this machine has
 * them: DuckDB always; PostgreSQL when Debian's server is installed and ClickHouse when chDB is,
 * both required with `REQUIRE_SYSTEM_TESTS=1`. Which are skipped is said on stderr once.
 */
export async function startEngines(
  rows: Record<string, Record<string, Value>[]>,
  { postgres: withPostgres = true }: { postgres?: boolean } = {},
): Promise<Engine[]> {
  const engines: Engine[] = [await startDuckDb(rows)];
  try {
    if (withPostgres) {
      const bin = postgresBin();
      const postgresql = systemBinary("postgresql", [
        `${bin ?? "/usr/lib/postgresql/<version>/bin"}/initdb`,
      ]);
      if (!postgresql.skip) {
        engines.push(await startPostgres(postgresql.require().replace(/\/initdb$/, ""), rows));
      }
    }
    if (clickhouseWanted()) engines.push(await startClickHouse(rows));
    return engines;
  } catch (error) {
    for (const engine of engines) await engine.close();
    throw error;
  }
}
