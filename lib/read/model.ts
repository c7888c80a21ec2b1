/**
 * The read model: every lookup, filter, list and output shape the surfaces share, and the only way
 * they reach a catalog. HTTP, pages, Markdown and llms files, the data files, the CLI, the MCP
 * server and the export format what it returns; none of them holds the catalog, looks a record
 * up, counts, sorts or words a not-found on its own.
 *
 * @module
 */
import { citedSources } from "../catalog/citations.ts";
import {
  type Benchmarks,
  type Catalog,
  type Framework,
  type FrameworkSummary,
  type Metric,
  type MetricRecord,
  type MetricSummary,
  type Tag,
  TAGS,
} from "../catalog/records.ts";
import { closestFinder, nameKey } from "./text.ts";
import { segmentWords } from "./words.ts";
import { segmentChoices } from "./compare.ts";
import { comparableFigures, type Vocabulary } from "../catalog/figures.ts";
import { figureSeries } from "../catalog/series.ts";
import { RECIPE_FILES } from "../sql/files.ts";
import type { CatalogSearch, SearchDocuments } from "./search.ts";
import { type FigureRow, metricFigureRows } from "./benchmarks.ts";

/** The two kinds of record. */
export type RecordKind = "metric" | "framework";

/** Why a lookup found nothing, and what the caller may have meant. */
export interface NotFound {
  /** The kind of record asked for. */
  kind: RecordKind;
  /** What was asked for, cut to 100 characters. */
  slug: string;
  /** Set when a record of the other kind has this slug. */
  otherKind?: RecordKind;
  /** The records whose abbreviation or everyday name this is (two or more: it is ambiguous). */
  aliasOf: string[];
  /** The closest slugs of the asked kind, best first. */
  suggestions: string[];
  /** The one wording every surface shows. */
  message: string;
}

export type { Benchmarks, FrameworkSummary, MetricSummary };

/** The order of a list: by slug (the API's), or A to Z by the name people see. */
export type Order = "slug" | "name";

/** Which metrics {@linkcode ReadModel.metrics} lists, and in what order. */
export type MetricFilter = NonNullable<Parameters<ReadModel["metrics"]>[0]>;

/** Two metrics that name each other under `relatedMetrics`, and their side-by-side page. */
export interface MetricPair {
  /** The page's address: `/compare/<slug>-vs-<slug>`, slugs in order. */
  path: string;
  /** The two metrics, in slug order. */
  metrics: [MetricRecord, MetricRecord];
}

/** A SQL recipe the code carries, named for people. */
export type RecipeEntry = ReturnType<ReadModel["recipes"]>[number];

/** The read model over one catalog. */
export interface ReadModel {
  /**
   * The metrics, by slug or A to Z by name; only those with `tag`, only composite scores, or
   * only those with comparable figures, when asked.
   */
  metrics(filter?: {
    /** Only the metrics with this tag. */
    tag?: Tag | undefined;
    /** Only composite, tool-defined scores. */
    kind?: "composite" | undefined;
    /** Only the metrics a reader's value can be placed against (comparable figures). */
    comparable?: boolean | undefined;
    /** By slug (the default) or A to Z by name. */
    order?: Order | undefined;
  }): MetricRecord[];
  /** The frameworks, by slug or A to Z by name. */
  frameworks(options?: { order?: Order | undefined }): Framework[];
  /** How many metrics and frameworks the catalog holds. */
  counts(): { metrics: number; frameworks: number };
  /** The tags at least one metric carries, in the tags' own order, each with how many carry it. */
  tags(): { tag: Tag; count: number }[];
  /** The closed vocabulary of the figures' segments (`segments.yaml`). */
  vocabulary(): Vocabulary;
  /** The display names of the records of a kind, by slug. */
  names(kind: RecordKind): ReadonlyMap<string, string>;
  /**
   * Every figure of the catalog as a row of the open data set, metric by metric in slug order,
   * its page and citation under `baseUrl`.
   */
  figureRows(baseUrl: string): FigureRow[];
  /** The record of that kind with exactly that slug (the API's rule), or why there is none. */
  get<K extends RecordKind>(kind: K, slug: string): Lookup<K>;
  /**
   * The record of that kind named by a slug, or else by its abbreviation, name or an everyday
   * name from `synonyms.yaml` (case-insensitive) when exactly one record of that kind has it,
   * with the name when it was not the slug; or why there is none.
   */
  resolve<K extends RecordKind>(kind: K, name: string): Lookup<K>;
  /** A record's display name by slug. */
  name(kind: RecordKind, slug: string): string | undefined;
  /** A metric's benchmarks with the sources each figure cites. */
  benchmarks(metric: MetricRecord): Benchmarks;
  /**
   * The frameworks that include a metric, each by slug and name with the names of its components
   * that include it.
   */
  frameworksIncluding(slug: string): { slug: string; name: string; components: string[] }[];
  /**
   * The page addresses that name a record by an abbreviation, its name or an everyday name, in
   * kebab case (`/metrics/nrr`), and the side-by-side pages' addresses with the slugs the other
   * way round, each with the canonical page it redirects to.
   */
  redirects(): { from: string; to: string }[];
  /**
   * The pairs of metrics that name each other under `relatedMetrics`, each once, in slug order
   * within the pair and across pairs: what the side-by-side pages set against each other.
   */
  pairs(): MetricPair[];
  /** The SQL recipes the code carries, by slug or A to Z by name, each named for people. */
  recipes(options?: { order?: Order | undefined }): {
    /** Its metric's slug. */
    slug: string;
    /** Its metric's name, or the slug where the catalog does not have the metric. */
    name: string;
    /** Whether the catalog has the metric (so that a page of it can be linked). */
    listed: boolean;
  }[];
  /** The search index, made by the first call (it loads MiniSearch) and kept. */
  search(): Promise<CatalogSearch>;
  /** The documents the search index is made from, as the static export's browser script reads them. */
  searchDocuments(): Promise<SearchDocuments>;
}

