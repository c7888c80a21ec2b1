// deno-lint-ignore-file no-import-prefix -- DuckDB is a test-only package here, locked in
// tests/deno.lock (and cli.lock), never in deno.lock
/**
 * DuckDB for `--data`: the rules across rows are checked with the line that breaks them, the
 * recipes read views with the schema's columns, and the package stays out of everything but the
 * `--data` path: only `lib/sql/duckdb.ts` names it, nothing the server imports reaches that module,
 * and the CLI reaches it only through the dynamic import of `lib/cli/data.ts`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readTable } from "../lib/sql/csv.ts";
import { DUCKDB_PACKAGE, DUCKDB_VERSION, openDuckDb } from "../lib/sql/duckdb.ts";
import { TABLES } from "../lib/sql/schema.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const duckdb = await import("npm:@duckdb/node-api@1.5.6-r.1");

const table = (name: string) => {
  const found = TABLES.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};
const SUBSCRIPTIONS = "subscription_id,customer_id,started_at,trial_ends_at,cancel_requested_at," +
  "ended_at\ns1,c1,2024-01-01,2024-01-15,,\ns2,c2,2024-02-01,,,\n";
const STATES = "subscription_id,valid_from,valid_to,status,plan,billing_interval,mrr\n" +
  "s1,2024-01-01,2024-01-15,trialing,pro,month,0\ns1,2024-01-15,,active,pro,month,99\n" +
  "s2,2024-02-01,,active,starter,month,29\n";

/** The one-line problem of loading these files, or "" when they load. */
async function loading(files: { subscriptions?: string; states?: string }): Promise<string> {
  const tables = [
    readTable(table("subscriptions"), files.subscriptions ?? SUBSCRIPTIONS, "subscriptions.csv"),
    readTable(table("subscription_states"), files.states ?? STATES, "subscription_states.csv"),
  ];
  try {
    const engine = await openDuckDb(duckdb, tables);
    engine.close();
    return "";
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

Deno.test("openDuckDb() loads the tables as views with the schema's columns, which a query reads", async () => {
  const engine = await openDuckDb(duckdb, [
    readTable(table("subscriptions"), SUBSCRIPTIONS, "subscriptions.csv"),
    readTable(table("subscription_states"), STATES, "subscription_states.csv"),
  ]);
  try {
    const answer = await engine.query(
      "SELECT SUM(mrr) AS mrr FROM subscription_states WHERE valid_to IS NULL AND valid_from < $1",
      ["2024-03-01"],
    );
    assert.deepEqual(answer.columns, ["mrr"]);
    assert.equal(Number(answer.rows[0]?.[0]), 128);
    const columns = await engine.query("SELECT * FROM subscriptions LIMIT 0");
    assert.deepEqual(columns.columns, table("subscriptions").columns.map((column) => column.name));
  } finally {
    engine.close();
  }
});

Deno.test("openDuckDb() names the file, the line and the column of a row that breaks a rule across rows", async () => {
  assert.equal(await loading({}), "");
  assert.equal(
    await loading({ subscriptions: `${SUBSCRIPTIONS}s1,c9,2024-03-01,,,\n` }),
    "DataError: subscriptions.csv: line 4, column subscription_id: the same subscription_id as " +
      "line 2; each row needs its own",
  );
  assert.equal(
    await loading({ states: `${STATES}s2,2024-02-01,,active,pro,month,99\n` }),
    "DataError: subscription_states.csv: line 5, column subscription_id: the same " +
      "subscription_id and valid_from as line 4; each row needs its own",
  );
  assert.equal(
    await loading({ states: `${STATES}s7,2024-02-01,,active,pro,month,99\n` }),
    'DataError: subscription_states.csv: line 5, column subscription_id: "s7" is in no row of ' +
      "subscriptions.csv",
  );
  assert.equal(
    await loading({ subscriptions: `${SUBSCRIPTIONS}s3,c3,2024-03-01,2024-02-01,,\n` }),
    "DataError: subscriptions.csv: line 4, column trial_ends_at: the row breaks the rule " +
      "trial_ends_at IS NULL OR trial_ends_at > started_at",
  );
});

Deno.test("openDuckDb() refuses a module that is not DuckDB's package", async () => {
  await assert.rejects(
    () => openDuckDb({}, []),
    /^Error: The package @duckdb\/node-api has no DuckDBInstance\.create$/,
  );
});

Deno.test("the DuckDB the CLI loads is the one the recipes are proven on: the same version in cli.lock and tests/deno.lock", () => {
  const engines = readFileSync(join(ROOT, "tests/_sql_engines.ts"), "utf8");
  assert.ok(engines.includes(`"npm:${DUCKDB_PACKAGE}@${DUCKDB_VERSION}"`));
  for (const lock of ["cli.lock", "tests/deno.lock"]) {
    const { specifiers } = JSON.parse(readFileSync(join(ROOT, lock), "utf8"));
    assert.equal(specifiers[`npm:${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`], DUCKDB_VERSION, lock);
  }
});

/** The project's own modules: the entries at the top and everything under `lib/`. */
function projectModules(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".ts") ? [path] : [];
    });
  const entries = readdirSync(ROOT).filter((name) => name.endsWith(".ts"));
  return [...entries, ...walk("lib")];
}

