/**
 * `compare` and `calc` with `--data`: the generated data set (`_sql_data.ts`, whose answers
 * `_sql_expected.ts` counts without SQL) written as CSV files, run through each recipe on DuckDB by
 * the CLI. The inputs must be the generator's, the verdict the one `compare <slug> <value>` gives
 * for the value, and every problem one line with its exit code.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { runRecipe } from "../../lib/sql/run.ts";
import { recipeOf, recipes } from "../../lib/read/recipes.ts";
import { csvFiles } from "../_sql_data.ts";
import { CASES, expectedInputs, type Params } from "../_sql_expected.ts";
import {
  asOptions,
  cli,
  folder,
  importPackage,
  metrics,
  removeFolder,
  world,
} from "../_data_folder.ts";
import { runDeno, runTask, taskArgs } from "../_spawn.ts";

/** A case of a metric that has an answer (its window has closed). */
function answered(slug: string): Params {
  const found = (CASES[slug] ?? []).find((params) => expectedInputs(world, slug, params) !== null);
  if (found === undefined) throw new Error(`${slug} has no case with an answer`);
  return found;
}

const same = (actual: number, expected: number | null | undefined) =>
  expected !== null && expected !== undefined &&
  Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

Deno.test("every recipe run on the CSV files gives the inputs the generator counted, held in memory or read in place", async () => {
  const problems: string[] = [];
  for (const [slug, recipe] of recipes()) {
    for (const inPlace of [false, true]) {
      const params = answered(slug);
      const calculator = metrics.get(slug)?.calculator;
      assert.ok(calculator, slug);
      const run = await runRecipe({ recipe, inputs: Object.keys(calculator.inputs) }, folder, {
        options: Object.fromEntries(
          Object.entries(params).map(([name, value]) => [name, String(value)]),
        ),
        importPackage,
        ...(inPlace ? { inMemoryBytes: { csv: 0, "csv.gz": 0 } } : {}),
      });
      const expected = expectedInputs(world, slug, params) ?? {};
      for (const name of Object.keys(calculator.inputs)) {
        const value = Number(run.inputs[name]);
        if (!same(value, expected[name])) {
          const way = inPlace ? " (read in place)" : "";
          problems.push(
            `${slug}${way}: "${name}" is ${value}, the generator counted ${expected[name]}`,
          );
        }
      }
      // every parameter was given: nothing took a default, and --as-of is a parameter only of the
      // recipes that take it
      assert.deepEqual(Object.keys(run.defaults), [], slug);
      assert.equal(run.asOfGiven, "as_of" in params, slug);
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("left out, a recipe's period is the last full one before the data ends, moved back while a cohort's window is open", async () => {
  const run = (slug: string, options: Record<string, string> = {}) => {
    const recipe = recipeOf(slug);
    assert.ok(recipe);
    const inputs = Object.keys(metrics.get(slug)?.calculator?.inputs ?? {});
    return runRecipe({ recipe, inputs }, folder, { options, importPackage });
  };
  const churn = await run("churn-rate");
  assert.deepEqual(churn.parameters, {
    period_start: "2024-11-01 00:00:00",
    period_end: "2024-12-01 00:00:00",
  });
  assert.equal(churn.defaults.period_start, "the last full month");
  assert.ok(churn.asOf < "2024-12-20" && churn.asOf > "2024-12-01", churn.asOf);
  const expected = expectedInputs(world, "churn-rate", churn.parameters);
  assert.deepEqual(
    Object.fromEntries(Object.entries(churn.inputs).map(([name, value]) => [name, Number(value)])),
    expected,
  );
  // the data ends on 2024-12-19: the November cohort's 90 days are still open, and August's closed
  const trials = await run("free-to-paid-conversion-rate", { window_days: "90" });
  assert.equal(trials.parameters.cohort_start, "2024-08-01 00:00:00");
  assert.equal(trials.movedBack, 3);
  assert.equal(trials.defaults.cohort_start, "the latest month whose window has closed");
  const open = await run("free-to-paid-conversion-rate", { as_of: "2025-06-01" });
  assert.equal(open.parameters.cohort_start, "2025-02-01 00:00:00", "--as-of moves the default");
});

/** The text `compare` prints after the block that says where the value came from. */
const afterData = (text: string) => text.slice(text.indexOf("\n\n") + 2);

for (
  const [slug, params, segment] of [
    ["churn-rate", { period_start: "2024-03-01", period_end: "2024-04-01" }, [
      "--segment",
      "model=b2b",
    ]],
    ["net-revenue-retention", { period_start: "2023-07-01", period_end: "2024-07-01" }, []],
    ["monthly-active-users", { period_start: "2024-03-01", period_end: "2024-04-01" }, []],
  ] as const
) {
  Deno.test(`deno task cli compare ${slug} --data gives the generator's inputs and the verdict compare gives for the value`, async () => {
    const json = await runTask("cli", [
      "compare",
      slug,
      "--data",
      folder,
      ...asOptions(params),
      ...segment,
      "--json",
    ]);
    assert.equal(json.code, 0, json.stderr);
    const comparison = JSON.parse(json.stdout);
    assert.deepEqual(comparison.data.inputs, expectedInputs(world, slug, params));
    assert.deepEqual(comparison.data.parameters, {
      period_start: `${params.period_start} 00:00:00`,
      period_end: `${params.period_end} 00:00:00`,
    });
    const unit = metrics.get(slug)?.calculator?.result.unit;
    const value = `${comparison.value}${unit === "percent" ? "%" : ""}`;
    const per = comparison.per ? ["--per", comparison.per] : [];
    const typed = await runTask("cli", ["compare", slug, value, ...per, ...segment, "--json"]);
    assert.equal(typed.code, 0, typed.stderr);
    assert.equal(comparison.summary, JSON.parse(typed.stdout).summary);
    const text = await runTask(
      "cli",
      ["compare", slug, "--data", folder, ...asOptions(params), ...segment],
      { env: { COLUMNS: "100" } },
    );
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^From your data in .+, with .+'s SQL recipe on DuckDB/);
    for (const [name, input] of Object.entries(comparison.data.inputs)) {
      assert.match(text.stdout, new RegExp(`^  ${name} +[\\d,.]+ +\\S`, "m"), `${name} ${input}`);
    }
    assert.match(text.stdout, /^ {2}--period-start +\d{4}-\d{2}-01 +given$/m);
    const plain = await runTask("cli", ["compare", slug, value, ...per, ...segment], {
      env: { COLUMNS: "100" },
    });
    assert.equal(
      afterData(text.stdout),
      plain.stdout,
      "the same verdict and figures, word for word",
    );
  });
}

Deno.test("--data reads the same tables as .csv.gz and .parquet files, within --memory-limit, spilling to --temp-dir", async () => {
  const { gzipSync } = await import("node:zlib");
  const { DuckDBInstance } = await importPackage("@duckdb/node-api", "1.5.6-r.1") as {
    DuckDBInstance: {
      create(path: string): Promise<{
        connect(): Promise<{ run(sql: string): Promise<unknown>; closeSync(): void }>;
        closeSync(): void;
      }>;
    };
  };
  const other = await mkdtemp(`${tmpdir()}/metrics data other `);
  const spill = `${other}/spill`;
  try {
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    for (const [name, text] of Object.entries(csvFiles(world))) {
      const table = name.replace(/\.csv$/, "");
      if (table === "events") {
        await connection.run(
          `COPY (SELECT * FROM read_csv('${folder}/${name}', header = true)) TO ` +
            `'${other}/${table}.parquet' (FORMAT parquet)`,
        );
      } else await writeFile(`${other}/${name}.gz`, gzipSync(text));
    }
    connection.closeSync();
    instance.closeSync();
    for (const slug of ["monthly-active-users", "net-revenue-retention", "activation-rate"]) {
      const extra = slug === "activation-rate" ? ["--activation-event", "created_project"] : [];
      const csv = await cli(["calc", slug, "--data", folder, ...extra, "--json"]);
      const mixed = await cli([
        "calc",
        slug,
        "--data",
        other,
        ...extra,
        "--memory-limit",
        "512MB",
        "--temp-dir",
        spill,
        "--json",
      ]);
      assert.equal(mixed.code, 0, mixed.stderr);
      const { data: fromCsv } = JSON.parse(csv.stdout);
      const { data: fromOther } = JSON.parse(mixed.stdout);
      assert.deepEqual(fromOther.inputs, fromCsv.inputs, slug);
      assert.deepEqual(fromOther.parameters, fromCsv.parameters, slug);
    }
    assert.deepEqual(await readdir(spill).catch(() => []), [], "nothing is left in --temp-dir");
    await writeFile(`${other}/events.csv`, "user_id\n");
    assert.deepEqual(await refused(["calc", "monthly-active-users", "--data", other]), {
      code: 1,
      line: `metrics-catalog: ${other}/events.csv and events.parquet both hold the table ` +
        "events; keep one",
    });
  } finally {
    await rm(other, { recursive: true });
  }
});

Deno.test("calc --data prints the parameters, the inputs the data gave and the calculator's formula with them", async () => {
  const args = ["calc", "churn-rate", "--data", folder, "--period-start", "2024-03-01"];
  const result = await cli(args);
  assert.equal(result.code, 0, result.stderr);
  const expected = expectedInputs(world, "churn-rate", {
    period_start: "2024-03-01",
    period_end: "2024-04-01",
  });
  const lost = expected?.lost ?? 0;
  const start = expected?.start ?? 0;
  assert.match(result.stdout, /^ {2}--period-start +2024-03-01 +given$/m);
  assert.match(
    result.stdout,
    /^ {2}--period-end +2024-04-01 +default: a month after --period-start$/m,
  );
  assert.match(result.stdout, new RegExp(`^  lost +${lost} +Customers lost`, "m"));
  assert.match(
    result.stdout,
    new RegExp(`lost ÷ start × 100 = ${lost} ÷ ${start} × 100 = `),
  );
  const json = await cli([...args, "--json"]);
  const computed = JSON.parse(json.stdout);
  assert.deepEqual(computed.inputs, { lost, start });
  assert.equal(computed.value, (lost / start) * 100);
  assert.deepEqual(computed.data.inputs, { lost, start });
  const dauArgs = ["calc", "dau-mau-ratio", "--data", folder, "--period-start", "2024-03-01"];
  const dau = await cli(dauArgs);
  assert.equal(dau.code, 0, dau.stderr);
  assert.match(
    dau.stdout.replace(/\n {20,}/g, " "),
    /^ {2}dau +[\d,]+\.\d+ +Average DAU$/m,
  );
  // An average of daily counts keeps its fraction: the result is the calculator's on it.
  const dauJson = await cli([...dauArgs, "--json"]);
  const averaged = JSON.parse(dauJson.stdout);
  assert.ok(!Number.isInteger(averaged.data.inputs.dau), String(averaged.data.inputs.dau));
  assert.equal(averaged.inputs.dau, averaged.data.inputs.dau);
  assert.equal(averaged.value, (averaged.data.inputs.dau / averaged.data.inputs.mau) * 100);
});

/** A folder with the generated files, changed by `change`, for one test. */
async function changed(change: (files: Record<string, string>) => void): Promise<string> {
  const files = csvFiles(world);
  change(files);
  const dir = await mkdtemp(`${tmpdir()}/metrics data `);
  for (const [name, text] of Object.entries(files)) await writeFile(`${dir}/${name}`, text);
  return dir;
}

/** The one line a run printed on stderr, with its exit code. */
async function refused(args: string[], options?: Parameters<typeof cli>[1]) {
  const result = await cli(args, options);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr.trim().split("\n").length, 1, result.stderr);
  return { code: result.code, line: result.stderr.trim() };
}

Deno.test("--data answers a missing file, a wrong column and a wrong value in one line naming the file, the line and the column, exit 1", async () => {
  const missing = await changed((files) => delete files["subscription_states.csv"]);
  const lineOf = (text: string, at: number) => text.split("\n")[at - 1] ?? "";
  const wrongColumn = await changed((files) => {
    files["subscriptions.csv"] = (files["subscriptions.csv"] ?? "").replace("ended_at", "ends_at");
  });
  const wrongValue = await changed((files) => {
    const lines = (files["subscription_states.csv"] ?? "").split("\n");
    lines[41] = (lines[41] ?? "").replace(/,(\d+\.\d\d)$/, ",$$$1");
    files["subscription_states.csv"] = lines.join("\n");
  });
  try {
    assert.deepEqual(await refused(["compare", "churn-rate", "--data", missing]), {
      code: 1,
      line: `metrics-catalog: ${missing}/subscription_states.csv: no such file, nor ` +
        "subscription_states.csv.gz or subscription_states.parquet; churn-rate's recipe reads " +
        "subscriptions, subscription_states: one file each, .csv, .csv.gz or .parquet, with the " +
        "columns of its table in the reference schema (metrics-catalog sql --schema)",
    });
    assert.deepEqual(await refused(["calc", "churn-rate", "--data", wrongColumn]), {
      code: 1,
      line:
        `metrics-catalog: ${wrongColumn}/subscriptions.csv: line 1, column 6: "ends_at" is not ` +
        "a column of subscriptions; its columns are subscription_id, customer_id, started_at, " +
        "trial_ends_at, cancel_requested_at, ended_at",
    });
    const bad = await refused(["compare", "net-revenue-retention", "--data", wrongValue]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.line,
      new RegExp(
        `^metrics-catalog: .+/subscription_states\\.csv: line 42, column mrr: "\\$\\d+\\.\\d\\d" is ` +
          "not an amount in US dollars: write a plain number",
      ),
      lineOf(bad.line, 1),
    );
    assert.deepEqual(await refused(["compare", "churn-rate", "--data", `${missing}/nowhere`]), {
      code: 1,
      line: `metrics-catalog: --data "${missing}/nowhere": no such folder`,
    });
  } finally {
    for (const dir of [missing, wrongColumn, wrongValue]) await rm(dir, { recursive: true });
  }
});

Deno.test("--data refuses a period given to run past where the data ends, unless --as-of says the data is complete", async () => {
  const late = await refused([
    "compare",
    "churn-rate",
    "--data",
    folder,
    "--period-start",
    "2024-12-01",
  ]);
  assert.equal(late.code, 1);
  assert.match(
    late.line,
    /^metrics-catalog: churn-rate's period --period-start 2024-12-01, --period-end 2025-01-01 ends at 2025-01-01 00:00:00, after where the data ends \(2024-12-\d\d [\d:]+\), so it would be counted as if complete: give an earlier period, or --as-of 2025-01-01 if the data is complete to then$/,
  );
  const snapshot = await refused([
    "calc",
    "average-revenue-per-user",
    "--data",
    folder,
    "--snapshot-at",
    "2025-02-01",
  ]);
  assert.equal(snapshot.code, 1);
  assert.match(snapshot.line, /ends at 2025-02-01 00:00:00, after where the data ends/);
  const complete = await cli([
    "calc",
    "churn-rate",
    "--data",
    folder,
    "--period-start",
    "2024-12-01",
    "--as-of",
    "2025-01-01",
  ]);
  assert.equal(complete.code, 0, complete.stderr);
  assert.match(complete.stdout, /^ {2}--as-of +2025-01-01 +given$/m);
});

Deno.test("--data moves a default period with nothing to count back to the latest that has some, and says so", async () => {
  const header = "survey,respondent_id,sent_at,answered_at,score,answer\n";
  const wave = ["very_disappointed", "somewhat_disappointed", "very_disappointed"]
    .map((answer, index) => `pmf,u${index},2024-09-02,2024-09-03,,${answer}`).join("\n");
  const surveys = await mkdtemp(`${tmpdir()}/metrics data surveys `);
  try {
    // the data ends on 2024-11-28 (an NPS answer), and no PMF wave ran in October
    await writeFile(
      `${surveys}/survey_responses.csv`,
      `${header}${wave}\nnps,u9,2024-11-27,2024-11-28,9,\n`,
    );
    const moved = await cli(["calc", "product-market-fit-score", "--data", surveys]);
    assert.equal(moved.code, 0, moved.stderr);
    assert.match(
      moved.stdout,
      /^ {2}--period-start +2024-09-01 +default: the latest month with something to count$/m,
    );
    assert.match(moved.stdout, /^ {2}respondents +3 /m);
    // no wave at all: one line naming the periods it tried and why
    await writeFile(
      `${surveys}/survey_responses.csv`,
      `${header}${wave}\nnps,u9,2024-11-27,2024-11-28,9,\n`.replace(/pmf,/g, "nps,"),
    );
    const none = await refused(["calc", "product-market-fit-score", "--data", surveys]);
    assert.equal(none.code, 1);
    assert.match(
      none.line,
      /^metrics-catalog: product-market-fit-score's recipe finds nothing to count from --period-start 2024-10-01, --period-end 2024-11-01 back to --period-start 2024-\d\d-01, --period-end 2024-\d\d-01, where the data begins: .*respondents is 0/,
    );
    // a wave more than a year before the default period is too old to stand in for it
    await writeFile(
      `${surveys}/survey_responses.csv`,
      `${header}${wave.replaceAll("2024-09", "2023-01")}\nnps,u9,2024-11-27,2024-11-28,9,\n`,
    );
    const old = await refused(["calc", "product-market-fit-score", "--data", surveys]);
    assert.match(
      old.line,
      /^metrics-catalog: product-market-fit-score's recipe finds nothing to count from --period-start 2024-10-01, --period-end 2024-11-01 back to --period-start 2023-10-01, --period-end 2023-11-01, 12 periods back: .*respondents is 0/,
    );
    await writeFile(
      `${surveys}/survey_responses.csv`,
      `${header}${wave}\nnps,u9,2024-11-27,2024-11-28,9,\n`.replace(/pmf,/g, "nps,"),
    );
    // a period that is given does not move: the calculator says why it cannot compute
    const october = ["calc", "product-market-fit-score", "--data", surveys];
    october.push("--period-start", "2024-10-01");
    const given = await refused(october);
    assert.match(given.line, /respondents is 0/);
    // a default period before the data begins: the default it tried, and what to give instead
    await writeFile(
      `${surveys}/survey_responses.csv`,
      `${header}nps,u9,2024-11-27,2024-11-28,9,\n`,
    );
    const early = await refused(["calc", "product-market-fit-score", "--data", surveys]);
    assert.equal(early.code, 1);
    assert.equal(
      early.line,
      "metrics-catalog: product-market-fit-score's default period is the last full month " +
        "(--period-start 2024-10-01, --period-end 2024-11-01), but the data begins at " +
        "2024-11-27 00:00:00: the data holds no whole month before then, so give a later " +
        "--as-of once it does",
    );
    // a period given that ends before the data begins: refused, naming the file that begins first
    const before = await refused(october);
    assert.match(
      before.line,
      /^metrics-catalog: product-market-fit-score's period --period-start 2024-10-01, --period-end 2024-11-01 ends before the data begins: the earliest row, in .+\/survey_responses\.csv, is at 2024-11-27 00:00:00; give a period the data covers$/,
    );
  } finally {
    await rm(surveys, { recursive: true });
  }
});

Deno.test("--data says beside the verdict when the result divides by few, in text and --json", async () => {
  const few = await mkdtemp(`${tmpdir()}/metrics data few `);
  try {
    await writeFile(
      `${few}/subscriptions.csv`,
      "subscription_id,customer_id,started_at,trial_ends_at,cancel_requested_at,ended_at\n" +
        "s1,c1,2024-01-01,,,2024-03-10\ns2,c2,2024-01-01,,,\ns3,c3,2024-01-01,,,\n",
    );
    await writeFile(
      `${few}/subscription_states.csv`,
      "subscription_id,valid_from,valid_to,status,plan,billing_interval,mrr\n" +
        "s1,2024-01-01,2024-03-10,active,pro,month,99\ns1,2024-03-10,,canceled,pro,month,0\n" +
        "s2,2024-01-01,,active,pro,month,99\ns3,2024-01-01,,active,pro,month,99\n",
    );
    const march = [
      ...["churn-rate", "--data", few],
      ...["--period-start", "2024-03-01", "--as-of", "2024-04-01"],
    ];
    const text = await cli(["compare", ...march]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout.replace(/\n/g, " "),
      /Few to count: start \(Customers at the start\) is 3, under 30, and one more of a count moves the result by up to 33\.3 percentage points: read the verdict below as a rough guide\./,
    );
    const json = await cli(["calc", ...march, "--json"]);
    const { data } = JSON.parse(json.stdout);
    assert.deepEqual(data.inputs, { lost: 1, start: 3 });
    assert.equal(data.few.input, "start");
    assert.equal(data.few.count, 3);
    assert.equal(data.few.below, 30);
    assert.ok(Math.abs(data.few.swing - 100 / 3) < 1e-9, String(data.few.swing));
  } finally {
    await rm(few, { recursive: true });
  }
  const many = JSON.parse((await cli(["calc", "churn-rate", "--data", folder, "--json"])).stdout);
  assert.ok(many.data.inputs.start >= 30, String(many.data.inputs.start));
  assert.equal(many.data.few, undefined);
});

Deno.test("--data answers a wrong option in one line, exit 2, before it reads a file", async () => {
  const nowhere = `${folder}/no such folder`;
  const cases: [string[], string][] = [
    [
      ["calc", "churn-rate", "--data", nowhere, "--lost", "3"],
      `Unknown option "--lost" with --data: churn-rate's recipe takes --period-start, ` +
      "--period-end, --as-of; the data gives the calculator's inputs",
    ],
    [
      ["compare", "churn-rate", "--data", nowhere, "--period-start", "2024-13-01"],
      '--period-start "2024-13-01" is not a timestamp: write 2024-03-01 or 2024-03-01 14:30:00, in UTC',
    ],
    [
      ["compare", "activation-rate", "--data", nowhere],
      "activation-rate's recipe needs --activation-event: the event that marks the activation " +
      "milestone (such as created_project)",
    ],
    [
      ["compare", "churn-rate", "--data", nowhere, "--memory-limit", "lots"],
      '--memory-limit "lots" is not an amount of memory: write it as 4GB, 512MB or 8GiB',
    ],
    [
      ["compare", "churn-rate", "--data", nowhere, "--per", "year"],
      "--per does not go with --data: the value is per the period the recipe counts",
    ],
  ];
  for (const [args, line] of cases) {
    assert.deepEqual(
      await refused(args),
      { code: 2, line: `metrics-catalog: ${line}` },
      args.join(" "),
    );
  }
  const value = await cli(["compare", "churn-rate", "3", "--data", folder]);
  assert.equal(value.code, 2);
  assert.match(
    value.stderr,
    /^metrics-catalog: "compare" takes exactly one slug with --data, which gives the value\n/,
  );
  assert.deepEqual(await refused(["calc", "task-success-rate", "--data", folder]), {
    code: 1,
    line: `metrics-catalog: "task-success-rate" has no SQL recipe: ${
      (await import("../../lib/sql/recipe.ts")).WITHOUT_RECIPE["task-success-rate"]
    }`,
  });
});

Deno.test("where DuckDB cannot load, --data says so in one line, exit 1: the single binary, and deno.lock", async () => {
  assert.deepEqual(
    await refused(["compare", "churn-rate", "--data", folder], { singleBinary: true }),
    {
      code: 1,
      line: "metrics-catalog: --data runs the recipe on DuckDB, which this single binary cannot " +
        "load: run the same command with deno task cli in a checkout, or with the npm package " +
        "and @duckdb/node-api@1.5.6-r.1 installed beside it",
    },
  );
  // cli.ts with deno.lock, as deno run finds it: the lockfile holds no DuckDB, so cli.ts says where it is
  const args = taskArgs("cli", "compare", "churn-rate", "--data", folder)
    .filter((arg) => !/^--(lock=|unstable-npm-lazy-caching)/.test(arg));
  const unlocked = await runDeno(args);
  assert.equal(unlocked.code, 1, unlocked.stderr);
  assert.equal(unlocked.stdout, "");
  // With an empty module cache Deno first prints what it downloads to resolve the package.
  const said = unlocked.stderr.split("\n")
    .filter((line) => !/Download\S* https:\/\//.test(line)).join("\n");
  assert.match(
    said,
    /^metrics-catalog: --data runs the recipe on DuckDB, which this command's lockfile does not pin: run it with deno task cli, whose cli\.lock pins @duckdb\/node-api@1\.5\.6-r\.1\n$/,
  );
});

Deno.test("compare --help and calc --help say what --data reads and how", async () => {
  for (const command of ["compare", "calc"]) {
    const help = await cli([command, "--help"]);
    assert.equal(help.code, 0);
    const text = help.stdout.replace(/\n\s+/g, " ");
    assert.match(
      text,
      /--data DIR +Compute the value from your own data: CSV or Parquet files shaped like the reference schema/,
    );
    assert.match(
      text,
      /one file for each table the recipe reads, named after it: CSV \(subscriptions\.csv, events\.csv\.gz compressed by gzip\)/,
    );
    assert.match(text, /Parquet \(events\.parquet\)/);
    assert.match(text, /--memory-limit \(default 80% of memory, e\.g\. 4GB\)/);
    assert.match(text, /--temp-dir/);
    assert.match(text, /--period-start 2024-03-01/);
    assert.match(text, /the single binary cannot load it/);
  }
});

Deno.test({
  name: "the data folder is removed",
  sanitizeOps: false,
  async fn() {
    await removeFolder();
  },
});
