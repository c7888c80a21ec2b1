/**
 * The reference schema and the recipes, proven on three real engines. The DDL committed for each
 * engine is what the schema's declaration generates; every recipe runs on DuckDB, on a throwaway
 * PostgreSQL cluster and on ClickHouse (chDB, its text through the rewrites of
 * `lib/sql/clickhouse.ts`), all loaded with the generated data set, and must return its
 * calculator's inputs as the generator counted them and the result the calculator gives on those
 * inputs.
 *
 * @module
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import type { Calculator } from "../lib/catalog/calculator.ts";
import { evaluate } from "../lib/catalog/expression.ts";
import { loadCatalog, type MetricRecord } from "../lib/mod.ts";
import { calculate, expressionOf } from "../lib/read/calculate.ts";
import { Problem, problemOr } from "../lib/problem.ts";
import { DIALECTS } from "../lib/sql/dialect.ts";
import { bindRecipe, parseRecipe, type Recipe } from "../lib/sql/recipe.ts";
import { ddl, TABLES } from "../lib/sql/schema.ts";
import { generate, type State, utc, type World } from "./_sql_data.ts";
import { type Answer, type Engine, startEngines } from "./_sql_engines.ts";
import {
  CASES,
  COUNTED,
  type Expected,
  expectedInputs,
  type Params,
  totalMrr,
} from "./_sql_expected.ts";

const catalog = await loadCatalog(undefined, { prebuilt: false });
const metrics = new Map(catalog.metrics.map((metric) => [metric.slug, metric]));
const folder = new URL("../lib/sql/recipes/", import.meta.url);
const recipes: Recipe[] = [];
for (const name of (await readdir(folder)).filter((file) => file.endsWith(".sql")).sort()) {
  const parsed = parseRecipe(await readFile(new URL(name, folder), "utf8"));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.problems.join("; ")}`);
  recipes.push(parsed.recipe);
}
const world = generate();

for (const dialect of DIALECTS) {
  Deno.test(`lib/sql/schema.${dialect}.sql is what ddl("${dialect}") writes (UPDATE_SNAPSHOTS=1 rewrites it)`, () => {
    const file = new URL(`../lib/sql/schema.${dialect}.sql`, import.meta.url);
    if (Deno.env.get("UPDATE_SNAPSHOTS") === "1") writeFileSync(file, ddl(dialect));
    assert.equal(readFileSync(file, "utf8"), ddl(dialect));
  });
}

Deno.test("every table and column of the reference schema has a meaning of one sentence", () => {
  const meanings = TABLES.flatMap((table) => [
    [table.name, table.means],
    ...table.columns.map((column) => [`${table.name}.${column.name}`, column.means]),
  ]);
  for (const [name, means] of meanings) {
    assert.match(means ?? "", /^\S[^]*[.]$/, `${name}: "${means}"`);
    assert.doesNotMatch(means ?? "", /[.!?] [A-Z]/, `${name}: more than one sentence`);
  }
});

/** What the calculator gives on a row's inputs: its value, or null where it refuses them. */
function calculatorValue(
  metric: MetricRecord,
  inputs: Record<string, number | null>,
): number | null {
  const typed = Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [name, value === null ? "" : String(value)]),
  );
  const result = problemOr(() => calculate(metric, typed, { segments: catalog.segments }));
  if (!(result instanceof Problem)) return result.value;
  if (/is a count: a whole number/.test(result.message) && metric.calculator) {
    // an average of daily counts (average DAU) is a count that need not be whole; the arithmetic
    // is the calculator's all the same
    const evaluated = evaluate(expressionOf(metric.calculator), inputs as Record<string, number>);
    return evaluated.ok ? evaluated.value : null;
  }
  return null;
}

const same = (actual: number | null, expected: number | null) =>
  actual === null || expected === null
    ? actual === expected
    : Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

/**
 * What is wrong with one answer of a recipe, one line each naming the metric, the engine, the
 * parameters and the input.
 */