/**
 * A module's relative imports that load at run time, as paths from the project's folder: the
 * static ones (`import type` is erased, so it is left out) and, with `dynamic`, the `import()`s.
 */
function importsOf(module: string, { dynamic }: { dynamic: boolean }): string[] {
  const code = readFileSync(join(ROOT, module), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const found = [
    ...code.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']/gm),
    ...(dynamic ? code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g) : []),
  ];
  return found.map((match) => relative(ROOT, join(ROOT, dirname(module), match[1] ?? "")));
}

/** Every module an entry reaches. */
function reached(entry: string, options: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const next of importsOf(module, options)) visit(next);
  };
  visit(entry);
  return seen;
}

Deno.test("no module imports the DuckDB package by name: lib/sql/duckdb.ts names it to the entry's importer", () => {
  const importing = projectModules().filter((module) =>
    /(?:from\s*|import\s*\(\s*)["'](?:npm:)?@duckdb\/|npm:@duckdb\//.test(
      readFileSync(join(ROOT, module), "utf8"),
    )
  );
  assert.deepEqual(importing, []);
  const code = readFileSync(join(ROOT, "lib/sql/duckdb.ts"), "utf8");
  assert.match(code, /export const DUCKDB_PACKAGE = "@duckdb\/node-api";/);
  assert.doesNotMatch(code, /\bimport\s*\(/, "the entry's importer loads it");
  for (const entry of ["cli.ts", "lib/node/main.ts"]) {
    // each entry imports a package by a name it is given at run time, never by a literal
    assert.match(readFileSync(join(ROOT, entry), "utf8"), /await import\((?:name|specifier)\)/);
  }
});

Deno.test("deno task start never loads DuckDB: nothing main.ts imports, even dynamically, reaches lib/sql/duckdb.ts", () => {
  const server = reached("main.ts", { dynamic: true });
  assert.ok(
    server.has("lib/deno/server.ts") && server.has("lib/web/handler.ts"),
    [...server].join(),
  );
  assert.ok(!server.has("lib/sql/duckdb.ts"));
  assert.ok(!server.has("lib/cli/data.ts"));
});

Deno.test("the CLI reaches DuckDB only through the dynamic import of lib/cli/data.ts, the --data path", () => {
  const loaded = reached("cli.ts", { dynamic: false });
  assert.ok(loaded.has("lib/cli/main.ts"), [...loaded].join());
  assert.ok(!loaded.has("lib/cli/data.ts"), "cli.ts loads the --data module only for --data");
  assert.ok(!loaded.has("lib/sql/duckdb.ts"));
  const importing = projectModules().filter((module) =>
    importsOf(module, { dynamic: true }).includes("lib/cli/data.ts")
  );
  assert.deepEqual(importing, ["lib/cli/main.ts"]);
  assert.ok(!importsOf("lib/cli/main.ts", { dynamic: false }).includes("lib/cli/data.ts"));
  assert.ok(reached("cli.ts", { dynamic: true }).has("lib/sql/duckdb.ts"));
});
