/**
 * The single binary as a user gets it: `deno task binary` builds it, and it is copied alone into
 * an empty folder and run with a `PATH` that holds no runtime: the CLI (byte for byte the Deno
 * CLI's output), the HTTP service (the same contract as the Deno and Node servers) and the MCP
 * server over stdio.
 *
 * @module
 */
import assert from "node:assert/strict";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { CONTRACT } from "./_contract.ts";
import { callsATool, documentedServers, MCP_TOOLS, stdioClient } from "./_mcp.ts";
import { FIXTURE, ROOT, runDeno, runTask, spawnServer } from "./_spawn.ts";
import { systemBinary } from "./_system.ts";
import { createHandler, loadCatalog } from "../lib/mod.ts";

const node = systemBinary("nodejs", ["/usr/bin/node", "/usr/local/bin/node"]);
const options = { ignore: node.skip, sanitizeResources: false, sanitizeOps: false };

interface Built {
  /** The folder the binary was copied into alone. */
  dir: string;
  /** The binary in it. */
  bin: string;
  /** A folder with nothing in it, for PATH. */
  emptyPath: string;
}

let built: Promise<Built> | undefined;

/** Builds the binary once and copies it alone into an empty folder. */
function build(): Promise<Built> {
  built ??= (async () => {
    const output = await runTask("binary");
    assert.equal(output.code, 0, output.stderr);
    assert.match(output.stderr, /Built .*binary\/metrics-catalog: \d+(\.\d+)? MiB/);
    assert.doesNotMatch(output.stderr, /^warning:/m, "the injector's warnings are left out");
    const dir = await mkdtemp(`${tmpdir()}/metrics catalog binary `);
    const emptyPath = await mkdtemp(`${tmpdir()}/empty-path-`);
    const bin = `${dir}/metrics-catalog`;
    await copyFile(output.stdout.trim(), bin);
    await Deno.chmod(bin, 0o755);
    return { dir, bin, emptyPath };
  })();
  return built;
}

/** Runs the binary in its folder with no runtime on PATH. */
async function runBinary(args: string[], env: Record<string, string> = {}) {
  const { bin, dir, emptyPath } = await build();
  return await runDeno(args, { cwd: dir, env: { PATH: emptyPath, ...env }, command: bin });
}

Deno.test({
  ...options,
  name: "the binary runs every command alone, with no runtime on PATH and no warning",
  async fn() {
    const version = await runBinary(["--version"]);
    assert.equal(version.code, 0, version.stderr);
    assert.match(version.stdout, /^metrics-catalog \d+\.\d+\.\d+\n$/);
    assert.equal(version.stderr, "", "no experimental-feature warning");
    for (
      const args of [
        ["--help"],
        ["list"],
        ["show", "churn-rate"],
        ["search", "retention"],
        ["benchmarks", "churn-rate"],
        ["compare", "churn-rate", "3"],
        ["calc", "churn-rate", "--lost", "90", "--start", "2000"],
        ["frameworks"],
        ["framework", "aarrr"],
        ["sql", "churn-rate"],
        ["sql", "--schema", "--dialect", "duckdb"],
      ]
    ) {
      const result = await runBinary(args);
      assert.equal(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
      assert.ok(result.stdout.length > 0, args.join(" "));
      assert.equal(result.stderr, "", `${args.join(" ")}: nothing on stderr`);
    }
    const missing = await runBinary(["show", "no-such-metric"]);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.trim().split("\n").length, 1, missing.stderr);
    const usage = await runBinary(["calc", "churn-rate", "--lost", "x", "--start", "1"]);
    assert.equal(usage.code, 2);
    assert.equal(usage.stderr.trim().split("\n").length, 1, usage.stderr);
  },
});

Deno.test({
  ...options,
  name: "the binary says in one line that --data needs the npm package or a checkout",
  async fn() {
    const result = await runBinary(["compare", "churn-rate", "--data", "."]);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, "");
    assert.equal(
      result.stderr,
      "metrics-catalog: --data runs the recipe on DuckDB, which this single binary cannot " +
        "load: run the same command with deno task cli in a checkout, or with the npm package " +
        "and @duckdb/node-api@1.5.6-r.1 installed beside it\n",
    );
  },
});

