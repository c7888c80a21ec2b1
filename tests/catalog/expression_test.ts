import assert from "node:assert/strict";
import { evaluate, inputsOf, parseExpression, render } from "../../lib/catalog/expression.ts";

function value(text: string, inputs: Record<string, number> = {}) {
  const parsed = parseExpression(text);
  assert.ok(parsed.ok, `${text}: ${parsed.ok ? "" : parsed.error}`);
  return evaluate(parsed.expr, inputs);
}

Deno.test("parseExpression() reads precedence, right-associative powers, unary minus and functions", () => {
  assert.deepEqual(value("2 + 3 * 4"), { ok: true, value: 14 });
  assert.deepEqual(value("(2 + 3) * 4"), { ok: true, value: 20 });
  assert.deepEqual(value("2 ^ 3 ^ 2"), { ok: true, value: 512 });
  assert.deepEqual(value("-2 ^ 2"), { ok: true, value: -4 });
  assert.deepEqual(value("10 - 4 - 3"), { ok: true, value: 3 });
  assert.deepEqual(value("24 / 4 / 2"), { ok: true, value: 3 });
  assert.deepEqual(value("min(a, b) + max(a, b, 7) + abs(0 - a)", { a: 2, b: 5 }), {
    ok: true,
    value: 11,
  });
  assert.deepEqual(value("1 - (1 - m / 100) ^ 12", { m: 5 }).ok, true);
});

Deno.test("parseExpression() refuses what is not the language, saying where", () => {
  const cases: [string, RegExp][] = [
    ["a +", /expected a number, an input or "\(" at the end/],
    ["a ** b", /expected a number, an input or "\(", not "\*"/],
    ["eval(a)", /"eval" is not a function/],
    ["a; b", /";" is not part of the formula language/],
    ["(a + b", /expected "\)" at the end/],
    ["a b", /unexpected "b"/],
    ["min(a)", /min takes two arguments or more/],
    ["Math.max(1, 2)", /"M" is not part of the formula language/],
    ["(".repeat(50) + "1" + ")".repeat(50), /nested too deeply/],
  ];
  for (const [text, message] of cases) {
    const parsed = parseExpression(text);
    assert.ok(!parsed.ok, text);
    assert.match(parsed.error, message, text);
  }
});

Deno.test("evaluate() names a zero divisor and never returns NaN or Infinity", () => {
  assert.deepEqual(value("a / (b - c)", { a: 1, b: 2, c: 2 }), {
    ok: false,
    error: "Division by zero: b − c is 0",
  });
  assert.deepEqual(value("(0 - 8) ^ 0.5"), {
    ok: false,
    error: "The result is not a finite number",
  });
  assert.deepEqual(value("10 ^ 400"), { ok: false, error: "The result is not a finite number" });
  assert.deepEqual(value("a + 1"), { ok: false, error: 'Input "a" is missing' });
});

Deno.test("inputsOf() and render() give the names used and the expression back with only needed parentheses", () => {
  const parsed = parseExpression("(newMrr + expansion) / (churned + contraction)");
  assert.ok(parsed.ok);
  assert.deepEqual(inputsOf(parsed.expr), ["newMrr", "expansion", "churned", "contraction"]);
  assert.equal(render(parsed.expr), "(newMrr + expansion) ÷ (churned + contraction)");
  const again = parseExpression("a - (b - c)");
  assert.ok(again.ok);
  assert.equal(render(again.expr), "a − (b − c)");
});
