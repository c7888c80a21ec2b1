/**
 * The two lockfiles: `deno.lock` holds what the service, the CLI and the package build import, so
 * that `deno task start` fetches only that; `tests/deno.lock` holds the same entries, unchanged, and
 * the test-only packages.
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
