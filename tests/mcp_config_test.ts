/**
 * The MCP client configurations of docs/mcp.md, as a client runs them: each working form's
 * command, started by the MCP SDK's own client over stdio in a folder of the client's choosing
 * (here one whose parent holds a `package.json` and a `node_modules`), answers a tool call. The
 * checkout's form is run here; the tarball's in `package_test.ts` and the binary's in
 * `binary_test.ts`, which build them. The published form is marked as not published yet.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { callsATool, documentedServers, stdioClient } from "./_mcp.ts";
import { ROOT } from "./_spawn.ts";

/** What `npx -y deno@2.9.6` runs: this Deno, as the README test does, without fetching it again. */
const DENO_FROM_NPM = ["-y", "deno@2.9.6"];

Deno.test("docs/mcp.md gives a checkout's, the tarball's, the binary's and the published form", async () => {
  const servers = await documentedServers(ROOT.replace(/\/$/, ""));
  const forms = servers.map(({ command, args }) =>
    args.some((arg) => arg.endsWith("/cli.ts"))
      ? "checkout"
      : args.some((arg) => arg.endsWith(".tgz"))
      ? "tarball"
      : command.endsWith("/binary/metrics-catalog")
      ? "binary"
      : "published"
  );
  assert.deepEqual(forms, ["checkout", "tarball", "binary", "published"]);
  const markdown = await Deno.readTextFile(new URL("../docs/mcp.md", import.meta.url));
  assert.match(markdown, /Once the package is published to the npm registry \(not yet/);
  const [checkout] = servers;
  assert.deepEqual(checkout?.args.slice(0, 2), DENO_FROM_NPM, "no global deno");
});

Deno.test({
  name: "the checkout's MCP configuration starts the server from any folder and answers a tool",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const [checkout] = await documentedServers(ROOT.replace(/\/$/, ""));
    assert.ok(checkout);
    const home = await mkdtemp(`${tmpdir()}/mcp client home `);
    try {
      await writeFile(`${home}/package.json`, JSON.stringify({ name: "home", private: true }));
      await mkdir(`${home}/node_modules`);
      await mkdir(`${home}/client`);
      assert.equal(checkout.command, "npx");
      const args = checkout.args.slice(DENO_FROM_NPM.length);
      await callsATool(await stdioClient(Deno.execPath(), args, { cwd: `${home}/client` }));
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  },
});

Deno.test("the README's MCP configuration is docs/mcp.md's checkout form", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const blocks = [...readme.matchAll(/^```json\n([\s\S]*?)^```/gm)]
    .map((block) => JSON.parse(block[1] ?? "{}"))
    .filter((config) => config.mcpServers);
  assert.equal(blocks.length, 1);
  const [checkout] = await documentedServers("/path/to/metrics-catalog");
  assert.deepEqual(Object.values(blocks[0].mcpServers), [checkout]);
});
