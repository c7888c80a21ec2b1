/**
 * The record types of the catalog, declared once. The validator, the TypeScript types, the
 * OpenAPI component schemas and the MCP output schemas all derive from these declarations.
 *
 * The field order of each object is the order of the API contract's tables, so a parsed record
 * serializes with its fields in that order.
 *
 * @module
 */
import { z } from "zod";

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

/** A metric tag, one of {@linkcode TAGS}. */
export type Tag = typeof TAGS[number];

/** Lowercase kebab-case, as used in every page and API address. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

/** A metric as the API serves it. */
export type Metric = z.infer<typeof MetricSchema>;
/** A framework as the API serves it. */
export type Framework = z.infer<typeof FrameworkSchema>;
/** A citation. */
export type Source = z.infer<typeof SourceSchema>;

/** The fields of a metric that live in the Markdown body, by section heading. */
export const METRIC_SECTIONS = {
  "Definition": "definition",
  "What it measures": "whatItMeasures",
  "In practice": "inPractice",
  "When not to use": "whenNotToUse",
  "Finding the metric": "findingMetric",
  "Tools": "tools",
  "Vanity risk": "vanityRisk",
} as const;

/** The fields of a framework that live in the Markdown body, by section heading. */
export const FRAMEWORK_SECTIONS = {
  "Origin": "origin",
  "Summary": "summary",
  "How it works": "howItWorks",
  "Best for": "bestFor",
  "Limitations": "limitations",
  "When to avoid": "whenToAvoid",
} as const;

type MetricSectionField = typeof METRIC_SECTIONS[keyof typeof METRIC_SECTIONS];
type FrameworkSectionField = typeof FRAMEWORK_SECTIONS[keyof typeof FRAMEWORK_SECTIONS];

const isoDate = z.iso.date({ error: "must be a date written YYYY-MM-DD" });

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
  benchmarksReviewed: isoDate.optional(),
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

/** A metric as the catalog holds it: the API record plus the date its benchmarks were reviewed. */
export type MetricRecord = Metric & { benchmarksReviewed?: string };

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

/** A metric's benchmark figures with their citations and the date they were last reviewed. */
export const BenchmarkSchema = z.strictObject({
  slug,
  name: z.string(),
  benchmarks: z.array(z.string()),
  benchmarksReviewed: z.string().optional(),
  sources: z.array(SourceSchema),
});

/** A metric as the API serves it: the record without the catalog-only review date. */
export function toApiMetric(record: MetricRecord): Metric {
  const { benchmarksReviewed: _reviewed, ...metric } = record;
  return metric;
}