Deno.test({
  ...options,
  name: "the binary's CLI prints the Deno CLI's bytes, and --json the API's bytes",
  async fn() {
    const fromBinary = await runBinary(["show", "churn-rate"], { COLUMNS: "80" });
    const fromDeno = await runTask("cli", ["show", "churn-rate"], { env: { COLUMNS: "80" } });
    assert.equal(fromBinary.stdout, fromDeno.stdout);
    for (const args of [["sql", "net-revenue-retention"], ["sql", "--schema"]]) {
      const sql = await runBinary(args);
      assert.equal(sql.stdout, (await runTask("cli", args)).stdout, args.join(" "));
    }
    const recipe = await runBinary(["sql", "churn-rate"]);
    assert.equal(
      recipe.stdout,
      await Deno.readTextFile(new URL("../lib/sql/recipes/churn-rate.sql", import.meta.url)),
    );
    const json = await runBinary(["show", "churn-rate", "--json"]);
    const api = await createHandler(await loadCatalog())(
      new Request("http://localhost/api/metrics/churn-rate"),
    );
    assert.equal(json.stdout, `${await api.text()}\n`);
  },
});

Deno.test({
  ...options,
  name: "the binary's serve passes the HTTP contract the Deno and Node servers pass",
  async fn(t) {
    const { bin, dir, emptyPath } = await build();
    const server = await spawnServer(["serve"], {
      cwd: dir,
      env: { PATH: emptyPath, CATALOG_DIR: FIXTURE, BASE_URL: "https://metrics.example" },
      command: bin,
    });
    try {
      for (const item of CONTRACT) await t.step(item.name, () => item.run(server.origin));
    } finally {
      assert.equal(await server.stop(), 0);
    }
  },
});

Deno.test({
  ...options,
  name: "the binary's mcp answers an MCP client over stdio",
  async fn() {
    const { bin, dir, emptyPath } = await build();
    const client = await stdioClient(bin, ["mcp"], { cwd: dir, env: { PATH: emptyPath } });
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool: { name: string }) => tool.name).sort(), MCP_TOOLS);
      const metric = await client.callTool({
        name: "get_metric",
        arguments: { slug: "churn-rate" },
      });
      assert.equal((metric.structuredContent as { slug: string }).slug, "churn-rate");
    } finally {
      await client.close();
    }
  },
});

globalThis.addEventListener("unload", () => {
  built?.then(({ dir, emptyPath }) =>
    Promise.all([
      rm(dir, { recursive: true, force: true }),
      rm(emptyPath, { recursive: true, force: true }),
    ])
  ).catch(() => {});
});

Deno.test({
  ...options,
  name: "deno task binary refuses a Node without single executable applications in one line",
  async fn() {
    const fake = await mkdtemp(`${tmpdir()}/old-node-`);
    try {
      await Deno.writeTextFile(
        `${fake}/node`,
        `#!/bin/sh\necho '{"path":"/usr/bin/node","version":"v18.20.0","sea":false}'\n`,
      );
      await Deno.chmod(`${fake}/node`, 0o755);
      const output = await runTask("binary", [], { env: { PATH: `${fake}:/usr/bin:/bin` } });
      assert.equal(output.code, 2, output.stderr);
      assert.equal(
        output.stderr.trim(),
        "deno task binary: node v18.20.0 cannot build single executable applications: " +
          "install Node.js 20 or later",
      );
    } finally {
      await rm(fake, { recursive: true, force: true });
    }
  },
});

Deno.test({
  ...options,
  name:
    "docs/mcp.md's binary configuration, run as written by the MCP SDK's client, answers a tool",
  async fn() {
    await build();
    const servers = await documentedServers(ROOT.replace(/\/$/, ""));
    const config = servers.find(({ command }) => command.endsWith("/binary/metrics-catalog"));
    assert.ok(config, "docs/mcp.md has the binary's form");
    const { emptyPath } = await build();
    await callsATool(
      await stdioClient(config.command, config.args, { cwd: tmpdir(), env: { PATH: emptyPath } }),
    );
  },
});
