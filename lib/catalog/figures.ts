/**
 * Benchmark figures as data: a figure and the closed lists it is described with, how a metric's
 * values compare with its figures, the segment vocabulary's shape (the types of
 * `record_types.ts`, held to their schemas in `schema.ts`), and how a figure's number is read
 * from the words it is written with in its sentence.
 * No validator is loaded here: the read model, the pages, the CLI and the MCP server use it at run
 * time, and `parse.ts` checks the catalog's figures against the same rules.
 *
 * @module
 */

import type { Conversion, Direction, Statistic } from "./schema.ts";
import type { BenchmarkFigure, Comparison, Unit, Vocabulary } from "./record_types.ts";

export { type Period, PERIODS } from "./lists.ts";
export type { BenchmarkFigure, Comparison, Conversion, Direction, Statistic, Unit, Vocabulary };

/**
 * One benchmark figure, structured from the sentence that states it: a figure as data
 * ({@linkcode BenchmarkFigure}) before it is numbered, with the index (from 0) of its sentence in
 * the metric's `benchmarks`.
 */
export type Figure = Omit<BenchmarkFigure, "number" | "sentence" | "segmentLabel"> & {
  /** The index (from 0) of its sentence in the metric's `benchmarks`. */
  sentence: number;
};

/** What reading a written figure gives: a value, a range, or why it cannot be read. */
export type WrittenNumber =
  | { ok: true; value: number }
  | { ok: true; low: number; high: number }
  | { ok: false; problem: string };

const SCALES: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  M: 1e6,
  MM: 1e6,
  million: 1e6,
  B: 1e9,
  billion: 1e9,
  trillion: 1e12,
};

/** A number as prose writes it: digits with thousands commas, a decimal part, a scale word. */
const NUMBER =
  /(?<![\d.,A-Za-z])([-−+]?)(\d+(?:,\d{3})*(?:\.\d+)?)(?:\s?(MM|million|billion|trillion|[kKMB])(?![A-Za-z0-9]))?/g;

/** The numbers written in a text, each with where it starts and ends. */
export function numbersIn(text: string): { at: number; end: number; value: number }[] {
  const found: { at: number; end: number; value: number }[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [whole, sign = "", digits = "", scale] = match;
    const magnitude = Number(digits.replaceAll(",", "")) * (scale ? SCALES[scale] ?? 1 : 1);
    const negative = sign === "-" || sign === "−";
    // A sign counts only where it starts the figure, not as the dash of a range.
    const signed = sign !== "" && (match.index === 0 || /\s/.test(text[match.index - 1] ?? ""));
    found.push({
      at: match.index + (signed ? 0 : sign.length),
      end: match.index + whole.length,
      value: signed && negative ? -magnitude : magnitude,
    });
  }
  return found;
}

/**
 * Reads a figure as written: one number, or two joined by a dash or "to" as a low–high range. A
 * scale word on the second number of a range applies to the first when it has none
 * (`$1–30 million`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readWritten } from "./figures.ts";
 * assert.deepEqual(readWritten("5.6%"), { ok: true, value: 5.6 });
 * assert.deepEqual(readWritten("$12K–$50K"), { ok: true, low: 12000, high: 50000 });
 * assert.deepEqual(readWritten("$1–30 million"), { ok: true, low: 1e6, high: 30e6 });
 * assert.deepEqual(readWritten("1.5x to 2x"), { ok: true, low: 1.5, high: 2 });
 * ```
 */
export function readWritten(written: string): WrittenNumber {
  const numbers = numbersIn(written);
  const [first, second] = numbers;
  if (first === undefined) return { ok: false, problem: `"${written}" holds no number` };
  if (second === undefined) return { ok: true, value: first.value };
  if (numbers.length > 2) {
    return { ok: false, problem: `"${written}" must be one number or a low–high range` };
  }
  const joint = written.slice(first.end, second.at);
  if (!/^[%x×]?\s*(?:[-–—]|to)\s*[$]?\s*$/.test(joint)) {
    return { ok: false, problem: `"${written}" must be one number or a low–high range` };
  }
  const firstScaled = /\d\s?(MM|million|billion|trillion|[kKMB])$/.test(
    written.slice(first.at, first.end),
  );
  const secondScale = written.slice(second.at, second.end).match(
    /\d\s?(MM|million|billion|trillion|[kKMB])$/,
  )?.[1];
  const low = !firstScaled && secondScale ? first.value * (SCALES[secondScale] ?? 1) : first.value;
  return { ok: true, low, high: second.value };
}

