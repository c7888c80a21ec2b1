/**
 * Child processes for the benchmark scripts: the project's own tasks as `deno run` arguments,
 * free ports, waiting for a first answer, resident memory, and stopping.
 *
 * @module
 */

/** The repository root, where `deno.json` and the entry files are. */
export const ROOT: URL = new URL("../", import.meta.url);

/**
 * The arguments after `deno` of a task in `deno.json`, so that a script runs a server exactly as
 * its task does (the same permission flags). Only plain `deno run …` tasks can be used this way.
 */
export async function taskArgs(name: string): Promise<string[]> {
  const config: unknown = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const tasks = isRecord(config) ? config.tasks : undefined;
  const task = isRecord(tasks) ? tasks[name] : undefined;
  if (typeof task !== "string") throw new Error(`deno.json has no task "${name}"`);
  const [deno, run, ...args] = task.trim().split(/\s+/);
  if (deno !== "deno" || run !== "run" || /[;&|<>$`'"]/.test(task)) {
    throw new Error(`Task "${name}" is not a plain "deno run" command: ${task}`);
  }
  return ["run", ...args];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The command and arguments that run `[command, ...args]` on the given CPUs (a `taskset` list
 * such as `"1"` or `"0-2"`), or as they are when `cpus` is undefined.
 */
export function onCpus(
  [command, ...args]: [string, ...string[]],
  cpus: string | undefined,
): [string, string[]] {
  return cpus === undefined ? [command, args] : ["taskset", ["-c", cpus, command, ...args]];
}

/**
 * How to split this machine between the servers and the load generator: the servers on the
 * last CPU, wrk on the others, so that neither steals the other's core. Undefined on one CPU or
 * without `taskset`.
 */
export async function cpuSplit(): Promise<
  { server: string; load: string; loadCpus: number } | undefined
> {
  const cpus = navigator.hardwareConcurrency;
  if (cpus < 2) return undefined;
  try {
    await new Deno.Command("taskset", { args: ["-c", "0", "true"] }).output();
  } catch {
    return undefined;
  }
  const last = cpus - 1;
  return { server: String(last), load: last === 1 ? "0" : `0-${last - 1}`, loadCpus: last };
}

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The value of `promise`, or undefined if it takes longer than `ms`; the timer never lingers. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<undefined>((resolve) => timer = setTimeout(() => resolve(undefined), ms)),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A child process that answers HTTP, and how long it took to give its first 200. */
export interface Started {
  process: Deno.ChildProcess;
  /** Milliseconds from spawning to the first complete 200 answer on the probed address. */
  readyMs: number;
}

/** Options for {@linkcode spawnUntilOk}. */
export interface SpawnOptions {
  env?: Record<string, string>;
  /** Give up after this many milliseconds. */
  timeoutMs?: number;
  /** Where the child's stderr goes; "null" by default. */
  stderr?: "null" | "inherit";
  /** The CPUs to run on (`taskset -c`); any by default. */
  cpus?: string;
  /** Request headers of the probe; `fetch`'s own (`Accept-Encoding: gzip, br`) by default. */
  headers?: Record<string, string>;
}

/**
 * Spawns `deno <args>` and polls `url` until it answers 200 with its whole body; the time from
 * spawning to that answer is the cold start.
 */
export async function spawnUntilOk(
  args: string[],
  url: string,
  { env = {}, timeoutMs = 60_000, stderr = "null", cpus, headers }: SpawnOptions = {},
): Promise<Started> {
  const [command, commandArgs] = onCpus(["deno", ...args], cpus);
  const start = performance.now();
  const process = new Deno.Command(command, {
    args: commandArgs,
    cwd: ROOT,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "null",
    stderr,
  }).spawn();
  let exited = false;
  process.status.then(() => exited = true);
  while (performance.now() - start < timeoutMs) {
    if (exited) throw new Error(`deno ${args.join(" ")} exited before answering ${url}`);
    try {
      const response = await fetch(url, headers ? { headers } : {});
      await response.arrayBuffer();
      if (response.status === 200) return { process, readyMs: performance.now() - start };
    } catch {
      // Not listening yet.
    }
    await sleep(1);
  }
  await stop(process);
  throw new Error(`deno ${args.join(" ")} gave no 200 on ${url} within ${timeoutMs} ms`);
}

/** The catalog server, started as `deno task start` runs it, on a port of 127.0.0.1. */
export interface CatalogServer extends Started {
  port: number;
  /** `http://127.0.0.1:<port>`, also the server's BASE_URL. */
  baseUrl: string;
}

/**
 * Starts `main.ts` with the start task's own flags on `port` (a free one by default) and waits
 * for its first 200 on `/api/metrics`, asked for with `headers` (by default as `fetch` asks:
 * gzip or brotli, so that the first answer is compressed).
 */
export async function startServer(
  { port = freePort(), cpus, headers }: {
    port?: number;
    cpus?: string | undefined;
    headers?: Record<string, string>;
  } = {},
): Promise<CatalogServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await spawnUntilOk(await taskArgs("start"), `${baseUrl}/api/metrics`, {
    env: { PORT: String(port), HOSTNAME: "127.0.0.1", BASE_URL: baseUrl },
    ...(cpus ? { cpus } : {}),
    ...(headers ? { headers } : {}),
  });
  return { ...started, port, baseUrl };
}

/** Sends SIGTERM (unless the child has exited) and returns its exit code. */
export async function stop(process: Deno.ChildProcess, signal: Deno.Signal = "SIGTERM") {
  try {
    process.kill(signal);
  } catch {
    // Already gone.
  }
  return (await process.status).code;
}

/** The resident set size of a process in MiB, read with `ps`. */
export async function rssMiB(pid: number): Promise<number> {
  const output = await new Deno.Command("ps", { args: ["-o", "rss=", "-p", String(pid)] })
    .output();
  const kib = Number(new TextDecoder().decode(output.stdout).trim());
  if (!output.success || !Number.isFinite(kib) || kib <= 0) {
    throw new Error(`Cannot read the memory of process ${pid}`);
  }
  return kib / 1024;
}

/** Runs `deno <args>` to its end and returns the wall time in milliseconds. */
export async function timeRun(args: string[]): Promise<number> {
  const start = performance.now();
  const output = await new Deno.Command("deno", {
    args,
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const ms = performance.now() - start;
  if (!output.success) {
    throw new Error(`deno ${args.join(" ")} failed:\n${new TextDecoder().decode(output.stderr)}`);
  }
  return ms;
}
