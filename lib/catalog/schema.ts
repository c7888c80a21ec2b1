/**
 * The catalog's records, declared once with zod: the validator that loads the Markdown files, the
 * OpenAPI component schemas and the MCP output schemas. The record types the library names are
 * written out in `record_types.ts`, and the compiler holds each to the type its schema here
 * infers (the checks at the end of this file). Code that runs at start-up imports types alone, so
 * zod loads only where a file is validated or a schema is published.
 *
 * The field order of each object is the order of the API contract's tables, so a parsed record
 * serializes with its fields in that order.
 *
 * @module
 */
import { z } from "zod";
import {
  CONVERSIONS,
  DIRECTIONS,
  FIGURE_KINDS,
  PERIODS,
  SLUG_PATTERN,
  STATISTICS,
  TAGS,
  UNITS,
} from "./lists.ts";

import type * as Written from "./record_types.ts";

/** `true` when two types are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false;

const TRACKING_PARAMETER = /^(utm_.*|ref|fbclid|gclid|mc_cid|mc_eid)$/i;

/** A registry that names the schemas published as OpenAPI components. */
export const componentRegistry = z.registry<{ id: string; description?: string }>();

const text = z.string().min(1).refine((value) => value.trim() !== "", "must not be blank");
const slug = z.string().regex(SLUG_PATTERN, "must be lowercase kebab-case");

/**
 * Addresses published with an empty path segment, each checked against the page as stored: a
 * `//` in any other path is a slip, refused.
 */
const PUBLISHED_WITH_EMPTY_SEGMENT = new Set([
  "https://hackernoon.com//why-does-a-good-customer-churn-rate-matter",
]);

const sourceUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine(
  (value) =>
    !URL.canParse(value) ||
    ![...new URL(value).searchParams.keys()].some((key) => TRACKING_PARAMETER.test(key)),
  "must not carry tracking parameters (utm_*, ref)",
).refine(
  (value) =>
    !URL.canParse(value) || !new URL(value).pathname.includes("//") ||
    PUBLISHED_WITH_EMPTY_SEGMENT.has(value),
  "must not have an empty path segment (a // after the host)",
);

/** A linkable, authoritative source backing a specific claim or benchmark figure. */
export const SourceSchema = z.strictObject({
  /** Display text of the citation. */
  label: text,
  /** Link to the source. */
  url: sourceUrl,
}).register(
  componentRegistry,
  {
    id: "Source",
    description: "A linkable, authoritative source backing a specific claim or benchmark figure",
  },
);

const unit = z.enum(UNITS);
const period = z.enum(PERIODS);
const statistic = z.enum(STATISTICS);
const direction = z.enum(DIRECTIONS);
const conversion = z.enum(CONVERSIONS);

/** What kind of number a figure is. */
export type Statistic = z.infer<typeof statistic>;
/** Which way a metric's value is better. */
export type Direction = z.infer<typeof direction>;
/** A conversion between periods that a metric's own text states. */
export type Conversion = z.infer<typeof conversion>;

const labelledText = z.strictObject({ label: text, text });
const relatedMetric = z.strictObject({ slug, text });

