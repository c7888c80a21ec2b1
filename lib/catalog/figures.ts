/**
 * Benchmark figures as data: a figure and the closed lists it is described with, how a metric's
 * values compare with its figures, the segment vocabulary's shape, and how a figure's number is
 * read from the words it is written with in its sentence.
 * No validator is loaded here: the read model, the pages, the CLI and the MCP server use it at run
 * time, and `parse.ts` checks the catalog's figures against the same rules.
 *
 * @module
 */

/** The periods a rate is quoted per. */
export const PERIODS = ["day", "week", "month", "quarter", "year"] as const;
/** A period, one of {@linkcode PERIODS}. */
export type Period = typeof PERIODS[number];

/** How a metric's values are compared with its figures. */
export interface Comparison {
  /** Which way is better, or whether a value is best inside a band. */
  direction: "higher-is-better" | "lower-is-better" | "target-band";
  /** The unit comparisons use; a figure in another unit is context. */
  unit: Figure["unit"];
  /** The period the metric is quoted per, when it is a rate. */
  per?: Period | undefined;
  /**
   * How a value quoted per another period converts, when the metric's text states it:
   * `compound-loss` for a rate of loss (annual = 1 − (1 − monthly)^12), `compound-keep` for a
   * rate kept (annual = monthly^12).
   */
  convert?: "compound-loss" | "compound-keep" | undefined;
}

/** Which way a metric's value is better. */
export type Direction = Comparison["direction"];
/** A conversion between periods that a metric's own text states. */
export type Conversion = NonNullable<Comparison["convert"]>;

/** One benchmark figure, structured from the sentence that states it. */
export interface Figure {
  /** The index (from 0) of its sentence in the metric's `benchmarks`. */
  sentence: number;
  /** The figure as its sentence writes it, such as `5.6%` or `$12K–$50K`. */
  written: string;
  /** The value, for a single number. */
  value?: number | undefined;
  /** The low end, for a range. */
  low?: number | undefined;
  /** The high end, for a range. */
  high?: number | undefined;
  /** An open range: the figure is a floor (`at-least`) or a ceiling (`at-most`). */
  bound?: "at-least" | "at-most" | undefined;
  /** Its unit. */
  unit:
    | "percent"
    | "points"
    | "ratio"
    | "multiple"
    | "usd"
    | "count"
    | "months"
    | "days"
    | "minutes"
    | "seconds";
  /** The period a rate is quoted per. */
  per?: Period | undefined;
  /** What kind of number it is. */
  statistic:
    | "mean"
    | "median"
    | "percentile"
    | "top-quartile"
    | "bottom-quartile"
    | "top-decile"
    | "threshold"
    | "typical-range"
    | "reported";
  /** The percentile, for `statistic: percentile`. */
  percentile?: number | undefined;
  /** The source's own word for a threshold or a band ("good", "world class"). */
  label?: string | undefined;
  /** What it measures when that is not the metric itself; such a figure is never compared. */
  measures?: string | undefined;
  /** The population and segment, as keys and values of the segment vocabulary. */
  segment: Record<string, string>;
  /** The sample size, where the sentence gives it. */
  sample?: number | undefined;
  /**
   * The year the figure was published (from the figure itself or its source's date of
   * publication, never the year the source was read); for an undated source, the year the data
   * describe; `undated` where neither is known.
   */
  year: number | "undated";
  /** The number (from 1) of the metric's source it comes from. */
  source: number;
}

/** A unit a figure is quoted in. */
export type Unit = Figure["unit"];
/** What kind of number a figure is. */
export type Statistic = Figure["statistic"];

/**
 * The closed vocabulary of figure segments, `catalog/segments.yaml`: each key by slug, with its
 * values by slug.
 */
export type Vocabulary = Record<string, {
  /** How people read the key. */
  label: string;
  /** For a numeric band key (ARPA, ACV, ARR, MRR): the unit of its ends. */
  band?: Figure["unit"] | undefined;
  /** For a band key: the short name a reader's number follows ("ARPA" in "ARPA $200"). */
  short?: string | undefined;
  /** Its values, by slug. */
  values: Record<string, {
    /** How people read it. */
    label: string;
    /** For a band: its lower end (inclusive). */
    min?: number | undefined;
    /** For a band: its upper end (exclusive). */
    max?: number | undefined;
    /** The value of the same key whose group this one is part of (`enterprise-saas` in `b2b`). */
    within?: string | undefined;
  }>;
}>;

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
export function findWritten(text: string, written: string, from = 0): number {
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
      at = findWritten(sentence, claim, at + 1)
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
  return figure.measures === undefined && figure.unit === metric.comparison?.unit;
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