/**
 * A lookup's answer: the record of that kind, with the name it was found by when that was not its
 * slug (`alias`); or why there is none.
 */
export type Lookup<K extends RecordKind> =
  | { ok: true; record: K extends "metric" ? MetricRecord : Framework; alias?: string }
  | { ok: false; notFound: NotFound };

/** The record type of a kind. */
type RecordOf<K extends RecordKind> = Extract<Lookup<K>, { ok: true }>["record"];

/** A framework that includes a metric, with the components that name it. */
type Inclusion = ReturnType<ReadModel["frameworksIncluding"]>[number];

const OTHER: Record<RecordKind, RecordKind> = { metric: "framework", framework: "metric" };

// Made on first use: creating a collator loads locale data, which start-up need not wait for.
let collator: Intl.Collator | undefined;

/** Records from A to Z by the name people see (the API's lists stay in slug order). */
function byName<T extends { name: string }>(records: readonly T[]): T[] {
  collator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const compare = collator.compare;
  return [...records].sort((a, b) => compare(a.name, b.name));
}

/** A metric as a list shows it. */
export function metricSummary(metric: Metric): MetricSummary {
  return {
    name: metric.name,
    slug: metric.slug,
    ...(metric.abbreviation ? { abbreviation: metric.abbreviation } : {}),
    tags: metric.tags,
    ...(metric.kind ? { kind: metric.kind } : {}),
    definition: metric.definition,
  };
}

/** A framework as a list shows it. */
export function frameworkSummary(framework: Framework): FrameworkSummary {
  return {
    name: framework.name,
    slug: framework.slug,
    summary: framework.summary,
    components: framework.components.map((component) => component.name),
  };
}

/**
 * The benchmarks of a metric: each sentence with the numbers of the sources it cites, then how
 * values compare, the figures as data (segments worded with the vocabulary's labels) and the
 * series they make over the years.
 */
export function metricBenchmarks(metric: MetricRecord, vocabulary: Vocabulary = {}): Benchmarks {
  const figures = (metric.figures ?? []).map((figure, index) => ({
    number: index + 1,
    ...figure,
    sentence: figure.sentence + 1,
    segmentLabel: segmentWords(figure.segment, vocabulary),
  }));
  const series = figureSeries(metric.figures ?? []);
  const comparison = metric.comparison;
  const segments = comparison ? segmentChoices(metric, vocabulary) : [];
  return {
    slug: metric.slug,
    name: metric.name,
    benchmarks: (metric.benchmarks ?? []).map((text) => ({
      text,
      sources: citedSources(text, metric.sources).map((index) => index + 1),
    })),
    ...(metric.benchmarksReviewed ? { benchmarksReviewed: metric.benchmarksReviewed } : {}),
    sources: metric.sources,
    ...(comparison
      ? {
        direction: comparison.direction,
        unit: comparison.unit,
        ...(comparison.per ? { per: comparison.per } : {}),
      }
      : {}),
    ...(segments.length > 0 ? { segments } : {}),
    ...(figures.length > 0 ? { figures } : {}),
    ...(series.length > 0 ? { series } : {}),
  };
}

