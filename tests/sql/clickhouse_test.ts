/**
 * The rewrites that turn a recipe's text into ClickHouse's, each on its own: what it changes,
 * and what it leaves alone (comments, quoted text, what the other engines' text shares). That
 * every recipe so rewritten gives the generator's inputs on chDB is `sql_test.ts`'s to prove.
 *
 * @module
 */
import assert from "node:assert/strict";
import { forClickHouse, REWRITES, SETTINGS } from "../../lib/sql/clickhouse.ts";
import { RECIPE_FILES } from "../../lib/sql/files.ts";
import { parseRecipe, recipeText } from "../../lib/sql/recipe.ts";

function rewrite(name: string): (text: string) => string {
  const found = REWRITES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no rewrite "${name}"`);
  return found.apply;
}

function setting(text: string): (sql: string) => boolean {
  const found = SETTINGS.find((candidate) => candidate.text === text);
  if (!found) throw new Error(`no setting "${text}"`);
  return found.needed;
}

Deno.test("float-division makes every divisor a Float64, nested ones too, and no divisor in a comment or a string", () => {
  const apply = rewrite("float-division");
  assert.equal(
    apply(`SUM(mrr) / NULLIF(COUNT(*) FILTER (WHERE mrr > 0), 0) AS "arpa"`),
    `SUM(mrr) / toFloat64(NULLIF(COUNT(*) FILTER (WHERE mrr > 0), 0)) AS "arpa"`,
  );
  assert.equal(
    apply(`"cac" / NULLIF("newMrr" * "margin" / 100, 0)`),
    `"cac" / toFloat64(NULLIF("newMrr" * "margin" / 100.0, 0))`,
  );
  assert.equal(apply(`"burn" / "netNewArr"`), `"burn" / toFloat64("netNewArr")`);
  assert.equal(apply(`x / (a + b) - 1`), `x / toFloat64((a + b)) - 1`);
  const untouched = "-- catalog/metrics/x.md: a / b\nSELECT 'a / b' AS \"c / d\"";
  assert.equal(apply(untouched), untouched);
});

Deno.test("interval-multiples turns a number of days, minutes or months into ClickHouse's interval", () => {
  const apply = rewrite("interval-multiples");
  assert.equal(
    apply("occurred_at < signed_up_at + :window_days * INTERVAL '1 day'"),
    "occurred_at < signed_up_at + toIntervalDay(:window_days)",
  );
  assert.equal(
    apply(":period_start - (:lookback_months + 1) * INTERVAL '1 month'"),
    ":period_start - toIntervalMonth(:lookback_months + 1)",
  );
  assert.equal(
    apply("previous_at + :timeout_minutes * INTERVAL '1 minute'"),
    "previous_at + toIntervalMinute(:timeout_minutes)",
  );
  // an interval of its own, which ClickHouse reads, is left as it is
  assert.equal(apply(":week_start - INTERVAL '7 days'"), ":week_start - INTERVAL '7 days'");
});

Deno.test("epoch-of-difference counts the seconds between two instants with dateDiff", () => {
  assert.equal(
    rewrite("epoch-of-difference")("SUM(EXTRACT(EPOCH FROM ended_at - started_at))"),
    "SUM(dateDiff('millisecond', started_at, ended_at) / 1000)",
  );
});

Deno.test("a recipe states the settings it relies on, only those, in its header and its SETTINGS clause", () => {
  const joins = setting("join_use_nulls = 1");
  assert.ok(joins("SELECT 1 FROM a LEFT JOIN b ON b.id = a.id"));
  assert.ok(!joins("SELECT 1 FROM a JOIN b ON b.id = a.id -- not a LEFT JOIN"));
  const aliases = setting("prefer_column_name_to_alias = 1");
  assert.ok(aliases(`SELECT SUM(mrr) AS "mrr" FROM subscription_states`));
  assert.ok(!aliases(`SELECT SUM(mrr) AS "total" FROM subscription_states`));

  const empty = setting("aggregate_functions_null_for_empty = 1");
  assert.ok(empty("SELECT AVG(end_mrr) FROM new_customers"));
  assert.ok(!empty("SELECT COUNT(*) FROM new_customers -- not a SUM(x)"));

  const conversion = forClickHouse(RECIPE_FILES["conversion-rate"] ?? "");
  assert.match(conversion, /^-- Setting: join_use_nulls = 1, so that /m);
  assert.match(conversion, /\nSETTINGS join_use_nulls = 1;\n$/);
  const arr = forClickHouse(RECIPE_FILES["annual-recurring-revenue"] ?? "");
  assert.match(
    arr,
    /\nSETTINGS aggregate_functions_null_for_empty = 1, prefer_column_name_to_alias = 1;\n$/,
  );
  assert.doesNotMatch(arr, /join_use_nulls/);
  const ces = forClickHouse(RECIPE_FILES["customer-effort-score"] ?? "");
  assert.doesNotMatch(ces, /SETTINGS|-- Setting:/);
});

Deno.test("every recipe's ClickHouse text keeps its header, parameters and tables, and names its dialect", () => {
  for (const [slug, text] of Object.entries(RECIPE_FILES)) {
    const original = parseRecipe(text);
    const rewritten = parseRecipe(recipeText(text, "clickhouse"));
    assert.ok(original.ok && rewritten.ok, slug);
    assert.deepEqual(
      { ...rewritten.recipe, text: "" },
      { ...original.recipe, text: "" },
      slug,
    );
    assert.match(rewritten.recipe.text, /^-- Dialect: ClickHouse /m, slug);
    assert.equal(recipeText(text, "duckdb"), text);
    assert.equal(recipeText(text, "postgres"), text);
    // what the rewrites exist to remove is gone
    assert.doesNotMatch(rewritten.recipe.text, /\* INTERVAL|EXTRACT\(EPOCH/, slug);
  }
});
