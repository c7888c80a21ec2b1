/**
 * The MCP tool `report_from_data`, over stdio only: the scorecard of a folder inside the roots
 * the client declared, as structured content with a summary within the text budget; a folder
 * outside them (a link out of a root included), a client with no roots, and a missing folder are
 * refused in one sentence.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { TEXT_BUDGET } from "../../lib/agents/mcp_tools.ts";
import { csvFiles } from "../_sql_data.ts";
import { stdioClient } from "../_mcp.ts";
import { taskArgs } from "../_spawn.ts";
import { world } from "../_data_folder.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const root = await mkdtemp(`${tmpdir()}/metrics roots `);
const data = `${root}/exports`;
const outside = await mkdtemp(`${tmpdir()}/metrics outside `);
await mkdir(data);
for (const [name, text] of Object.entries(csvFiles(world))) {
  await writeFile(`${data}/${name}`, text);
  await writeFile(`${outside}/${name}`, text);
}
// a link out of the root (Deno's symlink needs unscoped write permission; ln does not)
const linked = await new Deno.Command("ln", { args: ["-s", outside, `${root}/link-out`] }).output();
assert.ok(linked.success);

/** The text of a tool's answer. */
function textOf(result: { content?: unknown }): string {
  const [block] = result.content as { type: string; text: string }[];
  assert.equal(block?.type, "text");
  return block.text;
}

Deno.test({
  name:
    "report_from_data gives the scorecard of a folder inside the client's roots, refusing any other",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const client = await stdioClient(Deno.execPath(), taskArgs("mcp"), {
      cwd: ROOT,
      roots: [root],
    });
    try {
      const call = (args: Record<string, unknown>) =>
        client.callTool({ name: "report_from_data", arguments: args });
      const inside = await call({ folder: data, segment: { model: "b2b" } });
      assert.equal(inside.isError, undefined, textOf(inside));
      const scorecard = inside.structuredContent as {
        data: { computed: number; segment: Record<string, string> };
        metrics: { slug: string; lead: string | null }[];
        missing: { slug: string; needs: string[] }[];
      };
      assert.ok(scorecard.data.computed >= 30, `${scorecard.data.computed} computed`);
      assert.deepEqual(scorecard.data.segment, { model: "b2b" });
      assert.ok(scorecard.missing.every((item) => item.needs.length > 0));
      const text = textOf(inside);
      assert.ok(new TextEncoder().encode(text).length <= TEXT_BUDGET, `${text.length} bytes`);
      assert.match(text, /^Scorecard from .+exports: \d+ of 38 metrics computed/);
      assert.match(text, /Customer Churn Rate \(churn-rate\): [\d.]+% a month\. For B2B/);
      // a path relative to the first root is read there
      const relative = await call({ folder: "exports" });
      assert.equal(relative.isError, undefined, textOf(relative));
      for (const folder of [outside, `${root}/link-out`, `${root}/../`]) {
        const refused = await call({ folder });
        assert.equal(refused.isError, true, folder);
        assert.match(
          textOf(refused),
          /is outside the roots this client declared \(.+\): give a folder inside one of them$/,
        );
      }
      const missing = await call({ folder: `${root}/nowhere` });
      assert.match(textOf(missing), /^".+nowhere": no such folder$/);
      const segment = await call({ folder: data, segment: { planet: "mars" } });
      assert.match(textOf(segment), /^Unknown segment "planet"/);
    } finally {
      await client.close();
    }
    const rootless = await stdioClient(Deno.execPath(), taskArgs("mcp"), { cwd: ROOT });
    try {
      const refused = await rootless.callTool({
        name: "report_from_data",
        arguments: { folder: data },
      });
      assert.equal(refused.isError, true);
      assert.match(textOf(refused), /this client declares none: add the folder as a root/);
    } finally {
      await rootless.close();
    }
  },
});

Deno.test({
  name: "the report's folders are removed",
  sanitizeOps: false,
  async fn() {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  },
});
