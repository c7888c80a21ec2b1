import assert from "node:assert/strict";
import {
  defaultWords,
  earlierPeriod,
  optionName,
  parameterProblems,
  resolveParameters,
} from "../../lib/sql/parameters.ts";
import { parseRecipe, type Recipe, WITHOUT_RECIPE } from "../../lib/sql/recipe.ts";
import { RECIPE_FILES } from "../../lib/sql/files.ts";
import { recipeOf, recipes } from "../../lib/read/recipes.ts";

const AS_OF = Date.parse("2024-12-20T10:00:00Z");

function recipe(slug: string): Recipe {
  const found = recipeOf(slug);
  if (found === undefined) throw new Error(slug);
  return found;
}

const day = (value: string | number | undefined) => String(value).replace(/ 00:00:00$/, "");
const defaults = (slug: string, given: Record<string, string> = {}, asOf = AS_OF) =>
  Object.fromEntries(
    Object.entries(resolveParameters(recipe(slug), given, { asOf }).values).map((
      [name, value],
    ) => [name, typeof value === "number" ? value : day(value)]),
  );

Deno.test("resolveParameters() gives every recipe a default for each parameter but an event name, which it asks for by its option", () => {
  assert.ok(recipes().size >= 34 && Object.keys(WITHOUT_RECIPE).length === 2);
  for (const [slug, read] of recipes()) {
    const events = read.parameters.filter((parameter) => parameter.type === "text");
    const given = Object.fromEntries(events.map((parameter) => [parameter.name, "some_event"]));
    const resolved = resolveParameters(read, given, { asOf: AS_OF });
    assert.deepEqual(
      Object.keys(resolved.values),
      read.parameters.map((parameter) => parameter.name),
      slug,
    );
    assert.deepEqual(
      resolved.defaulted,
      read.parameters.filter((parameter) => parameter.type !== "text").map(({ name }) => name),
      slug,
    );
    for (const name of resolved.defaulted) {
      assert.ok(defaultWords(read, name, { defaulted: resolved.defaulted }).length > 0, name);
    }
    const [first] = events;
    if (first !== undefined) {
      assert.throws(
        () => resolveParameters(read, {}, { asOf: AS_OF }),
        new RegExp(
          `^Problem: ${slug}'s recipe needs ${optionName(first.name)}: .+ \\(such as \\w+\\)$`,
        ),
      );
    }
  }
});

Deno.test("resolveParameters() defaults a period to the last full month, calendar quarter or twelve months before the data ends", () => {
  assert.deepEqual(defaults("churn-rate"), {
    period_start: "2024-11-01",
    period_end: "2024-12-01",
  });
  assert.deepEqual(defaults("customer-acquisition-cost"), {
    period_start: "2024-07-01",
    period_end: "2024-10-01",
  });
  assert.deepEqual(defaults("net-revenue-retention"), {
    period_start: "2023-12-01",
    period_end: "2024-12-01",
  });
  // data complete to a month's first instant: that month is not in it, the one before is whole
  assert.deepEqual(defaults("churn-rate", {}, Date.parse("2024-12-01T00:00:00Z")), {
    period_start: "2024-11-01",
    period_end: "2024-12-01",
  });
  assert.deepEqual(defaults("annual-recurring-revenue"), { snapshot_at: "2024-12-01" });
  assert.deepEqual(defaults("magic-number"), { quarter_start: "2024-07-01" });
  assert.deepEqual(defaults("rule-of-40"), { year_start: "2023-12-01" });
  // 2024-12-20 is a Friday: the last full week began on Monday the 9th
  assert.deepEqual(defaults("current-user-retention-rate"), { week_start: "2024-12-09" });
  assert.deepEqual(defaults("n-day-retention"), {
    cohort_day: "2024-12-18",
    day_n: 1,
    as_of: "2024-12-20 10:00:00",
  });
  assert.deepEqual(defaults("n-day-retention", { day_n: "7" }).cohort_day, "2024-12-12");
  assert.deepEqual(defaults("activation-rate", { activation_event: "created_project" }), {
    cohort_start: "2024-11-01",
    cohort_end: "2024-12-01",
    activation_event: "created_project",
    window_days: 7,
    as_of: "2024-12-20 10:00:00",
  });
});

