/**
 * The record types the library's surface names, written out: `schema.ts` declares each record
 * once as its validator, and the compiler holds each type here to the type that validator infers
 * (`Same` in `schema.ts`), so that the two cannot drift. They are written out so that the
 * documentation of `lib/mod.ts` names no schema and no zod type; nothing here loads zod.
 *
 * @module
 */

/** A metric tag, one of `TAGS` (`lists.ts`). */
export type Tag =
  | "acquisition"
  | "activation"
  | "retention"
  | "revenue"
  | "referral"
  | "leading"
  | "health";

/** A period a rate is quoted per, one of `PERIODS` (`lists.ts`). */
export type Period = "day" | "week" | "month" | "quarter" | "year";

/** A unit a figure, a comparison or a calculator's input is quoted in, one of `UNITS`. */
export type Unit =
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

/** A citation: a linkable, authoritative source backing a claim or a benchmark figure. */
export interface Source {
  /** Display text of the citation. */
  label: string;
  /** Link to the source. */
  url: string;
}

/** One product or growth metric, as the API serves it. */
export interface Metric {
  /** The metric's name. */
  name: string;
  /** Identifier used in the page and API addresses. */
  slug: string;
  /** The abbreviation people use, such as NRR. */
  abbreviation?: string | undefined;
  /** Its tags. */
  tags: Tag[];
  /** Marks an emerging, tool-defined analytics score. */
  kind?: "composite" | undefined;
  /** What the metric is. */
  definition: string;
  /** How it is calculated, then the conditions. */
  formula: string;
  /** What it tells. */
  whatItMeasures: string;
  /** Benchmark figures, each citing its sources. */
  benchmarks?: string[] | undefined;
  /** The ways of calculating it and how they differ. */
  calculationMethods?: string[] | undefined;
  /** Traps to watch, each with a label. */
  whatToWatch: { label: string; text: string }[];
  /** When the metric misleads. */
  whenNotToUse?: string | undefined;
  /** Where the data comes from. */
  findingMetric?: string | undefined;
  /** A worked example. */
  inPractice: string;
  /** Tools that report it. */
  tools?: string | undefined;
  /** Related metrics and how they relate. */
  relatedMetrics: { slug: string; text: string }[];
  /** How easily the number flatters. */
  vanityRisk?: string | undefined;
  /** The citations; empty when there are none. */
  sources: Source[];
}

/** One measurement framework, as the API serves it. */
export interface Framework {
  /** The framework's name. */
  name: string;
  /** Identifier used in the page and API addresses. */
  slug: string;
  /** Where it comes from. */
  origin: string;
  /** What it is, in short. */
  summary: string;
  /** Its components, in order, each with the slugs of the metrics it groups. */
  components: { name: string; description: string; metricSlugs: string[] }[];
  /** What it suits. */
  bestFor: string;
  /** Its limits. */
  limitations: string;
  /** How it works. */
  howItWorks: string;
  /** Implementation steps. */
  implementation: string[];
  /** Companies that used it, each with an optional source. */
  examples: { company: string; detail: string; source?: Source | undefined }[];
  /** When not to use it. */
  whenToAvoid: string;
  /** Frameworks it pairs with, and why. */
  pairsWith: { slug: string; reason: string }[];
  /** The citations. */
  sources: Source[];
}

/** How a metric's values are compared with its figures. */
export interface Comparison {
  /** Which way is better, or whether a value is best inside a band. */
  direction: "higher-is-better" | "lower-is-better" | "target-band";
  /** The unit comparisons use; a figure in another unit is context. */
  unit: Unit;
  /** The period the metric is quoted per, when it is a rate. */
  per?: Period | undefined;
  /** How a value quoted per another period converts, when the metric's text states it. */
  convert?: "compound-loss" | "compound-keep" | undefined;
  /** Other units the figures are written in that are the same number on the same scale. */
  sameAs?: Unit[] | undefined;
}

/**
 * A metric's calculator: its named inputs (keyed by the names the expression uses), the
 * expression, the result's unit, and the worked example of `inPractice` with the figure it states.
 */
export interface Calculator {
  /** The inputs, by the names the expression uses, in reading order. */
  inputs: Record<string, {
    /** How people read it. */
    name: string;
    /** Its unit. */
    unit: Unit;
    /** What counts and what does not. */
    means: string;
    /** Whether it may be below zero (a profit margin). */
    negative?: boolean | undefined;
    /** Whether a count is an average, and so may have a fraction. */
    averaged?: boolean | undefined;
  }>;
  /** The expression, in the formula language of `expression.ts`. */
  expression: string;
  /** The result's unit, and the period a rate is per. */
  result: { unit: Unit; per?: Period | undefined };
  /** The worked example: its inputs, and the result as the text states it. */
  example: { inputs: Record<string, number>; states: string };
}

