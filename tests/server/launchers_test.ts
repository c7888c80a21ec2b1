/**
 * Stopping the service as the README starts it: a SIGTERM or SIGINT to the top process stops the
 * HTTP service (its port is free within 2 s) and the MCP server over stdio (every process of it
 * has gone within 2 s). `deno task` passes a signal on to the server it started; under `npx`, npm
 * passes it to a shell that does not, so the service watches for npx going away
 * (`lib/server/launchers.ts`, on Node, proven with the package in `package_test.ts`) and says
 * which process to stop (the Deno service, whose permissions do not reach `/proc`).
 *
 * @module
 */
import assert from "node:assert/strict";
import { childEnv, ROOT, spawnServer } from "../_spawn.ts";
import { stopLine } from "../../lib/server/config.ts";
import { leftAfter, portFree, processTree, running, spawnUntil, within } from "../_process.ts";

const options = { sanitizeResources: false, sanitizeOps: false };

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  Deno.test({
    ...options,
    name: `deno task start stops on ${signal} to the task's process: its port is free within 2 s`,
    async fn() {
      const server = await spawnServer(["task", "start"]);
      const tree = await processTree(server.process.pid);
      assert.ok(tree.length >= 2, "deno task runs the server as its child");
      server.process.kill(signal);
      assert.ok(await within(2000, () => portFree(server.port)), `port ${server.port} still taken`);
      assert.ok(await within(2000, async () => (await running(tree)).length === 0), "all gone");
      await server.process.status;
    },
  });

  Deno.test({
    ...options,
    name: `deno task mcp ends on ${signal} to the task's process, every process of it within 2 s`,
    async fn() {
      const mcp = await spawnUntil(Deno.execPath(), ["task", "mcp"], /MCP server ready/, {
        cwd: ROOT,
        env: childEnv(),
      });
      const tree = await processTree(mcp.process.pid);
      assert.ok(tree.length >= 2, "deno task runs the server as its child");
      mcp.process.kill(signal);
      assert.deepEqual(await leftAfter(mcp.process, tree), [], mcp.stderr());
    },
  });
}

Deno.test({
  ...options,
  name: "the service names the process to stop, and a SIGTERM to it frees the port within 2 s",
  async fn() {
    const server = await spawnServer(["task", "start"]);
    await server.logged(/kill \d+ \(the serving process\)/);
    const named = Number(/kill (\d+) \(the serving process\)/.exec(server.stderr())?.[1]);
    const tree = await processTree(server.process.pid);
    assert.ok(tree.includes(named) && named !== server.process.pid, "the server below deno task");
    Deno.kill(named, "SIGTERM");
    assert.ok(await within(2000, () => portFree(server.port)), `port ${server.port} still taken`);
    await server.stop();
  },
});

Deno.test("the README says which process to stop under npx, in the words the service logs", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  assert.ok(readme.includes(stopLine(12345)), "the stop line, as the service prints it");
  assert.match(readme, /Under\s+`npx -y deno@2\.9\.6 task start`[^.]*signal that process/);
});
