/**
 * The validator of the catalog's records, declared once with zod: loading the Markdown files, the
 * OpenAPI component schemas and the MCP output schemas derive from these declarations, and each
 * is checked at compile time against its record type in `records.ts`.
 *
 * The field order of each object is the order of the API contract's tables, so a parsed record
 * serializes with its fields in that order.
 *
 * @module
 */
import { z } from "zod";
import type { Calculator } from "./calculator.ts";
import {
  type Comparison,
  type Conversion,
  type Direction,
  PERIODS,
  type Statistic,
  type Unit,
  type Vocabulary,
} from "./figures.ts";
import {
  type Benchmarks,
  type Framework,
  type FrameworkSectionField,
  type FrameworkSummary,
  type Metric,
  type MetricSectionField,
  type MetricSummary,
  type SearchHit,
  SLUG_PATTERN,
  type Source,
  TAGS,
} from "./records.ts";

const TRACKING_PARAMETER = /^(utm_.*|ref|fbclid|gclid|mc_cid|mc_eid)$/i;

/** A registry that names the schemas published as OpenAPI components. */
export const componentRegistry = z.registry<{ id: string; description?: string }>();

const text = z.string().min(1).refine((value) => value.trim() !== "", "must not be blank");
const slug = z.string().regex(SLUG_PATTERN, "must be lowercase kebab-case");

const sourceUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine(
  (value) =>
    !URL.canParse(value) ||
    ![...new URL(value).searchParams.keys()].some((key) => TRACKING_PARAMETER.test(key)),
  "must not carry tracking parameters (utm_*, ref)",
);

/** A linkable, authoritative source backing a specific claim or benchmark figure. */
export const SourceSchema = z.strictObject({ label: text, url: sourceUrl }).register(
  componentRegistry,
  {
    id: "Source",
    description: "A linkable, authoritative source backing a specific claim or benchmark figure",
  },
);

// The closed lists of a figure, as the record types in `figures.ts` declare them; each is
// checked against its type below.
const unit = z.enum([
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
]);
const period = z.enum(PERIODS);
const statistic = z.enum([
  "mean",
  "median",
  "percentile",
  "top-quartile",
  "bottom-quartile",
  "top-decile",
  "threshold",
  "typical-range",
  "reported",
]);
const direction = z.enum(["higher-is-better", "lower-is-better", "target-band"]);
const conversion = z.enum(["compound-loss", "compound-keep"]);

const labelledText = z.strictObject({ label: text, text });
const relatedMetric = z.strictObject({ slug, text });

/** One product or growth metric, as the API serves it. */
export const MetricSchema = z.strictObject({
  name: text,
  slug,
  abbreviation: text.optional(),
  tags: z.array(z.enum(TAGS)).min(1),
  kind: z.literal("composite").optional().meta({
    description:
      "Marks an emerging, tool-defined analytics score that is not an industry-standard metric",
  }),
  definition: text,
  formula: text,
  whatItMeasures: text,
  benchmarks: z.array(text).min(1).optional(),
  calculationMethods: z.array(text).min(1).optional(),
  whatToWatch: z.array(labelledText).min(3),
  whenNotToUse: text.optional(),
  findingMetric: text.optional(),
  inPractice: text,
  tools: text.optional(),
  relatedMetrics: z.array(relatedMetric).min(2),
  vanityRisk: text.optional(),
  sources: z.array(SourceSchema),
}).register(componentRegistry, { id: "Metric", description: "A product or growth metric" });

/** A component of a framework and the metrics it groups. */
export const FrameworkComponentSchema = z.strictObject({
  name: text,
  description: text,
  metricSlugs: z.array(slug),
}).register(componentRegistry, {
  id: "FrameworkComponent",
  description: "A component of a framework and the metrics it groups",
});

/** One measurement framework, as the API serves it. */
export const FrameworkSchema = z.strictObject({
  name: text,
  slug,
  origin: text,
  summary: text,
  components: z.array(FrameworkComponentSchema).min(1),
  bestFor: text,
  limitations: text,
  howItWorks: text,
  implementation: z.array(text).min(1),
  examples: z.array(
    z.strictObject({ company: text, detail: text, source: SourceSchema.optional() }),
  )
    .min(1),
  whenToAvoid: text,
  pairsWith: z.array(z.strictObject({ slug, reason: text })),
  sources: z.array(SourceSchema),
}).register(componentRegistry, { id: "Framework", description: "A measurement framework" });

