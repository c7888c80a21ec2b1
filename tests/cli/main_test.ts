import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { FIXTURE, onlyLine, runTask, runWithBrokenStdout, taskArgs } from "../_spawn.ts";
import { recipeText } from "../../lib/sql/recipe.ts";
import type { Command } from "../../lib/cli/command.ts";

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `deno task cli` with its own flags and an explicit environment (no CATALOG_DIR). */
function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return runTask("cli", args, { env: { NO_COLOR: "", COLUMNS: "80", ...env } });
}

Deno.test("cli show prints every section of a metric, wrapped to the width", async () => {
  const result = await cli(["show", "churn-rate"], { COLUMNS: "72" });
  assert.equal(result.code, 0, result.stderr);
  for (const heading of ["DEFINITION", "FORMULA", "BENCHMARKS", "WHAT TO WATCH", "SOURCES"]) {
    assert.ok(result.stdout.includes(heading), heading);
  }
  assert.ok(result.stdout.startsWith("Customer Churn Rate\n"));
  const longest = Math.max(
    ...result.stdout.split("\n").filter((line) => !line.includes("://"))
      .map((line) => line.length),
  );
  assert.ok(longest <= 72, `a line is ${longest} characters`);
});

Deno.test("cli prints no colour when stdout is not a terminal, even without NO_COLOR", async () => {
  const result = await cli(["show", "churn-rate"]);
  assert.ok(!result.stdout.includes("\x1b["));
});

Deno.test("cli show --json prints the API's metric shape", async () => {
  const result = await cli(["show", "net-revenue-retention", "--json"]);
  assert.equal(result.code, 0, result.stderr);
  const metric = JSON.parse(result.stdout);
  assert.equal(metric.slug, "net-revenue-retention");
  assert.equal(metric.abbreviation, "NRR");
  assert.ok(Array.isArray(metric.sources));
  assert.ok(!("benchmarksReviewed" in metric));
});

Deno.test("cli list filters by tag and kind, as text and JSON", async () => {
  const composite = await cli(["list", "--kind", "composite", "--json"]);
  assert.equal(composite.code, 0, composite.stderr);
  assert.deepEqual(JSON.parse(composite.stdout).map((metric: { slug: string }) => metric.slug), [
    "customer-health-score",
    "product-engagement-score",
  ]);
  const referral = await cli(["list", "--tag", "referral"]);
  assert.equal(referral.code, 0);
  const slugs = referral.stdout.trim().split("\n").map((line) => line.split(/\s+/)[0]);
  assert.deepEqual(slugs, ["net-promoter-score", "referral-rate", "viral-coefficient"]);
  const all = await cli(["list", "--json"]);
  assert.equal(JSON.parse(all.stdout).length, 44);
});

Deno.test("cli list refuses an unknown tag with usage on stderr and exit 2", async () => {
  const result = await cli(["list", "--tag", "fun"]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /--tag "fun" must be one of: acquisition/);
  assert.match(result.stderr, /Usage: metrics-catalog list/);
});

Deno.test("cli search ranks hits and prints JSON hits with slug, name and type", async () => {
  const result = await cli(["search", "net", "dollar", "retention", "--limit", "3", "--json"]);
  assert.equal(result.code, 0, result.stderr);
  const hits = JSON.parse(result.stdout);
  assert.equal(hits.length, 3);
  assert.equal(hits[0].slug, "net-revenue-retention");
  for (const hit of hits) assert.ok(hit.slug && hit.name && hit.type);
  const text = await cli(["search", "stickiness"]);
  assert.match(text.stdout, /^1\. DAU\/MAU Ratio \(Stickiness\)/);
});

Deno.test("cli search filters by --tag, shows the matching sentence and refuses an unknown tag in one line", async () => {
  const tagged = await cli(["search", "churn", "--tag", "revenue", "--json"]);
  assert.equal(tagged.code, 0, tagged.stderr);
  const slugs = JSON.parse(tagged.stdout).map((hit: { slug: string }) => hit.slug);
  assert.ok(slugs.includes("revenue-churn-rate") && !slugs.includes("churn-rate"), slugs.join());
  const passage = await cli(["search", "hosting"]);
  assert.match(passage.stdout, /“[^”]*hosting[^”]*”/);
  const unknown = await cli(["search", "churn", "--tag", "fun"]);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stdout, "");
  assert.equal(unknown.stderr.trim().split("\n").length, 1, unknown.stderr);
  assert.match(unknown.stderr, /--tag "fun" must be one of: acquisition/);
});

Deno.test("cli show offers the record a typo of its everyday name means", async () => {
  const result = await cli(["show", "chrun"]);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /No metric has the slug "chrun"\. Did you mean "churn-rate"\?/);
});