function problemsOf(
  recipe: Recipe,
  engine: string,
  params: Params,
  expected: Expected,
  answer: Answer,
): string[] {
  const where = `${recipe.metric} on ${engine} (${
    Object.entries(params).map(([name, value]) => `${name}=${value}`).join(", ")
  })`;
  if (expected === null) {
    return answer.rows.length === 0
      ? []
      : [`${where}: returned a row for a window that has not closed`];
  }
  if (answer.rows.length !== 1) return [`${where}: returned ${answer.rows.length} rows, not one`];
  const metric = metrics.get(recipe.metric) as MetricRecord;
  const calculator = metric.calculator as Calculator;
  const names = [...Object.keys(calculator.inputs), "result"];
  if (answer.columns.join() !== names.join()) {
    return [`${where}: returned the columns ${answer.columns.join(", ")}, not ${names.join(", ")}`];
  }
  const row = Object.fromEntries(
    answer.columns.map((name, i) => {
      const value = answer.rows[0]?.[i];
      return [name, value === null || value === undefined ? null : Number(value)];
    }),
  );
  const problems: string[] = [];
  const inputs: Record<string, number | null> = {};
  for (const name of Object.keys(calculator.inputs)) {
    const actual = row[name] ?? null;
    inputs[name] = actual;
    if (!same(actual, expected[name] ?? null)) {
      problems.push(
        `${where}: input "${name}" is ${actual}, the generator counted ${expected[name]}`,
      );
    }
  }
  const result = calculatorValue(metric, inputs);
  if (!same(row.result ?? null, result)) {
    problems.push(
      `${where}: result is ${row.result}, the calculator gives ${result} on its inputs`,
    );
  }
  return problems;
}

/** Runs a recipe's cases on an engine and returns every problem. */
async function check(recipe: Recipe, engine: Engine, text = recipe.text): Promise<string[]> {
  const problems: string[] = [];
  for (const params of CASES[recipe.metric] ?? []) {
    const bound = bindRecipe({ ...recipe, text }, params, { dialect: engine.dialect });
    const answer = await engine.query(bound.sql, bound.values);
    problems.push(
      ...problemsOf(
        recipe,
        engine.dialect,
        params,
        expectedInputs(world, recipe.metric, params),
        answer,
      ),
    );
    if (recipe.metric === "monthly-recurring-revenue" && answer.rows.length === 1) {
      // the movement form adds up to the MRR the customers pay at the end of the month
      const result = Number(answer.rows[0]?.at(-1));
      const mrr = totalMrr(world, String(params.period_end));
      if (!same(result, mrr)) {
        problems.push(
          `${recipe.metric} on ${engine.dialect}: ${result} is not the MRR at the end, ${mrr}`,
        );
      }
    }
  }
  return problems;
}

Deno.test("every recipe has cases to run and counts to meet", () => {
  assert.deepEqual(recipes.map((recipe) => recipe.metric), [...COUNTED].sort());
  for (const recipe of recipes) {
    const cases = CASES[recipe.metric] ?? [];
    assert.ok(cases.length >= 1, recipe.metric);
    for (const params of cases) {
      assert.deepEqual(
        Object.keys(params).sort(),
        recipe.parameters.map(({ name }) => name).sort(),
        recipe.metric,
      );
    }
  }
});

Deno.test(
  "every recipe returns its calculator's inputs by name, as the generator counted them, and the " +
    "calculator's result, on DuckDB, on PostgreSQL and on ClickHouse",
  async (t) => {
    const engines = await startEngines(world.rows);
    try {
      for (const recipe of recipes) {
        await t.step(recipe.metric, async () => {
          const problems: string[] = [];
          for (const engine of engines) problems.push(...await check(recipe, engine));
          assert.deepEqual(problems, []);
        });
      }
      await t.step(
        "a recipe with its parameters written in as literals answers the same",
        async () => {
          const recipe = recipes.find((candidate) =>
            candidate.metric === "average-session-duration"
          ) as Recipe;
          for (const engine of engines) {
            for (const params of CASES[recipe.metric] ?? []) {
              const bound = bindRecipe(recipe, params, { dialect: engine.dialect });
              const inline = bindRecipe(recipe, params, { dialect: engine.dialect, inline: true });
              assert.deepEqual(inline.values, []);
              assert.deepEqual(
                await engine.query(inline.sql),
                await engine.query(bound.sql, bound.values),
              );
            }
          }
        },
      );
    } finally {
      for (const engine of engines) await engine.close();
    }
  },
);

