import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadCatalog } from "../../lib/mod.ts";
import { literal, timestampText } from "../../lib/sql/dialect.ts";
import { bindRecipe, parseRecipe, recipeUrl, WITHOUT_RECIPE } from "../../lib/sql/recipe.ts";
import { SCHEMA_VERSION, SQL_LICENCE } from "../../lib/sql/schema.ts";
import { RECIPE_FILES } from "../../lib/sql/files.ts";

const catalog = await loadCatalog(undefined, { prebuilt: false });
const folder = new URL("../../lib/sql/recipes/", import.meta.url);
const files = (await readdir(folder)).filter((name) => name.endsWith(".sql")).sort();

const HEADER = [
  "-- Metric: gross-margin",
  "-- Returns: revenue, cost, result",
  "-- Result: (revenue - cost) / revenue * 100",
  "-- Schema: version 1",
  "-- Licence: MIT",
];

Deno.test("every calculator has a recipe or says why not, and at least 34 of the 40 have one", () => {
  const computable = catalog.metrics.filter((metric) => metric.calculator).map((metric) =>
    metric.slug
  );
  const withRecipe = files.map((name) => name.replace(/\.sql$/, ""));
  for (const slug of withRecipe) assert.ok(computable.includes(slug), `${slug}.sql: no calculator`);
  for (const slug of Object.keys(WITHOUT_RECIPE)) {
    assert.ok(computable.includes(slug), `${slug}: no calculator`);
    assert.ok(!withRecipe.includes(slug), `${slug}: has a recipe and a reason not to`);
  }
  assert.deepEqual([...withRecipe, ...Object.keys(WITHOUT_RECIPE)].sort(), computable.sort());
  assert.ok(withRecipe.length >= 34, `${withRecipe.length} recipes`);
  for (const slug of withRecipe) assert.ok(existsSync(fileURLToPath(recipeUrl(slug))), slug);
});

Deno.test("each recipe's header names its metric, the calculator's inputs and expression, the schema version and the code's MIT licence", async () => {
  assert.equal(SQL_LICENCE, "MIT");
  const licence = await readFile(new URL("../../LICENSE", import.meta.url), "utf8");
  assert.match(licence, /^MIT License\n/);
  for (const name of files) {
    const parsed = parseRecipe(await readFile(new URL(name, folder), "utf8"));
    assert.ok(parsed.ok, `${name}: ${parsed.ok ? "" : parsed.problems.join("; ")}`);
    const { recipe } = parsed;
    const metric = catalog.metrics.find((candidate) => candidate.slug === recipe.metric);
    assert.equal(`${recipe.metric}.sql`, name);
    assert.ok(metric?.calculator, name);
    assert.deepEqual(recipe.returns, [...Object.keys(metric.calculator.inputs), "result"], name);
    assert.equal(recipe.result, metric.calculator.expression, name);
    assert.equal(recipe.schemaVersion, SCHEMA_VERSION, name);
    assert.equal(recipe.licence, SQL_LICENCE, name);
    assert.match(recipe.text, new RegExp(`\\(catalog/metrics/${recipe.metric}\\.md\\)`), name);
  }
});

Deno.test("RECIPE_FILES carries every file of lib/sql/recipes/, byte for byte, in slug order", async () => {
  assert.deepEqual(Object.keys(RECIPE_FILES), files.map((name) => name.replace(/\.sql$/, "")));
  for (const name of files) {
    const slug = name.replace(/\.sql$/, "");
    assert.equal(RECIPE_FILES[slug], await readFile(new URL(name, folder), "utf8"), name);
  }
});

Deno.test("parseRecipe() names the schema's tables a recipe reads, not its CTEs, comments or quoted text", () => {
  const parsed = parseRecipe([
    ...HEADER,
    "-- the FROM events in this comment is not read",
    "WITH survey AS (SELECT 'FROM subscriptions' AS word FROM finance_months)",
    "SELECT * FROM survey",
    "JOIN subscription_states AS st ON TRUE",
    "JOIN events_archive ON TRUE",
  ].join("\n"));
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.recipe.tables, ["subscription_states", "finance_months"]);
});

