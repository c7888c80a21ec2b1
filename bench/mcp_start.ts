/**
 * How long an MCP client waits for the stdio server: spawn `cli.ts mcp` (with the mcp task's own
 * flags), send `initialize`, and time the answer; 7 spawns, sorted, with the median. A client
 * such as Claude Desktop starts the server this way for every session.
 *
 *   deno run --allow-read=. --allow-run=deno bench/mcp_start.ts [folder of a checkout]
 *
 * @module
 */
import { mcpBody } from "./_cases.ts";
import { taskArgs } from "./_process.ts";

const dir = Deno.args[0] ?? new URL("../", import.meta.url).pathname;
const args = await taskArgs("mcp");
const initialize = mcpBody("initialize", {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "bench", version: "1" },
});
const times: number[] = [];
for (let run = 0; run < 7; run++) {
  const start = performance.now();
  const child = new Deno.Command("deno", {
    args,
    cwd: dir,
    env: { NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(`${initialize}\n`));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`The MCP server in ${dir} ended before it answered`);
    text += value;
  }
  times.push(performance.now() - start);
  if (!text.includes('"serverInfo"')) throw new Error(`Not an initialize answer: ${text}`);
  await writer.close();
  child.kill();
  await child.status;
}
times.sort((a, b) => a - b);
console.log(
  `initialize answered after (ms): ${times.map((ms) => ms.toFixed(0)).join(", ")}; ` +
    `median ${times[Math.floor(times.length / 2)]?.toFixed(0)}`,
);
