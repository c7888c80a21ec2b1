/**
 * `deno task bench`: the Deno server against nginx serving the same answers as static files, on
 * this machine, in one run; then cold start, memory and CLI start-up against Deno's own floor.
 * Prints a Markdown report with a verdict for each limit of issue #33 it measures; the limits
 * are reported, not asserted (the exit code is 0 when the run completes).
 *
 * @module
 */
import { readFlags, usageError } from "./_args.ts";
import { type BenchCase, CASES } from "./_cases.ts";
import {
  hasExportTool,
  type NginxSite,
  prepareExport,
  prepareFetched,
  sameBytes,
  startNginx,
} from "./_nginx.ts";
import { cpuSplit, freePort, rssMiB, startServer, stop } from "./_process.ts";
import { rawRequest } from "../tests/_raw_http.ts";
import { type CaseResult, type Options, type Plan, report, type WireCheck } from "./_report.ts";
import { fmt } from "./_stats.ts";
import { cliRuns, coldStarts } from "./_startup.ts";
import { runWrk, SOAK_SCRIPT } from "./_wrk.ts";

const USAGE = `Usage: deno task bench [options]

  --duration S        seconds of each wrk run (default 6)
  --connections N     wrk connections (default 32)
  --threads N         wrk threads (default: one per CPU wrk runs on)
  --rounds N          alternating Deno/nginx rounds per case; the median is reported (default 3)
  --warmup S          seconds of unreported load per server and case first (default 2)
  --spawns N          cold starts and CLI runs per side (default 7)
  --nginx SOURCE      export (deno task build and its nginx.conf; the benchmarked answers'
                      gzip and brotli files are the Deno server's bytes), fetched (answers
                      fetched from the Deno server, minimal nginx.conf; brotli only with
                      nginx's brotli module) or auto (export when the build task exists; the
                      default)
  --nginx-workers N   nginx worker processes (default 1, like the single-threaded server)
  --pin MODE          auto (the servers on the last CPU, wrk on the others, with taskset; the
                      default) or off (the scheduler places every process)`;

function parseOptions(): Options {
  const flags = readFlags(USAGE, {
    duration: 6,
    connections: 32,
    threads: 0,
    rounds: 3,
    warmup: 2,
    spawns: 7,
    nginx: "auto",
    "nginx-workers": 1,
    pin: "auto",
  });
  for (const name of ["duration", "connections", "rounds", "spawns", "nginx-workers"] as const) {
    if (!Number.isInteger(flags[name]) || flags[name] < 1) {
      usageError(`--${name} must be a whole number from 1`, USAGE);
    }
  }
  for (const name of ["threads", "warmup"] as const) {
    if (!Number.isInteger(flags[name]) || flags[name] < 0) {
      usageError(`--${name} must be a whole number from 0`, USAGE);
    }
  }
  const nginx = flags.nginx;
  if (nginx !== "export" && nginx !== "fetched" && nginx !== "auto") {
    usageError(`--nginx: "${nginx}" must be export, fetched or auto`, USAGE);
  }
  if (flags.pin !== "auto" && flags.pin !== "off") {
    usageError(`--pin: "${flags.pin}" must be auto or off`, USAGE);
  }
  return {
    duration: flags.duration,
    connections: flags.connections,
    threads: flags.threads,
    rounds: flags.rounds,
    warmup: flags.warmup,
    spawns: flags.spawns,
    nginx,
    nginxWorkers: flags["nginx-workers"],
    pin: flags.pin === "auto",
  };
}

async function plan(options: Options): Promise<Plan> {
  const split = options.pin ? await cpuSplit() : undefined;
  const threads = options.threads || (split?.loadCpus ?? 2);
  return split
    ? { ...options, threads, cpus: { server: split.server, load: split.load } }
    : { ...options, threads, pin: false };
}

async function checkWire(c: BenchCase, denoPort: number, site: NginxSite): Promise<WireCheck> {
  if (c.post !== undefined) {
    const answer = await rawRequest(`http://127.0.0.1:${denoPort}`, c.path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: c.post,
    });
    if (answer.status !== c.status || !answer.text().includes('"result":')) {
      throw new Error(`Deno answers ${c.name} with ${answer.status}: ${answer.text()}`);
    }
    if (/"isError":true/.test(answer.text())) {
      throw new Error(`Deno answers ${c.name} with a tool error: ${answer.text()}`);
    }
    return { denoBytes: answer.body.byteLength, nginxMissing: "the server's own", same: false };
  }
  const deno = await rawRequest(`http://127.0.0.1:${denoPort}`, c.path, { headers: c.headers });
  const denoCoding = deno.headers.get("content-encoding") ?? "identity";
  if (deno.status !== c.status || denoCoding !== c.coding) {
    throw new Error(`Deno answers ${c.name} with ${deno.status} ${denoCoding}`);
  }
  const nginx = await rawRequest(`http://127.0.0.1:${site.port}`, c.path, { headers: c.headers });
  const nginxCoding = nginx.headers.get("content-encoding") || "identity";
  if (nginx.status !== c.status || nginxCoding !== c.coding) {
    return {
      denoBytes: deno.body.byteLength,
      nginxMissing: `nginx answers ${nginx.status} ${nginxCoding}`,
      same: false,
    };
  }
  return {
    denoBytes: deno.body.byteLength,
    nginxBytes: nginx.body.byteLength,
    same: sameBytes(deno.body, nginx.body),
  };
}