/** One product or growth metric, as the API serves it. */
export const MetricSchema = z.strictObject({
  /** The metric's name. */
  name: text,
  /** Identifier used in the page and API addresses. */
  slug,
  /** The abbreviation people use, such as NRR. */
  abbreviation: text.optional(),
  /** Tags from `TAGS`. */
  tags: z.array(z.enum(TAGS)).min(1),
  /** Marks an emerging, tool-defined analytics score. */
  kind: z.literal("composite").optional().meta({
    description:
      "Marks an emerging, tool-defined analytics score that is not an industry-standard metric",
  }),
  /** What the metric is. */
  definition: text,
  /** How it is calculated, then the conditions. */
  formula: text,
  /** What it tells. */
  whatItMeasures: text,
  /** Benchmark figures, each citing its sources. */
  benchmarks: z.array(text).min(1).optional(),
  /** The ways of calculating it and how they differ. */
  calculationMethods: z.array(text).min(1).optional(),
  /** Traps to watch, each with a label. */
  whatToWatch: z.array(labelledText).min(3),
  /** When the metric misleads. */
  whenNotToUse: text.optional(),
  /** Where the data comes from. */
  findingMetric: text.optional(),
  /** A worked example. */
  inPractice: text,
  /** Tools that report it. */
  tools: text.optional(),
  /** Related metrics and how they relate. */
  relatedMetrics: z.array(relatedMetric).min(2),
  /** How easily the number flatters. */
  vanityRisk: text.optional(),
  /** The citations; empty when there are none. */
  sources: z.array(SourceSchema),
}).register(componentRegistry, { id: "Metric", description: "A product or growth metric" });

/** A component of a framework and the metrics it groups. */
export const FrameworkComponentSchema = z.strictObject({
  /** The component's name. */
  name: text,
  /** What it covers. */
  description: text,
  /** The slugs of the catalog's metrics that belong to it. */
  metricSlugs: z.array(slug),
}).register(componentRegistry, {
  id: "FrameworkComponent",
  description: "A component of a framework and the metrics it groups",
});

/** One measurement framework, as the API serves it. */
export const FrameworkSchema = z.strictObject({
  /** The framework's name. */
  name: text,
  /** Identifier used in the page and API addresses. */
  slug,
  /** Where it comes from. */
  origin: text,
  /** What it is, in short. */
  summary: text,
  /** Its components, in order, each with the metrics it groups. */
  components: z.array(FrameworkComponentSchema).min(1),
  /** What it suits. */
  bestFor: text,
  /** Its limits. */
  limitations: text,
  /** How it works. */
  howItWorks: text,
  /** Implementation steps. */
  implementation: z.array(text).min(1),
  /** Companies that used it, each with an optional source. */
  examples: z.array(
    z.strictObject({ company: text, detail: text, source: SourceSchema.optional() }),
  )
    .min(1),
  /** When not to use it. */
  whenToAvoid: text,
  /** Frameworks it pairs with, and why. */
  pairsWith: z.array(z.strictObject({ slug, reason: text })),
  /** The citations. */
  sources: z.array(SourceSchema),
}).register(componentRegistry, { id: "Framework", description: "A measurement framework" });

/** The body of every API error response. */
export const NotFoundSchema = z.strictObject({ error: z.string() }).register(componentRegistry, {
  id: "NotFound",
  description: "An error",
});

const isoDate = z.iso.date({ error: "must be a date written YYYY-MM-DD" });

/**
 * One benchmark figure as a metric file writes it, beside its sentence: `value` is the figure
 * exactly as the sentence writes it; `sample` too, where the sentence gives it, with the words
 * that make it a floor ("more than 1,500", "20+"); `year` is the year the figure was published
 * (the sentence writes it), or `undated`; `dataYear` the year its data describe, where that is not
 * the year it was published; `series` names the series it is a point of, where one source gives
 * the same statistic for the same segment in several years.
 */
export const FigureInputSchema = z.strictObject({
  value: text,
  bound: z.enum(["at-least", "at-most"]).optional(),
  unit: unit.optional(),
  per: period.optional(),
  statistic: statistic,
  percentile: z.int().min(1).max(99).optional(),
  label: text.optional(),
  measures: text.optional(),
  role: z.enum(["rule", "warning"]).optional(),
  segment: z.record(z.string(), z.string()).optional(),
  sample: text.optional(),
  year: z.custom<number | "undated">(
    (value) =>
      value === "undated" || (Number.isInteger(value) && Number(value) >= 1900 &&
        Number(value) <= 2100),
    {
      error: (issue) =>
        issue.input === undefined
          ? "is required: the year the figure was published, or `undated`"
          : "must be a year (such as 2023) or `undated`",
    },
  ),
  source: z.int().min(1).optional(),
  dataYear: z.int().min(1900).max(2100).optional(),
  series: slug.optional(),
});