/**
 * Creates the read model of a catalog.
 *
 * @example Resolve an abbreviation, and word a not-found
 * ```ts
 * import assert from "node:assert/strict";
 * import { createReadModel, loadCatalog } from "../mod.ts";
 * const model = createReadModel(await loadCatalog());
 * const nrr = model.resolve("metric", "NRR");
 * assert.equal(nrr.ok && nrr.record.slug, "net-revenue-retention");
 * const missing = model.get("metric", "aarrr");
 * assert.equal(!missing.ok && missing.notFound.otherKind, "framework");
 * ```
 */
export function createReadModel(catalog: Catalog): ReadModel {
  const bySlug = {
    metric: new Map(catalog.metrics.map((metric) => [metric.slug, metric])),
    framework: new Map(catalog.frameworks.map((framework) => [framework.slug, framework])),
  };
  const names = nameIndex(catalog, (slug) => bySlug.metric.has(slug));
  const inclusions = frameworkInclusions(catalog);
  const closest = {
    metric: closestFinder(names.phrases.filter((phrase) => phrase.kind === "metric")),
    framework: closestFinder(names.phrases.filter((phrase) => phrase.kind === "framework")),
  };

  const notFound = (kind: RecordKind, asked: string, aliasOf: string[]): NotFound => {
    const slug = asked.slice(0, 100);
    const other = OTHER[kind];
    const otherKind = bySlug[other].has(asked) ? other : undefined;
    // Slugs, names, abbreviations and everyday names all count: "chrun" is a slip of "churn".
    const suggestions = otherKind || aliasOf.length > 0 ? [] : closest[kind](asked);
    let message = `No ${kind} has the slug "${slug}"`;
    if (otherKind) message += `; "${slug}" is a ${otherKind}`;
    else if (aliasOf.length === 1 && aliasOf[0] === asked.toLowerCase()) {
      message += `: slugs are lowercase, so it is "${aliasOf[0]}"`;
    } else if (aliasOf.length === 1) {
      message += `: "${slug}" is another name for the ${kind} whose slug is "${aliasOf[0]}"`;
    } else if (aliasOf.length > 1) {
      message += `; "${slug}" could mean ${aliasOf.map((item) => `"${item}"`).join(" or ")}`;
    } else if (suggestions.length > 0) {
      message += `. Did you mean ${suggestions.map((item) => `"${item}"`).join(", ")}?`;
    }
    return { kind, slug, ...(otherKind ? { otherKind } : {}), aliasOf, suggestions, message };
  };
  const aliasTargets = (kind: RecordKind, name: string) =>
    [...names.aliases[kind].get(nameKey(name)) ?? []].sort();
  const displayNames = {
    metric: new Map(catalog.metrics.map((metric) => [metric.slug, metric.name])),
    framework: new Map(catalog.frameworks.map((framework) => [framework.slug, framework.name])),
  };
  // Each list is sorted once, when first asked for by name.
  const ordered = <T extends { name: string }>(records: T[]) => {
    let sorted: T[] | undefined;
    return (order: Order = "slug") => order === "name" ? sorted ??= byName(records) : records;
  };
  const metrics = ordered(catalog.metrics);
  const frameworks = ordered(catalog.frameworks);
  let pairs: MetricPair[] | undefined;
  let search: Promise<CatalogSearch> | undefined;

  const model: ReadModel = {
    metrics: ({ tag, kind, comparable, order } = {}) =>
      metrics(order).filter((metric) =>
        (!tag || metric.tags.includes(tag)) && (!kind || metric.kind === kind) &&
        (!comparable || (metric.comparison && comparableFigures(metric).length > 0))
      ),
    frameworks: ({ order } = {}) => frameworks(order),
    counts: () => ({ metrics: catalog.metrics.length, frameworks: catalog.frameworks.length }),
    tags: () =>
      TAGS.map((tag) => ({
        tag,
        count: catalog.metrics.filter((metric) => metric.tags.includes(tag)).length,
      })).filter(({ count }) => count > 0),
    vocabulary: () => catalog.segments,
    names: (kind) => displayNames[kind],
    figureRows: (baseUrl) =>
      catalog.metrics.flatMap((metric) =>
        metricFigureRows(metric, { vocabulary: catalog.segments, baseUrl })
      ),
    get<K extends RecordKind>(kind: K, slug: string): Lookup<K> {
      const record = bySlug[kind].get(slug) as RecordOf<K> | undefined;
      if (record) return { ok: true, record };
      return { ok: false, notFound: notFound(kind, slug, aliasTargets(kind, slug)) };
    },
    resolve<K extends RecordKind>(kind: K, name: string): Lookup<K> {
      const exact = bySlug[kind].get(name) as RecordOf<K> | undefined;
      if (exact) return { ok: true, record: exact };
      const targets = aliasTargets(kind, name);
      const only = targets.length === 1
        ? bySlug[kind].get(targets[0] ?? "") as RecordOf<K> | undefined
        : undefined;
      if (only && only.slug !== name) return { ok: true, record: only, alias: name };
      return { ok: false, notFound: notFound(kind, name, targets) };
    },
    name: (kind, slug) => bySlug[kind].get(slug)?.name,
    benchmarks: (metric) => metricBenchmarks(metric, catalog.segments),
    frameworksIncluding: (slug) => inclusions.get(slug) ?? [],
    redirects() {
      const seen = new Map<string, string>();
      for (const { kind, name, slug } of names.phrases) {
        const kebab = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
        if (kebab === "" || kebab === slug || bySlug[kind].has(kebab)) continue;
        if (aliasTargets(kind, kebab).length !== 1) continue;
        const prefix = kind === "metric" ? "/metrics" : "/frameworks";
        seen.set(`${prefix}/${kebab}`, `${prefix}/${slug}`);
      }
      for (const { path, metrics: [a, b] } of model.pairs()) {
        seen.set(`/compare/${b.slug}-vs-${a.slug}`, path);
      }
      return [...seen].map(([from, to]) => ({ from, to })).sort((a, b) => a.from < b.from ? -1 : 1);
    },
    // The catalog's lists are in slug order, so the pairs are too once each one's partners are.
    pairs: () =>
      pairs ??= catalog.metrics.flatMap((metric) =>
        metric.relatedMetrics
          .map(({ slug }) => bySlug.metric.get(slug))
          .filter((other): other is MetricRecord =>
            other !== undefined && other.slug > metric.slug &&
            other.relatedMetrics.some((item) => item.slug === metric.slug)
          )
          .sort((a, b) => a.slug < b.slug ? -1 : 1)
          .map((other) => ({ path: pairPath(metric.slug, other.slug), metrics: [metric, other] }))
      ),
    recipes({ order } = {}) {
      // The code's recipe files, by slug, without reading a recipe.
      const entries = Object.keys(RECIPE_FILES).map((slug) => {
        const name = displayNames.metric.get(slug);
        return { slug, name: name ?? slug, listed: name !== undefined };
      });
      return order === "name" ? byName(entries) : entries;
    },
    search: () =>
      search ??= import("./search.ts").then(({ createSearch }) => createSearch(catalog)),
    searchDocuments: () =>
      import("./search.ts").then(({ searchDocuments }) => searchDocuments(catalog)),
  };
  return model;
}

