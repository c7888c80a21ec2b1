/**
 * The report of `deno task bench`: the throughput table, start-up and memory, and each target
 * with its verdict, as Markdown.
 *
 * @module
 */
import type { BenchCase } from "./_cases.ts";
import type { NginxSite } from "./_nginx.ts";
import { fmt, median, table, verdict } from "./_stats.ts";
import type { Pairs } from "./_startup.ts";
import { socketErrorCount, type WrkResult } from "./_wrk.ts";

/** The flags of `deno task bench`. */
export interface Options {
  duration: number;
  connections: number;
  threads: number | undefined;
  rounds: number;
  warmup: number;
  spawns: number;
  nginx: "export" | "fetched" | "auto";
  nginxWorkers: number;
  pin: boolean;
}

/** The options with the machine's split resolved. */
export interface Plan extends Omit<Options, "threads"> {
  threads: number;
  /** CPUs for the servers and for wrk, when pinned. */
  cpus?: { server: string; load: string };
}

/** What was checked on the wire before loading: both servers answer the case the same way. */
export interface WireCheck {
  denoBytes: number;
  nginxBytes?: number;
  /** Why nginx is left out of this case, if it is. */
  nginxMissing?: string;
  same: boolean;
}

/** One case: what was checked on the wire, and the runs on each side. */
export interface CaseResult {
  bench: BenchCase;
  wire: WireCheck;
  deno: WrkResult[];
  nginx: WrkResult[];
}

function ms(value: number): string {
  return `${fmt(value, 2)} ms`;
}

/** Everything one run measured. */
export interface Measured {
  site: NginxSite;
  cases: CaseResult[];
  /** The Deno server's resident memory in MiB. */
  memory: { started: number; after: number };
  starts: Pairs;
  cli: Pairs;
  versions: Record<string, string>;
}

/** Renders the whole report. */
export function report(
  options: Plan,
  { site, cases, memory, starts, cli, versions }: Measured,
): string {
  const rps = (runs: WrkResult[]) => median(runs.map((run) => run.requestsPerSecond));
  const p = (runs: WrkResult[], key: "p50Ms" | "p99Ms") => median(runs.map((run) => run[key]));
  const rows = cases.map(({ bench, wire, deno, nginx }) => {
    const hasNginx = nginx.length > 0;
    const bytes = wire.nginxBytes === undefined
      ? `${fmt(wire.denoBytes)} / n/a`
      : `${fmt(wire.denoBytes)} / ${fmt(wire.nginxBytes)}${wire.same ? " (same)" : ""}`;
    return [
      bench.name,
      bytes,
      fmt(rps(deno)),
      hasNginx ? fmt(rps(nginx)) : wire.nginxMissing ?? "n/a",
      hasNginx ? `${fmt(rps(deno) / rps(nginx), 2)}×` : "Deno only",
      ms(p(deno, "p50Ms")),
      ms(p(deno, "p99Ms")),
      hasNginx ? ms(p(nginx, "p50Ms")) : "",
      hasNginx ? ms(p(nginx, "p99Ms")) : "",
    ];
  });
  const problems = cases.flatMap(({ bench, deno }) => {
    const errors = deno.reduce((sum, run) => sum + socketErrorCount(run), 0);
    const statuses = bench.status === 200
      ? deno.reduce((sum, run) => sum + run.errorStatuses, 0)
      : 0;
    return errors + statuses > 0
      ? [`${bench.name}: ${errors} socket errors, ${statuses} error statuses from Deno`]
      : [];
  });
  const ratio = (name: string) => {
    const found = cases.find((c) => c.bench.name === name);
    return found && found.nginx.length > 0 ? rps(found.deno) / rps(found.nginx) : undefined;
  };
  const worstP99 = Math.max(...cases.map((c) => p(c.deno, "p99Ms")));
  const startRatio = median(starts.project) / median(starts.baseline);
  const cliRatio = median(cli.project) / median(cli.baseline);
  const target = (label: string, value: number | undefined, met: (value: number) => boolean) =>
    value === undefined
      ? `- ${label}: not measured (nginx cannot answer it here)`
      : `- ${label}: ${fmt(value, 2)} (${verdict(met(value))})`;
  return [
    `# Benchmark, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Machine: ${navigator.hardwareConcurrency} cores; ${
      Object.entries(versions).map(([name, version]) => `${name} ${version}`).join(", ")
    }.`,
    `Load: wrk, ${options.connections} connections, ${options.threads} threads, ` +
    `${options.duration} s per run, ${options.rounds} alternating rounds (median), ` +
    `${options.warmup} s warm-up per server and case.`,
    `nginx: ${site.notes.join("; ")}; ${options.nginxWorkers} worker(s).`,
    options.cpus
      ? `CPUs: the servers on CPU ${options.cpus.server}, wrk on CPU ${options.cpus.load} (taskset).`
      : "CPUs: not pinned.",
    "",
    table(
      [
        "Case",
        "Body bytes Deno / nginx",
        "Deno req/s",
        "nginx req/s",
        "Deno/nginx",
        "Deno p50",
        "Deno p99",
        "nginx p50",
        "nginx p99",
      ],
      rows,
    ),
    "",
    "Requests per second of each round (Deno | nginx):",
    "",
    ...cases.map(({ bench, deno, nginx }) =>
      `- ${bench.name}: ${deno.map((run) => fmt(run.requestsPerSecond)).join(", ")} | ${
        nginx.map((run) => fmt(run.requestsPerSecond)).join(", ") || "n/a"
      }`
    ),
    ...(problems.length > 0 ? ["", "Errors:", ...problems.map((line) => `- ${line}`)] : []),
    "",
    table(["Start-up and memory", "Project", "Baseline", "Ratio"], [
      [
        "Cold start to first 200 (median)",
        ms(median(starts.project)),
        `${ms(median(starts.baseline))} (hello world)`,
        `${fmt(startRatio, 2)}×`,
      ],
      [
        "`cli.ts show churn-rate` (median)",
        ms(median(cli.project)),
        `${ms(median(cli.baseline))} (empty script)`,
        `${fmt(cliRatio, 2)}×`,
      ],
      ["Server RSS after start", `${fmt(memory.started, 1)} MiB`, "", ""],
      ["Server RSS after the benchmark", `${fmt(memory.after, 1)} MiB`, "", ""],
    ]),
    "",
    `Cold starts (ms): project ${starts.project.map((v) => fmt(v)).join(", ")}; ` +
    `hello world ${starts.baseline.map((v) => fmt(v)).join(", ")}.`,
    `CLI runs (ms): show ${cli.project.map((v) => fmt(v)).join(", ")}; ` +
    `empty ${cli.baseline.map((v) => fmt(v)).join(", ")}.`,
    "",
    "Targets:",
    "",
    target("one metric, Deno/nginx ≥ 1", ratio("one metric"), (v) => v >= 1),
    target("metric list gzip, Deno/nginx ≥ 1", ratio("metric list, gzip"), (v) => v >= 1),
    target("metric list brotli, Deno/nginx ≥ 1", ratio("metric list, brotli"), (v) => v >= 1),
    target("metric list uncompressed, Deno/nginx ≥ 0.8", ratio("metric list"), (v) => v >= 0.8),
    target(`worst Deno p99 < 5 ms (ms)`, worstP99, (v) => v < 5),
    target("cold start / hello world < 1.5", startRatio, (v) => v < 1.5),
    target("server RSS after the benchmark < 80 MiB", memory.after, (v) => v < 80),
    target("cli show / empty deno run < 1.5", cliRatio, (v) => v < 1.5),
  ].join("\n");
}