Deno.test(
  "a recipe that drifts from its definition fails, naming the metric and the input",
  async () => {
    const drifts: [string, string, string, string][] = [
      // an event at exactly :period_end counted in the period
      ["daily-active-users", "occurred_at < :period_end", "occurred_at <= :period_end", "userDays"],
      // a failed first charge (past_due, MRR 0) counted as a conversion
      [
        "trial-to-paid-conversion-rate",
        "AND st.mrr > 0",
        "AND st.status <> 'trialing'",
        "converted",
      ],
      // customers acquired during the period counted in the cohort
      [
        "net-revenue-retention",
        "FROM customer_mrr WHERE start_mrr > 0",
        "FROM customer_mrr",
        "expansion",
      ],
      // every customer paying nothing at the end counted as lost, not only those paying at its start
      [
        "churn-rate",
        "FILTER (WHERE start_mrr > 0 AND end_mrr = 0)",
        "FILTER (WHERE end_mrr = 0 AND start_mrr + 1 > 0)",
        "lost",
      ],
    ];
    // every engine but PostgreSQL, which reads the same text as DuckDB
    const engines = await startEngines(world.rows, { postgres: false });
    try {
      for (const engine of engines) {
        for (const [metric, rule, drifted, input] of drifts) {
          const recipe = recipes.find((candidate) => candidate.metric === metric) as Recipe;
          assert.ok(recipe.text.includes(rule), `${metric} no longer says "${rule}"`);
          const problems = await check(recipe, engine, recipe.text.replace(rule, drifted));
          assert.ok(
            problems.some((problem) =>
              problem.startsWith(`${metric} on ${engine.dialect}`) &&
              problem.includes(`input "${input}"`)
            ),
            `${metric} on ${engine.dialect}: ${problems.join("\n") || "no problem found"}`,
          );
        }
      }
    } finally {
      for (const engine of engines) await engine.close();
    }
  },
);

/** Each customer's subscriptions, from the generator's record. */
function customers(data: World) {
  const found = new Map<string, State[][]>();
  for (const subscription of data.subscriptions) {
    found.set(subscription.customerId, [
      ...found.get(subscription.customerId) ?? [],
      subscription.states,
    ]);
  }
  return found;
}

Deno.test("the generated data holds the cases the definitions single out, in March 2024", () => {
  const march = utc(2024, 3, 1);
  const april = utc(2024, 4, 1);
  const paying = (states: State[], instant: number) =>
    states.some((state, i) =>
      state.from < instant && (states[i + 1]?.from ?? Infinity) >= instant && state.mrr > 0
    );
  const within = (states: State[], status: State["status"]) =>
    states.some((state) => state.status === status && state.from >= march && state.from < april);
  const cases = {
    joinedAndLeft: 0,
    leftAndCameBack: 0,
    returned: 0,
    downgraded: 0,
    addonDropped: 0,
  };
  for (const subscriptions of customers(world).values()) {
    const atStart = subscriptions.some((states) => paying(states, march));
    const atEnd = subscriptions.some((states) => paying(states, april));
    const paidFirst = Math.min(
      ...subscriptions.flat().filter((state) => state.mrr > 0).map((state) => state.from),
    );
    const ended = subscriptions.some((states) => within(states, "canceled"));
    if (!atStart && !atEnd && paidFirst >= march && paidFirst < april) cases.joinedAndLeft++;
    if (atStart && atEnd && ended && subscriptions.length > 1) cases.leftAndCameBack++;
    if (!atStart && atEnd && paidFirst < march) cases.returned++;
    if (
      subscriptions.some((states) =>
        states.some((state, i) =>
          state.from >= march && state.from < april && state.mrr > 0 &&
          state.mrr < (states[i - 1]?.mrr ?? 0)
        )
      )
    ) cases.downgraded++;
    const addonEnded = subscriptions.some((states) =>
      states[0]?.plan === "addon" && within(states, "canceled")
    );
    if (atStart && atEnd && addonEnded) cases.addonDropped++;
  }
  for (const [name, count] of Object.entries(cases)) assert.ok(count > 0, name);
  const states = world.subscriptions.flatMap((subscription) => subscription.states);
  assert.ok(states.some((state) => state.interval === "year"), "annual plans");
  assert.ok(
    states.some((state) => state.from === march),
    "a change exactly on March's first instant",
  );
  assert.ok(
    states.some((state) => state.status === "past_due" && state.mrr === 0),
    "a failed first charge",
  );
  const events = world.rows.events ?? [];
  assert.ok(
    events.some((event) => event.occurred_at === march),
    "an event exactly on March's first instant",
  );
  assert.ok(
    events.some((event) => event.occurred_at === april),
    "an event exactly on April's first instant",
  );
  const paid = [...customers(world).values()].filter((subscriptions) =>
    subscriptions.flat().some((state) => state.mrr > 0)
  );
  assert.ok(paid.length >= 300, `${paid.length} paying customers`);
  assert.ok(events.length >= 20_000, `${events.length} events`);
  const open = Object.entries(CASES).flatMap(([metric, cases]) =>
    cases.filter((params) => expectedInputs(world, metric, params) === null).map(() => metric)
  );
  for (
    const metric of [
      "activation-rate",
      "n-day-retention",
      "trial-to-paid-conversion-rate",
      "viral-coefficient",
    ]
  ) {
    assert.ok(open.includes(metric), `${metric}: no case with a window that has not closed`);
  }
});
