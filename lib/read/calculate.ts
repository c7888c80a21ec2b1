/**
 * A metric calculated from a reader's inputs: the inputs read as typed, the result (never `NaN` or
 * `Infinity`), the formula with the numbers put in, and where the result stands against the
 * metric's benchmark figures. What the CLI's `calc`, the pages' calculators and the export's
 * script share.
 *
 * @module
 */
import type { Calculator } from "../catalog/calculator.ts";
import { evaluate, type Expr, parseExpression, render } from "../catalog/expression.ts";
import { parsePlainNumber, type Vocabulary } from "../catalog/figures.ts";
import type { MetricRecord } from "../catalog/records.ts";
import { Problem, problemOr } from "../problem.ts";
import {
  type ComparedMetric,
  compareValue,
  periodOfSpan,
  type Span,
  type ValueComparison,
} from "./compare.ts";
import { formatValue } from "./words.ts";
import { groupedNumber } from "./text.ts";

/** A metric calculated from a reader's inputs. */
export interface Calculation {
  /** The metric's slug. */
  metric: string;
  /** The inputs as numbers, by name. */
  inputs: Record<string, number>;
  /** The result. */
  value: number;
  /** Its unit. */
  unit: Calculator["result"]["unit"];
  /** The period a rate is per. */
  per?: Calculator["result"]["per"];
  /** For a rate counted from data over a span that is no period (2 months): the span. */
  counted?: Span;
  /** The result as people read it ("4.5%"). */
  written: string;
  /** The formula in names, then with the numbers put in, then the result. */
  formula: string;
  /** Where the result stands against the metric's figures, when it has comparable ones. */
  comparison?: ValueComparison | undefined;
}

/** The parsed expression of a calculator; throws when the catalog let a bad one through. */
export function expressionOf(calculator: Calculator): Expr {
  const parsed = parseExpression(calculator.expression);
  if (!parsed.ok) throw new Error(`The expression "${calculator.expression}" does not parse`);
  return parsed.expr;
}

/**
 * Fewer than this many in a count the result divides by, and a rate swings on a handful: one
 * customer or respondent more or less moves it by points. A rule of thumb for proportions.
 */
export const FEW = 30;

/** A result computed from few: the count it divides by, and how far one more of a count moves it. */
export interface FewToCount {
  /** The input the result divides by, the smallest of them under {@linkcode FEW}. */
  input: string;
  /** Its value. */
  count: number;
  /** The rule of thumb it is under. */
  below: number;
  /** The most the result moves when any one count is one more. */
  swing: number;
}

/**
 * Whether a result rests on few: the smallest count the expression divides by, when it is under
 * {@linkcode FEW}, with the most one more of any count would move the result. Undefined when
 * every such count is larger, or the expression divides by none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { fewToCount } from "./calculate.ts";
 * const catalog = await loadCatalog();
 * const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate")!;
 * assert.deepEqual(fewToCount(churn.calculator!, { lost: 1, start: 25 }), {
 *   input: "start",
 *   count: 25,
 *   below: 30,
 *   swing: 4,
 * });
 * assert.equal(fewToCount(churn.calculator!, { lost: 9, start: 300 }), undefined);
 * ```
 */
export function fewToCount(
  calculator: Calculator,
  inputs: Readonly<Record<string, number>>,
): FewToCount | undefined {
  const expr = expressionOf(calculator);
  const divisors = new Set<string>();
  const walk = (node: Expr, dividing: boolean): void => {
    if (node.kind === "input" && dividing) divisors.add(node.name);
    if (node.kind === "unary") walk(node.arg, dividing);
    if (node.kind === "call") node.args.forEach((arg) => walk(arg, dividing));
    if (node.kind === "binary") {
      walk(node.left, dividing);
      walk(node.right, dividing || node.op === "/");
    }
  };
  walk(expr, false);
  const counts = Object.keys(calculator.inputs).filter((name) =>
    calculator.inputs[name]?.unit === "count"
  );
  const [smallest] = counts
    .filter((name) => divisors.has(name) && (inputs[name] ?? Infinity) < FEW)
    .sort((a, b) => (inputs[a] ?? 0) - (inputs[b] ?? 0));
  if (smallest === undefined) return undefined;
  const base = evaluate(expr, inputs);
  if (!base.ok) return undefined;
  let swing = 0;
  for (const name of counts) {
    const moved = evaluate(expr, { ...inputs, [name]: (inputs[name] ?? 0) + 1 });
    if (moved.ok) swing = Math.max(swing, Math.abs(moved.value - base.value));
  }
  return { input: smallest, count: inputs[smallest] ?? 0, below: FEW, swing };
}

