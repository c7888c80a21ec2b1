/**
 * The data run as a library (`lib/sql/run.ts`) and the period a value from data was counted
 * over: every recipe that counts over a period, run over 1, 2, 3 and 12 months, carries that span;
 * a rate is labelled per it in `calc` and `compare`, text and `--json`, converted to the metric's
 * own period only where the metric states how, and compared with no figure otherwise.
 *
 * @module
 */
import assert from "node:assert/strict";
import { comparableFigures } from "../../lib/catalog/figures.ts";
import { recipes } from "../../lib/read/recipes.ts";
import { runRecipes } from "../../lib/sql/run.ts";
import { CASES, expectedInputs } from "../_sql_expected.ts";
import { cli, folder, importPackage, metrics, removeFolder, world } from "../_data_folder.ts";

/** The spans tried, each ending where the generated data is still complete. */
const SPANS = [
  { months: 1, start: "2024-11-01", end: "2024-12-01", days: 30 },
  { months: 2, start: "2024-10-01", end: "2024-12-01", days: 61 },
  { months: 3, start: "2024-09-01", end: "2024-12-01", days: 91 },
  { months: 12, start: "2023-12-01", end: "2024-12-01", days: 366 },
];

/** The recipes that count over a period given by `--period-start` and `--period-end`. */
const periodic = [...recipes().values()].filter((recipe) =>
  recipe.parameters.some((parameter) => parameter.name === "period_start")
);

/** The event names each recipe needs, from the cases the generator answers. */
const events = Object.fromEntries(
  periodic.flatMap((recipe) =>
    recipe.parameters.filter((parameter) => parameter.type === "text").map((parameter) => [
      parameter.name,
      String(CASES[recipe.metric]?.[0]?.[parameter.name]),
    ])
  ),
);

/** The rates quoted per a period that the data counts over a period. */
const rates = periodic.filter((recipe) => metrics.get(recipe.metric)?.calculator?.result.per);

const MONTHS: Record<string, number> = { month: 1, quarter: 3, year: 12 };
const NAMED: Record<number, string> = { 1: "month", 3: "quarter", 12: "year" };

/** A percentage over `from` months as one over `to` months, compounded, by the metric's rule. */
function compounded(value: number, from: number, to: number, by: string): number {
  const kept = by === "compound-loss" ? 1 - value / 100 : value / 100;
  const result = kept ** (to / from);
  return 100 * (by === "compound-loss" ? 1 - result : result);
}

Deno.test("every recipe that counts over a period carries the span it counted, over 1, 2, 3 and 12 months", async () => {
  assert.ok(periodic.length >= 25, `${periodic.length} recipes with a period`);
  for (const span of SPANS) {
    const outcomes = await runRecipes(
      periodic.map((recipe) => ({
        recipe,
        inputs: Object.keys(metrics.get(recipe.metric)?.calculator?.inputs ?? {}),
      })),
      folder,
      {
        options: { ...events, "period-start": span.start, "period-end": span.end },
        importPackage,
      },
    );
    assert.equal(outcomes.length, periodic.length);
    for (const outcome of outcomes) {
      const why = outcome.ok ? "" : outcome.problem?.message ?? outcome.needs?.join(", ");
      assert.ok(outcome.ok, `${outcome.metric} over ${span.months} months: ${why}`);
      assert.deepEqual(outcome.run.counted, {
        of: "period",
        start: `${span.start} 00:00:00`,
        end: `${span.end} 00:00:00`,
        months: span.months,
        days: span.days,
      }, outcome.metric);
      const expected = expectedInputs(world, outcome.metric, outcome.run.parameters);
      assert.ok(expected, `${outcome.metric}: the generator counts these parameters`);
      for (const [name, value] of Object.entries(outcome.run.inputs)) {
        const want = expected[name] ?? NaN;
        assert.ok(
          Math.abs(Number(value) - want) <= 1e-9 * Math.max(1, Math.abs(want)),
          `${outcome.metric} over ${span.months} months: ${name} is ${value}, not ${want}`,
        );
      }
    }
  }
});

for (const recipe of rates) {
  const metric = metrics.get(recipe.metric);
  const comparison = metric?.comparison;
  Deno.test(`${recipe.metric} from data is labelled per the span counted, converted only as its record states, in text and --json`, async () => {
    assert.ok(metric && comparison?.per, recipe.metric);
    const own = MONTHS[comparison.per] ?? 0;
    for (const span of SPANS) {
      const args = [recipe.metric, "--data", folder, "--period-start", span.start];
      args.push("--period-end", span.end);
      const calc = await cli(["calc", ...args, "--json"]);
      assert.equal(calc.code, 0, calc.stderr);
      const calculated = JSON.parse(calc.stdout);
      const named = NAMED[span.months];
      assert.equal(calculated.per, named, `${recipe.metric} over ${span.months} months`);
      assert.equal(calculated.data.counted.months, span.months);
      assert.equal(calculated.counted?.months, named ? undefined : span.months);
      const words = named ? `a ${named}` : `over ${span.months} months`;
      const text = await cli(["calc", ...args]);
      assert.match(
        text.stdout,
        new RegExp(`^${metric.name}(?: \\(\\w+\\))?: [\\d.,]+% ${words}$`, "m"),
      );
      const json = await cli(["compare", ...args, "--json"]);
      if (comparableFigures(metric).length === 0) {
        assert.match(json.stderr, /has no benchmark figures to compare a value with/);
        continue;
      }
      const compared = JSON.parse(json.stdout);
      const said = (await cli(["compare", ...args])).stdout;
      const value = calculated.value;
      if (named) {
        assert.equal(compared.per, named);
        assert.equal(compared.counted.by, undefined);
        assert.match(said, new RegExp(`[\\d.]+% a ${named}`));
      } else if (comparison.convert && own > 0) {
        assert.equal(compared.per, comparison.per);
        assert.equal(compared.counted.by, comparison.convert);
        assert.equal(compared.counted.value, value);
        const want = compounded(value, span.months, own, comparison.convert);
        assert.ok(Math.abs(compared.value - want) < 1e-9, `${compared.value} is not ${want}`);
        assert.match(
          said,
          new RegExp(`over ${span.months} months \\([\\d.]+% a ${comparison.per}`),
        );
      } else {
        assert.equal(compared.per, undefined);
        assert.deepEqual(compared.placements, []);
        assert.ok(compared.context.every((item: { reason: string }) => item.reason !== "segment"));
        assert.match(
          said,
          new RegExp(`is quoted over ${span.months} months, and it states no way`),
        );
      }
    }
  });
}

Deno.test({
  name: "the data folder is removed",
  sanitizeOps: false,
  fn: removeFolder,
});
