/**
 * The report of `deno task bench`: the throughput table, start-up and memory, and each target
 * with its verdict, as Markdown.
 *
 * @module
 */
import type { BenchCase } from "./_cases.ts";
import type { NginxSite } from "./_nginx.ts";
import { fmt, median, table, verdict } from "./_stats.ts";
import type { ColdStarts, Runs, StartSide } from "./_startup.ts";
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

/**
 * Deno/nginx before start-up and memory were worked on (BENCHMARKS.md, the run of 2026-11-23):
 * the throughput these changes must not lose.
 */
const BEFORE = { "one metric": 0.88, "metric list, gzip": 0.58, "metric list, brotli": 0.66 };

function ms(value: number): string {
  return `${fmt(value, 2)} ms`;
}

/** Everything one run measured. */
export interface Measured {
  site: NginxSite;
  cases: CaseResult[];
  /** The Deno server's resident memory in MiB. */
  memory: { started: number; after: number };
  starts: ColdStarts;
  cli: Runs<StartSide>;
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
  // The pages computed per request and MCP are the server's own; the p99 target is for the rest.
  const worstP99 = Math.max(
    ...cases.filter((c) => c.nginx.length > 0).map((c) => p(c.deno, "p99Ms")),
  );
  const against = (name: string, base: string) => {
    const found = cases.find((c) => c.bench.name === name);
    const reference = cases.find((c) => c.bench.name === base);
    return found && reference ? rps(found.deno) / rps(reference.deno) : undefined;
  };
  const of = (runs: Runs<StartSide>, side: StartSide) => median(runs[side]);
  const startRatio = of(starts.compressed, "project") / of(starts.compressed, "baseline");
  const identityRatio = median(starts.identity.project) / median(starts.identity.baseline);
  const floorRatio = of(starts.compressed, "floor") / of(starts.compressed, "baseline");
  const cliRatio = of(cli, "project") / of(cli, "baseline");
  const cliFloorRatio = of(cli, "floor") / of(cli, "baseline");
  const target = (label: string, value: number | undefined, met: (value: number) => boolean) =>
    value === undefined
      ? `- ${label}: not measured (nginx cannot answer it here)`
      : `- ${label}: ${fmt(value, 2)} (${verdict(met(value))})`;
  const startRow = (label: string, runs: Runs<StartSide>, side: StartSide) => [
    label,
    ms(of(runs, side)),
    `${fmt(of(runs, side) / of(runs, "baseline"), 2)}×`,
  ];
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
    table(["Start-up (medians)", "Time", "Against its baseline"], [
      startRow(
        "Cold start to the first 200 on /api/metrics, client accepts brotli (fetch)",
        starts.compressed,
        "project",
      ),
      startRow("  hello-world `Deno.serve` (baseline)", starts.compressed, "baseline"),
      startRow(
        "  floor: a minimal program doing the same work (bench/fixtures/floor_server.ts)",
        starts.compressed,
        "floor",
      ),
      [
        "Cold start to the first 200, client asks for identity (like curl, which sends no Accept-Encoding)",
        ms(median(starts.identity.project)),
        `${fmt(identityRatio, 2)}× (hello world ${ms(median(starts.identity.baseline))})`,
      ],
      startRow("`cli.ts show churn-rate`", cli, "project"),
      startRow("  `deno run` of an empty script (baseline)", cli, "baseline"),
      startRow(
        "  floor: a minimal script printing the record (bench/fixtures/floor_cli.ts)",
        cli,
        "floor",
      ),
    ]),
    "",
    table(["Memory (RSS)", "Catalog server", "Hello world", "Floor"], [
      [
        "After the first answer (median of the spawns)",
        `${fmt(of(starts.rss, "project"), 1)} MiB`,
        `${fmt(of(starts.rss, "baseline"), 1)} MiB`,
        `${fmt(of(starts.rss, "floor"), 1)} MiB`,
      ],
      ["Server of the throughput runs, after start", `${fmt(memory.started, 1)} MiB`, "", ""],
      ["Server of the throughput runs, after them", `${fmt(memory.after, 1)} MiB`, "", ""],
    ]),
    "",
    `Cold starts, brotli client (ms): server ${
      starts.compressed.project.map((v) => fmt(v)).join(", ")
    }; ` +
    `hello world ${starts.compressed.baseline.map((v) => fmt(v)).join(", ")}; ` +
    `floor ${starts.compressed.floor.map((v) => fmt(v)).join(", ")}.`,
    `Cold starts, identity client (ms): server ${
      starts.identity.project.map((v) => fmt(v)).join(", ")
    }; ` +
    `hello world ${starts.identity.baseline.map((v) => fmt(v)).join(", ")}.`,
    `CLI runs (ms): show ${cli.project.map((v) => fmt(v)).join(", ")}; ` +
    `empty ${cli.baseline.map((v) => fmt(v)).join(", ")}; floor ${
      cli.floor.map((v) => fmt(v)).join(", ")
    }.`,
    "",
    "Targets:",
    "",
    target("cold start / hello world ≤ 3 (stretch 2)", startRatio, (v) => v <= 3),
    `  (identity client ${fmt(identityRatio, 2)}; the floor program ${fmt(floorRatio, 2)})`,
    target("server RSS after start ≤ 60 MiB", memory.started, (v) => v <= 60),
    target("server RSS after the benchmark ≤ 80 MiB", memory.after, (v) => v <= 80),
    target("cli show / empty deno run ≤ 2", cliRatio, (v) => v <= 2),
    `  (the floor script ${fmt(cliFloorRatio, 2)})`,
    ...(["one metric", "metric list, gzip", "metric list, brotli"] as const).map((name) =>
      target(
        `${name}, Deno/nginx, no regression from ${fmt(BEFORE[name], 2)}`,
        ratio(name),
        (v) => v >= BEFORE[name],
      )
    ),
    target("metric list uncompressed, Deno/nginx ≥ 0.8", ratio("metric list"), (v) => v >= 0.8),
    target(`worst Deno p99 < 5 ms, cases nginx also serves (ms)`, worstP99, (v) => v < 5),
    ...(["MCP tools/call get_metric", "MCP tools/list"] as const).map((name) =>
      target(
        `${name} / GET one metric ≥ 0.25 (stretch 0.5)`,
        against(name, "one metric"),
        (v) => v >= 0.25,
      )
    ),
  ].join("\n");
}
