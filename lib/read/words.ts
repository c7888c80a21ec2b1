/**
 * How benchmark figures read: a value in its unit, a figure's statistic and segment, a source
 * cited in short, and the phrase that says what a figure means ("the top quartile (6 months or
 * less)"). Pages, the data files, the CLI and the MCP server word figures with these functions.
 *
 * @module
 */
import { authorOf, sourceParts } from "../catalog/citations.ts";
import type { Figure, Period, Unit, Vocabulary } from "../catalog/figures.ts";
import type { Source } from "../catalog/records.ts";
import { groupedNumber } from "./text.ts";

const STATISTIC_WORDS: Record<Figure["statistic"], string> = {
  mean: "average",
  median: "median",
  percentile: "percentile",
  "top-quartile": "top-quartile figure",
  "bottom-quartile": "bottom-quartile figure",
  "top-decile": "top-10% figure",
  threshold: "threshold",
  "typical-range": "typical range",
  reported: "reported figure",
};

/** How a figure's statistic reads: "median", "75th percentile", "“good” mark". */
export function statisticWords(figure: Pick<Figure, "statistic" | "percentile" | "label">): string {
  if (figure.statistic === "percentile") return `${figure.percentile ?? ""}th percentile`;
  if (figure.statistic === "threshold" && figure.label) return `“${figure.label}” mark`;
  return STATISTIC_WORDS[figure.statistic];
}

const PER_WORDS: Record<Period, string> = {
  day: "a day",
  week: "a week",
  month: "a month",
  quarter: "a quarter",
  year: "a year",
};

/** "a month" for `month`. */
export function perWords(per: Period): string {
  return PER_WORDS[per];
}

/**
 * How long a span is, after a value counted over it: "a month", "a quarter", "over 2 months",
 * "over 45 days".
 */
export function spanWords(span: { months?: number | undefined; days: number }): string {
  const months = span.months;
  if (months === 1) return PER_WORDS.month;
  if (months === 3) return PER_WORDS.quarter;
  if (months === 12) return PER_WORDS.year;
  if (months !== undefined) return `over ${months} months`;
  if (span.days === 7) return PER_WORDS.week;
  return span.days === 1 ? PER_WORDS.day : `over ${groupedNumber(span.days, 1)} days`;
}

/**
 * A unit as a label for numbers written in it: `%`, `$`, `x`, `points`, `months` (`month` for
 * one), and the unit's own name for a ratio or a count, which are written bare.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unitLabel } from "./words.ts";
 * assert.equal(unitLabel("percent"), "%");
 * assert.equal(unitLabel("months", { one: true }), "month");
 * assert.equal(unitLabel("ratio"), "ratio");
 * ```
 */
export function unitLabel(unit: Unit, { one = false }: { one?: boolean } = {}): string {
  switch (unit) {
    case "percent":
      return "%";
    case "usd":
      return "$";
    case "multiple":
      return "x";
    case "months":
    case "days":
    case "minutes":
    case "seconds":
      return one ? unit.slice(0, -1) : unit;
    case "points":
    case "ratio":
    case "count":
      return unit;
  }
}

/** Each unit in words, as a label names it: "(percent)", "(US dollars)", "(a ratio)". */
export const UNIT_NAMES: Readonly<Record<Unit, string>> = {
  percent: "percent",
  points: "points",
  ratio: "a ratio",
  multiple: "a multiple",
  usd: "US dollars",
  count: "a count",
  months: "months",
  days: "days",
  minutes: "minutes",
  seconds: "seconds",
};

/** A number in a unit as people write it: `4.5%`, `$1,200`, `3.2x`, `16 months`. */
export function formatValue(value: number, unit: Unit): string {
  const rounded = groupedNumber(
    Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3)),
    2,
  );
  switch (unit) {
    case "percent":
    case "multiple":
      return `${rounded}${unitLabel(unit)}`;
    case "usd":
      return value < 0 ? `−$${rounded.slice(1)}` : `$${rounded}`;
    case "points":
    case "months":
    case "days":
    case "minutes":
    case "seconds":
      return `${rounded} ${unitLabel(unit, { one: value === 1 })}`;
    case "ratio":
    case "count":
      return rounded;
  }
}

/** The segment as people read it, from the vocabulary's labels: "B2B, subscription businesses". */
export function segmentWords(segment: Record<string, string>, vocabulary: Vocabulary): string {
  return Object.entries(segment)
    .map(([key, value]) => vocabulary[key]?.values[value]?.label ?? `${key} ${value}`)
    .join(", ");
}

/**
 * A source cited in short: its author and year, or when it was accessed when it has no date
 * ("Recurly, accessed 2026", "ProfitWell (Grace Gagnon), 2020").
 */
export function shortCitation(source: Source): string {
  const parts = sourceParts(source);
  const author = parts.author || source.label;
  if (parts.year) return `${author}, ${parts.year}`;
  if (parts.accessed) return `${author}, accessed ${parts.accessed}`;
  return `${author}, n.d.`;
}

/**
 * One line describing a figure: "5% average a month, B2B, subscription businesses", and the year
 * its data describe where that is not the year it was published ("…, data for 2020").
 */
export function figureWords(figure: Figure, vocabulary: Vocabulary): string {
  const bound = figure.bound === "at-least"
    ? "at least "
    : figure.bound === "at-most"
    ? "at most "
    : "";
  const per = figure.per ? ` ${perWords(figure.per)}` : "";
  const measures = figure.measures ? ` (${figure.measures})` : "";
  const segment = segmentWords(figure.segment, vocabulary);
  const dataYear = figure.dataYear === undefined ? "" : `, data for ${figure.dataYear}`;
  return `${bound}${figure.written} ${statisticWords(figure)}${per}${measures}${
    segment ? `, ${segment}` : ""
  }${dataYear}`;
}

