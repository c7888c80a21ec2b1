import assert from "node:assert/strict";
import { type Calculator, calculatorProblems, roundingOf } from "../../lib/catalog/calculator.ts";

const CHURN: Calculator = {
  inputs: {
    lost: { name: "Customers lost", unit: "count", means: "left in the period" },
    start: { name: "Customers at the start", unit: "count", means: "active on day one" },
  },
  expression: "lost / start * 100",
  result: { unit: "percent", per: "month" },
  example: { inputs: { lost: 90, start: 2000 }, states: "4.5%" },
};
const TEXT = "March churn is 90 ÷ 2,000 = 4.5%.";

Deno.test("calculatorProblems() checks the expression's inputs and the worked example against the text", () => {
  const at = "cat/metrics/x.md: calculator";
  assert.deepEqual(calculatorProblems(CHURN, { inPractice: TEXT, at }), []);
  assert.deepEqual(
    calculatorProblems({ ...CHURN, expression: "lost / begin * 100" }, { inPractice: TEXT, at }),
    [
      'cat/metrics/x.md: calculator.expression: "begin" is not one of the inputs (lost, start)',
      "cat/metrics/x.md: calculator.inputs.start: the expression does not use it",
    ],
  );
  assert.deepEqual(
    calculatorProblems({ ...CHURN, expression: "lost / * start" }, { inPractice: TEXT, at }),
    [
      'cat/metrics/x.md: calculator.expression: expected a number, an input or "(", not "*" (at character 8)',
    ],
  );
  assert.deepEqual(
    calculatorProblems({ ...CHURN, example: { inputs: { lost: 90 }, states: "4.5%" } }, {
      inPractice: TEXT,
      at,
    }),
    ["cat/metrics/x.md: calculator.example.inputs.start: is missing"],
  );
  assert.deepEqual(
    calculatorProblems(
      { ...CHURN, example: { inputs: { lost: 92, start: 2000 }, states: "4.5%" } },
      { inPractice: TEXT, at },
    ),
    ["cat/metrics/x.md: calculator.example: the inputs give 4.6, but the text states 4.5% (within 0.050000001)"],
  );
  assert.deepEqual(
    calculatorProblems({
      ...CHURN,
      example: { inputs: { lost: 90, start: 2000 }, states: "4.50%" },
    }, { inPractice: TEXT, at }),
    ['cat/metrics/x.md: calculator.example.states: "4.50%" does not appear in the section "In practice"'],
  );
});

Deno.test("roundingOf() is half a unit of the last digit written", () => {
  assert.ok(Math.abs(roundingOf("4.5%") - 0.05) < 1e-6);
  assert.ok(Math.abs(roundingOf("$1,200") - 0.5) < 1e-6);
  assert.ok(Math.abs(roundingOf("$28K") - 500) < 1e-6);
  assert.ok(Math.abs(roundingOf("0.18") - 0.005) < 1e-6);
});