/** A benchmark sentence in a metric file: the text alone, or with its structured figures. */
export const BenchmarkEntrySchema = z.union([
  text,
  z.strictObject({
    text,
    figures: z.array(FigureInputSchema).min(1).optional(),
    context: z.array(text).min(1).optional(),
  }),
]);

/** How a metric's values are compared with its figures. */
export const ComparisonSchema = z.strictObject({
  /** Which way is better, or whether a value is best inside a band. */
  direction: direction,
  /** The unit comparisons use; a figure in another unit is context. */
  unit: unit,
  /** The period the metric is quoted per, when it is a rate. */
  per: period.optional(),
  /** How a value quoted per another period converts, when the metric's text states it. */
  convert: conversion.optional(),
  /**
   * Other units the metric's figures are written in that are the same number on the same scale
   * (an NPS written as a percentage): a figure in one of them is compared as if in `unit`.
   */
  sameAs: z.array(unit).min(1).optional(),
});

/** One input of a metric's calculator. */
export const CalculatorInputSchema = z.strictObject({
  /** How people read it. */
  name: text,
  /** Its unit. */
  unit: unit,
  /** What counts and what does not. */
  means: text,
  /** Whether it may be below zero (a profit margin); counts and amounts may not by default. */
  negative: z.boolean().optional(),
  /** Whether a count is an average (of daily counts, say), and so may have a fraction. */
  averaged: z.boolean().optional(),
});

/**
 * A metric's calculator: its named inputs (keyed by the names the expression uses), the
 * expression, the result's unit, and the worked example of `inPractice` with the figure it states.
 */
export const CalculatorSchema = z.strictObject({
  /** The inputs, by the names the expression uses, in reading order. */
  inputs: z.record(
    z.string().regex(/^[a-z][a-zA-Z0-9]*$/, "must be a camelCase name such as lostCustomers"),
    CalculatorInputSchema,
  ),
  /** The expression, in the formula language of `expression.ts`. */
  expression: text,
  /** The result's unit, and the period a rate is per. */
  result: z.strictObject({ unit: unit, per: period.optional() }),
  /** The worked example: its inputs, and the result as the text states it. */
  example: z.strictObject({
    inputs: z.record(z.string(), z.number()),
    states: text,
  }),
});

/** `segments.yaml`: the closed vocabulary of figure segments. */
export const VocabularySchema = z.record(
  slug,
  z.strictObject({
    /** How people read the key. */
    label: text,
    /** For a numeric band key (ARPA, ACV, ARR, MRR): the unit of its ends. */
    band: unit.optional(),
    /** For a band key: the short name a reader's number follows ("ARPA" in "ARPA $200"). */
    short: text.optional(),
    /**
     * What the key says of a figure, when it is not a segment a reader simply gives: `narrows`
     * cuts a population into parts a reader may not belong to (an industry, a platform), `study`
     * says which population a study drew on (a market, a region), `company` names one company.
     */
    role: z.enum(["narrows", "study", "company"]).optional(),
    /** Its values, by slug. */
    values: z.record(
      z.string().regex(SLUG_PATTERN, "must be lowercase kebab-case"),
      z.strictObject({
        /** How people read it. */
        label: text,
        /** For a band: its lower end (inclusive). */
        min: z.number().optional(),
        /** For a band: its upper end (exclusive). */
        max: z.number().optional(),
        /** The value of the same key whose group this one is part of (`enterprise-saas` in `b2b`). */
        within: z.string().regex(SLUG_PATTERN, "must be lowercase kebab-case").optional(),
        /** Values of other keys this one implies (`b2b-saas` implies `model: b2b`). */
        implies: z.record(z.string(), z.string()).optional(),
      }),
    ),
  }),
);

