/**
 * A metric computed from a reader's inputs, the formula with the numbers put in, and where the
 * result stands against the metric's benchmark figures: what the CLI's `calc`, the pages'
 * calculators and `/formulas.json` share.
 *
 * @module
 */
import { calculate, type Calculator, expressionOf } from "../catalog/calculator.ts";
import { render } from "../catalog/expression.ts";
import type { Vocabulary } from "../catalog/figures.ts";
import type { MetricRecord } from "../catalog/records.ts";
import { type ComparedMetric, compareValue, type ValueComparison } from "./compare.ts";
import { formatValue } from "./words.ts";
import { groupedNumber } from "./text.ts";

/** What computing a metric needs of it: its calculator, and its figures for the comparison. */
export type ComputedMetric = ComparedMetric & Pick<MetricRecord, "calculator" | "notComputable">;

/** A computed metric. */
export interface Computed {
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
  /** The result as people read it ("4.5%"). */
  written: string;
  /** The formula in names, then with the numbers put in, then the result. */
  formula: string;
  /** Where the result stands against the metric's figures, when it has comparable ones. */
  comparison?: ValueComparison | undefined;
}

/** A computation, or the one line that says what is wrong with the input. */
export type ComputeResult = { ok: true; computed: Computed } | { ok: false; error: string };

/**
 * Computes a metric from typed inputs and places the result against its figures.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { computeMetric } from "./calc.ts";
 * const catalog = await loadCatalog();
 * const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate")!;
 * const result = computeMetric(churn, catalog.segments, { lost: "90", start: "2000" });
 * assert.ok(result.ok);
 * assert.equal(result.computed.written, "4.5%");
 * assert.equal(result.computed.formula, "lost ÷ start × 100 = 90 ÷ 2,000 × 100 = 4.5%");
 * ```
 */
export function computeMetric(
  metric: ComputedMetric,
  segments: Vocabulary,
  typed: Readonly<Record<string, string | undefined>>,
): ComputeResult {
  const calculator = metric.calculator;
  if (!calculator) {
    return {
      ok: false,
      error: `"${metric.slug}" has no calculator${
        metric.notComputable ? `: ${metric.notComputable}` : ""
      }`,
    };
  }
  const unknown = Object.keys(typed).filter((key) => !Object.hasOwn(calculator.inputs, key));
  if (unknown.length > 0) {
    return {
      ok: false,
      error: `Unknown input "${unknown[0]?.slice(0, 40)}" for "${metric.slug}"; its inputs are ${
        Object.keys(calculator.inputs).map((key) => `"${key}"`).join(", ")
      }`,
    };
  }
  const result = calculate(calculator, typed);
  if (!result.ok) return result;
  const { unit, per } = calculator.result;
  const written = formatValue(result.value, unit);
  const expr = expressionOf(calculator);
  const shown = Object.fromEntries(
    Object.entries(result.inputs).map(([key, value]) => [key, formatInput(value)]),
  );
  const formula = `${render(expr)} = ${render(expr, shown)} = ${written}`;
  const compared = metric.comparison?.unit === unit
    ? compareValue(metric, { segments }, { value: result.value, ...(per ? { per } : {}) })
    : undefined;
  return {
    ok: true,
    computed: {
      metric: metric.slug,
      inputs: result.inputs,
      value: result.value,
      unit,
      ...(per ? { per } : {}),
      written,
      formula,
      ...(compared?.ok ? { comparison: compared.comparison } : {}),
    },
  };
}

/** An input as the reader gave it, with thousands separators and every decimal kept. */
function formatInput(value: number): string {
  const text = groupedNumber(Math.abs(value), 6);
  return value < 0 ? `(−${text})` : text;
}

/** `/formulas.json`: every metric's calculator, as data. */
export interface FormulaSet {
  /** Its title. */
  title: string;
  /** What it is. */
  description: string;
  /** Its licence. */
  license: { name: string; path: string; title: string };
  /** The site it comes from. */
  homepage: string;
  /** Every metric: its prose formula, and its calculator or why it has none. */
  metrics: {
    slug: string;
    name: string;
    formula: string;
    calculator?: Calculator;
    notComputable?: string;
    page: string;
  }[];
}