/** The body of every API error response. */
export const NotFoundSchema = z.strictObject({ error: z.string() }).register(componentRegistry, {
  id: "NotFound",
  description: "An error",
});

/** True when two types are the same; a compile error where a declaration drifts. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameSource: Same<Source, z.infer<typeof SourceSchema>> = true;
const _sameMetric: Same<Metric, z.infer<typeof MetricSchema>> = true;
const _sameFramework: Same<Framework, z.infer<typeof FrameworkSchema>> = true;
const _sameUnit: Same<Unit, z.infer<typeof unit>> = true;
const _sameStatistic: Same<Statistic, z.infer<typeof statistic>> = true;
const _sameDirection: Same<Direction, z.infer<typeof direction>> = true;
const _sameConversion: Same<Conversion, z.infer<typeof conversion>> = true;

const isoDate = z.iso.date({ error: "must be a date written YYYY-MM-DD" });

/**
 * One benchmark figure as a metric file writes it, beside its sentence: `value` is the figure
 * exactly as the sentence writes it; `sample` too, where the sentence gives it; `year` is the
 * year the figure was published (the sentence writes it), or `undated`.
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
  direction: direction,
  unit: unit,
  per: period.optional(),
  convert: conversion.optional(),
});

/** One input of a metric's calculator. */
export const CalculatorInputSchema = z.strictObject({
  name: text,
  unit: unit,
  means: text,
  negative: z.boolean().optional(),
  averaged: z.boolean().optional(),
});

/**
 * A metric's calculator: its named inputs (keyed by the names the expression uses), the
 * expression, the result's unit, and the worked example of `inPractice` with the figure it states.
 */
export const CalculatorSchema = z.strictObject({
  inputs: z.record(
    z.string().regex(/^[a-z][a-zA-Z0-9]*$/, "must be a camelCase name such as lostCustomers"),
    CalculatorInputSchema,
  ),
  expression: text,
  result: z.strictObject({ unit: unit, per: period.optional() }),
  example: z.strictObject({
    inputs: z.record(z.string(), z.number()),
    states: text,
  }),
});

/** `segments.yaml`: the closed vocabulary of figure segments. */
export const VocabularySchema = z.record(
  slug,
  z.strictObject({
    label: text,
    band: unit.optional(),
    short: text.optional(),
    values: z.record(
      z.string().regex(SLUG_PATTERN, "must be lowercase kebab-case"),
      z.strictObject({
        label: text,
        min: z.number().optional(),
        max: z.number().optional(),
        within: z.string().regex(SLUG_PATTERN, "must be lowercase kebab-case").optional(),
      }),
    ),
  }),
);

/** The front matter of a metric file: the structured fields, plus the benchmarks' review date. */
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
  } satisfies Record<"slug" | MetricSectionField, true>,
).extend({
  benchmarks: z.array(BenchmarkEntrySchema).min(1).optional(),
  benchmarksReviewed: isoDate.optional(),
  comparison: ComparisonSchema.optional(),
  calculator: CalculatorSchema.optional(),
  notComputable: text.optional(),
});

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
  } satisfies Record<"slug" | FrameworkSectionField, true>,
);

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
  .extend({ components: z.array(z.string()) });

/** One search result, best first. */
export const SearchHitSchema = z.strictObject({
  slug,
  name: z.string(),
  type: z.enum(["metric", "framework"]),
  abbreviation: z.string().optional(),
  summary: z.string().meta({
    description: "The first sentence of the definition (metrics) or summary (frameworks)",
  }),
  score: z.number(),
});