Deno.test("resolveParameters() takes one side of a period and derives the other; checks every value given", () => {
  assert.deepEqual(defaults("churn-rate", { period_start: "2024-03-01" }), {
    period_start: "2024-03-01",
    period_end: "2024-04-01",
  });
  assert.deepEqual(defaults("net-revenue-retention", { period_end: "2024-07-01" }), {
    period_start: "2023-07-01",
    period_end: "2024-07-01",
  });
  const resolved = resolveParameters(recipe("churn-rate"), { period_start: "2024-03-01" }, {
    asOf: AS_OF,
  });
  assert.deepEqual(resolved.defaulted, ["period_end"]);
  assert.equal(
    defaultWords(recipe("churn-rate"), "period_end", resolved),
    "a month after --period-start",
  );
  const refused = (slug: string, given: Record<string, string>) => {
    try {
      resolveParameters(recipe(slug), given, { asOf: AS_OF });
    } catch (error) {
      return error instanceof Error ? error.message : "";
    }
    return "";
  };
  assert.equal(
    refused("churn-rate", { period_start: "2024-03-01", period_end: "2024-02-01" }),
    "--period-start must come before --period-end",
  );
  assert.equal(
    refused("churn-rate", { period_start: "March" }),
    '--period-start "March" is not a timestamp: write 2024-03-01 or 2024-03-01 14:30:00, in UTC',
  );
  assert.equal(
    refused("activation-rate", { activation_event: "x", window_days: "7.5" }),
    '--window-days "7.5" is not a whole number',
  );
  assert.equal(
    refused("activation-rate", { activation_event: "x", window_days: "-1" }),
    '--window-days "-1" is below zero',
  );
  assert.equal(
    refused("churn-rate", { window_days: "7" }),
    "--window-days is not a parameter of churn-rate's recipe",
  );
});

Deno.test("earlierPeriod() moves a defaulted cohort or period back by its length, or day 0 by a day, and nothing given", () => {
  const activation = recipe("activation-rate");
  const resolved = resolveParameters(activation, { activation_event: "x" }, { asOf: AS_OF });
  const earlier = earlierPeriod(activation, resolved);
  assert.equal(earlier?.values.cohort_start, "2024-10-01 00:00:00");
  assert.equal(earlier?.values.cohort_end, "2024-11-01 00:00:00");
  assert.equal(
    defaultWords(activation, "cohort_start", { ...resolved, moved: true }),
    "the latest month whose window has closed",
  );
  const retention = recipe("n-day-retention");
  assert.equal(
    earlierPeriod(retention, resolveParameters(retention, {}, { asOf: AS_OF }))?.values.cohort_day,
    "2024-12-17 00:00:00",
  );
  const given = resolveParameters(
    activation,
    { activation_event: "x", cohort_start: "2024-03-01" },
    { asOf: AS_OF },
  );
  assert.equal(earlierPeriod(activation, given), undefined, "a period given stays");
  const churn = recipe("churn-rate");
  assert.deepEqual(earlierPeriod(churn, resolveParameters(churn, {}, { asOf: AS_OF }))?.values, {
    period_start: "2024-10-01 00:00:00",
    period_end: "2024-11-01 00:00:00",
  });
  assert.equal(
    defaultWords(churn, "period_start", {
      defaulted: ["period_start", "period_end"],
      moved: "empty",
    }),
    "the latest month with something to count",
  );
  const snapshot = recipe("annual-recurring-revenue");
  assert.equal(
    earlierPeriod(snapshot, resolveParameters(snapshot, {}, { asOf: AS_OF })),
    undefined,
    "a snapshot does not move",
  );
});

Deno.test("every recipe parameter is of a kind PARAMETER_KINDS names, each setting and period start declaring its default", () => {
  const problems = [...recipes().values()].flatMap(parameterProblems);
  assert.deepEqual(problems, []);
  const parsed = parseRecipe(
    [
      "-- Metric: churn-rate",
      "-- Returns: lost, start, result",
      "-- Result: lost / start * 100",
      "-- Schema: version 1",
      "-- Licence: MIT",
      "-- Parameter: :period_start timestamp, the first day (a quarter: 2024-04-01)",
      "-- Parameter: :period_end timestamp = 3 months, the day after (2024-07-01)",
      "-- Parameter: :window_days integer, how many days (14)",
      "-- Parameter: :colour text, a colour (blue)",
      "SELECT :period_start, :period_end, :window_days, :colour",
    ].join("\n"),
  );
  assert.ok(parsed.ok);
  assert.deepEqual(parameterProblems(parsed.recipe), [
    'churn-rate: ":period_start" declares no default (= …)',
    'churn-rate: ":period_end" takes no declared default',
    'churn-rate: ":window_days" declares no default (= …)',
    'churn-rate: ":colour" is of no kind in PARAMETER_KINDS',
  ]);
});

Deno.test("a setting's default is the one its header declares, never the example in its words", () => {
  const file = RECIPE_FILES["onboarding-completion-rate"] ?? "";
  assert.match(file, /:window_days integer = 14, .*\(14\)/);
  const changed = parseRecipe(file.replace(/(:window_days integer = 14, .*)\(14\)/, "$1(99)"));
  assert.ok(changed.ok);
  const asOf = Date.parse("2024-12-20T00:00:00Z");
  assert.equal(resolveParameters(changed.recipe, {}, { asOf }).values.window_days, 14);
  const quarter = parseRecipe(
    (RECIPE_FILES["net-promoter-score"] ?? "").replace("= 3 months", "= 6 months"),
  );
  assert.ok(quarter.ok);
  const { values } = resolveParameters(quarter.recipe, {}, { asOf });
  assert.deepEqual([values.period_start, values.period_end], [
    "2024-06-01 00:00:00",
    "2024-12-01 00:00:00",
  ]);
});
