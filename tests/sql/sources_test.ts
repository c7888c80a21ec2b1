/**
 * `--from`: each source's sample folder (`examples/`, written by `_source_samples.ts` from the
 * generated data set) read by DuckDB and mapped by the views of `lib/sql/mappings.ts`. The views
 * must give exactly the reference rows the sample was made from, the recipes the answers
 * `_sql_expected.ts` counts from those rows without SQL, and each problem one line naming the
 * file, the line and the column.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { columnType } from "../../lib/sql/dialect.ts";
import { DUCKDB_PACKAGE, DUCKDB_VERSION, type Engine, openDuckDb } from "../../lib/sql/duckdb.ts";
import { bindRecipe } from "../../lib/sql/recipe.ts";
import { TABLES } from "../../lib/sql/schema.ts";
import type { SourceName } from "../../lib/sql/source_files.ts";
import { type FromSource, loadSources, parseSources } from "../../lib/sql/sources.ts";
import { recipeOf } from "../../lib/read/recipes.ts";
import { runRecipe, runRecipes } from "../../lib/sql/run.ts";
import { Problem } from "../../lib/problem.ts";
import { csvFiles, generate, valueText, type World } from "../_sql_data.ts";
import { CASES, expectedInputs } from "../_sql_expected.ts";
import { sampleFiles, sampleWorld } from "../_source_samples.ts";

const world = generate();
const EXAMPLES = new URL("../../examples/", import.meta.url);

/** How a test loads DuckDB: the version tests/deno.lock pins, as the CLI's entries name it. */
const duckdb: unknown = await import(`npm:${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`);

/** Runs `body` on a fresh DuckDB with `sources` loaded from `folder`. */
async function withSources<T>(
  folder: string,
  sources: readonly SourceName[],
  body: (engine: Engine, made: FromSource[]) => Promise<T>,
): Promise<T> {
  const engine = await openDuckDb(duckdb, { tempDirectory: `${tmpdir()}/sources-test-duckdb` });
  try {
    return await body(engine, await loadSources(engine, folder, { sources }));
  } finally {
    engine.close();
  }
}

const sample = (source: SourceName) => new URL(source, EXAMPLES).pathname;

/** A table's rows as the schema types them, each value as text, in order. */
async function viewRows(engine: Engine, table: string): Promise<unknown[][]> {
  const columns = TABLES.find((each) => each.name === table)?.columns ?? [];
  return (await engine.query(
    `SELECT ${
      columns.map(({ name, type }) =>
        `CAST(CAST(${name} AS ${columnType(type, "duckdb")}) AS VARCHAR)`
      ).join(", ")
    } FROM ${table} ORDER BY ALL`,
  )).rows;
}

/** The reference rows a sample was made from, as the same text, in the same order. */
async function referenceRows(engine: Engine, sampled: World, table: string) {
  const columns = TABLES.find((each) => each.name === table)?.columns ?? [];
  const rows = (sampled.rows[table] ?? []).map((row) =>
    columns.map(({ name, type }) => valueText(row[name] ?? null, type))
  );
  // DuckDB orders the text as the view's rows are ordered, and writes each value its own way
  if (rows.length === 0) return [];
  const values = rows.map((row) =>
    `(${
      row.map((value, index) => {
        const type = columnType(columns[index]?.type ?? "text", "duckdb");
        return value === null ? `CAST(NULL AS ${type})` : `CAST('${value}' AS ${type})`;
      }).join(", ")
    })`
  );
  return (await engine.query(
    `SELECT ${columns.map((_, index) => `CAST(col${index} AS VARCHAR)`).join(", ")} FROM (VALUES ${
      values.join(", ")
    }) AS t(${columns.map((_, index) => `col${index}`).join(", ")}) ORDER BY ALL`,
  )).rows;
}

