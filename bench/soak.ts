/**
 * `deno task soak`: a minute of wrk at 64 connections rotating over every address the server
 * answers, with every encoding. Passes with zero socket errors, zero answers other than 2xx, and
 * resident memory at the end within 10% of the memory after the warm-up; exits 1 otherwise.
 *
 * @module
 */
import { readFlags, usageError } from "./_args.ts";
import { discoverPaths } from "./_endpoints.ts";
import { cpuSplit, rssMiB, sleep, startServer, stop } from "./_process.ts";
import { fmt, median, table, verdict } from "./_stats.ts";
import { runWrk, socketErrorCount, type WrkResult } from "./_wrk.ts";
import { mcpBody } from "./_cases.ts";

const USAGE = `Usage: deno task soak [--duration 60] [--connections 64] [--warmup 10] ` +
  `[--pin auto|off] [--mcp [--compressed]]

  --mcp         load POST /mcp instead: tools/call get_metric for every metric, get_benchmark
                with a comparison, search and tools/list, in turn; passes only below 80 MiB at
                the end too. The check that the server is up asks for /api/metrics uncompressed,
                as an MCP client never asks for a compressed answer, so that the server has made
                no compressed body when the load starts
  --compressed  with --mcp, ask that first answer with fetch's gzip and brotli, as a server that
                also serves browsers has done`;

/** The JSON-RPC bodies of the MCP soak: every metric, a comparison, a search, the tool list. */
async function mcpBodies(port: number): Promise<string[]> {
  const { rawRequest } = await import("../tests/_raw_http.ts");
  const list: unknown = JSON.parse(
    new TextDecoder().decode((await rawRequest(`http://127.0.0.1:${port}`, "/api/metrics")).body),
  );
  const slugs = Array.isArray(list)
    ? list.map((record) => String(Reflect.get(record, "slug")))
    : [];
  return [
    ...slugs.map((slug) => mcpBody("tools/call", { name: "get_metric", arguments: { slug } })),
    mcpBody("tools/call", {
      name: "get_benchmark",
      arguments: { slug: "churn-rate", value: 3, segment: { model: "b2b" } },
    }),
    mcpBody("tools/call", { name: "search", arguments: { query: "retention" } }),
    mcpBody("tools/list", {}),
  ];
}

/** The soak's Lua script, as a path wrk can open. */
export const SOAK_SCRIPT: string = new URL("./soak.lua", import.meta.url).pathname;

/** The answers the soak script counted. */
export function scriptCounts(run: WrkResult): { responses: number; non2xx: number } {
  const match = /soak: responses=(\d+) non2xx=(\d+)/.exec(run.scriptOutput);
  if (!match) throw new Error(`soak.lua printed no counts:\n${run.scriptOutput}`);
  return { responses: Number(match[1]), non2xx: Number(match[2]) };
}