/**
 * A source as a catalog file lists it: a {@linkcode SourceSchema} with its author and year of
 * publication as fields, which the label is checked against when the catalog is validated
 * (`sourceProblems` in `citations.ts`). The API serves the source without them.
 */
export const FileSourceSchema = SourceSchema.extend({
  /** Who wrote or published it: the name the label opens with, as benchmark sentences cite it. */
  author: text,
  /** The year it was published, as its label's closing parenthesis gives it; absent if none. */
  year: z.int().min(1900).max(2100).optional(),
});

/** A source as a catalog file lists it: with its author and year of publication as fields. */
export type FileSource = z.infer<typeof FileSourceSchema>;

/**
 * A source as a metric file lists it: a {@linkcode FileSourceSchema}, and where the page reports
 * or reprints someone else's study rather than being the originator's own text, `secondary`: whose
 * study it is and why the catalog cites this page. The mark stays in the file (the content tests
 * and `docs/content.md` hold it); the API serves the source without it.
 */
const MetricFileSourceSchema = FileSourceSchema.extend({
  secondary: z.strictObject({
    /** Whose study, report or article the page restates. */
    study: text,
    /** Why the originator's own text is not cited. */
    why: text,
  }).optional(),
});

/**
 * The front matter of a metric file: the structured fields, without the `## ` sections (the
 * compiler holds this omit list to `METRIC_FIELDS`, see `OmitsSections` in `parse.ts`), plus the
 * benchmark entries as written and the catalog-only fields (`METRIC_CATALOG_ONLY`).
 */
export const MetricFrontMatterSchema = MetricSchema.omit(
  {
    slug: true,
    definition: true,
    whatItMeasures: true,
    inPractice: true,
    whenNotToUse: true,
    findingMetric: true,
    tools: true,
    vanityRisk: true,
  },
).extend({
  benchmarks: z.array(BenchmarkEntrySchema).min(1).optional(),
  sources: z.array(MetricFileSourceSchema),
  benchmarksReviewed: isoDate.optional(),
  comparison: ComparisonSchema.optional(),
  calculator: CalculatorSchema.optional(),
  notComputable: text.optional(),
});

/** The front matter of a metric file, as its schema gives it. */
export type MetricFrontMatter = z.infer<typeof MetricFrontMatterSchema>;

/** The front matter of a framework file. */
export const FrameworkFrontMatterSchema = FrameworkSchema.omit(
  {
    slug: true,
    origin: true,
    summary: true,
    howItWorks: true,
    bestFor: true,
    limitations: true,
    whenToAvoid: true,
  },
).extend({
  examples: z.array(
    z.strictObject({ company: text, detail: text, source: FileSourceSchema.optional() }),
  ).min(1),
  sources: z.array(FileSourceSchema),
});

/** A metric in a list: enough to choose one. */
export const MetricSummarySchema = MetricSchema.pick({
  name: true,
  slug: true,
  abbreviation: true,
  tags: true,
  kind: true,
  definition: true,
});

/** A framework in a list: enough to choose one. */
export const FrameworkSummarySchema = FrameworkSchema.pick({
  name: true,
  slug: true,
  summary: true,
})
  .extend({
    /** The names of its components. */
    components: z.array(z.string()),
  });

/** A metric in a list: enough to choose one. */
export type MetricSummary = z.infer<typeof MetricSummarySchema>;
/** A framework in a list: enough to choose one. */
export type FrameworkSummary = z.infer<typeof FrameworkSummarySchema>;

/** One search result, best first. */
export const SearchHitSchema = z.strictObject({
  /** The record's slug. */
  slug,
  /** The record's name. */
  name: z.string(),
  /** Which kind of record it is. */
  type: z.enum(["metric", "framework"]),
  /** The metric's abbreviation, when it has one. */
  abbreviation: z.string().optional(),
  /** The first sentence of the definition (metrics) or summary (frameworks). */
  summary: z.string().meta({
    description: "The first sentence of the definition (metrics) or summary (frameworks)",
  }),
  /** The relevance score; never higher than the hit before it. */
  score: z.number(),
});

