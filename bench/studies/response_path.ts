/**
 * How much of a large answer's cost is Deno's own, and how much memory it leaves behind: the same
 * body handed to `Deno.serve` in several ways (`--modes`, the `MODE`s of
 * `bench/studies/body_server.ts`; by default bare and with five headers), loaded by wrk in
 * alternating rounds (median), with the server's resident memory after start and after the load.
 *
 *   deno run --allow-read=. --allow-net=127.0.0.1 --allow-run=deno,wrk,ps,taskset \
 *     bench/studies/response_path.ts [--size 130000] [--rounds 3] [--duration 5] [--random] \
 *     [--modes bare,headers]
 *
 * `--random` serves incompressible bytes, like a gzip or brotli body; the default is text (the
 * `text*` modes serve text only and are skipped with `--random`). A mode may carry V8 flags for
 * its server after colons, as in `--modes headers,headers:--max-semi-space-size=1`.
 *
 * Before and after each load, the bytes are fetched three times in a row and eight at once and
 * must all be the same, of the expected length (`intact`). RSS is read with `ps` once the server
 * first answers and again right after the measured load; `external` is
 * `Deno.memoryUsage().external` after the load, from a second listener of the server.
 *
 * @module
 */
import { readFlags } from "../_args.ts";
import { cpuSplit, freePort, rssMiB, spawnUntilOk, stop } from "../_process.ts";
import { fmt, median, table } from "../_stats.ts";
import { runWrk, type WrkResult } from "../_wrk.ts";

/** What each mode of the fixture hands to `new Response`. */
const LABELS: Record<string, string> = {
  bare: "new Response(body)",
  headers: "the same, with 5 headers",
  init: "headers in ResponseInit",
  arraybuffer: "ArrayBuffer",
  dataview: "DataView",
  subarray: "subarray of a larger buffer",
  lent: "Uint8Array lent via species",
  "lent-init": "the same, headers in init",
  stream: "one-chunk ReadableStream",
  blob: "Blob made at start",
  "blob-slice": "blob.slice() per answer",
  text: "ASCII string",
  "text-latin1": "one-byte string, 1 é",
  "text-utf16": "two-byte string, 1 …",
  "text-utf16-joined": "the same, joined per answer",
};

/** How many more bytes than `--size` a mode sends (its one non-ASCII character). */
const EXTRA_BYTES: Record<string, number> = {
  "text-latin1": 1,
  "text-utf16": 2,
  "text-utf16-joined": 3,
};

const USAGE = "Usage: bench/studies/response_path.ts [--size 130000] [--rounds 3] " +
  "[--duration 5] [--random] [--modes bare,headers]";

const values = readFlags(USAGE, {
  size: 130000,
  rounds: 3,
  duration: 5,
  random: false,
  modes: "bare,headers",
});
const modes = values.modes.split(",").map((mode) => mode.trim()).filter((mode) => {
  const name = mode.split(":")[0] ?? "";
  if (!(name in LABELS)) throw new Error(`Unknown mode "${name}"; known: ${Object.keys(LABELS)}`);
  if (values.random && name.startsWith("text")) {
    console.error(`Skipping ${mode}: it serves text only.`);
    return false;
  }
  return true;
});
const size = values.size;

/** One round of one mode. */
interface Run {
  wrk: WrkResult;
  rssStart: number;
  rssAfter: number;
  externalAfter: number;
  intact: boolean;
}

const split = await cpuSplit();
const runs = new Map<string, Run[]>(modes.map((mode) => [mode, []]));
for (let round = 0; round < values.rounds; round++) {
  for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
    runs.get(mode)?.push(await measure(mode));
  }
}

async function measure(mode: string): Promise<Run> {
  const [name = "", ...v8Flags] = mode.split(":");
  const port = freePort();
  const memoryPort = freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await spawnUntilOk(
    [
      "run",
      ...(v8Flags.length > 0 ? [`--v8-flags=${v8Flags.join(",")}`] : []),
      "--allow-net=127.0.0.1",
      "--allow-env=PORT,SIZE,MODE,RANDOM,MEMORY_PORT",
      "bench/studies/body_server.ts",
    ],
    url,
    {
      env: {
        PORT: String(port),
        MEMORY_PORT: String(memoryPort),
        SIZE: String(size),
        MODE: name,
        RANDOM: values.random ? "1" : "",
      },
      ...(split ? { cpus: split.server } : {}),
    },
  );
  try {
    const rssStart = await rssMiB(server.process.pid);
    const expected = await fetchSame(url, size + (EXTRA_BYTES[name] ?? 0));
    const options = {
      connections: 32,
      threads: split?.loadCpus ?? 2,
      ...(split ? { cpus: split.load } : {}),
    };
    await runWrk(url, { ...options, durationSeconds: 1 });
    const wrk = await runWrk(url, { ...options, durationSeconds: values.duration });
    const rssAfter = await rssMiB(server.process.pid);
    const memory = await (await fetch(`http://127.0.0.1:${memoryPort}/`)).json();
    const after = await fetchSame(url, size + (EXTRA_BYTES[name] ?? 0));
    const intact = expected !== undefined && after === expected && wrk.errorStatuses === 0;
    return { wrk, rssStart, rssAfter, externalAfter: memory.external / 2 ** 20, intact };
  } finally {
    await stop(server.process);
  }
}

/**
 * Fetches `url` three times in a row and eight times at once; the body as a hex SHA-256 if all
 * eleven are the same and `length` bytes long, else undefined.
 */
async function fetchSame(url: string, length: number): Promise<string | undefined> {
  const digest = async () => {
    const response = await fetch(url);
    const bytes = await response.bytes();
    if (response.status !== 200 || bytes.byteLength !== length) return "wrong";
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
  };
  const digests = [await digest(), await digest(), await digest()];
  digests.push(...await Promise.all(Array.from({ length: 8 }, digest)));
  const first = digests[0];
  return first !== "wrong" && digests.every((value) => value === first) ? first : undefined;
}

console.log(
  `Body of ${fmt(size)} ${values.random ? "random" : "text"} bytes, ` +
    `32 connections, ${values.rounds} rounds of ${values.duration} s:\n`,
);
console.log(table(
  [
    "Mode",
    "Response",
    "req/s (median)",
    "p99 (median)",
    "RSS start",
    "RSS after",
    "growth",
    "external after",
    "intact",
    "rounds",
  ],
  modes.map((mode) => {
    const all = runs.get(mode) ?? [];
    const mib = (pick: (run: Run) => number) => `${fmt(median(all.map(pick)), 1)} MiB`;
    return [
      mode,
      LABELS[mode.split(":")[0] ?? ""] ?? "",
      fmt(median(all.map((run) => run.wrk.requestsPerSecond))),
      `${fmt(median(all.map((run) => run.wrk.p99Ms)), 2)} ms`,
      mib((run) => run.rssStart),
      mib((run) => run.rssAfter),
      mib((run) => run.rssAfter - run.rssStart),
      mib((run) => run.externalAfter),
      all.every((run) => run.intact) ? "yes" : "NO",
      all.map((run) => fmt(run.wrk.requestsPerSecond)).join(", "),
    ];
  }),
));