/**
 * A figure's number with its unit, bound and period, as a reader would say it: "16 months",
 * "6 months or less", "90–120% a year", "$500 or more".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { figureAmount } from "./words.ts";
 * const figure = { value: 24, bound: "at-least", unit: "months" } as const;
 * assert.equal(figureAmount(figure), "24 months or more");
 * ```
 */
export function figureAmount(
  figure: Pick<Figure, "value" | "low" | "high" | "bound" | "unit" | "per">,
): string {
  const per = figure.per ? ` ${perWords(figure.per)}` : "";
  if (figure.low !== undefined && figure.high !== undefined) {
    return `${rangeWords(figure.low, figure.high, figure.unit)}${per}`;
  }
  const amount = formatValue(figure.value ?? 0, figure.unit);
  const bound = figure.bound === "at-least"
    ? " or more"
    : figure.bound === "at-most"
    ? " or less"
    : "";
  return `${amount}${bound}${per}`;
}

/** A range in a unit: "90–120%", "$12K–$50K" as "$12,000–$50,000", "6–12 months". */
function rangeWords(low: number, high: number, unit: Unit): string {
  const lowWords = formatValue(low, unit);
  const highWords = formatValue(high, unit);
  if (unit === "usd") return `${lowWords}–${highWords}`;
  // the unit after the high end, which the low end need not repeat: "90–120%", "6–12 months"
  const label = unitLabel(unit, { one: high === 1 });
  const suffix = unit === "percent" || unit === "multiple"
    ? label
    : unit === "ratio" || unit === "count"
    ? ""
    : ` ${label}`;
  return lowWords.endsWith(suffix) && suffix !== ""
    ? `${lowWords.slice(0, -suffix.length)}–${highWords}`
    : `${lowWords}–${highWords}`;
}

/** Thresholds whose label is already a noun ("target", "rule of thumb") read as the label. */
const NOUN_LABEL =
  /\b(?:target|rule of thumb|guidance|minimum|threshold|line|median|range|end|bar|case|figure)\b/i;

/**
 * What a figure is, as a noun phrase without its number: "median", "top quartile", "top 10%",
 * "75th percentile", "rule of thumb", "“good” mark", "worst case".
 */
export function figureMeaning(
  figure: Pick<Figure, "statistic" | "percentile" | "label">,
): string {
  switch (figure.statistic) {
    case "mean":
      return "average";
    case "median":
      return "median";
    case "percentile":
      return `${figure.percentile ?? ""}th percentile`;
    case "top-quartile":
      return "top quartile";
    case "bottom-quartile":
      return "bottom quartile";
    case "top-decile":
      return "top 10%";
    case "typical-range":
      return figure.label && NOUN_LABEL.test(figure.label) ? figure.label : "typical range";
    case "threshold":
      if (!figure.label) return "threshold";
      return NOUN_LABEL.test(figure.label) ? figure.label : `“${figure.label}” mark`;
    case "reported":
      return figure.label && /^[a-z]/.test(figure.label) ? figure.label : "reported figure";
  }
}

/**
 * What a series is, in words: what it measures (the metric's name unless its figures measure
 * something else), its statistic, its segment and the years it spans, then its source's author
 * ("ARR growth, top quartile, SaaS companies, ARR $1M–$30M, 2020–2022 (ChartMogul)").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { seriesWords } from "./words.ts";
 * const figure = { statistic: "median", measures: "ARR growth", segment: {} } as const;
 * const series = { source: 1, points: [{ year: 2020 }, { year: 2022 }] };
 * const sources = [{ label: 'KeyBanc, "Survey" (2023)', url: "https://example.com" }];
 * assert.equal(
 *   seriesWords(series, { metric: { name: "ARR", sources }, figure, vocabulary: {} }),
 *   "ARR growth, median, 2020–2022 (KeyBanc)",
 * );
 * ```
 */
export function seriesWords(
  series: { source: number; points: readonly { year: number }[] },
  { metric, figure, vocabulary }: {
    /** The metric the series is of: its name and its sources. */
    metric: { name: string; sources: readonly Source[] };
    /** A point of the series, for its statistic and segment. */
    figure: Pick<Figure, "statistic" | "percentile" | "label" | "measures" | "segment">;
    vocabulary: Vocabulary;
  },
): string {
  const source = metric.sources[series.source - 1];
  const author = source ? authorOf(source) || source.label : "";
  const meaning = figureMeaning(figure);
  const segment = segmentWords(figure.segment, vocabulary);
  const years = `${series.points[0]?.year ?? ""}–${series.points.at(-1)?.year ?? ""}`;
  return `${
    [
      figure.measures ?? metric.name,
      ...(meaning === "reported figure" ? [] : [meaning]),
      ...(segment ? [segment] : []),
      years,
    ].join(", ")
  }${author ? ` (${author})` : ""}`;
}

/** A series' points in words, oldest first: "2020 93.4% (#7) → 2021 78.9% (#8)". */
export function seriesPointsWords(
  series: { points: readonly { year: number; written: string; figure: number }[] },
): string {
  return series.points.map((point) => `${point.year} ${point.written} (#${point.figure})`)
    .join(" → ");
}
