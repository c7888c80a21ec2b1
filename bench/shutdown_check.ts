/**
 * `deno task shutdown-check`: SIGTERM while wrk loads the server. Passes when the server stops
 * accepting connections, finishes the answers in flight (a slow reader's large answer among
 * them, checked byte for byte against its Content-Length), no answer is cut or other than 2xx,
 * and the process exits 0. Exits 1 otherwise.
 *
 * @module
 */
import { readFlags, usageError } from "./_args.ts";
import { discoverPaths } from "./_endpoints.ts";
import { cpuSplit, sleep, startServer, stop, withTimeout } from "./_process.ts";
import { fmt, table, verdict } from "./_stats.ts";
import { runWrk, scriptCounts, SOAK_SCRIPT, type WrkResult } from "./_wrk.ts";

const USAGE = `Usage: deno task shutdown-check [--duration 8] [--after 3] [--connections 64]`;

/** The largest answer, requested several times in a row on one connection and read slowly. */
const SLOW_PATH = "/llms-full.txt";
const PIPELINED = 16;

/** What a slow reader received: whole answers, and bytes of an answer that was cut. */
interface SlowRead {
  answers: number;
  cutBytes: number;
}

/**
 * Sends `count` pipelined requests for `path` on one connection and reads only the first bytes,
 * so that the server has an answer in flight; once `resume` settles, reads the rest and splits
 * it into answers by their Content-Length.
 */
async function slowReader(port: number, path: string, count: number, resume: Promise<void>) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`;
  await conn.write(new TextEncoder().encode(request.repeat(count)));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const buffer = new Uint8Array(64 * 1024);
  const first = await conn.read(buffer);
  if (first !== null) chunks.push(buffer.slice(0, first));
  const done = (async (): Promise<SlowRead> => {
    await resume;
    for (;;) {
      const n = await conn.read(buffer).catch(() => null);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
    }
    conn.close();
    return splitAnswers(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  })();
  return { done };
}

function splitAnswers(bytes: Uint8Array): SlowRead {
  const text = new TextDecoder("latin1").decode(bytes);
  let at = 0;
  let answers = 0;
  while (at < text.length) {
    const headEnd = text.indexOf("\r\n\r\n", at);
    const length = Number(/content-length: (\d+)/i.exec(text.slice(at, headEnd))?.[1]);
    if (headEnd < 0 || !Number.isFinite(length) || headEnd + 4 + length > text.length) break;
    at = headEnd + 4 + length;
    answers += 1;
  }
  return { answers, cutBytes: text.length - at };
}

async function main(): Promise<void> {
  const { duration, after, connections } = readFlags(USAGE, {
    duration: 8,
    after: 3,
    connections: 64,
  });
  if (!(duration > after && after > 0 && connections > 0)) {
    usageError("--duration must exceed --after, both above 0", USAGE);
  }
  const split = await cpuSplit();
  const server = await startServer({ cpus: split?.server });
  const { port, baseUrl } = server;
  let exitedAt = 0;
  const exit = server.process.status.then((status) => {
    exitedAt = performance.now();
    return status.code;
  });
  const paths = await discoverPaths(port);
  const load: Promise<WrkResult> = runWrk(baseUrl, {
    connections,
    threads: split?.loadCpus ?? 2,
    durationSeconds: duration,
    script: SOAK_SCRIPT,
    scriptArgs: paths,
    ...(split ? { cpus: split.load } : {}),
  });
  await sleep(after * 1000);
  let resume = () => {};
  const slow = await slowReader(
    port,
    SLOW_PATH,
    PIPELINED,
    new Promise((resolve) => resume = resolve),
  );
  const termAt = performance.now();
  server.process.kill("SIGTERM");
  await sleep(1000);
  const aliveAfterOneSecond = exitedAt === 0;
  const refused = await Deno.connect({ hostname: "127.0.0.1", port }).then(
    (conn) => {
      conn.close();
      return false;
    },
    () => true,
  );
  resume();
  const read = await slow.done;
  const code = await withTimeout(exit, 30_000);
  if (code === undefined) await stop(server.process, "SIGKILL");
  const wrk = await load;
  const counts = scriptCounts(wrk);
  const complete = read.answers > 0 && read.cutBytes === 0;
  const passed = code === 0 && complete && counts.non2xx === 0 && refused;
  console.log([
    `# Shutdown under load, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `wrk: ${connections} connections for ${duration} s over ${paths.length} paths; SIGTERM after ` +
    `${after} s, while one client has ${PIPELINED} pipelined requests for ${SLOW_PATH} and ` +
    "reads slowly.",
    "",
    table(["Figure", "Value", "Expected"], [
      ["Exit code", String(code ?? "none within 30 s"), `0 (${verdict(code === 0)})`],
      [
        "SIGTERM to exit",
        exitedAt > 0 ? `${fmt(exitedAt - termAt)} ms` : "did not exit",
        "after the in-flight answers",
      ],
      ["Still running 1 s after SIGTERM", aliveAfterOneSecond ? "yes" : "no", ""],
      [
        "New connection after SIGTERM",
        refused ? "refused" : "accepted",
        `refused (${verdict(refused)})`,
      ],
      [
        `Slow reader: ${PIPELINED} pipelined ${SLOW_PATH}`,
        `${read.answers} whole answers, ${fmt(read.cutBytes)} bytes of a cut one`,
        `none cut (${verdict(complete)})`,
      ],
      ["Answers wrk received", fmt(counts.responses), ""],
      ["Answers other than 2xx", fmt(counts.non2xx), `0 (${verdict(counts.non2xx === 0)})`],
      [
        "wrk socket errors (connect, read, write, timeout)",
        Object.values(wrk.socketErrors).join(", "),
        "only once the server has closed (reconnects fail)",
      ],
    ]),
    "",
    passed ? "Shutdown check passed." : "Shutdown check FAILED.",
  ].join("\n"));
  if (!passed) Deno.exit(1);
}

if (import.meta.main) await main();
