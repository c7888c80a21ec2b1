/**
 * A metric's calculator: its named inputs, the expression over them, the result's unit, and the
 * worked example of its `inPractice` section, checked against its record when the catalog is
 * validated. `lib/read/calculate.ts` calculates a result from a reader's inputs.
 *
 * @module
 */
import { evaluate, inputsOf, parseExpression } from "./expression.ts";
import { findWritten, readWritten } from "./figures.ts";
import type { Calculator } from "./record_types.ts";

export type { Calculator };

/**
 * The problems of a calculator against its record, one line each under `at`: an expression that
 * does not parse, an input it does not use or a name it uses that is not an input, an example
 * without every input, an example whose stated figure is not in the worked example or does not
 * match the arithmetic within the rounding the text uses.
 */
export function calculatorProblems(
  calculator: Calculator,
  { inPractice, at }: { inPractice: string; at: string },
): string[] {
  const problems: string[] = [];
  const parsed = parseExpression(calculator.expression);
  if (!parsed.ok) {
    return [`${at}.expression: ${parsed.error} (at character ${parsed.at + 1})`];
  }
  const used = inputsOf(parsed.expr);
  const declared = Object.keys(calculator.inputs);
  for (const name of used) {
    if (!declared.includes(name)) {
      problems.push(
        `${at}.expression: "${name}" is not one of the inputs (${declared.join(", ")})`,
      );
    }
  }
  for (const name of declared) {
    if (!used.includes(name)) problems.push(`${at}.inputs.${name}: the expression does not use it`);
  }
  for (const name of Object.keys(calculator.example.inputs)) {
    if (!declared.includes(name)) problems.push(`${at}.example.inputs.${name}: is not an input`);
  }
  for (const name of declared) {
    if (calculator.example.inputs[name] === undefined) {
      problems.push(`${at}.example.inputs.${name}: is missing`);
    }
  }
  if (problems.length > 0) return problems;
  const states = calculator.example.states;
  if (findWritten(inPractice, states) === -1) {
    problems.push(`${at}.example.states: "${states}" does not appear in the section "In practice"`);
  }
  const stated = readWritten(states);
  if (!stated.ok || !("value" in stated)) {
    problems.push(`${at}.example.states: "${states}" must be one number as the text writes it`);
    return problems;
  }
  const result = evaluate(parsed.expr, calculator.example.inputs);
  if (!result.ok) {
    problems.push(`${at}.example: ${result.error}`);
    return problems;
  }
  const tolerance = roundingOf(states);
  if (Math.abs(result.value - stated.value) > tolerance) {
    problems.push(
      `${at}.example: the inputs give ${Number(result.value.toPrecision(6))}, but the text ` +
        `states ${states} (within ${tolerance})`,
    );
  }
  return problems;
}

/** Half a unit of the last digit a figure is written to: 4.5% → 0.05, $1,200 → 0.5. */
export function roundingOf(written: string): number {
  const number = /(\d[\d,]*)(?:\.(\d+))?\s*(k|K|M|MM|million|billion)?/.exec(written);
  const decimals = number?.[2]?.length ?? 0;
  const scale = number?.[3] === undefined
    ? 1
    : /^[kK]$/.test(number[3])
    ? 1e3
    : /^(M|MM|million)$/.test(number[3])
    ? 1e6
    : 1e9;
  return 0.5 * 10 ** -decimals * scale + 1e-9;
}
