/**
 * Ranked full-text search over metrics and frameworks, shared by the CLI, the MCP server and the
 * pages. Each of them builds the index once, when the first search comes, and keeps it.
 *
 * @module
 */
import MiniSearch from "minisearch";
import type { Catalog } from "../catalog/load.ts";
import {
  type FieldOf,
  FRAMEWORK_FIELDS,
  METRIC_FIELDS,
  type SearchHit,
  sectionsOf,
  sectionText,
} from "../catalog/records.ts";
import { firstSentence } from "./text.ts";
import { MAX_QUERY_LENGTH } from "../policy.ts";

export type { SearchHit };

/** Options for {@linkcode CatalogSearch.search}. */
export interface SearchOptions {
  /** At most this many hits; defaults to 10. */
  limit?: number;
}

/** A search index over one catalog. */
export interface CatalogSearch {
  /** Returns the records that best match `query`, best first. */
  search(query: string, options?: SearchOptions): SearchHit[];
}

interface IndexedRecord {
  id: string;
  slug: string;
  type: "metric" | "framework";
  name: string;
  abbreviation: string;
  synonyms: string;
  definition: string;
  formula: string;
  body: string;
}

const STOP_WORDS = new Set(
  ("a an and are as at be by can do does for from how i in is it its of on or our per that the " +
    "this to was we what when where which who why will with you your much many my me")
    .split(" "),
);

/** Lowercases, drops stop words and plural endings, so "Customers" finds "customer". */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  if (lower.length > 4 && lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith("s") && !lower.endsWith("ss")) return lower.slice(0, -1);
  return lower;
}

const FIELDS = ["name", "abbreviation", "synonyms", "definition", "formula", "body"] as const;
const BOOST = { name: 6, abbreviation: 8, synonyms: 5, definition: 2, formula: 1.2, body: 0.6 };

/** The text of a record's sections by search field, as the field table assigns them. */
function searchFields<R extends object>(record: R, fields: readonly FieldOf<R>[]) {
  const text = { definition: [] as string[], formula: [] as string[], body: [] as string[] };
  for (const part of sectionsOf(record, fields)) {
    if (part.field.search) text[part.field.search].push(sectionText(part));
  }
  return {
    definition: text.definition.join("\n"),
    formula: text.formula.join("\n"),
    body: text.body.join("\n"),
  };
}

/** A phrase reduced to lowercase letters and digits, for exact matches. */
function exactKey(phrase: string): string {
  return phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Builds the search index of a catalog.
 *
 * @example Find a metric by its abbreviation
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSearch, loadCatalog } from "../mod.ts";
 * const search = createSearch(await loadCatalog());
 * assert.equal(search.search("NRR")[0]?.slug, "net-revenue-retention");
 * ```
 */
export function createSearch(catalog: Catalog): CatalogSearch {
  const index = new MiniSearch<IndexedRecord>({
    fields: [...FIELDS],
    storeFields: [],
    processTerm,
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
    searchOptions: {
      boost: BOOST,
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => term.length >= 4 ? 0.25 : false,
      combineWith: "OR",
    },
  });
  const hits = new Map<string, Omit<SearchHit, "score">>();
  /** Whole names, abbreviations and synonyms, so that "CAC" puts CAC before "LTV:CAC". */
  const exact = new Map<string, string>();
  const addExact = (phrase: string, id: string) => {
    const key = exactKey(phrase);
    if (key !== "" && !exact.has(key)) exact.set(key, id);
  };
  const synonymsOf = (slug: string) => (catalog.synonyms.get(slug) ?? []).join(" ; ");
  for (const metric of catalog.metrics) {
    const id = `metric:${metric.slug}`;
    const hit: Omit<SearchHit, "score"> = {
      slug: metric.slug,
      name: metric.name,
      type: "metric",
      summary: firstSentence(metric.definition),
    };
    if (metric.abbreviation) hit.abbreviation = metric.abbreviation;
    hits.set(id, hit);
    for (const phrase of [metric.abbreviation ?? "", metric.name, metric.slug]) {
      addExact(phrase, id);
    }
    index.add({
      id,
      slug: metric.slug,
      type: "metric",
      name: metric.name,
      abbreviation: metric.abbreviation ?? "",
      synonyms: synonymsOf(metric.slug),
      ...searchFields(metric, METRIC_FIELDS),
    });
  }
  for (const framework of catalog.frameworks) {
    const id = `framework:${framework.slug}`;
    hits.set(id, {
      slug: framework.slug,
      name: framework.name,
      type: "framework",
      summary: firstSentence(framework.summary),
    });
    addExact(framework.name, id);
    addExact(framework.slug, id);
    index.add({
      id,
      slug: framework.slug,
      type: "framework",
      name: framework.name,
      abbreviation: "",
      synonyms: synonymsOf(framework.slug),
      ...searchFields(framework, FRAMEWORK_FIELDS),
    });
  }
  for (const [slug, phrases] of catalog.synonyms) {
    const id = hits.has(`metric:${slug}`) ? `metric:${slug}` : `framework:${slug}`;
    for (const phrase of phrases) addExact(phrase, id);
  }
  const tagged = new Map<string, Set<string>>();
  for (const metric of catalog.metrics) {
    for (const tag of metric.tags) {
      const ids = tagged.get(tag) ?? new Set<string>();
      ids.add(`metric:${metric.slug}`);
      tagged.set(tag, ids);
    }
  }
  return {
    search(query, { limit = 10 } = {}) {
      const text = query.slice(0, MAX_QUERY_LENGTH).trim();
      if (text === "") return [];
      const oneWord = !/\s/.test(text);
      // One word forgives a slip or two ("chrun"); longer queries keep the tighter default.
      let results: { id: string; score: number }[] = index.search(
        text,
        oneWord ? { fuzzy: (term) => term.length >= 5 ? 2 : term.length === 4 ? 1 : false } : {},
      ).map((result) => ({ id: String(result.id), score: result.score }));
      // A query that is a tag ranks every record with that tag above those without.
      const tag = tagged.get(processTerm(text) ?? "") ?? tagged.get(text.toLowerCase());
      if (tag) {
        const found = new Map(results.map((result) => [result.id, result.score]));
        const floor = Math.max(
          0,
          ...results.filter((result) => !tag.has(result.id)).map((result) => result.score),
        );
        results = [
          ...[...tag].map((id) => ({ id, score: floor + (found.get(id) ?? 0) + 0.001 })),
          ...results.filter((result) => !tag.has(result.id)),
        ].sort((a, b) => b.score - a.score);
      }
      // A whole name, abbreviation or everyday name ranks first, with the top score, so that
      // the published scores stay in order.
      const wanted = exact.get(exactKey(text));
      const first = results.findIndex((result) => result.id === wanted);
      const [top] = results;
      if (first > 0 && top) {
        const [promoted] = results.splice(first, 1);
        if (promoted) results.unshift({ ...promoted, score: Math.max(promoted.score, top.score) });
      }
      return results.slice(0, Math.max(0, limit)).flatMap((result) => {
        const hit = hits.get(result.id);
        return hit ? [{ ...hit, score: Math.round(result.score * 1000) / 1000 }] : [];
      });
    },
  };
}