/** What a recipe gives on the loaded views, its inputs as numbers. */
async function run(engine: Engine, slug: string, params: Record<string, string | number>) {
  const recipe = recipeOf(slug);
  assert.ok(recipe, slug);
  const bound = bindRecipe(recipe, params, { dialect: "duckdb" });
  const answer = await engine.query(bound.sql, bound.values);
  const [row = []] = answer.rows;
  return Object.fromEntries(
    answer.columns.filter((name) => name !== "result").map((
      name,
    ) => [
      name,
      row[answer.columns.indexOf(name)] === null ? null : Number(row[answer.columns.indexOf(name)]),
    ]),
  );
}

Deno.test("each sample folder in examples/ holds what tests/_source_samples.ts writes", async () => {
  for (const [source, files] of Object.entries(sampleFiles(world))) {
    const folder = new URL(`${source}/`, EXAMPLES);
    assert.deepEqual((await readdir(folder)).sort(), Object.keys(files).sort(), source);
    for (const [name, text] of Object.entries(files)) {
      assert.equal(await readFile(new URL(name, folder), "utf8"), text, `${source}/${name}`);
    }
  }
});

for (
  const [source, tables] of [
    ["stripe", ["subscriptions", "subscription_states"]],
    ["chargebee", ["subscription_states", "subscriptions"]],
    ["segment", ["events"]],
    ["posthog", ["events"]],
  ] as const
) {
  Deno.test(`loadSources() maps the ${source} sample onto exactly the reference rows it was made from`, async () => {
    const sampled = sampleWorld(world, source);
    await withSources(sample(source), [source], async (engine, made) => {
      assert.deepEqual(made.map(({ file }) => file.table.name), tables);
      for (const { file: { table, path }, rows, reach, paths, source: from } of made) {
        assert.equal(path, paths[0]);
        assert.equal(from, source);
        assert.ok(paths.length > 0 && paths.every((path) => path.includes(`/${source}/`)));
        const expected = await referenceRows(engine, sampled, table.name);
        assert.ok(expected.length > 0, `${source}: the sample has ${table.name}`);
        assert.equal(rows, expected.length, `${source}: ${table.name} rows`);
        assert.deepEqual(await viewRows(engine, table.name), expected, `${source}: ${table.name}`);
        assert.ok(reach && reach.first <= reach.last, `${source}: ${table.name} reaches`);
      }
    });
  });
}

/** A recipe's inputs on a sample, for each of its test cases, against the generator's count. */
async function checkRecipe(engine: Engine, sampled: World, slug: string) {
  let counted = 0;
  for (const params of CASES[slug] ?? []) {
    const expected = expectedInputs(sampled, slug, params);
    if (expected === null) continue;
    const actual = await run(engine, slug, params);
    for (const [name, value] of Object.entries(expected)) {
      if (value === null) {
        assert.equal(actual[name], null, `${slug} ${JSON.stringify(params)}: ${name}`);
        continue;
      }
      assert.ok(
        Math.abs(Number(actual[name]) - value) <= 1e-9 * Math.max(1, value),
        `${slug} ${JSON.stringify(params)}: ${name} is ${
          actual[name]
        }, the generator counted ${value}`,
      );
      if (value !== 0) counted++;
    }
  }
  assert.ok(counted > 0, `${slug}: the sample counts something`);
}

for (const source of ["stripe", "chargebee"] as const) {
  Deno.test(`churn-rate, monthly-recurring-revenue and trial-to-paid-conversion-rate on the ${source} sample give what the generator counted`, async () => {
    const sampled = sampleWorld(world, source);
    await withSources(sample(source), [source], async (engine) => {
      for (
        const slug of ["churn-rate", "monthly-recurring-revenue", "trial-to-paid-conversion-rate"]
      ) {
        await checkRecipe(engine, sampled, slug);
      }
    });
  });
}

for (const source of ["segment", "posthog"] as const) {
  Deno.test(`daily-active-users, monthly-active-users and dau-mau-ratio on the ${source} sample give what the generator counted`, async () => {
    const sampled = sampleWorld(world, source);
    await withSources(sample(source), [source], async (engine) => {
      for (const slug of ["daily-active-users", "monthly-active-users", "dau-mau-ratio"]) {
        await checkRecipe(engine, sampled, slug);
      }
    });
  });
}