Deno.test("cli search refuses a bad --limit and a missing query", async () => {
  assert.equal((await cli(["search", "churn", "--limit", "0"])).code, 2);
  assert.equal((await cli(["search", "churn", "--limit", "ten"])).code, 2);
  const missing = await cli(["search"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /needs a query/);
});

Deno.test("cli benchmarks prints each figure with citations and the review date", async () => {
  const result = await cli(["benchmarks", "churn-rate"]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /Last reviewed \d{4}-\d{2}-\d{2}/);
  assert.match(result.stdout, /SOURCES\n\s+\[1\] .+\n\s+https?:\/\//);
  const json = JSON.parse((await cli(["benchmarks", "churn-rate", "--json"])).stdout);
  assert.ok(json.benchmarks.length >= 2);
  assert.match(json.benchmarksReviewed, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(json.sources.every((source: { url: string }) => /^https?:\/\//.test(source.url)));
});

Deno.test("cli benchmarks tables the figures: value, statistic, period, segment, year and source", async () => {
  const result = await cli(["benchmarks", "churn-rate"]);
  assert.equal(result.code, 0, result.stderr);
  const table = result.stdout.split("\nFIGURES\n")[1]?.split("\n\n")[0] ?? "";
  assert.match(table, /^\s+#\s+Value\s+Statistic\s+Per\s+Segment\s+Year\s+Source\n/);
  // A row is its numbered line and the lines its wrapped cells continue on.
  const rows = table.split("\n").slice(1).join("\n").split(/\n(?=\s+\d+\s)/)
    .map((row) => row.replace(/\s+/g, " ").trim());
  const { loadCatalog } = await import("../../lib/mod.ts");
  const churn = (await loadCatalog()).metrics.find((metric) => metric.slug === "churn-rate");
  assert.equal(rows.length, churn?.figures?.length);
  const row = rows.find((text) => text.startsWith("4 "));
  for (const part of ["6.8%", "median", "month", "ARPA $0–10 a month", "undated", "[3]"]) {
    assert.ok(row?.includes(part), `${part} in row 4: ${row}`);
  }
  // A cell wraps within its column, so the label's words may share a row with the next cells.
  assert.match(rows.find((text) => text.startsWith("9 ")) ?? "", /^9 ≤ 2% “target for /);
  assert.match(rows.find((text) => text.startsWith("12 ")) ?? "", / 2020 \[7\] /);
  for (const line of result.stdout.split("\n").filter((line) => !line.includes("://"))) {
    assert.ok(line.length <= 80, line);
  }
  const json = JSON.parse((await cli(["benchmarks", "churn-rate", "--json"])).stdout);
  assert.equal(json.figures[3].segmentLabel, "SaaS companies, ARPA $0–10 a month");
});

Deno.test("cli benchmarks shows a series over the years, oldest first, and each figure's data year", async () => {
  const result = await cli(["benchmarks", "arr"]);
  assert.equal(result.code, 0, result.stderr);
  const flat = result.stdout.replace(/\s+/g, " ");
  assert.match(
    flat,
    / OVER THE YEARS - ARR growth, top quartile, SaaS companies, ARR \$1M–\$30M, 2020–2022 \(ChartMogul\): 2020 93\.4% \(#7\) → 2021 78\.9% \(#8\) → 2022 62\.1% \(#6\) \[4\] SOURCES /,
  );
  assert.match(flat, / 6 62\.1% top-quartile .* 2023 \(data 2022\) \[4\] /);
  const json = JSON.parse((await cli(["benchmarks", "arr", "--json"])).stdout);
  assert.deepEqual(json.series, [{
    id: "chartmogul-top-quartile-arr-growth",
    source: 4,
    points: [
      { figure: 7, year: 2020, written: "93.4%", value: 93.4 },
      { figure: 8, year: 2021, written: "78.9%", value: 78.9 },
      { figure: 6, year: 2022, written: "62.1%", value: 62.1 },
    ],
  }]);
  assert.deepEqual(
    json.figures.slice(5, 8).map((figure: { dataYear?: number; series?: string }) => [
      figure.dataYear,
      figure.series,
    ]),
    [2022, 2020, 2021].map((year) => [year, "chartmogul-top-quartile-arr-growth"]),
  );
  const none = await cli(["benchmarks", "activation-rate"]);
  assert.doesNotMatch(none.stdout, /OVER THE YEARS/);
  assert.equal(
    JSON.parse((await cli(["benchmarks", "activation-rate", "--json"])).stdout).series,
    undefined,
  );
});

Deno.test("cli compare places a value against a series' latest point, says its year, and sets the earlier points apart", async () => {
  const result = await cli(["compare", "trial-to-paid-conversion-rate", "20%"]);
  assert.equal(result.code, 0, result.stderr);
  const flat = result.stdout.replace(/\s+/g, " ");
  assert.match(flat, /is worse than Recurly's 2024 reported figure \(33%\)/);
  assert.match(
    flat,
    / #5 is worse than Recurly's reported figure \(33%\) .*\(Recurly, 2024, the latest of a series from 2021\)/,
  );
  assert.match(flat, / #4 is an earlier point of a series \(2021\); its latest point is compared /);
  const json = JSON.parse(
    (await cli(["compare", "trial-to-paid-conversion-rate", "20%", "--json"])).stdout,
  );
  assert.ok(!json.placements.some((item: { figure: number }) => item.figure === 4));
  assert.deepEqual(
    json.placements.find((item: { figure: number }) => item.figure === 5)?.series,
    { id: "recurly-free-trial-conversion", from: 2021, points: 2 },
  );
});

Deno.test("cli compare leads with the verdict, groups the figures by segment and cites the sources", async () => {
  const result = await cli(["compare", "churn-rate", "3%", "--segment", "model=b2b"]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, "");
  const flat = result.stdout.replace(/\s+/g, " ");
  assert.match(
    flat,
    /churn-rate · lower is better For B2B, 3% a month is within 2 of the 3 typical ranges, /,
  );
  assert.match(
    flat,
    /YOUR SEGMENT \(B2B\) #2 is better than Recurly's reported figure \(5% a month\) for subscription businesses, B2B \(Recurly, undated\)/,
  );
  assert.match(
    flat,
    /OTHER FIGURES THAT MAY APPLY #1 is better than Recurly's reported figure \(5\.6% a month\) for subscription businesses \(any business model\)/,
  );
  const [, folded = ""] = result.stdout.split("\nFOR OTHER SEGMENTS, NOT COMPARED\n");
  assert.match(folded, /#3 is for another segment \(B2C\)/, "the B2C figure is set apart");
  assert.doesNotMatch(flat.split("FOR OTHER SEGMENTS")[0] ?? "", /7\.1%/, "and not compared");
  const [, sources = ""] = result.stdout.split("\nSOURCES\n");
  assert.match(
    sources,
    /\[1\] Recurly, "What is churn rate".*\n\s+https:\/\/www\.recurly\.com\/blog\/what-is-churn-rate\//,
  );
  assert.doesNotMatch(sources, /\[2\]/, "a source no placed figure cites is left out");
  const yearly = await cli(["compare", "churn-rate", "30", "--per", "year"]);
  assert.equal(yearly.code, 0, yearly.stderr);
  assert.match(yearly.stdout.replace(/\s+/g, " "), /30% a year \(2\.93% a month compounded\) is/);
});

Deno.test("cli compare gives each figure's year and marks one more than five years old", async () => {
  const result = await cli(["compare", "net-promoter-score", "40"]);
  assert.equal(result.code, 0, result.stderr);
  const flat = result.stdout.replace(/\s+/g, " ");
  assert.match(
    flat,
    /#4 is better than destinationCRM's average \(4 points\) .*\(destinationCRM, 2012, more than five years old\)/,
  );
  const json = JSON.parse((await cli(["compare", "cac-payback-period", "14", "--json"])).stdout);
  const text = (await cli(["compare", "cac-payback-period", "14"])).stdout.replace(/\s+/g, " ");
  const thisYear = new Date().getFullYear();
  assert.ok(json.placements.length > 0);
  for (const placement of json.placements) {
    const line = new RegExp(`#${placement.figure} [^#]*, ${placement.year}\\b`);
    assert.ok(placement.year === "undated" || Number.isInteger(placement.year), text);
    assert.equal(placement.old, placement.year < thisYear - 5 ? true : undefined);
    assert.match(text, line);
  }
});

Deno.test("cli compare --help lists the segment keys by metric, and a metric's values", async () => {
  const all = await cli(["compare", "--help"]);
  assert.equal(all.code, 0, all.stderr);
  assert.match(
    all.stdout,
    /^ {2}net-revenue-retention\s+model, customers, annual-arpa, acv, arr$/m,
  );
  const nrr = await cli(["compare", "net-revenue-retention", "--help"]);
  assert.match(
    nrr.stdout,
    /^ {2}acv\s+Annual contract value: a number in US dollars, or under-12k,/m,
  );
  assert.match(nrr.stdout, /^ {2}model\s+Business model: b2b, b2c, consumer-saas/m);
  assert.doesNotMatch(nrr.stdout, /company|stage/, "a company's own figure names no segment");
});

Deno.test("cli compare --json prints the comparison compareValue gives, with every --segment", async () => {
  const { loadCatalog } = await import("../../lib/mod.ts");
  const { compareValue } = await import("../../lib/read/compare.ts");
  const catalog = await loadCatalog();
  const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate");
  assert.ok(churn);
  const expected = compareValue(churn, {
    value: 2.5,
    per: "month",
    segment: { model: "b2b", arpa: "250" },
  }, { segments: catalog.segments });
  const args = [
    "churn-rate",
    "2.5",
    "--per",
    "month",
    "--segment",
    "model=b2b",
    "--segment",
    "arpa=250",
  ];
  const result = await cli(["compare", ...args, "--json"]);
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), JSON.parse(JSON.stringify(expected)));
  assert.ok(expected.placements.some((item) => item.match === "closest"));
});

Deno.test("cli compare answers each bad input in one line on stderr", async () => {
  const cases: [string[], RegExp, number][] = [
    [["churn-rate", "abc"], /The value must be a percentage, such as "3%" or "3", not "abc"/, 2],
    [["churn-rate", "1e400"], /The value must be a percentage, .* not "1e400"/, 2],
    [["churn-rate", "NaN"], /The value must be a percentage, .* not "NaN"/, 2],
    [["churn-rate", "0.8"], /Is 0\.8 0\.8% or 80%\? Write the value with a % sign/, 2],
    [["churn-rate", "$3"], /The value must be a percentage, .* not "\$3"/, 2],
    [
      ["net-revenue-retention", "104", "--segment", "acv=lots"],
      /Segment "acv" must be US dollars, such as "\$200" or "30k", not "lots"/,
      2,
    ],
    [
      ["churn-rate", "3", "--segment", "plan=pro"],
      /Unknown segment "plan" for "churn-rate"; use "model", "customers"/,
      2,
    ],
    [
      ["churn-rate", "3", "--segment", "model=b2x"],
      /Segment "model" takes one of "b2b", "b2c".*not "b2x"/,
      2,
    ],
    [["churn-rate", "3", "--segment", "model"], /--segment "model" must be key=value/, 2],
    [
      ["churn-rate", "3", "--per", "fortnight"],
      /^metrics-catalog: The period must be one of day, week, month, quarter, year, not "fortnight"$/m,
      2,
    ],
    // A composite score has no benchmarks at all, so no figures will arrive for it.
    [
      ["customer-health-score", "50"],
      /"customer-health-score" has no benchmark figures to compare a value with/,
      2,
    ],
    // Not found, as for show and benchmarks: exit 1.
    [["churn-rat", "3"], /No metric has the slug "churn-rat"\. Did you mean "churn-rate"/, 1],
  ];
  const results = await Promise.all(cases.map(([args]) => cli(["compare", ...args])));
  results.forEach((result, index) => {
    const [args, message, code] = cases[index] ?? [[], /$^/, 0];
    const label = args.join(" ");
    assert.equal(result.code, code, label);
    assert.equal(result.stdout, "", label);
    assert.match(result.stderr, message, label);
    assert.equal(result.stderr.trimEnd().split("\n").length, 1, `${label}: ${result.stderr}`);
  });
});

Deno.test("cli frameworks and framework show the frameworks", async () => {
  const list = await cli(["frameworks", "--json"]);
  assert.deepEqual(JSON.parse(list.stdout).map((framework: { slug: string }) => framework.slug), [
    "aarrr",
    "growth-accounting",
    "heart",
    "north-star",
  ]);
  const one = await cli(["framework", "heart"]);
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stdout, /^HEART Framework\n/);
  assert.match(one.stdout, /COMPONENTS/);
});

Deno.test("cli answers an unknown slug with a did-you-mean on stderr and exit 1", async () => {
  const result = await cli(["show", "churn-rat"]);
  assert.equal(result.code, 1);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /No metric has the slug "churn-rat"\. Did you mean "churn-rate"/);
  assert.doesNotMatch(result.stderr, /quick-ratio/);
  const framework = await cli(["show", "aarrr"]);
  assert.equal(framework.code, 1);
  assert.match(framework.stderr, /"aarrr" is a framework: try "metrics-catalog framework aarrr"/);
});

Deno.test("cli resolves abbreviations and everyday names, and says so on stderr", async () => {
  for (const [name, slug] of [["NRR", "net-revenue-retention"], ["nps", "net-promoter-score"]]) {
    const result = await cli(["show", name ?? "", "--json"]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).slug, slug);
    assert.match(result.stderr, new RegExp(`"${name}" is ${slug}`));
  }
  const benchmarks = await cli(["benchmarks", "nrr", "--json"]);
  assert.equal(benchmarks.code, 0, benchmarks.stderr);
  assert.equal(JSON.parse(benchmarks.stdout).slug, "net-revenue-retention");
});

Deno.test("cli prints its version", async () => {
  const result = await cli(["--version"]);
  assert.equal(result.code, 0);
  assert.match(result.stdout, /^metrics-catalog \d+\.\d+\.\d+\n$/);
});

Deno.test("cli answers an unknown command or flag with usage on stderr and exit 2", async () => {
  const command = await cli(["lst"]);
  assert.equal(command.code, 2);
  assert.match(command.stderr, /Unknown command "lst"\. Did you mean "list"\?/);
  assert.match(command.stderr, /Commands:/);
  // A slip in a command names the closest one; a word near none names none.
  const slips: [string, string][] = [["lsit", "list"], ["serach", "search"], ["mpc", "mcp"]];
  for (const [typed, meant] of slips) {
    const slip = await inProcess([typed]);
    assert.equal(slip.code, 2, typed);
    assert.match(
      slip.stderr,
      new RegExp(`Unknown command "${typed}"\\. Did you mean "${meant}"\\?`),
    );
  }
  const far = await inProcess(["xyz"]);
  assert.match(far.stderr, /Unknown command "xyz"\n/);
  const flag = await cli(["show", "churn-rate", "--colour"]);
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /--colour/);
  assert.match(flag.stderr, /Usage: metrics-catalog show/);
  const extra = await cli(["show", "a", "b"]);
  assert.equal(extra.code, 2);
  const negative = await cli(["search", "churn", "--limit", "-1"]);
  assert.equal(negative.code, 2);
  assert.match(negative.stderr, /--limit "-1" must be a whole number from 1 to 999/);
  const missing = await cli(["search", "churn", "--limit"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /"--limit" needs a value/);
  for (const result of [flag, negative, missing]) {
    assert.doesNotMatch(result.stderr, /ERR_PARSE_ARGS|argument is ambiguous|'/);
  }
  const tag = await cli(["list", "--tag", "Referral", "--json"]);
  assert.equal(tag.code, 0, tag.stderr);
  assert.equal(JSON.parse(tag.stdout).length, 3);
});

Deno.test("cli sql prints a metric's recipe as its file is, by slug or name, one text for PostgreSQL and DuckDB, rewritten for ClickHouse", async () => {
  const file = await readFile(
    new URL("../../lib/sql/recipes/churn-rate.sql", import.meta.url),
    "utf8",
  );
  for (const args of [["sql", "churn-rate"], ["sql", "churn-rate", "--dialect", "duckdb"]]) {
    const result = await cli(args);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, file, args.join(" "));
    assert.equal(result.stderr, "");
  }
  const named = await cli(["sql", "NRR", "--dialect=postgres"]);
  assert.equal(named.code, 0, named.stderr);
  assert.match(named.stdout, /^-- Metric: net-revenue-retention\n/);
  assert.equal(named.stderr, 'metrics-catalog: "NRR" is net-revenue-retention\n');
  // ClickHouse's text is the file through the rewrites, the same the server serves
  const clickhouse = await cli(["sql", "conversion-rate", "--dialect", "clickhouse"]);
  assert.equal(clickhouse.code, 0, clickhouse.stderr);
  assert.equal(
    clickhouse.stdout,
    recipeText(
      await readFile(new URL("../../lib/sql/recipes/conversion-rate.sql", import.meta.url), "utf8"),
      "clickhouse",
    ),
  );
  assert.match(clickhouse.stdout, /^-- Dialect: ClickHouse /m);
  assert.match(clickhouse.stdout, /\nSETTINGS join_use_nulls = 1;\n$/);
});

Deno.test("cli sql --schema prints the DDL of each engine, PostgreSQL by default, without reading a catalog", async () => {
  for (
    const [args, dialect] of [
      [[], "postgres"],
      [["--dialect", "DuckDB"], "duckdb"],
      [["--dialect", "clickhouse"], "clickhouse"],
    ] as const
  ) {
    const result = await cli(["sql", "--schema", ...args], { CATALOG_DIR: "/nonexistent" });
    assert.equal(result.code, 0, result.stderr);
    const file = new URL(`../../lib/sql/schema.${dialect}.sql`, import.meta.url);
    assert.equal(result.stdout, await readFile(file, "utf8"), dialect);
  }
});

Deno.test("cli sql answers an unknown slug, a metric without a recipe and an unknown engine in one line, exit 1, 1 and 2", async () => {
  const cases: [string[], number, RegExp][] = [
    [
      ["sql", "chrun-rate"],
      1,
      /^metrics-catalog: No metric has the slug "chrun-rate"\. Did you mean "churn-rate"\?\n$/,
    ],
    [
      ["sql", "task-success-rate"],
      1,
      /^metrics-catalog: "task-success-rate" has no SQL recipe: its attempts are a usability study's observations, [^\n]+\n$/,
    ],
    [
      ["sql", "power-user-curve"],
      1,
      /^metrics-catalog: "power-user-curve" has no SQL recipe: it is a curve, not one figure: [^\n]+\n$/,
    ],
    [
      ["sql", "churn-rate", "--dialect", "mysql"],
      2,
      /^metrics-catalog: --dialect "mysql" must be one of: postgres, duckdb, clickhouse\n$/,
    ],
    [
      ["sql", "--schema", "--dialect", "oracle"],
      2,
      /^metrics-catalog: --dialect "oracle" must be one of: postgres, duckdb, clickhouse\n$/,
    ],
  ];
  for (const [args, code, stderr] of cases) {
    const result = await cli(args);
    assert.equal(result.code, code, args.join(" "));
    assert.equal(result.stdout, "", args.join(" "));
    assert.match(result.stderr, stderr, args.join(" "));
  }
  for (const args of [["sql"], ["sql", "churn-rate", "--schema"], ["sql", "a", "b"]]) {
    const result = await cli(args);
    assert.equal(result.code, 2, args.join(" "));
    assert.match(
      result.stderr,
      /^metrics-catalog: "sql" takes (exactly one slug, or --schema|no slug with --schema)\n\nUsage: metrics-catalog sql /,
    );
  }
});

Deno.test("cli --help prints help for the tool and for each command", async () => {
  const tool = await cli(["--help"]);
  assert.equal(tool.code, 0);
  const commands = [
    "list",
    "show",
    "search",
    "benchmarks",
    "compare",
    "frameworks",
    "framework",
    "sql",
  ];
  for (const command of commands) {
    assert.match(tool.stdout, new RegExp(`\\n  ${command} `));
    const help = await cli([command, "--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, new RegExp(`^Usage: metrics-catalog ${command}`));
  }
});

Deno.test("cli validate reports a valid catalog, and problems with file and field otherwise", async () => {
  const valid = await cli(["validate"]);
  assert.equal(valid.code, 0, valid.stderr);
  assert.match(valid.stdout, /44 metrics, 4 frameworks/);
  const dir = await mkdtemp(`${tmpdir()}/cli `);
  try {
    await cp(FIXTURE, dir, { recursive: true });
    const alpha = await readFile(`${dir}/metrics/alpha-rate.md`, "utf8");
    await writeFile(`${dir}/metrics/alpha-rate.md`, alpha.replace("tags:", "x: 1\ntags:"));
    for (const args of [["show", "alpha-rate"], ["validate"]]) {
      const output = await cli(args, { CATALOG_DIR: dir });
      assert.equal(output.code, 1, args.join(" "));
      assert.match(output.stderr, /alpha-rate\.md: x: unknown field/);
    }
  } finally {
    await rm(dir, { recursive: true });
  }
});

Deno.test("cli list is A to Z by name, within COLUMNS; search hits align past 9; formulas keep their parentheses", async () => {
  const list = await cli(["list"], { COLUMNS: "60" });
  assert.equal(list.code, 0, list.stderr);
  const wide = await cli(["list"], { COLUMNS: "120" });
  const names = wide.stdout.split("\n").filter((line) => /^[a-z]/.test(line))
    .map((line) => line.replace(/^\S+\s+/, "").replace(/ \[.*$/, ""));
  const sorted = [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
  assert.deepEqual(names, sorted);
  assert.ok(names[0]?.startsWith("Activation Rate"), names[0]);
  for (const line of list.stdout.split("\n")) assert.ok(line.length <= 60, line);
  const found = await cli(["search", "rate", "--limit", "12"], { COLUMNS: "80" });
  const numbered = found.stdout.split("\n").filter((line) => /^\d+\./.test(line));
  assert.equal(numbered.length, 12);
  const starts = new Set(numbered.map((line) => line.search(/[A-Z]/)));
  assert.equal(starts.size, 1, "names start in one column");
  assert.doesNotMatch(found.stdout, /Framework framework/);
  const help = await cli(["--help"], { COLUMNS: "50" });
  for (const line of help.stdout.split("\n")) assert.ok(line.length <= 50, `--help: ${line}`);
  const show = await cli(["show", "churn-rate"], { COLUMNS: "40" });
  const formula = show.stdout.split("FORMULA\n")[1]?.split("\n\n")[0] ?? "";
  for (const line of formula.split("\n")) {
    const open = (line.match(/\(/g) ?? []).length;
    const close = (line.match(/\)/g) ?? []).length;
    assert.equal(open, close, `a line breaks inside a parenthesis: ${line}`);
  }
});

Deno.test("cli colours headings and links on a terminal, and nothing with NO_COLOR", async () => {
  const { loadCatalog } = await import("../../lib/mod.ts");
  const { runCli } = await import("../../lib/cli/main.ts");
  const catalog = await loadCatalog();
  const show = async (env: Record<string, string>) => {
    let out = "";
    const code = await runCli(["show", "churn-rate"], {
      env: (name) => env[name],
      stdout: (text) => out += text,
      stderr: () => {},
      isTerminal: true,
      columns: 100,
      loadCatalog: () => Promise.resolve(catalog),
      writeArtifact: () => Promise.reject(new Error("not used")),
      serve: () => {},
      serveMcp: () => Promise.resolve(),
    });
    assert.equal(code, 0);
    return out;
  };
  const coloured = await show({});
  assert.ok(coloured.includes("\x1b[1mDEFINITION\x1b[22m"), "a bold heading");
  // deno-lint-ignore no-control-regex
  assert.match(coloured, /\x1b\[36mhttps:\/\/[^\x1b]+\x1b\[39m/, "a cyan link");
  assert.ok(!(await show({ NO_COLOR: "1" })).includes("\x1b["));
});

Deno.test("cli calc computes a metric, shows the formula with the numbers and places the result", async () => {
  const result = await cli(["calc", "churn-rate", "--lost", "90", "--start", "2000"]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Customer Churn Rate: 4\.5% a month\n/);
  assert.match(result.stdout, /lost ÷ start × 100 = 90 ÷ 2,000 × 100 = 4\.5%/);
  assert.match(
    result.stdout.replace(/\s+/g, " "),
    /4\.5% a month is better than .*Recurly's reported figure \(5\.6% a month\)/,
  );
  const json = JSON.parse(
    (await cli(["calc", "churn", "--lost=90", "--start=2000", "--json"])).stdout,
  );
  assert.equal(json.value, 4.5);
  assert.equal(json.unit, "percent");
  assert.deepEqual(json.inputs, { lost: 90, start: 2000 });
  assert.ok(json.comparison.placements.length > 0);
});

Deno.test("cli calc without inputs lists them, and a metric without a calculator says why", async () => {
  const inputs = await cli(["calc", "churn-rate"]);
  assert.equal(inputs.code, 0, inputs.stderr);
  assert.match(inputs.stdout, /--lost \(Customers lost, count\): customers active at the start/);
  assert.match(inputs.stdout, /Example: calc churn-rate --lost 90 --start 2000/);
  const none = await cli(["calc", "power-user-curve", "--x", "1"]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /^metrics-catalog: "power-user-curve" has no calculator: .+\n$/);
});

Deno.test("cli calc answers every hostile input with one line and exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [["--lost", "90", "--start", "0"], /Division by zero: start is 0/],
    [["--lost", "-3", "--start", "10"], /Input "lost" \(Customers lost\) must not be negative/],
    [["--lost", "1e400", "--start", "10"], /Input "lost" must be a number, not "1e400"/],
    [["--lost", "abc", "--start", "10"], /Input "lost" must be a number, not "abc"/],
    [["--lost", "3"], /Missing input "start"/],
    [
      ["--lsot", "3", "--start", "4"],
      /Unknown input "lsot" for "churn-rate"; its inputs are "lost", "start"/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = await cli(["calc", "churn-rate", ...args]);
    assert.equal(result.code, 2, args.join(" "));
    assert.equal(result.stderr.trim().split("\n").length, 1, result.stderr);
    assert.match(result.stderr, message);
    assert.doesNotMatch(result.stdout + result.stderr, /NaN|Infinity/);
  }
});

Deno.test("cli ends in one line and exit 1 when stdout is closed early or full", async () => {
  const closed = await runWithBrokenStdout(taskArgs("cli", "show", "churn-rate"), "closed");
  assert.equal(closed.code, 1, closed.stderr);
  assert.match(
    onlyLine(closed),
    /^metrics-catalog: The output was cut short: the command reading it stopped early; to keep all of it, write it to a file$/,
  );
  const full = await runWithBrokenStdout(taskArgs("cli", "show", "churn-rate"), "full");
  assert.equal(full.code, 1, full.stderr);
  assert.match(
    onlyLine(full),
    /^metrics-catalog: The output was cut short: no space is left on the device it goes to; free some space or write it elsewhere$/,
  );
});

Deno.test("cli compare lists one placement a line, and calc takes kebab-case input names", async () => {
  const compare = await cli(["compare", "churn-rate", "3", "--segment", "model=b2b"]);
  assert.equal(compare.code, 0, compare.stderr);
  assert.match(compare.stdout, /^ {2}#2 is better than Recurly's reported figure \(5% a month\)/m);
  assert.match(
    compare.stdout,
    /^ {2}#1 is better than Recurly's reported figure \(5\.6% a month\)/m,
  );
  const kebab = await cli([
    "calc",
    "customer-lifetime-value",
    "--arpa",
    "200",
    "--gross-margin",
    "80",
    "--churn",
    "2.5",
  ]);
  assert.equal(kebab.code, 0, kebab.stderr);
  assert.match(kebab.stdout, /: \$6,400/);
});

/** Runs the command line in this process on the repository's catalog, as `cli.ts` would. */
async function inProcess(args: string[], columns = 80): Promise<Result> {
  const { loadCatalog } = await import("../../lib/catalog/load.ts");
  const { runCli } = await import("../../lib/cli/main.ts");
  const catalog = await loadCatalog();
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: (name) => ({ COLUMNS: String(columns) } as Record<string, string>)[name],
    stdout: (text) => stdout += text,
    stderr: (text) => stderr += text,
    isTerminal: false,
    loadCatalog: () => Promise.resolve(catalog),
    writeArtifact: () => Promise.reject(new Error("not used")),
    serve: () => {},
    serveMcp: () => Promise.resolve(),
  });
  assert.equal(typeof code, "number");
  return { code: Number(code), stdout, stderr };
}

Deno.test("cli help starts a sentence at each unindented line and hangs what it wraps, at 50 to 120 columns", async () => {
  const commands = ["list", "show", "search", "benchmarks", "compare", "calc", "frameworks"];
  const helps = [
    ["--help"],
    ...[...commands, "framework", "validate", "serve", "mcp"].map(
      (command) => [command, "--help"],
    ),
  ];
  for (const columns of [50, 80, 100, 120]) {
    for (const args of helps) {
      const help = await inProcess(args, columns);
      assert.equal(help.code, 0, help.stderr);
      for (const line of help.stdout.trimEnd().split("\n")) {
        const where = `${args.join(" ")} at ${columns} columns: "${line}"`;
        assert.ok(line.length <= columns, `${where} is too long`);
        // A line at the margin begins a paragraph; a wrapped line hangs under the one it continues.
        assert.ok(line === "" || /^(\s|[A-Z])/.test(line), `${where} breaks a sentence`);
      }
    }
  }
});

Deno.test("cli takes --name value and --name=value alike, and the last of an option given twice", async () => {
  const spaced = await inProcess(["list", "--tag", "referral", "--json"]);
  assert.equal(spaced.code, 0, spaced.stderr);
  assert.equal(JSON.parse(spaced.stdout).length, 3);
  assert.deepEqual(await inProcess(["list", "--tag=referral", "--json"]), spaced);
  const twice = await inProcess(["search", "churn", "--limit", "5", "--limit=2", "--json"]);
  assert.equal(twice.code, 0, twice.stderr);
  assert.equal(JSON.parse(twice.stdout).length, 2);
  // A string option takes the next argument even when it starts with a dash.
  const dashed = await inProcess(["calc", "churn-rate", "--lost", "-3", "--start", "10"]);
  assert.equal(dashed.code, 2);
  assert.match(dashed.stderr, /Input "lost" \(Customers lost\) must not be negative/);
});

Deno.test("cli reads a negative number as a value, and every argument after -- as a positional", async () => {
  for (const value of ["-20", "-20.5"]) {
    const result = await inProcess(["compare", "net-promoter-score", value, "--json"]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).value, Number(value));
  }
  const terminated = await inProcess(["search", "--", "--json"]);
  assert.equal(terminated.code, 0, terminated.stderr);
  assert.equal(terminated.stdout, "No matches.\n");
});

Deno.test("cli refuses an unknown option, a value for a flag and an option without its value, with usage and exit 2", async () => {
  const cases: [string[], string][] = [
    [["show", "churn-rate", "-x"], 'Unknown option "-x" for "show"'],
    [["show", "churn-rate", "--json", "--colour=red"], 'Unknown option "--colour=red" for "show"'],
    [["show", "churn-rate", "--json=1"], '"--json" takes no value'],
    [["compare", "churn-rate", "3", "--per"], '"--per" needs a value'],
    [["list", "--tag="], '--tag "" must be one of: ' + "acquisition"],
  ];
  for (const [args, line] of cases) {
    const result = await inProcess(args);
    assert.equal(result.code, 2, args.join(" "));
    assert.equal(result.stdout, "");
    assert.ok(result.stderr.startsWith(`metrics-catalog: ${line}`), result.stderr);
    assert.match(result.stderr, new RegExp(`\\nUsage: metrics-catalog ${args[0]} `));
  }
});

Deno.test("cli prints a command's help for -h or --help anywhere among its arguments", async () => {
  for (const args of [["show", "churn-rate", "-h"], ["calc", "--help", "churn-rate"]]) {
    const result = await inProcess(args);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`^Usage: metrics-catalog ${args[0]} `));
  }
});

Deno.test("cli calc takes --gross-margin, --grossMargin and either with = as the same input", async () => {
  const base = ["calc", "customer-lifetime-value", "--arpa", "200", "--churn", "2.5", "--json"];
  const results = await Promise.all(
    [["--gross-margin", "80"], ["--grossMargin", "80"], ["--gross-margin=80"], ["--grossMargin=80"]]
      .map((margin) => inProcess([...base, ...margin])),
  );
  for (const result of results) {
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout).inputs, { arpa: 200, grossMargin: 80, churn: 2.5 });
    assert.equal(result.stdout, results[0]?.stdout);
  }
});

Deno.test("each command module declares its own options and arguments, and the runner names none", async () => {
  const { COMMANDS } = await import("../../lib/cli/commands/mod.ts");
  const runner = (await readFile(new URL("../../lib/cli/main.ts", import.meta.url), "utf8"))
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const tool = await inProcess(["--help"], 120);
  for (const command of COMMANDS) {
    const { name } = command;
    assert.doesNotMatch(runner, new RegExp(`"${name}"`), `main.ts names "${name}"`);
    assert.ok(tool.stdout.includes(`\n  ${command.listed ?? command.usage} `), name);
    const help = await inProcess([name, "--help"], 120);
    assert.ok(help.stdout.startsWith(`Usage: metrics-catalog ${command.usage}\n`), help.stdout);
    const unknown = [name, "--no-such-option", "x"];
    if (!command.openOptions?.(unknown)) {
      const refused = await inProcess(unknown);
      assert.equal(refused.code, 2, name);
      assert.ok(
        refused.stderr.startsWith(
          `metrics-catalog: Unknown option "--no-such-option" for "${name}"`,
        ),
        refused.stderr,
      );
    }
    const { max, says } = command.arity({
      values: new Map(),
      repeated: new Map(),
      positionals: [],
    });
    if (max === Infinity) continue;
    const extra = await inProcess(
      [name, ...Array.from({ length: max + 1 }, () => "churn-rate")],
      120,
    );
    assert.equal(extra.code, 2, name);
    assert.ok(extra.stderr.startsWith(`metrics-catalog: "${name}" ${says}\n`), extra.stderr);
    assert.ok(extra.stderr.includes(`\nUsage: metrics-catalog ${command.usage}\n`), name);
  }
});

Deno.test("compare, calc, sql and search take the arguments their options call for", async () => {
  const { CompareCommand } = await import("../../lib/cli/commands/compare.ts");
  const { CalcCommand } = await import("../../lib/cli/commands/calc.ts");
  const { SqlCommand } = await import("../../lib/cli/commands/sql.ts");
  const { SearchCommand } = await import("../../lib/cli/commands/search.ts");
  const [compare, calc, sql, search]: [Command, Command, Command, Command] = [
    new CompareCommand(),
    new CalcCommand(),
    new SqlCommand(),
    new SearchCommand(),
  ];
  const with_ = (values: Record<string, string | boolean>) => ({
    values: new Map(Object.entries(values)),
    repeated: new Map(),
    positionals: [],
  });
  const range = (arity: { min: number; max: number }) => [arity.min, arity.max];
  assert.deepEqual(range(compare.arity(with_({}))), [2, 2]);
  assert.deepEqual(range(compare.arity(with_({ data: "exports" }))), [1, 1]);
  assert.deepEqual(range(calc.arity(with_({}))), [0, 1]);
  assert.deepEqual(range(calc.arity(with_({ json: true }))), [0, 1]);
  assert.deepEqual(range(calc.arity(with_({ lost: "90" }))), [1, 1]);
  assert.deepEqual(range(sql.arity(with_({}))), [1, 1]);
  assert.deepEqual(range(sql.arity(with_({ schema: true }))), [0, 0]);
  assert.deepEqual(range(search.arity(with_({}))), [1, Infinity]);
  // --data makes a recipe's parameters options of compare; calc always takes its inputs as options
  assert.equal(compare.openOptions?.(["churn-rate", "3"]), false);
  assert.equal(compare.openOptions?.(["churn-rate", "--data=exports"]), true);
  assert.equal(calc.openOptions?.([]), true);
  const inputs = await inProcess(["calc", "--lost", "90"]);
  assert.equal(inputs.code, 2);
  assert.match(inputs.stderr, /^metrics-catalog: "calc" takes exactly one slug\n/);
});

Deno.test("cli calc alone lists the metrics that have a calculator, as text and JSON", async () => {
  const { loadCatalog } = await import("../../lib/catalog/load.ts");
  const catalog = await loadCatalog();
  // Sorted by name here, as people read them, not through the read model's own order.
  const calculated = catalog.metrics.filter((metric) => metric.calculator)
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true }))
    .map((metric) => metric.slug);
  assert.ok(calculated.length > 0 && calculated.length < catalog.metrics.length);
  const text = await inProcess(["calc"], 120);
  assert.equal(text.code, 0, text.stderr);
  assert.match(
    text.stdout,
    /^Metrics with a calculator \(their inputs: metrics-catalog calc <slug>\):\n\n/,
  );
  const slugs = text.stdout.split("\n").slice(2).filter(Boolean).map((line) =>
    line.split(/\s+/)[0]
  );
  assert.deepEqual(slugs, calculated);
  const json = await inProcess(["calc", "--json"]);
  assert.equal(json.code, 0, json.stderr);
  const listed: { metric: string; inputs: Record<string, unknown> }[] = JSON.parse(json.stdout);
  assert.deepEqual(listed.map((entry) => entry.metric), calculated);
  const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate");
  assert.deepEqual(
    listed.find((entry) => entry.metric === "churn-rate"),
    { metric: "churn-rate", ...churn?.calculator },
  );
});

Deno.test("a bug stays a bug: an error that is no Problem rejects runCli as it is, never exit 2 with usage", async () => {
  const { runCli } = await import("../../lib/cli/main.ts");
  const { loadCatalog } = await import("../../lib/catalog/load.ts");
  const { Problem } = await import("../../lib/problem.ts");
  const catalog = await loadCatalog();
  let stderr = "";
  const io = (broken: "loadCatalog" | "importPackage") => ({
    env: () => undefined,
    stdout: () => {},
    stderr: (text: string) => void (stderr += text),
    isTerminal: false,
    loadCatalog: () =>
      broken === "loadCatalog"
        ? Promise.reject(new TypeError("loadCatalog is broken"))
        : Promise.resolve(catalog),
    writeArtifact: () => Promise.reject(new Error("not used")),
    serve: () => {},
    serveMcp: () => Promise.resolve(),
    importPackage: () => Promise.reject(new TypeError("importPackage is broken")),
  });
  const cases: [string[], "loadCatalog" | "importPackage"][] = [
    [["show", "churn-rate"], "loadCatalog"],
    [["calc", "churn-rate", "--data", tmpdir(), "--period-start", "2024-03-01"], "importPackage"],
  ];
  for (const [args, broken] of cases) {
    await assert.rejects(
      runCli(args, io(broken)),
      (error: unknown) =>
        error instanceof TypeError && !(error instanceof Problem) &&
        error.message === `${broken} is broken`,
    );
    assert.equal(stderr, "", args.join(" "));
  }
  // The same arguments with a value the recipe refuses are a Problem: one line and exit 2.
  const refused = await runCli(
    ["calc", "churn-rate", "--data", tmpdir(), "--period-start", "2024-13-01"],
    io("importPackage"),
  );
  assert.equal(refused, 2);
  assert.match(stderr, /^metrics-catalog: --period-start "2024-13-01" is not a timestamp/);
});
