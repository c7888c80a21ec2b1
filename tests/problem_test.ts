import assert from "node:assert/strict";
import { Problem } from "../lib/problem.ts";

Deno.test("Problem carries an exit code and the HTTP status that goes with it", () => {
  const usage = new Problem('Unknown option "--colour"', { exitCode: 2, usage: "list" });
  assert.equal(usage.message, 'Unknown option "--colour"');
  assert.equal(usage.exitCode, 2);
  assert.equal(usage.status, 400);
  assert.equal(usage.usage, "list");
  const missing = new Problem('No metric "chrun-rate"');
  assert.equal(missing.exitCode, 1);
  assert.equal(missing.status, 422);
  assert.equal(missing.usage, undefined);
});

Deno.test("Problem keeps a status and headers given for an HTTP answer", () => {
  const problem = new Problem("Method not allowed", { status: 405, headers: { allow: "GET" } });
  assert.equal(problem.status, 405);
  assert.deepEqual(problem.headers, { allow: "GET" });
  assert.ok(problem instanceof Error);
  assert.equal(problem.name, "Problem");
});
