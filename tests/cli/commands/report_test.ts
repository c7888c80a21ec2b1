/**
 * `report --data DIR`: every metric the folder's tables give, in one run, each equal to what
 * `calc --data` gives with the same parameters, grouped, within 80 columns, and as JSON; the
 * metrics it cannot compute listed with what they need; bad input answered in one line, exit 1.
 *
 * @module
 */
import assert from "node:assert/strict";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { recipes } from "../../../lib/read/recipes.ts";
import { CASES } from "../../_sql_expected.ts";
import { asOptions, cli, folder, removeFolder } from "../../_data_folder.ts";

/** The event names the recipes need, from the cases the generator answers. */
const EVENTS = asOptions(Object.fromEntries(
  [...recipes().values()].flatMap((recipe) =>
    recipe.parameters.filter((parameter) => parameter.type === "text").map((parameter) => [
      parameter.name,
      String(CASES[recipe.metric]?.[0]?.[parameter.name]),
    ])
  ),
));

interface Entry {
  slug: string;
  name: string;
  group: string;
  value: number;
  unit: string;
  per: string | null;
  parameters: Record<string, string | number>;
  inputs: Record<string, number>;
  lead: string | null;
  placements: unknown[];
}

interface Report {
  data: { computed: number; of: number; attention: string[]; better: number; worse: number };
  metrics: Entry[];
  missing: { slug: string; needs: string[]; problem?: string }[];
}

async function report(args: string[]): Promise<Report> {
  const run = await cli(["report", "--data", folder, ...args, "--json"]);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
}

/** A new folder holding some of the generated files, or other files. */
async function folderWith(files: Record<string, string | { copy: string }>): Promise<string> {
  const made = await mkdtemp(`${tmpdir()}/metrics report `);
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === "string") await writeFile(`${made}/${name}`, content);
    else await copyFile(`${folder}/${content.copy}`, `${made}/${name}`);
  }
  return made;
}

Deno.test("report lists every metric with a recipe, each value the one calc --data gives with its parameters", async () => {
  const scorecard = await report(EVENTS);
  const slugs = [...recipes().keys()];
  assert.equal(scorecard.metrics.length, slugs.length);
  assert.deepEqual(scorecard.missing, []);
  assert.deepEqual(scorecard.metrics.map((entry) => entry.slug).sort(), slugs.sort());
  assert.equal(scorecard.data.computed, slugs.length);
  for (const entry of scorecard.metrics) {
    assert.deepEqual(
      Object.keys(entry).filter((key) =>
        ["slug", "name", "value", "unit", "per", "parameters", "inputs", "lead", "placements"]
          .includes(key)
      ).length,
      9,
      entry.slug,
    );
    const options = asOptions(entry.parameters);
    const calc = await cli(["calc", entry.slug, "--data", folder, ...options, "--json"]);
    assert.equal(calc.code, 0, `${entry.slug}: ${calc.stderr}`);
    const calculated = JSON.parse(calc.stdout);
    assert.equal(entry.value, calculated.value, entry.slug);
    assert.deepEqual(entry.parameters, calculated.data.parameters, entry.slug);
    assert.deepEqual(entry.inputs, calculated.inputs, entry.slug);
  }
});

Deno.test("report's lead for a metric is the one compare --data gives for the same segment", async () => {
  const scorecard = await report([...EVENTS, "--segment", "model=b2b"]);
  for (const slug of ["churn-rate", "net-revenue-retention", "dau-mau-ratio"]) {
    const entry = scorecard.metrics.find((item) => item.slug === slug);
    assert.ok(entry?.lead, slug);
    const segment = slug === "dau-mau-ratio" ? [] : ["--segment", "model=b2b"];
    const compared = await cli([
      "compare",
      slug,
      "--data",
      folder,
      ...asOptions(entry.parameters),
      ...segment,
    ]);
    assert.equal(compared.code, 0, compared.stderr);
    const said = compared.stdout.replace(/\s+/g, " ");
    assert.ok(said.includes(entry.lead), `${slug}: "${entry.lead}" is not in ${said}`);
  }
});