/** A folder holding copies of the samples of some sources, then `files` written over them. */
async function folderOf(
  sources: readonly SourceName[],
  files: Record<string, string | Uint8Array> = {},
): Promise<string> {
  const folder = await mkdtemp(`${tmpdir()}/sources-test-`);
  const all = sampleFiles(world);
  for (const source of sources) {
    for (const [name, text] of Object.entries(all[source])) {
      await writeFile(`${folder}/${name}`, text);
    }
  }
  for (const [name, content] of Object.entries(files)) {
    await writeFile(`${folder}/${name}`, content);
  }
  return folder;
}

Deno.test("loadSources() mixes billing from Stripe and events from PostHog in one folder", async () => {
  const folder = await folderOf(["stripe", "posthog"]);
  try {
    await withSources(folder, ["stripe", "posthog"], async (engine, made) => {
      assert.deepEqual(
        made.map(({ file, source }) => `${source}:${file.table.name}`),
        ["stripe:subscriptions", "stripe:subscription_states", "posthog:events"],
      );
      await checkRecipe(engine, sampleWorld(world, "stripe"), "churn-rate");
      await checkRecipe(engine, sampleWorld(world, "posthog"), "daily-active-users");
    });
    // only the sources that give the tables asked for are read
    const engine = await openDuckDb(duckdb, { tempDirectory: `${tmpdir()}/sources-test-duckdb` });
    try {
      const made = await loadSources(engine, folder, {
        sources: ["stripe", "posthog"],
        tables: ["events"],
      });
      assert.deepEqual(made.map(({ file }) => file.table.name), ["events"]);
    } finally {
      engine.close();
    }
  } finally {
    await rm(folder, { recursive: true });
  }
});

/** The one-line problem loading `sources` from a folder of the samples with `files` over them. */
async function problem(
  sources: SourceName[],
  files: Record<string, string | Uint8Array>,
): Promise<{ message: string; folder: string }> {
  const folder = await folderOf(sources, files);
  try {
    await withSources(folder, sources, () => Promise.resolve());
  } catch (error) {
    assert.ok(error instanceof Problem, String(error));
    assert.doesNotMatch(error.message, /\n/);
    return { message: error.message, folder };
  } finally {
    await rm(folder, { recursive: true });
  }
  throw new Error("No problem found");
}

Deno.test("a Stripe file without a column it needs is one line naming the file and the column", async () => {
  const text = sampleFiles(world).stripe["subscriptions.csv"] ?? "";
  const without = text.split("\n").map((line) => line.split(",").toSpliced(1, 1).join(","))
    .join("\n");
  const { message, folder } = await problem(["stripe"], { "subscriptions.csv": without });
  assert.equal(
    message,
    `${folder}/subscriptions.csv: line 1: Stripe's subscriptions lacks the column "customer" ` +
      '(or "customer_id"); ' +
      "--from stripe reads id, customer, status, start_date, trial_start, trial_end, " +
      "canceled_at, ended_at, livemode by name (other columns are left out)",
  );
});

Deno.test("a binary file named .csv is one line naming the file", async () => {
  const bytes = new Uint8Array(256).map((_, index) => index);
  const { message, folder } = await problem(["posthog"], { "events.csv": bytes });
  assert.equal(
    message,
    `${folder}/events.csv: not text, so not CSV: a .csv file holds a header row and rows of ` +
      "values, as text in UTF-8",
  );
});

Deno.test("a value that does not read is one line naming the file, its line and the column, in the source's terms", async () => {
  const files = sampleFiles(world).stripe;
  const lines = (files["subscriptions.csv"] ?? "").split("\n");
  lines[3] = (lines[3] ?? "").replace(/^([^,]*,[^,]*,[^,]*,)\d+/, "$12024-13-45");
  const time = await problem(["stripe"], { "subscriptions.csv": lines.join("\n") });
  assert.equal(
    time.message,
    `${time.folder}/subscriptions.csv: line 4, column start_date: "2024-13-45" is not a time: ` +
      "write Unix seconds, as Stripe's API sends them (1709251200), or a timestamp in UTC " +
      "(2024-03-01 14:30:00)",
  );
  const prices = (files["prices.csv"] ?? "").split("\n");
  prices[2] = (prices[2] ?? "").replace(/^([^,]*,[^,]*,)(\d+)/, "$1$$29.00");
  const amount = await problem(["stripe"], { "prices.csv": prices.join("\n") });
  assert.equal(
    amount.message,
    `${amount.folder}/prices.csv: line 3, column unit_amount: "$29.00" is not a whole number`,
  );
});

