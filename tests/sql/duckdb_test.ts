/**
 * DuckDB for `--data` stays out of everything but the `--data` path: only `lib/sql/duckdb.ts`
 * names it, nothing the server imports reaches that module, and the CLI reaches it only through
 * the dynamic import of `lib/sql/run.ts`. How it reads the files is `tests/sql/load_files_test.ts`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { DUCKDB_PACKAGE, DUCKDB_VERSION } from "../../lib/sql/duckdb.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

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
  assert.ok(!server.has("lib/sql/run.ts"));
});

Deno.test("the CLI reaches DuckDB only through the dynamic import of lib/sql/run.ts, the --data path", () => {
  const loaded = reached("cli.ts", { dynamic: false });
  assert.ok(loaded.has("lib/cli/main.ts"), [...loaded].join());
  assert.ok(!loaded.has("lib/sql/run.ts"), "cli.ts loads the --data module only for --data");
  assert.ok(!loaded.has("lib/sql/duckdb.ts"));
  const importing = projectModules().filter((module) =>
    importsOf(module, { dynamic: true }).includes("lib/sql/run.ts")
  );
  assert.deepEqual(importing, ["lib/cli/from_data.ts"]);
  assert.ok(!importsOf("lib/cli/from_data.ts", { dynamic: false }).includes("lib/sql/run.ts"));
  assert.ok(reached("cli.ts", { dynamic: true }).has("lib/sql/duckdb.ts"));
});

/** The node: modules an entry's static imports load, each as "module: specifier". */
function nodeImports(entry: string): string[] {
  return [...reached(entry, { dynamic: false })].flatMap((module) =>
    [
      ...readFileSync(join(ROOT, module), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "")
        .matchAll(/^import\s+(?!type\b)[^;]*?from\s*["'](node:[^"']+)["']/gm),
    ].map((match) => `${module}: ${match[1]}`)
  );
}

Deno.test("cli.ts loads no node: module at start but node:util: Node's compatibility layer waits for the command that needs it", () => {
  assert.deepEqual(nodeImports("cli.ts"), ["lib/cli/command.ts: node:util"]);
});

Deno.test("main.ts loads no node: module at start: Node's compatibility layer would cost the server's start and memory", () => {
  assert.deepEqual(nodeImports("main.ts"), []);
});
