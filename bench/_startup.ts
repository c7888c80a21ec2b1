/**
 * Start-up costs against Deno's own floor: the server's cold start against a hello-world
 * `Deno.serve` and against the least a program must do to give the same first answer
 * (`bench/fixtures/floor_server.ts`); `cli.ts show` against `deno run` of an empty script and
 * against a minimal script that prints the same record. Runs alternate between the sides so
 * that a noisy machine slows each alike.
 *
 * @module
 */
import { freePort, rssMiB, spawnUntilOk, stop, taskArgs, timeRun } from "./_process.ts";

/** Milliseconds of each run, by side. */
export type Runs<Side extends string> = Record<Side, number[]>;

/** The sides of a cold start: the server, the hello world, the floor program. */
export type StartSide = "project" | "baseline" | "floor";

/** Cold starts for a client that accepts brotli (as `fetch` does) and for one that does not. */
export interface ColdStarts {
  /** First 200 for `fetch`'s default `Accept-Encoding: gzip, br`. */
  compressed: Runs<StartSide>;
  /** First 200 for a client that sends no `Accept-Encoding` (curl's default). */
  identity: Runs<"project" | "baseline">;
  /** Resident memory right after each side's first answer, MiB (medians of the spawns). */
  rss: Runs<StartSide>;
}

const HELLO_ARGS = [
  "run",
  "--allow-net=127.0.0.1",
  "--allow-env=PORT",
  "bench/fixtures/hello_server.ts",
];
const FLOOR_ARGS = [
  "run",
  "--allow-read=catalog",
  "--allow-net=127.0.0.1",
  "--allow-env=PORT",
  "bench/fixtures/floor_server.ts",
];

/**
 * Spawns `main.ts` (as `deno task start` runs it), the hello-world server and the floor server
 * `runs` times each, timing spawn to the first 200 on `/api/metrics` (on `/` for hello world),
 * once for a client that accepts brotli and once for one that asks for identity.
 */
export async function coldStarts(runs: number): Promise<ColdStarts> {
  const startArgs = await taskArgs("start");
  const args: Record<StartSide, string[]> = {
    project: startArgs,
    baseline: HELLO_ARGS,
    floor: FLOOR_ARGS,
  };
  const result: ColdStarts = {
    compressed: { project: [], baseline: [], floor: [] },
    identity: { project: [], baseline: [] },
    rss: { project: [], baseline: [], floor: [] },
  };
  const once = async (side: StartSide, identity: boolean) => {
    const port = freePort();
    const path = side === "baseline" ? "/" : "/api/metrics";
    const started = await spawnUntilOk(args[side], `http://127.0.0.1:${port}${path}`, {
      env: { PORT: String(port), HOSTNAME: "127.0.0.1" },
      ...(identity ? { headers: { "accept-encoding": "identity" } } : {}),
    });
    const rss = await rssMiB(started.process.pid);
    const code = await stop(started.process);
    // The fixtures have no signal handler; the server must exit 0.
    if (side === "project" && code !== 0) {
      throw new Error(`deno ${args[side].join(" ")} exited with ${code} on SIGTERM`);
    }
    return { ms: started.readyMs, rss };
  };
  for (const side of ["project", "baseline", "floor"] as const) await once(side, false);
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0
      ? ["project", "baseline", "floor"] as const
      : ["floor", "baseline", "project"] as const;
    for (const side of order) {
      const { ms, rss } = await once(side, false);
      result.compressed[side].push(ms);
      result.rss[side].push(rss);
    }
    for (
      const side of run % 2 === 0
        ? ["project", "baseline"] as const
        : ["baseline", "project"] as const
    ) {
      result.identity[side].push((await once(side, true)).ms);
    }
  }
  return result;
}

/**
 * Runs `cli.ts show churn-rate` (as `deno task cli` runs it), an empty script and the floor
 * script `runs` times each.
 */
export async function cliRuns(runs: number): Promise<Runs<StartSide>> {
  const commands: Record<StartSide, string[]> = {
    project: [...await taskArgs("cli"), "show", "churn-rate"],
    baseline: ["run", "bench/fixtures/empty.ts"],
    floor: ["run", "--allow-read=catalog", "bench/fixtures/floor_cli.ts", "churn-rate"],
  };
  for (const command of Object.values(commands)) await timeRun(command);
  const result: Runs<StartSide> = { project: [], baseline: [], floor: [] };
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0
      ? ["project", "baseline", "floor"] as const
      : ["floor", "baseline", "project"] as const;
    for (const side of order) result[side].push(await timeRun(commands[side]));
  }
  return result;
}