Deno.test("PostHog properties that are not JSON are one line naming the file, the line and the column", async () => {
  const lines = (sampleFiles(world).posthog["events.csv"] ?? "").split("\n");
  lines[4] = (lines[4] ?? "").replace(/"\{.*\}"/, "{broken");
  const { message, folder } = await problem(["posthog"], { "events.csv": lines.join("\n") });
  assert.equal(
    message,
    `${folder}/events.csv: line 5, column properties: "{broken" is not JSON text, such as ` +
      '{"$group_0": "acct_1"}',
  );
});

Deno.test("the samples written as Parquet map onto the same rows, and a value that does not cast names its row", async () => {
  const folder = await mkdtemp(`${tmpdir()}/sources-test-`);
  const engine = await openDuckDb(duckdb, { tempDirectory: `${tmpdir()}/sources-test-duckdb` });
  try {
    // DuckDB's own types for each column, as a warehouse's Parquet export has them
    for (const source of ["stripe", "posthog"] as const) {
      for (const name of Object.keys(sampleFiles(world)[source])) {
        await engine.run(
          `COPY (SELECT * FROM read_csv('${sample(source)}/${name}')) TO ` +
            `'${folder}/${name.replace(/\.csv$/, ".parquet")}' (FORMAT parquet)`,
        );
      }
    }
  } finally {
    engine.close();
  }
  try {
    await withSources(folder, ["stripe", "posthog"], async (engine, made) => {
      assert.ok(made.every(({ paths }) => paths.every((path) => path.endsWith(".parquet"))));
      for (const { file: { table }, source } of made) {
        assert.deepEqual(
          await viewRows(engine, table.name),
          await referenceRows(engine, sampleWorld(world, source), table.name),
          `${source}: ${table.name}`,
        );
      }
    });
    const engine = await openDuckDb(duckdb, { tempDirectory: `${tmpdir()}/sources-test-duckdb` });
    try {
      await engine.run(
        `COPY (SELECT * REPLACE (CASE WHEN id = 'price_pro' THEN '$99.00' ` +
          `ELSE CAST(unit_amount AS VARCHAR) END AS unit_amount) FROM read_csv(` +
          `'${sample("stripe")}/prices.csv') ORDER BY id) TO '${folder}/prices.parquet' ` +
          "(FORMAT parquet)",
      );
    } finally {
      engine.close();
    }
    await assert.rejects(
      withSources(folder, ["stripe"], () => Promise.resolve()),
      new Problem(
        `${folder}/prices.parquet: row 4, column unit_amount: "$99.00" is not a whole number`,
      ),
    );
  } finally {
    await rm(folder, { recursive: true });
  }
});

Deno.test("Stripe's subscriptions as Sigma writes them (customer_id, timestamps), gzipped, map as the API's do", async () => {
  const text = sampleFiles(world).stripe["subscriptions.csv"] ?? "";
  const [header = "", ...rows] = text.trimEnd().split("\n");
  const names = header.split(",");
  const sigma = [
    header.replace("customer,", "customer_id,"),
    ...rows.map((row) =>
      row.split(",").map((value, index) =>
        /^(start_date|trial_start|trial_end|canceled_at|ended_at)$/.test(names[index] ?? "") &&
          value !== ""
          ? new Date(Number(value) * 1000).toISOString().replace("T", " ").slice(0, 19)
          : value
      ).join(",")
    ),
  ].join("\n") + "\n";
  // written by Sigma and compressed by gzip
  const folder = await folderOf(["stripe"], { "subscriptions.csv.gz": gzipSync(sigma) });
  await rm(`${folder}/subscriptions.csv`);
  try {
    const sampled = sampleWorld(world, "stripe");
    await withSources(folder, ["stripe"], async (engine, [subscriptions]) => {
      assert.equal(subscriptions?.paths[0], `${folder}/subscriptions.csv.gz`);
      assert.deepEqual(
        await viewRows(engine, "subscriptions"),
        await referenceRows(engine, sampled, "subscriptions"),
      );
    });
  } finally {
    await rm(folder, { recursive: true });
  }
});