/** One benchmark figure as data, as the CLI's `--json` and the MCP `get_benchmark` give it. */
export const BenchmarkFigureSchema = z.strictObject({
  number: z.int().min(1).meta({ description: "The figure's number (from 1): its page anchor" }),
  sentence: z.int().min(1).meta({ description: "The number (from 1) of the sentence stating it" }),
  written: z.string().meta({ description: "The figure as its sentence writes it" }),
  value: z.number().optional(),
  low: z.number().optional(),
  high: z.number().optional(),
  bound: z.enum(["at-least", "at-most"]).optional(),
  unit: unit,
  per: period.optional(),
  statistic: statistic,
  percentile: z.int().optional(),
  label: z.string().optional(),
  measures: z.string().optional().meta({
    description: "What it measures when that is not the metric itself; never compared",
  }),
  segment: z.record(z.string(), z.string()),
  segmentLabel: z.string(),
  sample: z.number().optional(),
  year: z.union([z.int(), z.literal("undated")]).meta({
    description: "The year the figure was published; for an undated source, the year its data " +
      "describe; `undated` where neither is known",
  }),
  source: z.int().min(1).meta({ description: "The number (from 1) of its entry in `sources`" }),
});

/** A metric's benchmark figures with their citations and the date they were last reviewed. */
export const BenchmarkSchema = z.strictObject({
  slug,
  name: z.string(),
  benchmarks: z.array(z.strictObject({
    text: z.string(),
    sources: z.array(z.int().min(1)).meta({
      description: "The numbers (from 1) of the entries of `sources` that this figure cites",
    }),
  })),
  benchmarksReviewed: z.string().optional(),
  sources: z.array(SourceSchema),
  direction: direction.optional().meta({
    description: "Which way the metric is better, where its figures can be compared with a value",
  }),
  unit: unit.optional().meta({ description: "The unit comparisons use" }),
  per: period.optional().meta({ description: "The period the metric is quoted per" }),
  segments: z.array(z.strictObject({
    key: z.string(),
    label: z.string(),
    band: unit.optional().meta({ description: "For a band key: the unit of a reader's number" }),
    values: z.array(z.strictObject({ slug: z.string(), label: z.string() })),
  })).optional().meta({
    description: "The segment keys a value can be compared on, with the values each takes",
  }),
  figures: z.array(BenchmarkFigureSchema).optional(),
});

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
  note: z.string().optional().meta({
    description: "How a figure that still applies differs from the reader's segment",
  }),
  year: z.union([z.int(), z.literal("undated")]).meta({
    description: "The year the figure was published, or `undated`",
  }),
  old: z.literal(true).optional().meta({
    description: "Present when the figure was published more than five years before the " +
      "comparison's year",
  }),
  sentence: z.string().meta({ description: "The placement in words, with the value" }),
  clause: z.string().meta({ description: "The placement in words, without the value" }),
});

/** Where a reader's value stands against a metric's figures: the read model's `ValueComparison`. */
export const ValueComparisonSchema = z.strictObject({
  metric: slug,
  value: z.number(),
  unit: unit,
  per: period.optional(),
  segment: z.record(z.string(), z.string()).meta({ description: "The segment asked for" }),
  segmentLabel: z.string().meta({ description: "The segment asked for, in words" }),
  direction: direction,
  placements: z.array(PlacementSchema).meta({ description: "Each comparable figure, in order" }),
  context: z.array(z.strictObject({
    figure: z.int().min(1),
    reason: z.string(),
    kind: z.enum(["segment", "other"]).meta({
      description: "segment: for another segment; other: another unit, measure or period",
    }),
  })).meta({ description: "The figures not compared, each with the reason" }),
  summary: z.string().meta({
    description: "The verdict: one or two sentences, the reader's own segment first",
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

const _sameMetricSummary: Same<MetricSummary, z.infer<typeof MetricSummarySchema>> = true;
const _sameFrameworkSummary: Same<FrameworkSummary, z.infer<typeof FrameworkSummarySchema>> = true;
const _sameSearchHit: Same<SearchHit, z.infer<typeof SearchHitSchema>> = true;
const _sameBenchmarks: Same<Benchmarks, z.infer<typeof BenchmarkSchema>> = true;
const _sameComparison: Same<Comparison, z.infer<typeof ComparisonSchema>> = true;
const _sameCalculator: Same<Calculator, z.infer<typeof CalculatorSchema>> = true;
const _sameVocabulary: Same<Vocabulary, z.infer<typeof VocabularySchema>> = true;