Deno.test("report's text is grouped revenue, retention, engagement, acquisition, satisfaction, within 80 columns", async () => {
  const run = await cli(["report", "--data", folder, ...EVENTS]);
  assert.equal(run.code, 0, run.stderr);
  const long = run.stdout.split("\n").filter((line) => line.length > 80);
  assert.deepEqual(long, []);
  const headings = run.stdout.split("\n").filter((line) => /^[A-Z][A-Z ]+$/.test(line));
  assert.deepEqual(headings, [
    "REVENUE",
    "RETENTION",
    "ENGAGEMENT",
    "ACQUISITION AND CONVERSION",
    "SATISFACTION",
  ]);
  assert.match(run.stdout, /^ {2}Customer Churn Rate: [\d.]+% a month$/m);
  assert.match(run.stdout, /^ {4}counted 2024-11-01 to 2024-12-01; lost \d+, start \d+$/m);
});

Deno.test("report on a folder with only events lists the event metrics and names what the others need", async () => {
  const events = await folderWith({ "events.csv": { copy: "events.csv" } });
  try {
    const run = await cli(["report", "--data", events, ...EVENTS, "--json"]);
    assert.equal(run.code, 0, run.stderr);
    const scorecard: Report = JSON.parse(run.stdout);
    const onEvents = [...recipes().values()]
      .filter((recipe) => recipe.tables.every((table) => table === "events"))
      .map((recipe) => recipe.metric).sort();
    assert.deepEqual(scorecard.metrics.map((entry) => entry.slug).sort(), onEvents);
    assert.equal(scorecard.missing.length, recipes().size - onEvents.length);
    const churn = scorecard.missing.find((item) => item.slug === "churn-rate");
    assert.deepEqual(churn?.needs, ["subscriptions.csv", "subscription_states.csv"]);
    const text = await cli(["report", "--data", events, ...EVENTS]);
    assert.match(text.stdout, /^Scorecard from your data in [^:]+: \d+ of 38 metrics\s+computed/);
    assert.match(text.stdout, /^NOT COMPUTED$/m);
    assert.match(text.stdout, /^ {4}needs subscriptions\.csv; subscription_states\.csv$/m);
  } finally {
    await rm(events, { recursive: true });
  }
});

Deno.test("report answers bad input in one line naming the file, exit 1", async () => {
  const cases: [Record<string, string | { copy: string }>, RegExp][] = [
    [{}, /^metrics-catalog: .+: no file of the reference schema; name each table's file/],
    [
      { "events.csv": "\u0000\u0001\u00ff binary" },
      /^metrics-catalog: .+\/events\.csv: not text, so not CSV/,
    ],
    [{ "events.csv.gz": "not gzip" }, /^metrics-catalog: .+\/events\.csv\.gz: not a gzip file/],
    [
      { "events.csv": "user_id,account_id,event_name,occurred_at\nu1,a1,signed_up,2024-01-01\n" },
      /^metrics-catalog: .+\/events\.csv: .*object_id/,
    ],
  ];
  for (const [files, line] of cases) {
    const made = await folderWith(files);
    try {
      const run = await cli(["report", "--data", made, ...EVENTS]);
      assert.equal(run.code, 1, JSON.stringify(files).slice(0, 80));
      assert.equal(run.stdout, "");
      assert.equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
      assert.match(run.stderr, line);
    } finally {
      await rm(made, { recursive: true });
    }
  }
  const early = await cli([
    "report",
    "--data",
    folder,
    "--period-start",
    "2010-01-01",
    "--period-end",
    "2010-02-01",
  ]);
  assert.equal(early.code, 1);
  assert.match(
    early.stderr,
    /^metrics-catalog: [a-z-]+'s period --period-start 2010-01-01, --period-end 2010-02-01.* ends before the data begins: the earliest row, in .+\.csv, is at 2023-/,
  );
  const segment = await cli(["report", "--data", folder, "--segment", "planet=mars"]);
  assert.equal(segment.code, 2);
  assert.match(
    segment.stderr,
    /^metrics-catalog: Unknown segment "planet"; the metrics compare on /,
  );
});

Deno.test({
  name: "the data folder is removed",
  sanitizeOps: false,
  fn: removeFolder,
});