/** What {@linkcode calculate} reads besides the metric and its inputs. */
export interface CalculateOptions {
  /** The segment vocabulary, to place the result against the metric's figures. */
  segments: Vocabulary;
  /** The span the inputs were counted over, for a rate per period: it is quoted per it. */
  counted?: Span | undefined;
}

/**
 * Calculates a metric from typed inputs and places the result against its figures: every input
 * given, each a plain number, no negative count or amount unless the input allows it, no zero
 * denominator; otherwise a {@linkcode Problem} (exit code 2, status 400): the one line that says
 * what is wrong.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { calculate } from "./calculate.ts";
 * const catalog = await loadCatalog();
 * const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate")!;
 * const { segments } = catalog;
 * const calculation = calculate(churn, { lost: "90", start: "2000" }, { segments });
 * assert.equal(calculation.written, "4.5%");
 * assert.equal(calculation.formula, "lost ÷ start × 100 = 90 ÷ 2,000 × 100 = 4.5%");
 * assert.throws(() => calculate(churn, { lost: "90", start: "0" }, { segments }), {
 *   message: "Division by zero: start is 0",
 * });
 * ```
 */
export function calculate(
  metric: ComparedMetric & Pick<MetricRecord, "calculator" | "notComputable">,
  typed: Readonly<Record<string, string | undefined>>,
  { segments, counted }: CalculateOptions,
): Calculation {
  const calculator = metric.calculator;
  if (!calculator) {
    refuse(
      `"${metric.slug}" has no calculator${
        metric.notComputable ? `: ${metric.notComputable}` : ""
      }`,
    );
  }
  const unknown = Object.keys(typed).filter((key) => !Object.hasOwn(calculator.inputs, key));
  if (unknown.length > 0) {
    refuse(
      `Unknown input "${unknown[0]?.slice(0, 40)}" for "${metric.slug}"; its inputs are ${
        Object.keys(calculator.inputs).map((key) => `"${key}"`).join(", ")
      }`,
    );
  }
  const values = readInputs(calculator, typed);
  const expr = expressionOf(calculator);
  const result = evaluate(expr, values);
  if (!result.ok) refuse(result.error);
  const { unit } = calculator.result;
  const span = calculator.result.per ? counted : undefined;
  const per = span ? periodOfSpan(span) : calculator.result.per;
  const written = formatValue(result.value, unit);
  const shown = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, formatInput(value)]),
  );
  const formula = `${render(expr)} = ${render(expr, shown)} = ${written}`;
  const compared = metric.comparison?.unit === unit
    ? problemOr(() =>
      compareValue(metric, {
        value: result.value,
        ...(span ? { counted: span } : per ? { per } : {}),
      }, { segments })
    )
    : undefined;
  // A result that cannot be placed (a loss rate over 100%) is given without a comparison.
  const comparison = compared instanceof Problem ? undefined : compared;
  return {
    metric: metric.slug,
    inputs: values,
    value: result.value,
    unit,
    ...(per ? { per } : {}),
    ...(span && !per ? { counted: { ...span } } : {}),
    written,
    formula,
    ...(comparison ? { comparison } : {}),
  };
}

/** The one-line reason the inputs cannot be calculated: a usage problem (exit code 2, status 400). */
function refuse(message: string): never {
  throw new Problem(message, { exitCode: 2 });
}

/** The inputs as typed, read into numbers, or the one line that says which one is wrong. */
function readInputs(
  calculator: Calculator,
  typed: Readonly<Record<string, string | undefined>>,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const [key, input] of Object.entries(calculator.inputs)) {
    const raw = (typed[key] ?? "").trim();
    if (raw === "") refuse(`Missing input "${key}" (${input.name})`);
    const value = parsePlainNumber(raw.replace(/\s*%$/, "").replace(/^\$/, ""));
    if (value === undefined) refuse(`Input "${key}" must be a number, not "${raw.slice(0, 40)}"`);
    if (value < 0 && !input.negative) refuse(`Input "${key}" (${input.name}) must not be negative`);
    if (input.unit === "count" && !input.averaged && !Number.isInteger(value)) {
      refuse(`Input "${key}" (${input.name}) is a count: a whole number`);
    }
    values[key] = value;
  }
  return values;
}

/** An input as the reader gave it, with thousands separators and every decimal kept. */
function formatInput(value: number): string {
  const text = groupedNumber(Math.abs(value), 6);
  return value < 0 ? `(−${text})` : text;
}