/**
 * The closed vocabulary of figure segments, `catalog/segments.yaml`: each key by slug, with its
 * values by slug.
 */
export type Vocabulary = Record<string, {
  /** How people read the key. */
  label: string;
  /** For a numeric band key (ARPA, ACV, ARR, MRR): the unit of its ends. */
  band?: Unit | undefined;
  /** For a band key: the short name a reader's number follows ("ARPA" in "ARPA $200"). */
  short?: string | undefined;
  /** What the key says of a figure: `narrows` a population, a `study`'s, or one `company`. */
  role?: "narrows" | "study" | "company" | undefined;
  /** Its values, by slug. */
  values: Record<string, {
    /** How people read it. */
    label: string;
    /** For a band: its lower end (inclusive). */
    min?: number | undefined;
    /** For a band: its upper end (exclusive). */
    max?: number | undefined;
    /** The value of the same key whose group this one is part of. */
    within?: string | undefined;
    /** Values of other keys this one implies (`b2b-saas` implies `model: b2b`). */
    implies?: Record<string, string> | undefined;
  }>;
}>;

/** One benchmark figure as data, numbered in its metric, with its segment in words. */
export interface BenchmarkFigure {
  /** The figure's number (from 1): its page anchor `#figure-<n>`. */
  number: number;
  /** The number (from 1) of the sentence that states it. */
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
  unit: Unit;
  /** The period a rate is quoted per. */
  per?: Period | undefined;
  /** What kind of number it is, one of `STATISTICS`. */
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
  /** The metric's defining `rule`, or a `warning` line, where its sentence says so. */
  role?: "rule" | "warning" | undefined;
  /** The population and segment, as keys and values of the segment vocabulary. */
  segment: Record<string, string>;
  /** The segment as people read it. */
  segmentLabel: string;
  /** The sample size, where the sentence gives it. */
  sample?: number | undefined;
  /** Present when the sentence gives the sample as a floor ("more than 1,500", "20+"). */
  sampleAtLeast?: true | undefined;
  /** The year the figure was published, or `undated`. */
  year: number | "undated";
  /** The number (from 1) of the metric's source it comes from. */
  source: number;
  /** The year its data describe, where that is not the year it was published. */
  dataYear?: number | undefined;
  /** The series it is a point of: the same statistic for the same segment from one source. */
  series?: string | undefined;
}

/** A metric's benchmark figures, each with the sources it cites, and the review date. */
export interface Benchmarks {
  /** The metric's slug. */
  slug: string;
  /** The metric's name. */
  name: string;
  /** Each figure, with the numbers (from 1) of the entries of `sources` it cites. */
  benchmarks: { text: string; sources: number[] }[];
  /** When the figures were last reviewed (YYYY-MM-DD). */
  benchmarksReviewed?: string | undefined;
  /** The metric's citations. */
  sources: Source[];
  /** Which way the metric is better, where its figures compare with a value. */
  direction?: Comparison["direction"] | undefined;
  /** The unit comparisons use. */
  unit?: Unit | undefined;
  /** The period the metric is quoted per. */
  per?: Period | undefined;
  /** The segment keys a reader's value can be matched on, with the values each takes. */
  segments?:
    | {
      key: string;
      label: string;
      band?: Unit | undefined;
      values: { slug: string; label: string }[];
    }[]
    | undefined;
  /** The figures as data, each numbered from 1 in the metric, with its segment in words. */
  figures?: BenchmarkFigure[] | undefined;
  /**
   * The figures that make a series over the years: one source, one statistic and segment, one
   * point a year, each series (its id unique in the catalog) with its points, oldest first.
   */
  series?:
    | {
      id: string;
      source: number;
      points: { figure: number; year: number; written: string; value: number }[];
    }[]
    | undefined;
}

/** One search result. */
export interface SearchHit {
  /** The record's slug. */
  slug: string;
  /** The record's name. */
  name: string;
  /** Which kind of record it is. */
  type: "metric" | "framework";
  /** The metric's abbreviation, when it has one. */
  abbreviation?: string | undefined;
  /** The first sentence of the definition (metrics) or summary (frameworks). */
  summary: string;
  /** The relevance score; never higher than the hit before it. */
  score: number;
}
