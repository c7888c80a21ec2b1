/**
 * Runs Debian's `wrk` and reads its report: requests per second, latency percentiles, socket
 * errors and answers that were not 2xx or 3xx.
 *
 * @module
 */

import { onCpus } from "./_process.ts";

/**
 * The Lua script of the soak, the shutdown check and the bench's MCP cases (`bench/soak.lua`): it
 * rotates over the paths (GET) or JSON-RPC bodies (POST) given after `--` and counts bad answers.
 */
export const SOAK_SCRIPT: string = new URL("./soak.lua", import.meta.url).pathname;

/** What `bench/soak.lua` counted: answers, those not 2xx, and 2xx ones carrying an MCP error. */
export interface ScriptCounts {
  responses: number;
  non2xx: number;
  rpcErrors: number;
}

/** The answers `bench/soak.lua` counted in a run. */
export function scriptCounts(run: WrkResult): ScriptCounts {
  const match = /soak: responses=(\d+) non2xx=(\d+) rpc_errors=(\d+)/.exec(run.scriptOutput);
  if (!match) throw new Error(`soak.lua printed no counts:\n${run.scriptOutput}`);
  return { responses: Number(match[1]), non2xx: Number(match[2]), rpcErrors: Number(match[3]) };
}

/** The figures of one `wrk` run. */
export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  /** Answers with a status of 400 or more, as wrk counts them. */
  errorStatuses: number;
  /** Whatever the Lua script printed in its `done` callback. */
  scriptOutput: string;
}

/** How to load one address. */
export interface WrkOptions {
  connections: number;
  durationSeconds: number;
  threads?: number;
  headers?: Record<string, string>;
  /** A Lua script and its arguments (after `--`). */
  script?: string;
  scriptArgs?: string[];
  timeoutSeconds?: number;
  /** The CPUs wrk runs on (`taskset -c`); any by default. */
  cpus?: string;
}

/** Runs wrk against `url` and returns its figures; throws if wrk fails. */
export async function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const { connections, durationSeconds, threads = 2, headers = {}, timeoutSeconds = 5 } = options;
  const args = [
    `-t${Math.min(threads, connections)}`,
    `-c${connections}`,
    `-d${durationSeconds}s`,
    `--timeout`,
    `${timeoutSeconds}s`,
    "--latency",
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    ...(options.script ? ["-s", options.script] : []),
    url,
    ...(options.scriptArgs ? ["--", ...options.scriptArgs] : []),
  ];
  const [command, commandArgs] = onCpus(["wrk", ...args], options.cpus);
  const output = await new Deno.Command(command, {
    args: commandArgs,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  if (!output.success) {
    throw new Error(
      `wrk ${args.join(" ")} failed:\n${text}${new TextDecoder().decode(output.stderr)}`,
    );
  }
  return parseWrk(text);
}

/** Reads wrk's `--latency` report. */
export function parseWrk(text: string): WrkResult {
  const number = (pattern: RegExp, what: string) => {
    const match = pattern.exec(text);
    if (!match?.[1]) throw new Error(`wrk's report has no ${what}:\n${text}`);
    return Number(match[1]);
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const scriptStart = text.indexOf("Transfer/sec:");
  const scriptOutput = scriptStart < 0 ? "" : text.slice(text.indexOf("\n", scriptStart) + 1);
  return {
    requests: number(/(\d+) requests in /, "request count"),
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/, "requests per second"),
    p50Ms: latencyMs(text, "50%"),
    p99Ms: latencyMs(text, "99%"),
    socketErrors: {
      connect: Number(errors?.[1] ?? 0),
      read: Number(errors?.[2] ?? 0),
      write: Number(errors?.[3] ?? 0),
      timeout: Number(errors?.[4] ?? 0),
    },
    errorStatuses: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
    scriptOutput: scriptOutput.trim(),
  };
}

const UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function latencyMs(text: string, percentile: string): number {
  const match = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, "m").exec(text);
  const value = match?.[1];
  const unit = UNITS_MS[match?.[2] ?? ""];
  if (value === undefined || unit === undefined) {
    throw new Error(`wrk's report has no ${percentile} latency:\n${text}`);
  }
  return Number(value) * unit;
}

/** The sum of a run's socket errors. */
export function socketErrorCount({ socketErrors }: WrkResult): number {
  const { connect, read, write, timeout } = socketErrors;
  return connect + read + write + timeout;
}
