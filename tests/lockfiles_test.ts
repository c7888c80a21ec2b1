/**
 * The lockfiles: `deno.lock` holds what the service, the CLI and the package build import, so
 * that `deno task start` fetches only that; `tests/deno.lock` holds the same entries, unchanged, and
 * the test-only packages; `binary.lock` holds them and only the binary's injector.
 *
 * @module
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

interface Lock {
  specifiers: Record<string, string>;
  npm: Record<string, unknown>;
}

async function lock(path: string): Promise<Lock> {
  return JSON.parse(await readFile(new URL(path, import.meta.url), "utf8"));
}

Deno.test("tests/deno.lock holds every entry of deno.lock unchanged; deno.lock holds no test tool", async () => {
  const root = await lock("../deno.lock");
  const tests = await lock("./deno.lock");
  for (const [name, entry] of Object.entries(root.npm)) {
    assert.deepEqual(tests.npm[name], entry, name);
  }
  for (const [specifier, version] of Object.entries(root.specifiers)) {
    assert.equal(tests.specifiers[specifier], version, specifier);
  }
  const testOnly = [
    "playwright-core",
    "axe-core",
    "parse5",
    "datapackage",
    "ajv-formats",
    "@duckdb/node-api",
    "postgres",
  ];
  for (const name of Object.keys(root.npm)) {
    assert.ok(!testOnly.includes(name.replace(/@[^@]*$/, "")), `deno.lock holds ${name}`);
  }
  for (const name of testOnly) {
    assert.ok(Object.keys(tests.npm).some((key) => key.startsWith(`${name}@`)), name);
  }
});

Deno.test("deno task binary locks with binary.lock: deno.lock's entries and the injector, no test tool", async () => {
  const tasks: Record<string, string> = JSON.parse(
    await readFile(new URL("../deno.json", import.meta.url), "utf8"),
  ).tasks;
  assert.match(tasks.binary ?? "", / --lock=binary\.lock /);
  const root = await lock("../deno.lock");
  const binary = await lock("../binary.lock");
  const tests = await lock("./deno.lock");
  for (const [name, entry] of Object.entries(root.npm)) {
    assert.deepEqual(binary.npm[name], entry, name);
  }
  const added = Object.keys(binary.npm).filter((name) => !(name in root.npm)).sort();
  assert.deepEqual(added, ["commander@9.5.0", "postject@1.0.0-alpha.6"]);
  const integrity = (entry: unknown) => (entry as { integrity: string }).integrity;
  for (const name of added) assert.equal(integrity(binary.npm[name]), integrity(tests.npm[name]));
});

Deno.test("deno task cli and mcp lock with cli.lock: deno.lock's entries and DuckDB's, fetched lazily, so only --data downloads DuckDB", async () => {
  const tasks: Record<string, string> = JSON.parse(
    await readFile(new URL("../deno.json", import.meta.url), "utf8"),
  ).tasks;
  // deno run caches every package of the lockfile it is given, unless it caches lazily
  // the CLI and its MCP server (whose report_from_data runs the recipes) load DuckDB lazily
  for (const task of ["cli", "mcp"]) {
    assert.match(tasks[task] ?? "", /^deno run --unstable-npm-lazy-caching --lock=cli\.lock /);
    assert.match(tasks[task] ?? "", / --allow-ffi /, "DuckDB is a Node-API addon");
  }
  // deno task caches deno.lock whole before any task: it must not hold DuckDB, and start runs on it
  for (const task of ["start", "dev", "validate", "build", "pack"]) {
    assert.doesNotMatch(tasks[task] ?? "", /--lock|--allow-ffi/, task);
  }
  const root = await lock("../deno.lock");
  const cli = await lock("../cli.lock");
  const tests = await lock("./deno.lock");
  assert.deepEqual(cli.specifiers, {
    ...root.specifiers,
    "npm:@duckdb/node-api@1.5.6-r.1": "1.5.6-r.1",
  });
  for (const [name, entry] of Object.entries(root.npm)) {
    assert.deepEqual(cli.npm[name], entry, name);
  }
  const added = Object.keys(cli.npm).filter((name) => !(name in root.npm)).sort();
  assert.ok(added.length > 1);
  for (const name of added) {
    assert.match(name, /^(@duckdb\/|detect-libc@)/, `cli.lock holds ${name}`);
    assert.deepEqual(cli.npm[name], tests.npm[name], name);
  }
});

Deno.test("chDB is pinned by tests/clickhouse/package-lock.json, which .ci/run installs, and by no lockfile of Deno's", async () => {
  const manifest = JSON.parse(
    await readFile(new URL("./clickhouse/package.json", import.meta.url), "utf8"),
  );
  assert.deepEqual(manifest.dependencies, { chdb: "3.4.0" });
  const locked = JSON.parse(
    await readFile(new URL("./clickhouse/package-lock.json", import.meta.url), "utf8"),
  ).packages["node_modules/chdb"];
  assert.equal(locked.version, "3.4.0");
  assert.match(locked.integrity, /^sha512-/);
  for (const path of ["../deno.lock", "./deno.lock", "../cli.lock", "../binary.lock"]) {
    assert.ok(!Object.keys((await lock(path)).npm).some((name) => /chdb/.test(name)), path);
  }
  const ci = await readFile(new URL("../.ci/run", import.meta.url), "utf8");
  assert.match(ci, /\(cd tests\/clickhouse && npm install --ignore-scripts /);
});