/** Every name a record goes by (slug, name, abbreviation, everyday names), keyed by its name key. */
function nameIndex(catalog: Catalog, isMetric: (slug: string) => boolean) {
  const aliases = {
    metric: new Map<string, Set<string>>(),
    framework: new Map<string, Set<string>>(),
  };
  const phrases: { kind: RecordKind; name: string; slug: string }[] = [];
  const addAlias = (kind: RecordKind, name: string | undefined, slug: string) => {
    const key = nameKey(name ?? "");
    if (key === "") return;
    phrases.push({ kind, name: name ?? "", slug });
    const slugs = aliases[kind].get(key) ?? new Set();
    slugs.add(slug);
    aliases[kind].set(key, slugs);
  };
  for (const metric of catalog.metrics) {
    addAlias("metric", metric.slug, metric.slug);
    addAlias("metric", metric.name, metric.slug);
    addAlias("metric", metric.abbreviation, metric.slug);
  }
  for (const framework of catalog.frameworks) {
    addAlias("framework", framework.slug, framework.slug);
    addAlias("framework", framework.name, framework.slug);
  }
  for (const [slug, phrases] of catalog.synonyms) {
    const kind: RecordKind = isMetric(slug) ? "metric" : "framework";
    for (const phrase of phrases) addAlias(kind, phrase, slug);
  }
  return { aliases, phrases };
}

/** The frameworks each metric belongs to, with the components that name it. */
function frameworkInclusions(catalog: Catalog): Map<string, Inclusion[]> {
  const inclusions = new Map<string, Inclusion[]>();
  for (const { slug: framework, name, components } of catalog.frameworks) {
    for (const slug of new Set(components.flatMap((component) => component.metricSlugs))) {
      const naming = components.filter((component) => component.metricSlugs.includes(slug));
      const entry = {
        slug: framework,
        name,
        components: naming.map((component) => component.name),
      };
      inclusions.set(slug, [...inclusions.get(slug) ?? [], entry]);
    }
  }
  return inclusions;
}

/** The address of a side-by-side page: `/compare/<slug>-vs-<slug>`, slugs in order. */
export function pairPath(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return `/compare/${first}-vs-${second}`;
}