/** One benchmark figure as data, as the CLI's `--json` and the MCP `get_benchmark` give it. */
export const BenchmarkFigureSchema = z.strictObject({
  /** The figure's number (from 1): its page anchor `#figure-<n>`. */
  number: z.int().min(1).meta({ description: "The figure's number (from 1): its page anchor" }),
  /** The number (from 1) of the sentence that states it. */
  sentence: z.int().min(1).meta({ description: "The number (from 1) of the sentence stating it" }),
  /** The figure as its sentence writes it, such as `5.6%` or `$12K–$50K`. */
  written: z.string().meta({ description: "The figure as its sentence writes it" }),
  /** The value, for a single number. */
  value: z.number().optional(),
  /** The low end, for a range. */
  low: z.number().optional(),
  /** The high end, for a range. */
  high: z.number().optional(),
  /** An open range: the figure is a floor (`at-least`) or a ceiling (`at-most`). */
  bound: z.enum(["at-least", "at-most"]).optional(),
  /** Its unit. */
  unit: unit,
  /** The period a rate is quoted per. */
  per: period.optional(),
  /** What kind of number it is. */
  statistic: statistic,
  /** The percentile, for `statistic: percentile`. */
  percentile: z.int().optional(),
  /** The source's own word for a threshold or a band ("good", "world class"). */
  label: z.string().optional(),
  /** What it measures when that is not the metric itself; such a figure is never compared. */
  measures: z.string().optional().meta({
    description: "What it measures when that is not the metric itself; never compared",
  }),
  /**
   * What the figure is to a reader, where its sentence says so: the `rule` or threshold that
   * defines the metric (the Rule of 40's 40%), or a `warning` line that marks where things go
   * wrong rather than a level to reach.
   */
  role: z.enum(["rule", "warning"]).optional().meta({
    description: "rule: the threshold that defines the metric; warning: a line marking trouble",
  }),
  /** The population and segment, as keys and values of the segment vocabulary. */
  segment: z.record(z.string(), z.string()),
  /** The segment as people read it. */
  segmentLabel: z.string(),
  /** The sample size, where the sentence gives it. */
  sample: z.number().optional(),
  /** Present when the sentence gives the sample as a floor ("more than 1,500", "20+"). */
  sampleAtLeast: z.literal(true).optional().meta({
    description: 'Present when the sample is a floor the sentence writes as "more than 1,500" ' +
      'or "20+": at least `sample`, not a count',
  }),
  year: z.union([z.int(), z.literal("undated")]).meta({
    description: "The year the figure was published; for an undated source, the year its data " +
      "describe; `undated` where neither is known",
  }),
  /** The number (from 1) of the metric's source it comes from. */
  source: z.int().min(1).meta({ description: "The number (from 1) of its entry in `sources`" }),
  /** The year its data describe, where that is not the year it was published. */
  dataYear: z.int().optional().meta({
    description: "The year the figure's data describe, where that is not the year it was " +
      "published (`year`)",
  }),
  /** The series it is a point of: the same statistic for the same segment from one source. */
  series: z.string().optional().meta({
    description: "The id of the series it is a point of: figures from one source for the same " +
      "statistic and segment in different years (see `series`)",
  }),
});

/** A series: one source's figures for the same statistic and segment, one a year, oldest first. */
export const FigureSeriesSchema = z.strictObject({
  /** The series' id, unique in the catalog. */
  id: z.string(),
  /** The number (from 1) of the metric's source all its points come from. */
  source: z.int().min(1),
  /** Its points, oldest first. */
  points: z.array(z.strictObject({
    figure: z.int().min(1).meta({ description: "The figure's number (from 1) in `figures`" }),
    year: z.int().meta({ description: "The year the point's data describe" }),
    written: z.string().meta({ description: "The figure as its sentence writes it" }),
    value: z.number(),
  })).min(2),
});