Deno.test("a missing file names the file and the files the source reads; an optional one may be left out", async () => {
  const folder = await folderOf(["stripe"]);
  await rm(`${folder}/prices.csv`);
  try {
    await assert.rejects(
      withSources(folder, ["stripe"], () => Promise.resolve()),
      new Problem(
        `${folder}/prices.csv: no such file, nor prices.csv.gz or prices.parquet; --from stripe ` +
          "reads Stripe's " +
          "tables as files named after them: subscriptions.csv, subscriptions_snapshot.csv, " +
          "subscription_items_snapshot.csv, prices.csv, invoices.csv",
      ),
    );
  } finally {
    await rm(folder, { recursive: true });
  }
  // without invitations, Segment has no invite_sent table: no object_id, the rest as before
  const segment = await folderOf(["segment"]);
  await rm(`${segment}/invite_sent.csv`);
  try {
    await withSources(segment, ["segment"], async (engine, made) => {
      assert.equal(made[0]?.paths.some((path) => path.endsWith("invite_sent.csv")), false);
      const [[invited]] = (await engine.query(
        "SELECT count(*) FROM events WHERE event_name = 'invite_sent' AND object_id IS NOT NULL",
      )).rows as [[number]];
      assert.equal(Number(invited), 0);
    });
  } finally {
    await rm(segment, { recursive: true });
  }
});

Deno.test("parseSources() reads a list and refuses an unknown source; two billing sources are refused", async () => {
  assert.deepEqual(parseSources("stripe,posthog"), ["stripe", "posthog"]);
  assert.throws(() => parseSources("paddle"), /--from "paddle" is not a source this reads/);
  assert.throws(() => parseSources("stripe,stripe"), /names "stripe" twice/);
  await assert.rejects(
    withSources(sample("stripe"), ["stripe", "chargebee"], () => Promise.resolve()),
    new Problem(
      "--from stripe,chargebee: both give subscriptions and subscription_states; take one " +
        "source for them (stripe or chargebee)",
      { exitCode: 2 },
    ),
  );
});

Deno.test("mapped rows that break the reference schema's rules are one line naming the files and the row", async () => {
  const files = sampleFiles(world);
  const stripe = (files.stripe["subscriptions.csv"] ?? "").split("\n");
  const [, second = ""] = stripe;
  const id = second.split(",")[0];
  const empty = await problem(["stripe"], {
    "subscriptions.csv": stripe.map((line, index) =>
      index === 1 ? line.replace(/^([^,]*),[^,]*,/, "$1,,") : line
    ).join("\n"),
  });
  assert.equal(
    empty.message,
    `${empty.folder}/subscriptions.csv: Stripe's rows give a row of subscriptions ` +
      `(subscription_id "${id}") whose customer_id needs a value: it may not be empty`,
  );
  const twice = await problem(["stripe"], {
    "subscriptions.csv": [...stripe.slice(0, 2), second, ...stripe.slice(2)].join("\n"),
  });
  assert.match(
    twice.message,
    new RegExp(`Stripe's rows give two rows of subscriptions with subscription_id "${id}"`),
  );
  // a snapshot whose versions of one subscription overlap
  const snapshot = (files.chargebee["subscriptions_snapshot.csv"] ?? "").split("\n");
  const closed = snapshot.findIndex((line, index) => index > 0 && !line.endsWith(","));
  const row = snapshot[closed] ?? "";
  const overlap = await problem(["chargebee"], {
    "subscriptions_snapshot.csv": snapshot.toSpliced(closed, 1, row.replace(/,[^,]*$/, ","))
      .join("\n"),
  });
  assert.match(
    overlap.message,
    new RegExp(
      `^${overlap.folder}/subscriptions_snapshot\\.csv: ` +
        `Chargebee's rows give states of subscription_id "${row.split(",")[0]}" that overlap`,
    ),
  );
});

