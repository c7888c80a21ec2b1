/**
 * The report of `deno task bench`: the throughput table, start-up and memory, and each limit of
 * issue #33 that the run measures with its verdict, as Markdown.
 *
 * @module
 */
import type { BenchCase } from "./_cases.ts";
import type { NginxSite } from "./_nginx.ts";
import { fmt, median, table, verdict } from "./_stats.ts";
import type { ColdStarts, Runs, StartSide } from "./_startup.ts";
import { scriptCounts, socketErrorCount, type WrkResult } from "./_wrk.ts";

/** The flags of `deno task bench`. */
export interface Options {
  duration: number;
  connections: number;
  /** 0: one per CPU wrk runs on. */
  threads: number;
  rounds: number;
  warmup: number;
  spawns: number;
  nginx: "export" | "fetched" | "auto";
  nginxWorkers: number;
  pin: boolean;
}

/** The options with the machine's split resolved. */
export interface Plan extends Options {
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

/** The limits of issue #33 that one run of the bench measures. */
export const LIMITS = {
  /** Cold start to the first 200 of /api/metrics, against a hello-world `Deno.serve`: at most. */
  coldStart: 3,
  /** RSS after the first answer, MiB: at most. */
  firstAnswerMiB: 64,
  /** `cli.ts show churn-rate` against `deno run` of an empty script: at most. */
  cli: 3,
  /** MCP `tools/call get_metric` against `GET /api/metrics/churn-rate`, requests a second: at least. */
  mcp: 0.25,
  /** Deno against nginx on the same bytes, for every case both serve: at least. */
  nginx: 0.5,
  /** Deno's p99 latency for every case nginx also serves, ms: below. */
  p99Ms: 5,
};

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
    const sum = (count: (run: WrkResult) => number) => deno.reduce((n, run) => n + count(run), 0);
    const errors = sum(socketErrorCount);
    const statuses = bench.status === 200 ? sum((run) => run.errorStatuses) : 0;
    const rpcErrors = bench.post === undefined ? 0 : sum((run) => scriptCounts(run).rpcErrors);
    return errors + statuses + rpcErrors > 0
      ? [
        `${bench.name}: ${errors} socket errors, ${statuses} error statuses, ` +
        `${rpcErrors} MCP errors from Deno`,
      ]
      : [];
  });
  const of = (runs: Runs<StartSide>, side: StartSide) => median(runs[side]);
  const startRatio = of(starts.compressed, "project") / of(starts.compressed, "baseline");
  const identityRatio = median(starts.identity.project) / median(starts.identity.baseline);
  const cliRatio = of(cli, "project") / of(cli, "baseline");
  const firstRss = of(starts.rss, "project");
  const byName = (name: string) => cases.find((c) => c.bench.name === name);
  const mcp = byName("MCP tools/call get_metric");
  const get = byName("one metric");
  const mcpLabel = `MCP tools/call get_metric ≥ ${LIMITS.mcp}× GET /api/metrics/churn-rate`;
  const limit = (label: string, measured: string, met: boolean | undefined) => [
    label,
    measured,
    met === undefined ? "not measured" : verdict(met),
  ];
  const limits = [
    limit(
      `Cold start to the first 200 of /api/metrics ≤ ${LIMITS.coldStart}× hello-world Deno.serve`,
      `${fmt(startRatio, 2)}× (${ms(of(starts.compressed, "project"))} / ` +
        `${ms(of(starts.compressed, "baseline"))})`,
      startRatio <= LIMITS.coldStart,
    ),
    limit(
      `RSS after the first answer ≤ ${LIMITS.firstAnswerMiB} MiB`,
      `${fmt(firstRss, 1)} MiB (median of ${starts.rss.project.length} spawns)`,
      firstRss <= LIMITS.firstAnswerMiB,
    ),
    limit(
      `\`cli.ts show churn-rate\` ≤ ${LIMITS.cli}× an empty \`deno run\``,
      `${fmt(cliRatio, 2)}× (${ms(of(cli, "project"))} / ${ms(of(cli, "baseline"))})`,
      cliRatio <= LIMITS.cli,
    ),
    mcp && get
      ? limit(
        mcpLabel,
        `${fmt(rps(mcp.deno) / rps(get.deno), 2)}× (${fmt(rps(mcp.deno))} / ` +
          `${fmt(rps(get.deno))} req/s)`,
        rps(mcp.deno) / rps(get.deno) >= LIMITS.mcp,
      )
      : limit(mcpLabel, "", undefined),
    // Every case nginx also serves; the answers computed per request and MCP are the server's own.
    ...cases.filter((c) => c.nginx.length > 0).flatMap(({ bench, wire, deno, nginx }) => [
      wire.same
        ? limit(
          `${bench.name}: ≥ ${LIMITS.nginx}× nginx on the same bytes`,
          `${fmt(rps(deno) / rps(nginx), 2)}× (${fmt(rps(deno))} / ${fmt(rps(nginx))} req/s)`,
          rps(deno) / rps(nginx) >= LIMITS.nginx,
        )
        : [
          `${bench.name}: ≥ ${LIMITS.nginx}× nginx on the same bytes`,
          `${fmt(rps(deno) / rps(nginx), 2)}×, but the bodies differ`,
          "not judged",
        ],
      limit(
        `${bench.name}: Deno p99 < ${LIMITS.p99Ms} ms`,
        ms(p(deno, "p99Ms")),
        p(deno, "p99Ms") < LIMITS.p99Ms,
      ),
    ]),
  ];
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
    table(["Limit (issue #33)", "Measured (medians)", "Verdict"], limits),
    "",
    "The soaks measure the rest: `deno task soak-mcp` and `deno task soak-mcp --contention 2` " +
    "(RSS flat ±10% and ≤ 160 MiB, 0 errors), `deno task soak` (0 errors).",
  ].join("\n");
}