/** A metric's benchmark figures with their citations and the date they were last reviewed. */
export const BenchmarkSchema = z.strictObject({
  /** The metric's slug. */
  slug,
  /** The metric's name. */
  name: z.string(),
  /** Each figure, with the numbers (from 1) of the entries of `sources` it cites. */
  benchmarks: z.array(z.strictObject({
    text: z.string(),
    sources: z.array(z.int().min(1)).meta({
      description: "The numbers (from 1) of the entries of `sources` that this figure cites",
    }),
  })),
  /** When the figures were last reviewed (YYYY-MM-DD). */
  benchmarksReviewed: z.string().optional(),
  /** The metric's citations. */
  sources: z.array(SourceSchema),
  /** Which way the metric is better, where its figures compare with a value. */
  direction: direction.optional().meta({
    description: "Which way the metric is better, where its figures can be compared with a value",
  }),
  /** The unit comparisons use. */
  unit: unit.optional().meta({ description: "The unit comparisons use" }),
  /** The period the metric is quoted per. */
  per: period.optional().meta({ description: "The period the metric is quoted per" }),
  /** The segment keys a reader's value can be matched on, with the values each takes. */
  segments: z.array(z.strictObject({
    key: z.string(),
    label: z.string(),
    band: unit.optional().meta({ description: "For a band key: the unit of a reader's number" }),
    values: z.array(z.strictObject({ slug: z.string(), label: z.string() })),
  })).optional().meta({
    description: "The segment keys a value can be compared on, with the values each takes",
  }),
  /** The figures as data, each numbered from 1 in the metric, with its segment in words. */
  figures: z.array(BenchmarkFigureSchema).optional(),
  /** The figures that make a series over the years, each series with its points, oldest first. */
  series: z.array(FigureSeriesSchema).optional().meta({
    description: "Figures from one source for the same statistic and segment in different " +
      "years, each series with its points oldest first",
  }),
});

/** A series of a metric's figures: one source, one statistic and segment, one point a year. */
export type FigureSeries = NonNullable<Written.Benchmarks["series"]>[number];

/** Where a reader's value stands against one comparable figure. */
const PlacementSchema = z.strictObject({
  figure: z.int().min(1).meta({ description: "The figure's number (from 1) in `figures`" }),
  value: z.number().meta({
    description: "The value in the figure's period (converted if need be)",
  }),
  converted: z.strictObject({
    from: period,
    to: period,
    by: conversion,
  }).optional(),
  position: z.enum(["below", "within", "equal", "above"]),
  better: z.boolean().optional().meta({
    description:
      "Better or worse by the metric's direction; absent when the direction does not say",
  }),
  match: z.enum(["yours", "closest", "wider", "all", "company"]).meta({
    description: "How well the figure's segment matches the reader's: yours, the closest band, " +
      "wider (broader, or a part of it), all (no segment given), or one company's",
  }),
  keys: z.record(z.string(), z.enum(["match", "closest", "broader", "part", "unstated"])).meta({
    description: "For each key of the reader's segment, how the figure's value relates to the " +
      "reader's: the same, the nearest band, a group around it, a part of it, or not stated",
  }),
  narrower: z.array(z.string()).optional().meta({
    description: "The keys the figure names that narrow it to a part of the reader's segment",
  }),
  kind: z.enum(FIGURE_KINDS)
    .meta({
      description: "What kind of figure it is: the metric's defining rule, a median or average, " +
        "a typical range, a quartile, a target, a warning line, an extreme, a reported figure",
    }),
  year: z.union([z.int(), z.literal("undated")]).meta({
    description: "The year the figure was published, or `undated`",
  }),
  old: z.literal(true).optional().meta({
    description: "Present when the figure was published more than five years before the " +
      "comparison's year",
  }),
  dataYear: z.int().optional().meta({
    description: "The year the figure's data describe, where that is not the year it was " +
      "published",
  }),
  series: z.strictObject({ id: z.string(), from: z.int(), points: z.int().min(2) }).optional()
    .meta({
      description: "Present when the figure is the latest point of a series: the series' id, " +
        "the year it starts and its number of points; its earlier points are not compared",
    }),
});