Deno.test("parseRecipe() names a parameter used but not declared, one declared but not used, and a missing header line", () => {
  const parsed = parseRecipe([
    ...HEADER.slice(1),
    "-- Parameter: :period_start timestamp, the first day",
    "-- Parameter: :period_end timestamp, the day after",
    "SELECT 1 WHERE :period_start < :as_of",
  ].join("\n"));
  assert.deepEqual(parsed.ok ? [] : parsed.problems, [
    'the header has no "Metric:" line',
    '"" is not a slug',
    '":as_of" is used but not declared by a "Parameter:" line',
    '":period_end" is declared but not used',
  ]);
  const typo = parseRecipe(
    [...HEADER, "-- Parameter: :day timestamptz, a day", "SELECT :day"].join("\n"),
  );
  assert.deepEqual(typo.ok ? [] : typo.problems, [
    '"Parameter: :day timestamptz, a day" is not ":name timestamp|integer|text[ = default], meaning"',
    '":day" is used but not declared by a "Parameter:" line',
  ]);
  const defaults = parseRecipe(
    [
      ...HEADER,
      "-- Parameter: :days integer = 7, how many days",
      "-- Parameter: :event text = clicked, an event",
      "-- Parameter: :period_start timestamp = a quarter, the first day",
      "SELECT :days, :event, :period_start",
    ].join("\n"),
  );
  assert.deepEqual(defaults.ok ? [] : defaults.problems, [
    '"Parameter: :event text = clicked, an event": "= clicked" is no default for a text',
    '"Parameter: :period_start timestamp = a quarter, the first day": "= a quarter" is no ' +
    "default for a timestamp",
    '":event" is used but not declared by a "Parameter:" line',
    '":period_start" is used but not declared by a "Parameter:" line',
  ]);
});

Deno.test("bindRecipe() numbers each parameter once and casts it, leaving comments, quoted text and :: casts alone", () => {
  const parsed = parseRecipe([
    ...HEADER,
    "-- Parameter: :period_start timestamp, the first day",
    "-- Parameter: :days integer, how many days",
    "-- Parameter: :event text, an event",
    "-- a change at exactly :period_start belongs to this period",
    "SELECT ':days' AS \":event\", month::date FROM finance_months",
    "WHERE month >= :period_start AND month < :period_start + :days * INTERVAL '1 day'",
    "  AND :event <> ''",
  ].join("\n"));
  assert.ok(parsed.ok);
  const bound = bindRecipe(parsed.recipe, {
    period_start: "2024-03-01",
    days: 7,
    event: "signed_up",
  });
  assert.deepEqual(bound.values, ["2024-03-01 00:00:00", 7, "signed_up"]);
  assert.equal(
    bound.sql.split("\n").slice(HEADER.length + 3).join("\n"),
    [
      "-- a change at exactly :period_start belongs to this period",
      "SELECT ':days' AS \":event\", month::date FROM finance_months",
      "WHERE month >= CAST($1 AS TIMESTAMP) AND month < CAST($1 AS TIMESTAMP) + CAST($2 AS INTEGER) * INTERVAL '1 day'",
      "  AND CAST($3 AS VARCHAR) <> ''",
    ].join("\n"),
  );
  const inline = bindRecipe(parsed.recipe, {
    period_start: "2024-03-01 12:30:00",
    days: "7",
    event: "it's",
  }, {
    inline: true,
  });
  assert.deepEqual(inline.values, []);
  assert.match(inline.sql, /month >= TIMESTAMP '2024-03-01 12:30:00' AND .* \+ 7 \* INTERVAL/);
  assert.match(inline.sql, /AND 'it''s' <> ''$/);
});

Deno.test("bindRecipe() refuses a missing or unknown parameter and a value of the wrong kind", () => {
  const parsed = parseRecipe(
    [...HEADER, "-- Parameter: :days integer, how many", "SELECT :days"].join("\n"),
  );
  assert.ok(parsed.ok);
  assert.throws(() => bindRecipe(parsed.recipe, {}), /"gross-margin" needs a value for ":days"/);
  assert.throws(
    () => bindRecipe(parsed.recipe, { days: 1, weeks: 2 }),
    /takes no parameter "weeks"/,
  );
  assert.throws(
    () => bindRecipe(parsed.recipe, { days: "1; DROP TABLE events" }),
    /is not a whole number/,
  );
  assert.throws(
    () => bindRecipe(parsed.recipe, { days: 1.5 }, { inline: true }),
    /is not a whole number/,
  );
});

Deno.test("literal() and timestampText() write only what the type allows", () => {
  assert.equal(timestampText("2024-03-01T10:00:00Z"), "2024-03-01 10:00:00");
  assert.equal(timestampText(Date.UTC(2024, 1, 29, 23, 59, 59)), "2024-02-29 23:59:59");
  for (const bad of ["2024-02-30", "2024-13-01", "yesterday", "2024-03-01' OR '1'='1"]) {
    assert.throws(() => literal(bad, "timestamp"), /is not a timestamp/, bad);
  }
  assert.equal(literal("-3", "integer"), "-3");
  assert.throws(() => literal("3e2", "integer"), /is not a whole number/);
  assert.equal(literal("'; DROP TABLE events; --", "text"), "'''; DROP TABLE events; --'");
});