Deno.test("runRecipe() with --from runs a recipe on a source's sample, the schema's own files beside it", async () => {
  const importPackage = () => Promise.resolve(duckdb);
  const churn = recipeOf("churn-rate");
  assert.ok(churn);
  const params = { period_start: "2024-03-01", period_end: "2024-04-01" };
  const run = await runRecipe({ recipe: churn, inputs: ["lost", "start"] }, sample("stripe"), {
    options: {
      from: "stripe",
      "period-start": params.period_start,
      "period-end": params.period_end,
    },
    importPackage,
  });
  assert.deepEqual(
    Object.fromEntries(Object.entries(run.inputs).map(([name, value]) => [name, Number(value)])),
    expectedInputs(sampleWorld(world, "stripe"), "churn-rate", params),
  );
  // billing from Stripe, the ledger as the reference schema's finance_months
  const folder = await folderOf(["stripe"], {
    "finance_months.csv": csvFiles(world)["finance_months.csv"] ?? "",
  });
  try {
    const cac = recipeOf("customer-acquisition-cost");
    assert.ok(cac);
    const quarter = { period_start: "2024-04-01", period_end: "2024-07-01" };
    const mixed = await runRecipe({ recipe: cac, inputs: ["spend", "customers"] }, folder, {
      options: { from: "stripe", ...quarter },
      importPackage,
    });
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(mixed.inputs).map(([name, value]) => [name, Number(value)]),
      ),
      expectedInputs(
        { ...sampleWorld(world, "stripe"), finance: world.finance },
        "customer-acquisition-cost",
        quarter,
      ),
    );
  } finally {
    await rm(folder, { recursive: true });
  }
  const posthog = sample("posthog");
  await assert.rejects(
    runRecipe({ recipe: churn, inputs: [] }, posthog, {
      options: { from: "posthog" },
      importPackage,
    }),
    new Problem(
      `${posthog}/subscriptions.csv: no such file, nor subscriptions.csv.gz or ` +
        "subscriptions.parquet; churn-rate's recipe reads subscriptions, subscription_states: " +
        "one file each, .csv, .csv.gz or .parquet, with the columns of its table in the " +
        "reference schema (metrics-catalog sql --schema), where --from posthog does not give it",
    ),
  );
  await assert.rejects(
    runRecipe({ recipe: churn, inputs: [] }, sample("stripe"), {
      options: { from: "paddle" },
      importPackage,
    }),
    /--from "paddle" is not a source this reads/,
  );
});

Deno.test("runRecipes() with --from stripe,posthog runs billing and event recipes in one run, and lists what the others need", async () => {
  const folder = await folderOf(["stripe", "posthog"]);
  try {
    const jobs = ([
      ["churn-rate", ["lost", "start"]],
      ["daily-active-users", ["userDays", "days"]],
      ["net-promoter-score", []],
    ] as const).map(([slug, inputs]) => {
      const recipe = recipeOf(slug);
      assert.ok(recipe, slug);
      return { recipe, inputs };
    });
    const params = { period_start: "2024-03-01", period_end: "2024-04-01" };
    const outcomes = await runRecipes(jobs, folder, {
      options: { from: "stripe,posthog", ...params },
      importPackage: () => Promise.resolve(duckdb),
    });
    const [churn, daily, nps] = outcomes;
    assert.ok(churn?.ok && daily?.ok, JSON.stringify(outcomes));
    for (
      const [outcome, source, slug] of [[churn, "stripe", "churn-rate"], [
        daily,
        "posthog",
        "daily-active-users",
      ]] as const
    ) {
      assert.deepEqual(
        outcome.run.inputs,
        Object.fromEntries(
          Object.entries(expectedInputs(sampleWorld(world, source), slug, params) ?? {}).map((
            [name, value],
          ) => [name, String(value)]),
        ),
        slug,
      );
    }
    assert.deepEqual(nps, {
      metric: "net-promoter-score",
      ok: false,
      needs: ["survey_responses.csv"],
    });
  } finally {
    await rm(folder, { recursive: true });
  }
});
