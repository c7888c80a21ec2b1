/**
 * The closed lists of the content model, as plain values: the tags, the periods, the units, the
 * statistics, directions and kinds of benchmark figures, and the slug pattern. The validator in
 * `schema.ts` builds its enums from them, and code that runs at start-up reads them without
 * loading the validator.
 *
 * @module
 */

/** The closed list of metric tags. */
export const TAGS = [
  "acquisition",
  "activation",
  "retention",
  "revenue",
  "referral",
  "leading",
  "health",
] as const;

export type { Period, Tag } from "./record_types.ts";

/** Lowercase kebab-case, as used in every page and API address. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The periods a rate is quoted per. */
export const PERIODS = ["day", "week", "month", "quarter", "year"] as const;

/** The units a figure, a comparison or a calculator's input is quoted in. */
export const UNITS = [
  "percent",
  "points",
  "ratio",
  "multiple",
  "usd",
  "count",
  "months",
  "days",
  "minutes",
  "seconds",
] as const;

/** What kind of number a benchmark figure is. */
export const STATISTICS = [
  "mean",
  "median",
  "percentile",
  "top-quartile",
  "bottom-quartile",
  "top-decile",
  "threshold",
  "typical-range",
  "reported",
] as const;

/** Which way a metric's value is better, or whether it is best inside a band. */
export const DIRECTIONS = ["higher-is-better", "lower-is-better", "target-band"] as const;

/**
 * How a value quoted per another period converts, when the metric's text states it:
 * `compound-loss` for a rate of loss (annual = 1 − (1 − monthly)^12), `compound-keep` for a rate
 * kept (annual = monthly^12).
 */
export const CONVERSIONS = ["compound-loss", "compound-keep"] as const;

/**
 * The kinds of benchmark figure, from statistic and role, in the order a comparison's lead names
 * them: the metric's defining `rule`, a median or average, a typical range, a quartile or
 * percentile, a target, a warning line, an extreme (top 10%), a reported figure.
 */
export const FIGURE_KINDS = [
  "rule",
  "average",
  "range",
  "quartile",
  "target",
  "warning",
  "extreme",
  "reported",
] as const;

/**
 * The fields a metric has in the catalog and not in the API, in the order a record holds them:
 * the date its benchmarks were reviewed, its figures as data, how a value compares with them, its
 * calculator, and why it has none. Declared here once: `MetricRecord` adds these names to the API
 * record, `toApiMetric` leaves them out, the Markdown parser takes them apart from the API fields,
 * and the compiler holds the front matter's schema to the list.
 */
export const METRIC_CATALOG_ONLY = [
  "benchmarksReviewed",
  "figures",
  "comparison",
  "calculator",
  "notComputable",
] as const;