/** Where a reader's value stands against a metric's figures, as data, without words. */
const ComparisonDataSchema = z.strictObject({
  metric: slug,
  value: z.number(),
  unit: unit,
  per: period.optional(),
  counted: z.strictObject({
    value: z.number().meta({ description: "The value as counted" }),
    months: z.int().min(1).optional().meta({
      description: "How many calendar months it was counted over, when whole months",
    }),
    days: z.number().meta({ description: "How many days it was counted over" }),
    by: conversion.optional().meta({
      description: "How it was converted to `per`; absent when it could not be, and then no " +
        "figure is compared",
    }),
  }).optional().meta({
    description: "For a value counted from data over a span that is not a period of the " +
      "metric's: the value as counted and over how long",
  }),
  segment: z.record(z.string(), z.string()).meta({ description: "The segment asked for" }),
  unsplit: z.array(z.string()).optional().meta({
    description: "Keys given that no figure is split by, set aside",
  }),
  direction: direction,
  placements: z.array(PlacementSchema).meta({ description: "Each comparable figure, in order" }),
  context: z.array(z.strictObject({
    figure: z.int().min(1),
    reason: z.enum(["segment", "measures", "unit", "period", "earlier"]).meta({
      description: "For another segment, of another measure or unit, quoted per another " +
        "period, or an earlier point of a series whose latest point is compared",
    }),
    key: z.string().optional().meta({ description: "For another segment: the key that differs" }),
  })).meta({ description: "The figures not compared, each with the reason" }),
});

/** Where a reader's value stands against a metric's figures: the data, then the lead in words. */
export const ValueComparisonSchema = ComparisonDataSchema.extend({
  summary: z.string().meta({
    description: "The lead: one or two sentences, the reader's own segment first",
  }),
  hint: z.string().optional().meta({
    description: "The segment keys left out that would narrow the answer",
  }),
});

/**
 * The MCP `get_benchmark` answer: a metric's benchmarks and, when a value is given, where it
 * stands. The CLI's `--json` gives {@linkcode BenchmarkSchema} alone.
 */
export const BenchmarkAnswerSchema = BenchmarkSchema.extend({
  comparison: ValueComparisonSchema.optional(),
});

/** The whole answer to "where do I stand", as data: the read model's comparison. */
export type ValueComparison = z.infer<typeof ComparisonDataSchema>;
/** A comparison with its lead and hint in words, as MCP `get_benchmark` answers it. */
export type ValueComparisonAnswer = z.infer<typeof ValueComparisonSchema>;

// The record types written out in `record_types.ts` are the types these schemas infer.
true satisfies Same<z.infer<typeof SourceSchema>, Written.Source>;
true satisfies Same<z.infer<typeof MetricSchema>, Written.Metric>;
true satisfies Same<z.infer<typeof FrameworkSchema>, Written.Framework>;
true satisfies Same<z.infer<typeof ComparisonSchema>, Written.Comparison>;
true satisfies Same<z.infer<typeof CalculatorSchema>, Written.Calculator>;
true satisfies Same<z.infer<typeof VocabularySchema>, Written.Vocabulary>;
true satisfies Same<z.infer<typeof BenchmarkFigureSchema>, Written.BenchmarkFigure>;
true satisfies Same<z.infer<typeof BenchmarkSchema>, Written.Benchmarks>;
true satisfies Same<z.infer<typeof FigureSeriesSchema>, FigureSeries>;
true satisfies Same<z.infer<typeof SearchHitSchema>, Written.SearchHit>;
true satisfies Same<(typeof TAGS)[number], Written.Tag>;
true satisfies Same<(typeof PERIODS)[number], Written.Period>;
true satisfies Same<z.infer<typeof unit>, Written.Unit>;
