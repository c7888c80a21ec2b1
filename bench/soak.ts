/**
 * `deno task soak`: a minute of wrk at 64 connections rotating over every address the server
 * answers, with every encoding; `--mcp` loads `POST /mcp` instead, and `--contention N` runs N
 * busy loops on the server's CPU through the soak. Passes with zero socket errors, zero bad
 * answers, and resident memory at the end within 10% of the memory after the warm-up (with
 * `--mcp`, also never above 160 MiB); exits 1 otherwise.
 *
 * @module
 */
import { readFlags, usageError } from "./_args.ts";
import { discoverPaths } from "./_endpoints.ts";
import { cpuSplit, onCpus, rssMiB, startServer, stop, withTimeout } from "./_process.ts";
import { fmt, table, verdict } from "./_stats.ts";
import { runWrk, scriptCounts, SOAK_SCRIPT, socketErrorCount, type WrkResult } from "./_wrk.ts";
import { mcpBody } from "./_cases.ts";

/** RSS at the end may differ from RSS after the warm-up by this fraction at most. */
const FLAT = 0.1;
/** With `--mcp`, the server's RSS must stay at or below this many MiB. */
const MCP_CEILING_MIB = 160;

const USAGE = `Usage: deno task soak [--duration 60] [--connections 64] [--warmup 10] ` +
  `[--pin auto|off] [--contention 0] [--mcp [--compressed]]

  --contention N  run N busy loops (deno eval) on the server's CPU from the end of the warm-up
                  to the end of the soak, so that the server competes for its core
  --mcp           load POST /mcp instead: tools/call get_metric for every metric, get_benchmark
                  with a comparison, search and tools/list, in turn; an answer carrying a
                  JSON-RPC or tool error counts as a bad answer; passes only if the server's RSS
                  stays at or below ${MCP_CEILING_MIB} MiB too. The check that the server is up
                  asks for /api/metrics uncompressed, as an MCP client never asks for a
                  compressed answer
  --compressed    with --mcp, ask that first answer with fetch's gzip and brotli, as a server
                  that also serves browsers has done`;

/** Starts `count` busy loops on `cpus` (anywhere when undefined). */
function busyLoops(count: number, cpus: string | undefined): Deno.ChildProcess[] {
  return Array.from({ length: count }, () => {
    const [command, args] = onCpus(["deno", "eval", "--no-config", "for (;;);"], cpus);
    return new Deno.Command(command, { args, stdin: "null", stdout: "null", stderr: "null" })
      .spawn();
  });
}

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

async function main(): Promise<void> {
  const values = readFlags(USAGE, {
    duration: 60,
    connections: 64,
    warmup: 10,
    pin: "auto",
    contention: 0,
    mcp: false,
    compressed: false,
  });
  const { duration, connections, warmup, contention } = values;
  if (![duration, connections, warmup].every((n) => Number.isInteger(n) && n > 0)) {
    usageError("--duration, --connections and --warmup must be whole numbers above 0", USAGE);
  }
  if (!Number.isInteger(contention) || contention < 0) {
    usageError("--contention must be a whole number from 0", USAGE);
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
  /** RSS after the warm-up, every 5 s of the soak, and at its end (MiB). */
  const samples: number[] = [];
  let loops: Deno.ChildProcess[] = [];
  let loopsEnded = 0;
  let endedEarly = 0;
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
    samples.push(await rssMiB(pid));
    console.error(`RSS after warm-up: ${fmt(samples[0] ?? 0, 1)} MiB; soaking for ${duration} s`);
    loops = busyLoops(contention, split?.server);
    for (const loop of loops) loop.status.then(() => loopsEnded++);
    const run = load(duration);
    let done = false;
    run.finally(() => done = true).catch(() => {});
    while (!done) {
      await withTimeout(run.catch(() => {}), 5000);
      samples.push(await rssMiB(pid));
    }
    soak = await run;
  } finally {
    endedEarly = loopsEnded;
    for (const loop of loops) await stop(loop, "SIGKILL");
    exitCode = await stop(server.process);
  }
  const started = samples[0] ?? Number.NaN;
  const end = samples[samples.length - 1] ?? Number.NaN;
  const highest = Math.max(...samples);
  const change = (end - started) / started;
  const socketErrors = socketErrorCount(warm) + socketErrorCount(soak);
  const counts = [scriptCounts(warm), scriptCounts(soak)];
  const non2xx = counts.reduce((sum, count) => sum + count.non2xx, 0);
  const rpcErrors = counts.reduce((sum, count) => sum + count.rpcErrors, 0);
  const flat = Math.abs(change) <= FLAT;
  const underCeiling = highest <= MCP_CEILING_MIB;
  const contended = endedEarly === 0;
  const passed = socketErrors === 0 && non2xx === 0 && rpcErrors === 0 && flat &&
    exitCode === 0 && (!values.mcp || underCeiling) && contended;
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
    contention > 0
      ? `CPU contention: ${contention} busy loop(s) on ${
        split ? `CPU ${split.server}` : "any CPU"
      } through the soak${contended ? "" : `; ${endedEarly} ended early (FAILED)`}.`
      : "CPU contention: none.",
    "",
    table(["Figure", "Value", "Target"], [
      ["Requests", fmt(soak.requests), ""],
      ["Requests per second", fmt(soak.requestsPerSecond), ""],
      ["Latency p50 / p99", `${fmt(soak.p50Ms, 2)} / ${fmt(soak.p99Ms, 2)} ms`, ""],
      [
        "Socket errors (connect, read, write, timeout), soak",
        Object.values(soak.socketErrors).join(", "),
        "",
      ],
      [
        "Socket errors, warm-up and soak",
        fmt(socketErrors),
        `0 (${verdict(socketErrors === 0)})`,
      ],
      ["Answers other than 2xx, warm-up and soak", fmt(non2xx), `0 (${verdict(non2xx === 0)})`],
      ...(values.mcp
        ? [[
          "Answers with a JSON-RPC or tool error",
          fmt(rpcErrors),
          `0 (${verdict(rpcErrors === 0)})`,
        ]]
        : []),
      ["RSS after warm-up", `${fmt(started, 1)} MiB`, ""],
      ["RSS at the end", `${fmt(end, 1)} MiB`, ""],
      [
        "RSS change",
        `${change >= 0 ? "+" : ""}${fmt(change * 100, 1)}%`,
        `±${FLAT * 100}% (${verdict(flat)})`,
      ],
      [
        "RSS highest (after warm-up, every 5 s, end)",
        `${fmt(highest, 1)} MiB`,
        values.mcp ? `≤ ${MCP_CEILING_MIB} MiB (${verdict(underCeiling)})` : "",
      ],
      ["Server exit code on SIGTERM", String(exitCode), `0 (${verdict(exitCode === 0)})`],
    ]),
    "",
    `RSS after warm-up, then every 5 s and at the end (MiB): ${
      samples.map((rss) => fmt(rss, 1)).join(", ")
    }`,
    "",
    passed ? "Soak passed." : "Soak FAILED.",
  ].join("\n"));
  if (!passed) Deno.exit(1);
}

if (import.meta.main) await main();
