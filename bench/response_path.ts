/**
 * How much of a large answer's cost is Deno's own: the same body served bare and with five
 * headers, by `bench/fixtures/body_server.ts`, loaded by wrk in alternating rounds (median).
 *
 *   deno run --allow-read=. --allow-net=127.0.0.1 --allow-run=deno,wrk,taskset \
 *     bench/response_path.ts [--size 130000] [--rounds 3] [--duration 5] [--random]
 *
 * `--random` serves incompressible bytes, like a gzip or brotli body; the default is text.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { cpuSplit, freePort, spawnUntilOk, stop } from "./_process.ts";
import { fmt, median, table } from "./_stats.ts";
import { runWrk, type WrkResult } from "./_wrk.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    size: { type: "string", default: "130000" },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    random: { type: "boolean", default: false },
  },
});
const split = await cpuSplit();
const modes = ["bare", "headers"] as const;
const runs: Record<(typeof modes)[number], WrkResult[]> = { bare: [], headers: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
    const port = freePort();
    const server = await spawnUntilOk(
      [
        "run",
        "--allow-net=127.0.0.1",
        "--allow-env=PORT,SIZE,MODE,RANDOM",
        "bench/fixtures/body_server.ts",
      ],
      `http://127.0.0.1:${port}/`,
      {
        env: {
          PORT: String(port),
          SIZE: values.size,
          MODE: mode,
          RANDOM: values.random ? "1" : "",
        },
        ...(split ? { cpus: split.server } : {}),
      },
    );
    try {
      const options = {
        connections: 32,
        threads: split?.loadCpus ?? 2,
        ...(split ? { cpus: split.load } : {}),
      };
      await runWrk(`http://127.0.0.1:${port}/`, { ...options, durationSeconds: 1 });
      runs[mode].push(
        await runWrk(`http://127.0.0.1:${port}/`, {
          ...options,
          durationSeconds: Number(values.duration),
        }),
      );
    } finally {
      await stop(server.process);
    }
  }
}
console.log(
  `Body of ${fmt(Number(values.size))} ${values.random ? "random" : "text"} bytes, ` +
    `32 connections, ${values.rounds} rounds:\n`,
);
console.log(table(
  ["Response", "req/s (median)", "p99 (median)", "rounds"],
  modes.map((mode) => [
    mode === "bare" ? "new Response(body)" : "the same, with 5 headers",
    fmt(median(runs[mode].map((run) => run.requestsPerSecond))),
    `${fmt(median(runs[mode].map((run) => run.p99Ms)), 2)} ms`,
    runs[mode].map((run) => fmt(run.requestsPerSecond)).join(", "),
  ]),
));
