/**
 * The record types of the catalog and the ordered field table every surface walks, without the
 * validator: what the read model, the pages, the CLI and the API need at run time. The API
 * records' types are those of `record_types.ts`, which `schema.ts` holds to its zod schemas.
 *
 * @module
 */
import type { Figure } from "./figures.ts";
import type { FrameworkSummary, MetricFrontMatter, MetricSummary } from "./schema.ts";
import type {
  Benchmarks,
  Calculator,
  Comparison,
  Framework,
  Metric,
  SearchHit,
  Source,
  Vocabulary,
} from "./record_types.ts";

import { METRIC_CATALOG_ONLY } from "./lists.ts";

export { METRIC_CATALOG_ONLY, SLUG_PATTERN, type Tag, TAGS } from "./lists.ts";
export type { Benchmarks, Framework, FrameworkSummary, Metric, MetricSummary, SearchHit, Source };

/** A component of a framework and the metrics it groups. */
export type FrameworkComponent = Framework["components"][number];

/** The value each kind of section content holds. */
export interface ContentValues {
  /** Prose: one paragraph or more. */
  text: string;
  /** One formula: the equation, then its conditions. */
  formula: string;
  /** Prose items, shown as a list. */
  list: string[];
  /** Prose items in order, shown as numbered steps. */
  steps: string[];
  /** `{label, text}` items. */
  labelled: { label: string; text: string }[];
  /** Benchmark figures, with their review date and the sources each cites. */
  benchmarks: string[];
  /** `{slug, text}` links to other metrics. */
  related: { slug: string; text: string }[];
  /** `{slug, reason}` links to other frameworks. */
  pairs: { slug: string; reason: string }[];
  /** A framework's components, each with its metrics. */
  components: FrameworkComponent[];
  /** Examples from companies, each with an optional source. */
  examples: { company: string; detail: string; source?: Source | undefined }[];
  /** The numbered citations. */
  sources: Source[];
}

/** How a field's content is shown, whatever the surface. */
export type FieldContent = keyof ContentValues;

/** One section of a record as every surface shows it. */
export interface FieldSpec<
  Key extends string = string,
  Content extends FieldContent = FieldContent,
> {
  /** The record's field. */
  readonly key: Key;
  /** The section heading on every surface, and the `## ` heading in a catalog file's body. */
  readonly heading: string;
  /** How the content is shown. */
  readonly content: Content;
  /** Where a catalog file holds it: a `## ` section of the body, or the front matter. */
  readonly in: "body" | "front";
  /** Shown as the record's lead paragraph under its title, not under a heading, on the pages. */
  readonly lead?: true;
  /** The search field the section's text goes into; not searched when absent. */
  readonly search?: "definition" | "formula" | "body";
}

/** The field specs a record type allows: each key with a content kind that fits its value. */
export type FieldOf<R> = {
  [K in keyof R & string]: {
    [C in FieldContent]: NonNullable<R[K]> extends ContentValues[C] ? FieldSpec<K, C> : never;
  }[FieldContent];
}[keyof R & string];

/**
 * One section of one record: its spec, its anchor on the pages (the heading in kebab case) and its
 * value, typed by the kind of content.
 */
export type Section = {
  [C in FieldContent]: {
    field: FieldSpec<string, C>;
    id: string;
    content: C;
    value: ContentValues[C];
  };
}[FieldContent];

/**
 * The sections of a record in the table's order, leaving out optional fields it does not have.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { METRIC_FIELDS, sectionsOf } from "./records.ts";
 * const [metric] = (await loadCatalog()).metrics;
 * assert.equal(sectionsOf(metric!, METRIC_FIELDS)[0]?.field.heading, "Definition");
 * ```
 */
export function sectionsOf<R extends object>(record: R, fields: readonly FieldOf<R>[]): Section[] {
  const values: Partial<Record<string, unknown>> = record;
  const sections: Section[] = [];
  for (const field of fields) {
    const value: unknown = values[field.key];
    if (value !== undefined) sections.push(section(field, value));
  }
  return sections;
}

/**
 * The plain text of a section, for search and for checks: prose as it is, list items one a line,
 * `label. text` for labelled items and components; links and citations contribute nothing.
 */
