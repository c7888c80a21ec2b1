/**
 * The reference schema: the DDL committed for each engine is what its declaration generates, and
 * every table and column says what it means.
 *
 * @module
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { DIALECTS } from "../lib/sql/dialect.ts";
import { ddl, TABLES } from "../lib/sql/schema.ts";

for (const dialect of DIALECTS) {
  Deno.test(`lib/sql/schema.${dialect}.sql is what ddl("${dialect}") writes (UPDATE_SNAPSHOTS=1 rewrites it)`, () => {
    const file = new URL(`../lib/sql/schema.${dialect}.sql`, import.meta.url);
    if (Deno.env.get("UPDATE_SNAPSHOTS") === "1") writeFileSync(file, ddl(dialect));
    assert.equal(readFileSync(file, "utf8"), ddl(dialect));
  });
}

Deno.test("every table and column of the reference schema has a meaning of one sentence", () => {
  const meanings = TABLES.flatMap((table) => [
    [table.name, table.means],
    ...table.columns.map((column) => [`${table.name}.${column.name}`, column.means]),
  ]);
  for (const [name, means] of meanings) {
    assert.match(means ?? "", /^\S[^]*[.]$/, `${name}: "${means}"`);
    assert.doesNotMatch(means ?? "", /[.!?] [A-Z]/, `${name}: more than one sentence`);
  }
});
