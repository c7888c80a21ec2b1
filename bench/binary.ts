/**
 * The single binary beside `node` running the same bundle and beside `deno run`, in one run on one
 * machine: the file's size, the time from start to the first answer of `show churn-rate` and of
 * `serve` (the first 200 on /api/metrics), and the server's RSS after that answer. Build the
 * binary first (`deno task binary`). Prints a Markdown table.
 *
 *   deno run -A bench/binary.ts [runs]
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { freePort, rssMiB, stop, taskArgs } from "./_process.ts";
import { median } from "./_stats.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const BINARY = `${ROOT}binary/metrics-catalog`;
const BUNDLE = `${ROOT}binary/metrics-catalog.cjs`;
const runs = Number(Deno.args[0] ?? 7);

const [cliTask, startTask] = [await taskArgs("cli"), await taskArgs("start")];
const sides: Record<string, { command: string; cli: string[]; serve: string[] }> = {
  binary: { command: BINARY, cli: ["show", "churn-rate"], serve: ["serve"] },
  "node bundle.cjs": {
    command: "node",
    cli: [BUNDLE, "show", "churn-rate"],
    serve: [BUNDLE, "serve"],
  },
  "deno run": {
    command: Deno.execPath(),
    cli: [...cliTask, "show", "churn-rate"],
    serve: startTask,
  },
};

async function cliMs(command: string, args: string[]): Promise<number> {
  const start = performance.now();
  const output = await new Deno.Command(command, {
    args,
    cwd: ROOT,
    stdout: "null",
    stderr: "null",
  })
    .output();
  if (!output.success) throw new Error(`${command} ${args.join(" ")} failed`);
  return performance.now() - start;
}

async function serveMs(command: string, args: string[]): Promise<{ ms: number; rss: number }> {
  const port = freePort();
  const start = performance.now();
  const child = new Deno.Command(command, {
    args,
    cwd: ROOT,
    env: { PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  while (true) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/metrics`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  const ms = performance.now() - start;
  const rss = await rssMiB(child.pid);
  await stop(child);
  return { ms, rss };
}

const rows: string[][] = [];
for (const [name, side] of Object.entries(sides)) {
  const cli: number[] = [];
  const serve: number[] = [];
  const rss: number[] = [];
  await cliMs(side.command, side.cli);
  for (let run = 0; run < runs; run++) {
    cli.push(await cliMs(side.command, side.cli));
    const started = await serveMs(side.command, side.serve);
    serve.push(started.ms);
    rss.push(started.rss);
  }
  const size = name === "binary"
    ? `${((await Deno.stat(BINARY)).size / 1024 / 1024).toFixed(1)} MiB`
    : name === "node bundle.cjs"
    ? `${((await Deno.stat(BUNDLE)).size / 1024 / 1024).toFixed(1)} MiB script`
    : "checkout";
  rows.push([
    name,
    size,
    `${median(cli).toFixed(1)} ms`,
    `${median(serve).toFixed(1)} ms`,
    `${median(rss).toFixed(1)} MiB`,
  ]);
}
console.log("| Side | Size | `show churn-rate` | `serve` to first 200 | RSS after it |");
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(`\nMedians of ${runs} runs each.`);