export function sectionText(part: Section): string {
  switch (part.content) {
    case "text":
    case "formula":
      return part.value;
    case "list":
    case "steps":
    case "benchmarks":
      return part.value.join("\n");
    case "labelled":
      return part.value.map((item) => `${item.label}. ${item.text}`).join("\n");
    case "components":
      return part.value.map((item) => `${item.name}. ${item.description}`).join("\n");
    case "related":
    case "pairs":
    case "examples":
    case "sources":
      return "";
  }
}

function section(field: FieldSpec, value: unknown): Section {
  const id = field.heading.toLowerCase().replaceAll(" ", "-");
  // The table is type-checked against the record (FieldOf), so the value fits the content.
  return { field, id, content: field.content, value } as Section;
}

/**
 * The sections of a metric, in a reader's order (what it is, how to work it out, what it measures,
 * how good numbers look, then the rest): every renderer (pages, Markdown copies, llms-full,
 * CLI text, the search index) walks this table. The record's header fields (name, slug,
 * abbreviation, tags, kind) are shown by each surface's title line. A new section is one line here
 * and one field in `MetricSchema` (schema.ts).
 */
export const METRIC_FIELDS = [
  {
    key: "definition",
    heading: "Definition",
    content: "text",
    in: "body",
    lead: true,
    search: "definition",
  },
  { key: "formula", heading: "Formula", content: "formula", in: "front", search: "formula" },
  {
    key: "whatItMeasures",
    heading: "What it measures",
    content: "text",
    in: "body",
    search: "body",
  },
  { key: "benchmarks", heading: "Benchmarks", content: "benchmarks", in: "front" },
  { key: "inPractice", heading: "In practice", content: "text", in: "body", search: "body" },
  {
    key: "calculationMethods",
    heading: "Calculation methods",
    content: "list",
    in: "front",
    search: "body",
  },
  {
    key: "whatToWatch",
    heading: "What to watch",
    content: "labelled",
    in: "front",
    search: "body",
  },
  { key: "whenNotToUse", heading: "When not to use", content: "text", in: "body", search: "body" },
  {
    key: "findingMetric",
    heading: "Finding the metric",
    content: "text",
    in: "body",
    search: "body",
  },
  { key: "tools", heading: "Tools", content: "text", in: "body", search: "body" },
  { key: "vanityRisk", heading: "Vanity risk", content: "text", in: "body", search: "body" },
  { key: "relatedMetrics", heading: "Related metrics", content: "related", in: "front" },
  { key: "sources", heading: "Sources", content: "sources", in: "front" },
] as const satisfies readonly FieldOf<Metric>[];

/** The sections of a framework, in reading order; see {@linkcode METRIC_FIELDS}. */
export const FRAMEWORK_FIELDS = [
  {
    key: "summary",
    heading: "Summary",
    content: "text",
    in: "body",
    lead: true,
    search: "definition",
  },
  { key: "components", heading: "Components", content: "components", in: "front", search: "body" },
  { key: "origin", heading: "Origin", content: "text", in: "body", search: "body" },
  { key: "howItWorks", heading: "How it works", content: "text", in: "body", search: "body" },
  { key: "bestFor", heading: "Best for", content: "text", in: "body", search: "body" },
  { key: "limitations", heading: "Limitations", content: "text", in: "body" },
  { key: "whenToAvoid", heading: "When to avoid", content: "text", in: "body" },
  { key: "implementation", heading: "Implementation", content: "steps", in: "front" },
  { key: "examples", heading: "Examples", content: "examples", in: "front" },
  { key: "pairsWith", heading: "Pairs with", content: "pairs", in: "front" },
  { key: "sources", heading: "Sources", content: "sources", in: "front" },
] as const satisfies readonly FieldOf<Framework>[];

type BodyKey<Fields extends readonly FieldSpec[]> = Extract<Fields[number], { in: "body" }>["key"];
/** The metric fields a catalog file holds as `## ` sections. */
export type MetricSectionField = BodyKey<typeof METRIC_FIELDS>;
/** The framework fields a catalog file holds as `## ` sections. */
export type FrameworkSectionField = BodyKey<typeof FRAMEWORK_FIELDS>;

function bodySections<Fields extends readonly FieldSpec[]>(
  fields: Fields,
): Readonly<Record<string, BodyKey<Fields>>> {
  const sections: Record<string, BodyKey<Fields>> = {};
  for (const field of fields) {
    if (field.in === "body") sections[field.heading] = field.key as BodyKey<Fields>;
  }
  return sections;
}

