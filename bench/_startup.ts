/**
 * Start-up costs against Deno's own floor: the server's cold start against a hello-world
 * `Deno.serve`, and `cli.ts show` against `deno run` of an empty script. Runs alternate between
 * the two sides so that a noisy machine slows both alike.
 *
 * @module
 */
import { freePort, spawnUntilOk, stop, taskArgs, timeRun } from "./_process.ts";

/** Milliseconds of each run, for the project and for its baseline. */
export interface Pairs {
  project: number[];
  baseline: number[];
}

const HELLO_ARGS = [
  "run",
  "--allow-net=127.0.0.1",
  "--allow-env=PORT",
  "bench/fixtures/hello_server.ts",
];

/**
 * Spawns `main.ts` (as `deno task start` runs it) and the hello-world server `runs` times each,
 * timing spawn to first 200 on `/api/metrics` and on `/`.
 */
export async function coldStarts(runs: number): Promise<Pairs> {
  const startArgs = await taskArgs("start");
  const result: Pairs = { project: [], baseline: [] };
  const once = async (args: string[], path: string) => {
    const port = freePort();
    const started = await spawnUntilOk(args, `http://127.0.0.1:${port}${path}`, {
      env: { PORT: String(port), HOSTNAME: "127.0.0.1" },
    });
    const code = await stop(started.process);
    // The hello-world script has no signal handler; the server must exit 0.
    if (args === startArgs && code !== 0) {
      throw new Error(`deno ${args.join(" ")} exited with ${code} on SIGTERM`);
    }
    return started.readyMs;
  };
  await once(startArgs, "/api/metrics");
  await once(HELLO_ARGS, "/");
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0
      ? ["project", "baseline"] as const
      : ["baseline", "project"] as const;
    for (const side of order) {
      result[side].push(
        side === "project" ? await once(startArgs, "/api/metrics") : await once(HELLO_ARGS, "/"),
      );
    }
  }
  return result;
}

/** Runs `cli.ts show churn-rate` (as `deno task cli` runs it) and an empty script `runs` times each. */
export async function cliRuns(runs: number): Promise<Pairs> {
  const show = [...await taskArgs("cli"), "show", "churn-rate"];
  const empty = ["run", "bench/fixtures/empty.ts"];
  await timeRun(show);
  await timeRun(empty);
  const result: Pairs = { project: [], baseline: [] };
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0
      ? ["project", "baseline"] as const
      : ["baseline", "project"] as const;
    for (const side of order) result[side].push(await timeRun(side === "project" ? show : empty));
  }
  return result;
}
