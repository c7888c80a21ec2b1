/**
 * Helpers for system tests: finding Debian's binaries (skip when missing, fail when
 * `REQUIRE_SYSTEM_TESTS=1`), and starting `main.ts` and nginx on free ports.
 *
 * @module
 */

import { childEnv, FIXTURE, freePort, spawnServer, taskArgs } from "./_spawn.ts";

export { FIXTURE };

/** The public base address both servers are started with, so their bodies can be compared. */
export const BASE_URL = "https://metrics.example";

/** A system binary a test needs, and whether the test is skipped for want of it. */
export interface SystemBinary {
  /** The executable's path, when found. */
  path?: string;
  /** True when the binary is missing and missing binaries may be skipped. */
  skip: boolean;
  /** Throws when the binary is missing and `REQUIRE_SYSTEM_TESTS=1`. */
  require(): string;
}

/** The groups of tests already said to be skipped by this test file (each runs on its own). */
const said = new Set<string>();

/**
 * Says on stderr, once a test file, that a group of tests is skipped: one line naming the group,
 * why, and the command that includes it. `REQUIRE_SYSTEM_TESTS=1` turns any skip into a failure.
 */
export function skipping(group: string, why: string, include: string): void {
  if (said.has(group)) return;
  said.add(group);
  console.error(
    `Skipped: ${group} (${why}); to include them: ${include} ` +
      "(REQUIRE_SYSTEM_TESTS=1 makes a skip a failure)",
  );
}

/**
 * Looks for a binary at the given paths. When none exists, the test is skipped with a line on
 * stderr, unless `REQUIRE_SYSTEM_TESTS=1`, in which case the test runs and fails.
 */
export function systemBinary(name: string, paths: string[]): SystemBinary {
  const path = paths.find((candidate) => {
    try {
      return Deno.statSync(candidate).isFile;
    } catch {
      return false;
    }
  });
  const required = Deno.env.get("REQUIRE_SYSTEM_TESTS") === "1";
  if (path === undefined && !required) {
    skipping(
      `the ${name} system tests`,
      `${name} is not at ${paths.join(" or ")}`,
      `apt-get install ${name}`,
    );
  }
  return {
    ...(path === undefined ? {} : { path }),
    skip: path === undefined && !required,
    require() {
      if (path === undefined) {
        throw new Error(
          `REQUIRE_SYSTEM_TESTS=1 but ${name} is not at ${paths.join(" or ")}: install it`,
        );
      }
      return path;
    },
  };
}

/** A server started by a test. */
export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
  /** What the server wrote to stderr (and, for nginx, its error log). */
  log(): Promise<string>;
}

async function waitForPort(port: number, process: Deno.ChildProcess, what: string) {
  const deadline = Date.now() + 20_000;
  let exited = false;
  process.status.then(() => exited = true);
  while (Date.now() < deadline && !exited) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${what} did not start listening on port ${port}`);
}

function collect(stream: ReadableStream<Uint8Array>): () => string {
  let text = "";
  (async () => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) text += chunk;
  })().catch(() => {});
  return () => text;
}

/** Starts `deno task start` (main.ts) on port 0 with the fixture catalog. */
export async function startMain(): Promise<RunningServer> {
  const server = await spawnServer(taskArgs("start"), {
    env: { BASE_URL, CATALOG_DIR: FIXTURE },
  });
  return {
    origin: server.origin,
    async stop() {
      await server.stop();
    },
    log: () => Promise.resolve(server.stderr()),
  };
}

/**
 * Serves an export folder with nginx and the folder's own `nginx.conf`, on a free port
 * (substituted into the `listen` line), in the foreground.
 */
export async function startNginx(nginx: string, dir: string): Promise<RunningServer> {
  const port = freePort();
  const conf = await Deno.readTextFile(`${dir}/nginx.conf`);
  const listen = /^(\s*listen\s+)\d+;$/m;
  if (!listen.test(conf)) throw new Error("nginx.conf has no `listen <port>;` line");
  await Deno.writeTextFile(`${dir}/nginx.conf`, conf.replace(listen, `$1127.0.0.1:${port};`));
  const process = new Deno.Command(nginx, {
    args: ["-p", dir, "-c", "nginx.conf", "-g", "daemon off;"],
    clearEnv: true,
    env: childEnv(),
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const stderr = collect(process.stderr);
  const log = async () =>
    stderr() + await Deno.readTextFile(`${dir}/logs/error.log`).catch(() => "");
  try {
    await waitForPort(port, process, "nginx");
  } catch (error) {
    process.kill();
    await process.status;
    throw new Error(`${error}\n${await log()}`);
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      process.kill("SIGTERM");
      await process.status;
    },
    log,
  };
}