function wrkOptions(options: Plan, bench: BenchCase, durationSeconds: number) {
  return {
    connections: options.connections,
    threads: options.threads,
    ...(options.cpus ? { cpus: options.cpus.load } : {}),
    durationSeconds,
    headers: bench.headers,
    ...(bench.post === undefined ? {} : { script: SOAK_SCRIPT, scriptArgs: ["POST", bench.post] }),
  };
}

async function loadBoth(
  options: Plan,
  cases: CaseResult[],
  denoPort: number,
  nginxPort: number,
): Promise<void> {
  const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  if (options.warmup > 0) {
    for (const result of cases) {
      const warm = wrkOptions(options, result.bench, options.warmup);
      await runWrk(url(denoPort, result.bench.path), warm);
      if (result.wire.nginxBytes !== undefined) {
        await runWrk(url(nginxPort, result.bench.path), warm);
      }
    }
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const result of cases) {
      const sides = round % 2 === 0 ? ["deno", "nginx"] as const : ["nginx", "deno"] as const;
      for (const side of sides) {
        if (side === "nginx" && result.wire.nginxBytes === undefined) continue;
        const port = side === "deno" ? denoPort : nginxPort;
        const run = await runWrk(
          url(port, result.bench.path),
          wrkOptions(options, result.bench, options.duration),
        );
        result[side].push(run);
        console.error(
          `round ${round + 1}/${options.rounds} ${result.bench.name} ${side}: ` +
            `${fmt(run.requestsPerSecond)} req/s, p99 ${fmt(run.p99Ms, 2)} ms`,
        );
      }
    }
  }
}

async function version(command: string, args: string[]): Promise<string> {
  const output = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  return /(?:deno |nginx\/|wrk )(\S+)/.exec(text)?.[1] ?? "unknown";
}

async function main(): Promise<void> {
  const options = await plan(parseOptions());
  const versions = {
    Deno: await version("deno", ["--version"]),
    nginx: await version("nginx", ["-v"]),
    wrk: await version("wrk", ["-v"]),
  };
  const source = options.nginx === "auto"
    ? (await hasExportTool() ? "export" : "fetched")
    : options.nginx;
  const workDir = await Deno.makeTempDir({ prefix: "metrics-bench-" });
  // nginx, started as root, reads the files as the user nobody.
  await Deno.chmod(workDir, 0o755);
  const denoPort = freePort();
  let nginxPort = freePort();
  while (nginxPort === denoPort) nginxPort = freePort();
  console.error(`Starting the Deno server on http://127.0.0.1:${denoPort}`);
  const server = await startServer({ port: denoPort, cpus: options.cpus?.server });
  let site: NginxSite;
  let cases: CaseResult[];
  const memory = { started: await rssMiB(server.process.pid), after: 0 };
  try {
    console.error(`Preparing nginx (${source}) on port ${nginxPort}`);
    site = source === "export"
      ? await prepareExport(workDir, CASES, {
        port: nginxPort,
        baseUrl: server.baseUrl,
        denoPort,
        workers: options.nginxWorkers,
      })
      : await prepareFetched(workDir, CASES, {
        port: nginxPort,
        denoPort,
        workers: options.nginxWorkers,
      });
    const nginx = await startNginx(site, {
      probePath: "/api/metrics",
      cpus: options.cpus?.server,
    });
    try {
      cases = [];
      for (const bench of CASES) {
        cases.push({ bench, wire: await checkWire(bench, denoPort, site), deno: [], nginx: [] });
      }
      await loadBoth(options, cases, denoPort, nginxPort);
    } finally {
      await stop(nginx);
    }
    memory.after = await rssMiB(server.process.pid);
  } finally {
    const code = await stop(server.process);
    if (code !== 0) console.error(`The Deno server exited with ${code} on SIGTERM`);
    await Deno.remove(workDir, { recursive: true });
  }
  console.error("Measuring cold starts");
  const starts = await coldStarts(options.spawns);
  console.error("Measuring the CLI");
  const cli = await cliRuns(options.spawns);
  console.log(report(options, { site, cases, memory, starts, cli, versions }));
}

if (import.meta.main) await main();