/**
 * Where `written` stands in `text` as a whole figure (no digit right before or after it), from
 * `from` on; -1 when it does not.
 */
export function findWritten(
  text: string,
  written: string,
  { from = 0 }: { from?: number } = {},
): number {
  for (let at = text.indexOf(written, from); at !== -1; at = text.indexOf(written, at + 1)) {
    const before = text[at - 1] ?? "";
    const after = text.slice(at + written.length, at + written.length + 2);
    const digitBefore = /\d/.test(before) || (/[.,]/.test(before) && /\d/.test(text[at - 2] ?? ""));
    const digitAfter = /^\d/.test(after) || /^[.,]\d/.test(after);
    if (!digitBefore && !digitAfter) return at;
  }
  return -1;
}

/** A year a sentence may mention without it being a figure: 1990 to 2039, written alone. */
export function isYear(value: number, written: string): boolean {
  return /^\d{4}$/.test(written) && value >= 1990 && value <= 2039;
}

/**
 * The numbers of a sentence that nothing accounts for: not inside a figure, a sample or a context
 * item written in it (each claims its next occurrence that no other claim holds), not a year, not
 * part of a name such as `Q4`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unclaimedNumbers } from "./figures.ts";
 * const sentence = "In 2023, 5% of 200 firms and 6% of the rest churned.";
 * assert.deepEqual(unclaimedNumbers(sentence, ["5%", "200"]), ["6%"]);
 * ```
 */
export function unclaimedNumbers(sentence: string, claims: readonly string[]): string[] {
  const spans: [number, number][] = [];
  const overlaps = (at: number, end: number) => spans.some(([a, b]) => at < b && end > a);
  for (const claim of claims) {
    for (
      let at = findWritten(sentence, claim);
      at !== -1;
      at = findWritten(sentence, claim, { from: at + 1 })
    ) {
      if (!overlaps(at, at + claim.length)) {
        spans.push([at, at + claim.length]);
        break;
      }
    }
  }
  return numbersIn(sentence)
    .filter(({ at, end }) => !spans.some(([a, b]) => at >= a && end <= b))
    .map(({ at, end, value }) => {
      const percent = sentence[end] === "%" ? "%" : "";
      return { written: sentence.slice(at, end) + percent, at, value };
    })
    .filter(({ written, at, value }) =>
      !isYear(value, written) && !/[A-Za-z]/.test(sentence[at - 1] ?? "")
    )
    .map(({ written }) => written);
}

/** Whether a figure is of the metric itself, in its comparison unit (whatever its period). */
export function isComparable(
  metric: { comparison?: Comparison | undefined },
  figure: Figure,
): boolean {
  const comparison = metric.comparison;
  return figure.measures === undefined && comparison !== undefined &&
    (figure.unit === comparison.unit || (comparison.sameAs ?? []).includes(figure.unit));
}

/** A metric's figures that a value can be placed against: of the metric itself, in its unit. */
export function comparableFigures(
  metric: { figures?: Figure[] | undefined; comparison?: Comparison | undefined },
): Figure[] {
  return (metric.figures ?? []).filter((figure) => isComparable(metric, figure));
}

/**
 * A number as a reader types it: plain decimal digits, thousands commas, a sign, a decimal part
 * ("2000", "1,500", "4.5", "-3", ".5"), finite and at most 10^15 in size; `undefined` for anything
 * else ("1e400", "NaN", "3%", "lots").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePlainNumber } from "./figures.ts";
 * assert.equal(parsePlainNumber("1,500"), 1500);
 * assert.equal(parsePlainNumber("1e400"), undefined);
 * ```
 */
export function parsePlainNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[-+]?\.\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replaceAll(",", ""));
  return Number.isFinite(value) && Math.abs(value) <= 1e15 ? value : undefined;
}
