/**
 * The test groups a machine may skip: each skip is one line on stderr that names the group and
 * the command that includes it, said once however many tests the group has.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clickhouseWanted } from "./_sql_engines.ts";
import { skipping } from "./_system.ts";

/** What `run` writes to stderr, line by line, with `REQUIRE_SYSTEM_TESTS` unset meanwhile. */
function stderrOf(run: () => unknown): string[] {
  const lines: string[] = [];
  const { error } = console;
  const required = Deno.env.get("REQUIRE_SYSTEM_TESTS");
  Deno.env.delete("REQUIRE_SYSTEM_TESTS");
  console.error = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    run();
  } finally {
    console.error = error;
    if (required !== undefined) Deno.env.set("REQUIRE_SYSTEM_TESTS", required);
  }
  return lines;
}

Deno.test("a skipped group of tests is one line, said once, naming it and how to include it", () => {
  const lines = stderrOf(() => {
    skipping("the widget tests", "widget is not installed", "apt-get install widget");
    skipping("the widget tests", "widget is not installed", "apt-get install widget");
  });
  assert.equal(lines.length, 1);
  assert.match(
    lines[0] ?? "",
    /^Skipped: the widget tests \(widget is not installed\); to include them: apt-get install widget/,
  );
  assert.ok(!(lines[0] ?? "").includes("\n"));
});

Deno.test("the ClickHouse recipe tests without chDB say so, and the command that installs it", async () => {
  const empty = await mkdtemp(join(tmpdir(), "no chdb "));
  try {
    let wanted = true;
    const lines = stderrOf(() => {
      wanted = clickhouseWanted(`${empty}/`);
      clickhouseWanted(`${empty}/`);
    });
    assert.equal(wanted, false);
    assert.equal(lines.length, 1);
    assert.match(
      lines[0] ?? "",
      /^Skipped: the SQL recipes on ClickHouse \(chDB is not installed\); /,
    );
    assert.ok(
      (lines[0] ?? "").includes("cd tests/clickhouse && npm install --ignore-scripts"),
      lines[0],
    );
  } finally {
    await rm(empty, { recursive: true });
  }
});

Deno.test("the README says how long task ok takes and how to include each group it may skip", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  assert.match(readme, /`task ok` took \d+ minutes on a machine with \d+ cores/);
  const includes = [
    "cd tests/clickhouse && npm install --ignore-scripts",
    ...["postgresql", "chromium", "nginx"].map((name) => `apt-get install\n?\\s*${name}`),
  ];
  for (const include of includes) {
    assert.match(readme, new RegExp(include.replaceAll(".", "\\.")), include);
  }
});