async function main(): Promise<void> {
  const values = readFlags(USAGE, {
    duration: 60,
    connections: 64,
    warmup: 10,
    pin: "auto",
    mcp: false,
    compressed: false,
  });
  const { duration, connections, warmup } = values;
  if (![duration, connections, warmup].every((n) => Number.isInteger(n) && n > 0)) {
    usageError("--duration, --connections and --warmup must be whole numbers above 0", USAGE);
  }
  if (values.compressed && !values.mcp) usageError("--compressed goes with --mcp", USAGE);
  const split = values.pin === "off" ? undefined : await cpuSplit();
  const server = await startServer({
    cpus: split?.server,
    ...(values.mcp && !values.compressed ? { headers: { "accept-encoding": "identity" } } : {}),
  });
  const { port, baseUrl } = server;
  const pid = server.process.pid;
  let exitCode = -1;
  let paths: string[] = [];
  let warm: WrkResult;
  let soak: WrkResult;
  const samples: { second: number; rss: number }[] = [];
  let started = 0;
  try {
    paths = values.mcp ? await mcpBodies(port) : await discoverPaths(port);
    const load = (seconds: number) =>
      runWrk(values.mcp ? `${baseUrl}/mcp` : baseUrl, {
        connections,
        threads: split?.loadCpus ?? 2,
        durationSeconds: seconds,
        script: SOAK_SCRIPT,
        scriptArgs: values.mcp ? ["POST", ...paths] : paths,
        ...(split ? { cpus: split.load } : {}),
      });
    console.error(`Warming up for ${warmup} s over ${paths.length} paths`);
    warm = await load(warmup);
    started = await rssMiB(pid);
    console.error(`RSS after warm-up: ${fmt(started, 1)} MiB; soaking for ${duration} s`);
    const run = load(duration);
    const begin = performance.now();
    let done = false;
    run.finally(() => done = true).catch(() => {});
    while (!done) {
      await Promise.race([sleep(5000), run.catch(() => {})]);
      if (!done) {
        samples.push({ second: (performance.now() - begin) / 1000, rss: await rssMiB(pid) });
      }
    }
    soak = await run;
  } finally {
    const ended = await rssMiB(pid).catch(() => Number.NaN);
    samples.push({ second: Number.NaN, rss: ended });
    exitCode = await stop(server.process);
  }
  const counts = scriptCounts(soak);
  const warmCounts = scriptCounts(warm);
  const end = samples[samples.length - 1]?.rss ?? Number.NaN;
  const change = (end - started) / started;
  const errors = socketErrorCount(soak);
  const passed = errors === 0 && counts.non2xx === 0 && warmCounts.non2xx === 0 &&
    Math.abs(change) <= 0.1 && exitCode === 0 && (!values.mcp || end <= 80);
  console.log([
    `# Soak, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `wrk: ${connections} connections, ${split?.loadCpus ?? 2} thread(s), ${duration} s after a ` +
    `${warmup} s warm-up, rotating over ` +
    (values.mcp
      ? `${paths.length} MCP requests (POST /mcp), the server's first answer ` +
        (values.compressed ? "compressed" : "uncompressed")
      : `${paths.length} paths × identity, gzip and br`) +
    (split ? `; server on CPU ${split.server}, wrk on CPU ${split.load}.` : "."),
    "",
    table(["Figure", "Value", "Target"], [
      ["Requests", fmt(soak.requests), ""],
      ["Requests per second", fmt(soak.requestsPerSecond), ""],
      ["Latency p50 / p99", `${fmt(soak.p50Ms, 2)} / ${fmt(soak.p99Ms, 2)} ms`, ""],
      [
        "Socket errors (connect, read, write, timeout)",
        Object.values(soak.socketErrors).join(", "),
        `0 (${verdict(errors === 0)})`,
      ],
      ["Answers other than 2xx", fmt(counts.non2xx), `0 (${verdict(counts.non2xx === 0)})`],
      ["RSS after warm-up", `${fmt(started, 1)} MiB`, ""],
      [
        "RSS at the end",
        `${fmt(end, 1)} MiB`,
        values.mcp ? `≤ 80 MiB (${verdict(end <= 80)})` : "",
      ],
      [
        "RSS change",
        `${change >= 0 ? "+" : ""}${fmt(change * 100, 1)}%`,
        `±10% (${verdict(Math.abs(change) <= 0.1)})`,
      ],
      ["RSS median during the soak", `${fmt(median(samples.map((s) => s.rss)), 1)} MiB`, ""],
      ["Server exit code on SIGTERM", String(exitCode), `0 (${verdict(exitCode === 0)})`],
    ]),
    "",
    `RSS every 5 s (MiB): ${samples.map((s) => fmt(s.rss, 1)).join(", ")}`,
    "",
    passed ? "Soak passed." : "Soak FAILED.",
  ].join("\n"));
  if (!passed) Deno.exit(1);
}

if (import.meta.main) await main();
