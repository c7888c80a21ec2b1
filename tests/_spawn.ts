/**
 * Running the project's own tasks as child processes, the way a user does: with the permission
 * flags written in `deno.json` (never wider), an explicit environment (cleared, then an
 * allow-list), and servers on port 0 with the port read back from their log.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import config from "../deno.json" with { type: "json" };

/** The project folder, as a path (a checkout path with a space works). */
export const ROOT: string = fileURLToPath(new URL("../", import.meta.url));

/** The fixture catalog every system test serves, as a folder path ending in `/`. */
export const FIXTURE: string = fileURLToPath(new URL("./testdata/catalog/", import.meta.url));

/**
 * What a child keeps from the caller's environment: where Deno and npm cache, proxies, and the
 * certificates to trust (Deno and npm read NODE_EXTRA_CA_CERTS) when a task downloads packages.
 */
const KEPT = [
  "DENO_DIR",
  "PATH",
  "HOME",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "NPM_CONFIG_REGISTRY",
  "npm_config_registry",
  "DENO_CERT",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "NODE_EXTRA_CA_CERTS",
];

/** The hosts the tests' servers listen on, which no proxy stands between. */
const LOOPBACK = ["127.0.0.1", "localhost"];

/** A proxy exception list (`NO_PROXY`) with the loopback hosts in it. */
function withLoopback(list: string | undefined): string {
  const hosts = (list ?? "").split(",").map((host) => host.trim()).filter((host) => host !== "");
  return [...new Set([...hosts, ...LOOPBACK])].join(",");
}

// A proxy the caller set is for downloads: this process's own requests to the servers it starts
// (`fetch`, the MCP SDK's client) go straight to them. Deno reads these when a test module makes
// its first request, so they are set as the helpers load.
for (const name of ["NO_PROXY", "no_proxy"]) Deno.env.set(name, withLoopback(Deno.env.get(name)));

/**
 * The environment of a child: the kept variables of this process, the loopback hosts exempted
 * from any proxy, then `extra`.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { NO_COLOR: "1" };
  for (const name of KEPT) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  for (const name of ["NO_PROXY", "no_proxy"]) env[name] = withLoopback(env[name]);
  return { ...env, ...extra };
}

/**
 * The `deno` arguments of a task in `deno.json` (`deno run <flags> <script> <args>`), followed by
 * `extra` arguments: the task's own flags, so a test cannot pass with wider ones.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { taskArgs } from "./_spawn.ts";
 * assert.equal(taskArgs("validate")[0], "run");
 * assert.ok(taskArgs("validate").includes("cli.ts"));
 * ```
 */
export function taskArgs(task: string, ...extra: string[]): string[] {
  const tasks: Record<string, string> = config.tasks;
  const command = tasks[task];
  if (command === undefined) throw new Error(`deno.json has no task "${task}"`);
  const [deno, ...args] = command.split(/\s+/);
  if (deno !== "deno" || args[0] !== "run") {
    throw new Error(`Task "${task}" is not a "deno run" command: ${command}`);
  }
  return [...args, ...extra];
}

/** What a finished child printed. */
export interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `deno <args>` (or another command) in the project folder with an explicit environment, to
 * completion.
 */
export async function runDeno(
  args: string[],
  { env = {}, cwd = ROOT, stdin, command = Deno.execPath() }: {
    env?: Record<string, string>;
    cwd?: string;
    stdin?: string;
    /** The program to run; `deno` by default. */
    command?: string;
  } = {},
): Promise<Output> {
  const child = new Deno.Command(command, {
    args,
    cwd,
    clearEnv: true,
    env: childEnv(env),
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  }
  const output = await child.output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/** Runs a task of `deno.json` with its own flags, and `args` after its script. */
export function runTask(
  task: string,
  args: string[] = [],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<Output> {
  return runDeno(taskArgs(task, ...args), options);
}

/** A server a test started. */
export interface Spawned {
  process: Deno.ChildProcess;
  port: number;
  origin: string;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves once the server's stderr matches `pattern`; rejects if it closes first. */
  logged(pattern: RegExp): Promise<void>;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number>;
}

/**
 * Starts a server (`deno <args>`, or another command) on port 0 and reads the port back from its log line
 * (`listening on <host>:<port>`).
 */
export async function spawnServer(
  args: string[],
  { env = {}, cwd = ROOT, command = Deno.execPath() }: {
    env?: Record<string, string>;
    cwd?: string;
    /** The program to run; `deno` by default. */
    command?: string;
  } = {},
): Promise<Spawned> {
  const process = new Deno.Command(command, {
    args,
    cwd,
    clearEnv: true,
    env: childEnv({ PORT: "0", HOSTNAME: "127.0.0.1", ...env }),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const reader = process.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    const match = /listening on [^ ;)]+:(\d+)/.exec(text);
    if (match) {
      // What `logged` waits for: each settles once the log matches or ends, and says if it did.
      const waiting = new Set<(ended: boolean) => boolean>();
      let closed = false;
      const wake = (ended: boolean) => {
        for (const settle of waiting) if (settle(ended)) waiting.delete(settle);
      };
      (async () => {
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          text += next.value;
          wake(false);
        }
      })().catch(() => {}).finally(() => {
        closed = true;
        wake(true);
      });
      const port = Number(match[1]);
      return {
        process,
        port,
        origin: `http://127.0.0.1:${port}`,
        stderr: () => text,
        logged: (pattern) =>
          new Promise((resolve, reject) => {
            const settle = (ended: boolean) => {
              if (pattern.test(text)) resolve();
              else if (ended) {
                reject(new Error(`The server's log ended without ${pattern}:\n${text}`));
              } else return false;
              return true;
            };
            if (!settle(closed)) waiting.add(settle);
          }),
        async stop() {
          try {
            process.kill("SIGTERM");
          } catch {
            // Already gone.
          }
          return (await process.status).code;
        },
      };
    }
  }
  try {
    process.kill();
  } catch {
    // Already gone.
  }
  await process.status;
  throw new Error(`The server did not start:\n${text}`);
}

/** A TCP port on 127.0.0.1 that was free a moment ago (for nginx, which cannot listen on 0). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/**
 * Runs `deno <args>` (or another command) to completion with a standard output that takes nothing:
 * a pipe its reader closed before anything was written (`"closed"`, as `| head -1` ends up), or the
 * full device `/dev/full` (`"full"`).
 */
export async function runWithBrokenStdout(
  args: string[],
  stdout: "closed" | "full",
  { env = {}, cwd = ROOT, command = Deno.execPath() }: {
    env?: Record<string, string>;
    cwd?: string;
    /** The program to run; `deno` by default. */
    command?: string;
  } = {},
): Promise<Output> {
  const full = stdout === "full";
  const child = new Deno.Command(full ? "sh" : command, {
    args: full ? ["-c", 'exec "$@" > /dev/full', "sh", command, ...args] : args,
    cwd,
    clearEnv: true,
    env: childEnv(env),
    stdin: "null",
    stdout: full ? "null" : "piped",
    stderr: "piped",
  }).spawn();
  if (!full) await child.stdout.cancel();
  const [status, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
  return { code: status.code, stdout: "", stderr };
}

/** The one line a child wrote to stderr; fails when it wrote none or more than one. */
export function onlyLine(output: Output): string {
  const lines = output.stderr.trimEnd().split("\n");
  if (output.stderr === "" || lines.length !== 1) {
    throw new Error(`Expected one line on stderr, got ${lines.length}:\n${output.stderr}`);
  }
  return lines[0] ?? "";
}