/** The fields of a metric that live in the Markdown body, by section heading. */
export const METRIC_SECTIONS: Readonly<Record<string, MetricSectionField>> = bodySections(
  METRIC_FIELDS,
);

/** The fields of a framework that live in the Markdown body, by section heading. */
export const FRAMEWORK_SECTIONS: Readonly<Record<string, FrameworkSectionField>> = bodySections(
  FRAMEWORK_FIELDS,
);

/** A field a metric has in the catalog and not in the API, one of `METRIC_CATALOG_ONLY`. */
export type MetricCatalogField = typeof METRIC_CATALOG_ONLY[number];

/**
 * The values of the catalog-only fields: as the front matter's schema gives them, and the figures
 * structured from the benchmark sentences. A name in `METRIC_CATALOG_ONLY` that is neither does not
 * compile.
 */
export type MetricCatalogValues = Omit<MetricFrontMatter, keyof Metric> & { figures: Figure[] };

/**
 * A metric as the catalog holds it: the API record plus the fields of `METRIC_CATALOG_ONLY`, as
 * the front matter's schema gives them (the compiler holds the two to each other in `parse.ts`).
 */
export interface MetricRecord extends Metric {
  /** The date its benchmarks were last reviewed (YYYY-MM-DD). */
  benchmarksReviewed?: string;
  /** Its benchmark figures as data, structured from the benchmark sentences. */
  figures?: Figure[];
  /** How a reader's value is compared with the figures. */
  comparison?: Comparison;
  /** Its calculator, when it is arithmetic over a few named inputs. */
  calculator?: Calculator;
  /** Why it has no calculator, when it cannot be computed. */
  notComputable?: string;
}

const CATALOG_ONLY: ReadonlySet<string> = new Set(METRIC_CATALOG_ONLY);

/**
 * A record without its catalog-only fields (`METRIC_CATALOG_ONLY`), its other fields in their
 * order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutCatalogOnly } from "./records.ts";
 * const record = { name: "A", benchmarksReviewed: "2026-11-01" };
 * assert.deepEqual(withoutCatalogOnly(record), { name: "A" });
 * ```
 */
export function withoutCatalogOnly<R extends object>(record: R): Omit<R, MetricCatalogField> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!CATALOG_ONLY.has(key)) kept[key] = value;
  }
  // Every key but the catalog-only ones is copied with its value.
  return kept as Omit<R, MetricCatalogField>;
}

/**
 * The catalog-only fields a metric has, in the order of `METRIC_CATALOG_ONLY`, leaving out those
 * that are undefined.
 */
export function catalogOnlyOf(
  values: { [Field in MetricCatalogField]?: MetricRecord[Field] | undefined },
): Pick<MetricRecord, MetricCatalogField> {
  const fields: Record<string, unknown> = {};
  for (const key of METRIC_CATALOG_ONLY) {
    if (values[key] !== undefined) fields[key] = values[key];
  }
  // Each key is a catalog-only field, copied with its own value.
  return fields as Pick<MetricRecord, MetricCatalogField>;
}

/** A metric as the API serves it: the record without its catalog-only fields. */
export function toApiMetric(record: MetricRecord): Metric {
  return withoutCatalogOnly(record);
}

/** The loaded, validated catalog. Lists are sorted by slug. */
export interface Catalog {
  /** Every metric, with its benchmarks' review date. */
  metrics: MetricRecord[];
  /** Every framework. */
  frameworks: Framework[];
  /** Everyday phrases that name a record, by record slug. */
  synonyms: Map<string, string[]>;
  /** The closed vocabulary of benchmark figure segments. */
  segments: Vocabulary;
}

/**
 * A record's name as people see it: the name, followed by the abbreviation in parentheses unless
 * the name already shows it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { displayName } from "./records.ts";
 * assert.equal(displayName({ name: "Net Revenue Retention", abbreviation: "NRR" }), "Net Revenue Retention (NRR)");
 * assert.equal(displayName({ name: "DAU/MAU Ratio (Stickiness)", abbreviation: "DAU/MAU" }), "DAU/MAU Ratio (Stickiness)");
 * ```
 */
export function displayName(record: { name: string; abbreviation?: string | undefined }): string {
  const { name, abbreviation } = record;
  return abbreviation && !name.includes(abbreviation) ? `${name} (${abbreviation})` : name;
}
