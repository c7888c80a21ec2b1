import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { childEnv, spawnServer, taskArgs } from "./_spawn.ts";

/** The MCP project's conformance runner, pinned in tests/deno.lock. */
const CONFORMANCE = "npm:@modelcontextprotocol/conformance@0.1.16";

/**
 * The runner's server scenarios that apply to a stateless server of read-only tools and resources;
 * the others test features the catalog does not offer (prompts, sampling, logging, subscriptions,
 * streams, the runner's own test tools).
 */
const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "dns-rebinding-protection",
];

Deno.test("/mcp passes the MCP conformance runner's scenarios for a read-only server of tools and resources", async () => {
  const server = await spawnServer(taskArgs("start"));
  const lock = fileURLToPath(new URL("deno.lock", import.meta.url));
  const folder = await Deno.makeTempDir({ prefix: "mcp-conformance-" });
  try {
    for (const scenario of SCENARIOS) {
      const output = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-all",
          `--lock=${lock}`,
          "--frozen",
          "--no-config",
          CONFORMANCE,
          "server",
          "--url",
          `http://127.0.0.1:${server.port}/mcp`,
          "--scenario",
          scenario,
        ],
        cwd: folder,
        clearEnv: true,
        env: childEnv(),
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(output.stdout) +
        new TextDecoder().decode(output.stderr);
      assert.ok(output.success, `${scenario} failed:\n${text}`);
      const passed = /Passed: (\d+)\/(\d+), 0 failed/.exec(text);
      assert.ok(
        passed && passed[1] === passed[2] && Number(passed[1]) > 0,
        `${scenario}:\n${text}`,
      );
    }
  } finally {
    await server.stop();
    await Deno.remove(folder, { recursive: true });
  }
});
