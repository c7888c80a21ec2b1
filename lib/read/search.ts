/**
 * Ranked full-text search over metrics and frameworks, shared by the CLI, the MCP server, the
 * pages and the static export's search page. Each of them builds the index once, when the first
 * search comes, and keeps it: from the catalog with {@linkcode createSearch}, or in the browser
 * from the same documents, fetched as JSON, with {@linkcode searchOver}.
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
  type Tag,
} from "../catalog/records.ts";
import { editDistance, firstSentence, nameKey } from "./text.ts";
import { MAX_QUERY_LENGTH } from "../policy.ts";

export type { SearchHit };

/** Options for {@linkcode CatalogSearch.search}. */
export interface SearchOptions {
  /** At most this many hits; defaults to 10. */
  limit?: number;
  /** Only metrics with this tag. */
  tag?: Tag | undefined;
}

/** A search index over one catalog. */
export interface CatalogSearch {
  /** Returns the records that best match `query`, best first. */
  search(query: string, options?: SearchOptions): SearchHit[];
  /**
   * The same hits as {@linkcode CatalogSearch.search}, each with the passage of the record where
   * the query's words stand; the passage is absent when they match only the record's tags.
   */
  results(query: string, options?: SearchOptions): {
    /** The hit, as the API and MCP answer it. */
    hit: SearchHit;
    /** The passage that shows the query's words, for people to see why the record matched. */
    snippet?: {
      /** A sentence of the record, cut to about 240 characters around the first match. */
      text: string;
      /** The words of `text` that match the query, as they are written there. */
      words: string[];
      /** Whether `text` is the hit's summary, so that a list marks the summary instead. */
      summary: boolean;
    };
  }[];
}

/** One record's text as the index reads it: its names, tags, summary and sections. */
export type SearchDocument = SearchDocuments["records"][number];

/** A hit and, when the query's words stand in its text, the passage that shows them. */
export type SearchResult = ReturnType<CatalogSearch["results"]>[number];

/** The passage of a record where a query's words stand. */
export type Snippet = NonNullable<SearchResult["snippet"]>;

/**
 * What a search index is made from, as plain data: the server makes it from the catalog, and the
 * static export serves it as JSON for the browser to make the same index with the same code.
 */
export interface SearchDocuments {
  /** Every metric, then every framework: each record's text as the index reads it. */
  records: {
    /** The record's slug. */
    slug: string;
    /** Its kind. */
    type: "metric" | "framework";
    /** Its name. */
    name: string;
    /** Its abbreviation; empty when the record has none. */
    abbreviation: string;
    /** Its tags (a framework has none). */
    tags: string[];
    /** The first sentence of its definition or summary, shown with each hit. */
    summary: string;
    /** The text of its sections searched as its definition, in page order. */
    definition: string[];
    /** The text of its sections searched as its formula, in page order. */
    formula: string[];
    /** The text of its other searched sections, in page order. */
    body: string[];
  }[];
  /** The everyday names of each record, by slug, in the catalog's order. */
  synonyms: [slug: string, phrases: string[]][];
}

const STOP_WORDS = new Set(
  ("a an and are as at be by can do does for from how i in is it its of on or our per that the " +
    "this to was we what when where which who why will with you your much many my me")
    .split(" "),
);

/**
 * Words a question names its subject with rather than what it asks: "how many users come back",
 * "is our product sticky". In a query of several words they weigh less than the others and a record
 * they alone match ranks with the records that match only in passing, so that "product" in
 * "Product Engagement Score" does not outrank what the question asks about; a name that holds
 * them ("customer effort score") is still found whole.
 */
const SUBJECT_WORDS = new Set(
  ("app apps product products user users customer customers people person company business " +
    "team they them their us actually really get got use using used")
    .split(" "),
);

/** How much a subject word weighs in a question, against 1 for the others. */
const SUBJECT_WEIGHT = 0.25;

/** Lowercases, drops stop words and plural endings, so "Customers" finds "customer". */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  if (lower.length > 4 && lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith("s") && !lower.endsWith("ss")) return lower.slice(0, -1);
  return lower;
}

/**
 * The indexed fields, each with its boost and its tier. Where a word matches decides the rank
 * before the score does: the name, abbreviation or an everyday name (0), then the tags,
 * definition or formula (1), then the rest of the body (2).
 */
const FIELDS = {
  name: { boost: 6, tier: 0 },
  abbreviation: { boost: 8, tier: 0 },
  synonyms: { boost: 5, tier: 0 },
  tags: { boost: 3, tier: 1 },
  definition: { boost: 2, tier: 1 },
  formula: { boost: 1.2, tier: 1 },
  body: { boost: 0.6, tier: 2 },
};
type Field = keyof typeof FIELDS;
type IndexedRecord = { id: string } & Record<Field, string>;
const BODY_TIER = 2;

/**
 * A hit that matches only in the body is kept when its score is at least this share of the best
 * score: "onboarding" once in a note on Gross Margin's costs is not a reason to list it.
 */
const BODY_FLOOR = 0.2;

/** How long a snippet may be, in characters, before it is cut around its first match. */
const SNIPPET_LENGTH = 240;

/** The text of a record's sections by search field, as the field table assigns them. */
function searchFields<R extends object>(record: R, fields: readonly FieldOf<R>[]) {
  const text = { definition: [] as string[], formula: [] as string[], body: [] as string[] };
  for (const part of sectionsOf(record, fields)) {
    if (part.field.search) text[part.field.search].push(sectionText(part));
  }
  return text;
}

function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The sentence of a record's text that holds the most of the matched terms, first on a tie. */
function snippetOf(
  texts: readonly string[],
  summary: string,
  terms: ReadonlyMap<string, string>,
) {
  let best: { sentence: string; count: number } | undefined;
  for (const text of texts) {
    for (const line of text.split(/\n+/)) {
      for (const sentence of line.split(/(?<=[.!?])\s+/)) {
        // Count the query's words a sentence holds, not its forms: "churn" and "churned" are one.
        const found = new Set(tokenize(sentence).map((word) => terms.get(processTerm(word) ?? "")));
        found.delete(undefined);
        const count = found.size;
        if (count > (best?.count ?? 0)) best = { sentence, count };
      }
    }
  }
  if (!best) return undefined;
  const whole = best.sentence.replace(/\s+/g, " ").trim();
  const words = [
    ...new Set(tokenize(whole).filter((word) => terms.has(processTerm(word) ?? ""))),
  ];
  return { text: clip(whole, words[0] ?? ""), words, summary: whole === summary } satisfies Snippet;
}

/** Each matched term of a record with the query term it stands for (as written, a prefix or a slip). */
function termsOf(terms: readonly string[], queryTerms: readonly string[]): Map<string, string> {
  return new Map(terms.map((term) => {
    const prefixed = queryTerms.find((query) => term.startsWith(query));
    const nearest = prefixed ??
      [...queryTerms].sort((a, b) => editDistance(term, a) - editDistance(term, b))[0];
    return [term, nearest ?? term];
  }));
}

/** A sentence cut to {@linkcode SNIPPET_LENGTH} characters around a word, at word boundaries. */
function clip(sentence: string, word: string): string {
  if (sentence.length <= SNIPPET_LENGTH) return sentence;
  const at = Math.max(0, sentence.indexOf(word));
  let start = Math.max(0, at - SNIPPET_LENGTH / 3);
  if (start > 0) start = sentence.indexOf(" ", start) + 1;
  let end = Math.min(sentence.length, start + SNIPPET_LENGTH);
  if (end < sentence.length) end = Math.max(sentence.lastIndexOf(" ", end), at + word.length);
  return `${start > 0 ? "…" : ""}${sentence.slice(start, end).trim()}${
    end < sentence.length ? "…" : ""
  }`;
}

/**
 * A snippet's text in parts, each marked when it is one of the matched words, for the pages and
 * the CLI to emphasise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { snippetParts } from "./search.ts";
 * assert.deepEqual(snippetParts({ text: "Churn is lost customers.", words: ["Churn"], summary: true }), [
 *   { text: "Churn", match: true },
 *   { text: " is lost customers.", match: false },
 * ]);
 * ```
 */
export function snippetParts(snippet: Snippet): { text: string; match: boolean }[] {
  const words = new Set(snippet.words);
  return snippet.text.split(/([\p{L}\p{N}]+)/u).filter((part) => part !== "")
    .reduce<{ text: string; match: boolean }[]>((parts, text) => {
      const match = words.has(text);
      const last = parts.at(-1);
      if (last && last.match === match && !match) last.text += text;
      else parts.push({ text, match });
      return parts;
    }, []);
}

/**
 * The documents a catalog's search index is made from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchDocuments } from "./search.ts";
 * import { loadCatalog } from "../catalog/load.ts";
 * const { records } = searchDocuments(await loadCatalog());
 * assert.equal(records.find((record) => record.slug === "churn-rate")?.type, "metric");
 * ```
 */
export function searchDocuments(catalog: Catalog): SearchDocuments {
  return {
    records: [
      ...catalog.metrics.map((metric): SearchDocument => ({
        slug: metric.slug,
        type: "metric",
        name: metric.name,
        abbreviation: metric.abbreviation ?? "",
        tags: [...metric.tags],
        summary: firstSentence(metric.definition),
        ...searchFields(metric, METRIC_FIELDS),
      })),
      ...catalog.frameworks.map((framework): SearchDocument => ({
        slug: framework.slug,
        type: "framework",
        name: framework.name,
        abbreviation: "",
        tags: [],
        summary: firstSentence(framework.summary),
        ...searchFields(framework, FRAMEWORK_FIELDS),
      })),
    ],
    synonyms: [...catalog.synonyms].map(([slug, phrases]) => [slug, [...phrases]]),
  };
}

/**
 * Builds the search index of a catalog.
 *
 * @example Find a metric by its abbreviation
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSearch } from "./search.ts";
 * import { loadCatalog } from "../mod.ts";
 * const search = createSearch(await loadCatalog());
 * assert.equal(search.search("NRR")[0]?.slug, "net-revenue-retention");
 * ```
 */
export function createSearch(catalog: Catalog): CatalogSearch {
  return searchOver(searchDocuments(catalog));
}

/** The search index of a set of documents and the tables a query is ranked with. */
interface Index {
  /** The full-text index. */
  index: MiniSearch<IndexedRecord>;
  /** Every term the index holds, with its count, so that a known word is not read as a typo. */
  vocabulary: Map<string, number>;
  /** The prose of each record, in page order, for snippets; and its summary. */
  prose: Map<string, { texts: string[]; summary: string }>;
  /** Each record's hit without its score, by id (`metric:churn-rate`). */
  hits: Map<string, Omit<SearchHit, "score">>;
  /** Whole names, abbreviations and synonyms, so that "CAC" puts CAC before "LTV:CAC". */
  exact: Map<string, string>;
  /** The records of each tag. */
  tagged: Map<string, Set<string>>;
}

/** An empty full-text index that counts each term it takes into `vocabulary`. */
function emptyIndex(vocabulary: Map<string, number>): MiniSearch<IndexedRecord> {
  return new MiniSearch<IndexedRecord>({
    fields: Object.keys(FIELDS),
    storeFields: [],
    // Each term the index takes is counted as it goes in, the text read once.
    processTerm: (word) => {
      const term = processTerm(word);
      if (term !== null) vocabulary.set(term, (vocabulary.get(term) ?? 0) + 1);
      return term;
    },
    tokenize,
    searchOptions: {
      processTerm,
      boost: Object.fromEntries(Object.entries(FIELDS).map(([field, { boost }]) => [field, boost])),
      prefix: (term) => term.length >= 3,
      // A word the catalog uses is taken as written ("activation" is not "reactivation"); the
      // typo tolerance is for words it does not use.
      fuzzy: (term) => !vocabulary.has(term) && term.length >= 4 ? 0.25 : false,
      combineWith: "OR",
    },
  });
}

/** The index of the documents, with its tables, each record added once. */
function indexOf(documents: SearchDocuments): Index {
  const vocabulary = new Map<string, number>();
  const found: Index = {
    index: emptyIndex(vocabulary),
    vocabulary,
    prose: new Map(),
    hits: new Map(),
    exact: new Map(),
    tagged: new Map(),
  };
  const { index, prose, hits, exact, tagged } = found;
  const addExact = (phrase: string, id: string) => {
    const key = nameKey(phrase);
    if (key !== "" && !exact.has(key)) exact.set(key, id);
  };
  const synonyms = new Map(documents.synonyms);
  for (const record of documents.records) {
    const id = `${record.type}:${record.slug}`;
    const { slug, name, type, summary } = record;
    hits.set(
      id,
      record.abbreviation
        ? { slug, name, type, summary, abbreviation: record.abbreviation }
        : { slug, name, type, summary },
    );
    for (const phrase of [record.abbreviation, name, slug]) addExact(phrase, id);
    prose.set(id, { texts: [...record.definition, ...record.formula, ...record.body], summary });
    for (const tag of record.tags) tagged.set(tag, (tagged.get(tag) ?? new Set()).add(id));
    index.add({
      id,
      name,
      abbreviation: record.abbreviation,
      synonyms: (synonyms.get(slug) ?? []).join(" ; "),
      tags: record.tags.join(" "),
      definition: record.definition.join("\n"),
      formula: record.formula.join("\n"),
      body: record.body.join("\n"),
    });
  }
  for (const [slug, phrases] of documents.synonyms) {
    const id = hits.has(`metric:${slug}`) ? `metric:${slug}` : `framework:${slug}`;
    for (const phrase of phrases) addExact(phrase, id);
  }
  return found;
}

/**
 * The record whose whole name, abbreviation or everyday name the query is, or is within a slip
 * of ("chrun" for "churn"): a slip in one word of four, and only for queries of four or more.
 */
function namedBy(exact: ReadonlyMap<string, string>, text: string): string | undefined {
  const key = nameKey(text);
  const found = exact.get(key);
  if (found !== undefined || key.length < 4 || key.length > 60) return found;
  const allowed = Math.max(1, Math.floor(key.length / 4));
  let best: { id: string; distance: number } | undefined;
  for (const [phrase, id] of exact) {
    if (Math.abs(phrase.length - key.length) > allowed) continue;
    const distance = editDistance(key, phrase);
    if (distance <= allowed && distance < (best?.distance ?? Infinity)) best = { id, distance };
  }
  return best?.id;
}

/**
 * A word the catalog does not use, replaced by the one it uses that is a slip away ("chrun" by
 * "churn", "retension" by "retention"), the commoner on a tie; other words stay as written.
 */
function corrected(vocabulary: ReadonlyMap<string, number>, text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const term = processTerm(word);
    if (term === null || term.length < 4 || term.length > 40 || vocabulary.has(term)) return word;
    const allowed = Math.max(1, Math.floor(term.length / 4));
    let best: { term: string; distance: number; count: number } | undefined;
    for (const [known, count] of vocabulary) {
      if (Math.abs(known.length - term.length) > allowed) continue;
      const distance = editDistance(term, known);
      if (
        distance <= allowed &&
        (!best || distance < best.distance || distance === best.distance && count > best.count)
      ) best = { term: known, distance, count };
    }
    return best?.term ?? word;
  });
}

/** A record the index found, with the tier of the fields its words matched in. */
interface Match {
  id: string;
  score: number;
  tier: number;
  terms: string[];
  queryTerms: string[];
}

/** The records the index finds for a query (corrected already), each with its tier. */
function matchesOf({ index, vocabulary }: Index, text: string): Match[] {
  const oneWord = !/\s/.test(text);
  // In a question, the words that name its subject weigh little and place no record by themselves.
  const subject = (term: string) => !oneWord && SUBJECT_WORDS.has(term);
  // One word forgives a slip or two ("chrun"); longer queries keep the tighter default.
  return index.search(
    text,
    oneWord
      ? {
        fuzzy: (term) =>
          vocabulary.has(term) ? false : term.length >= 5 ? 2 : term.length === 4 ? 1 : false,
      }
      : {
        boostTerm: (term) => subject(term) ? SUBJECT_WEIGHT : 1,
        prefix: (term) => term.length >= 3 && !subject(term),
      },
  ).map((result) => ({
    id: String(result.id),
    score: result.score,
    // A question's words are spread over a record, so for it only the body stands apart.
    tier: Math.max(
      oneWord ? 0 : BODY_TIER - 1,
      Math.min(
        BODY_TIER,
        ...Object.entries(result.match).filter(([term]) => !subject(term))
          .flatMap(([, fields]) => fields)
          .map((field) => FIELDS[field as Field]?.tier ?? BODY_TIER),
      ),
    ),
    terms: result.terms,
    queryTerms: result.queryTerms,
  }));
}

/**
 * The matches in tier order: body-only matches below the floor left out, each tier lifted above
 * the tiers below it, so that the published scores stay in order.
 */
function byTier(found: readonly Match[]): Match[] {
  // Body-only matches below the floor are incidental: a word in passing, not the subject.
  const best = Math.max(0, ...found.map((result) => result.score));
  const kept = found.filter((result) =>
    result.tier < BODY_TIER || result.score >= best * BODY_FLOOR
  );
  // Where the words match ranks first; each tier is lifted above the tiers below it.
  let results: Match[] = [];
  for (const tier of [...new Set(kept.map((result) => result.tier))].sort((a, b) => b - a)) {
    const lift = results[0]?.score ?? 0;
    const group = kept.filter((result) => result.tier === tier)
      .map((result) => ({ ...result, score: result.score + lift }))
      .sort((a, b) => b.score - a.score);
    results = [...group, ...results];
  }
  return results;
}

/** The results with every record of a tag the query is ranked above those without it. */
function tagFirst(results: Match[], tag: ReadonlySet<string> | undefined): Match[] {
  if (!tag) return results;
  const scores = new Map(results.map((result) => [result.id, result]));
  const floor = Math.max(
    0,
    ...results.filter((result) => !tag.has(result.id)).map((result) => result.score),
  );
  return [
    ...[...tag].map((id) => {
      const result = scores.get(id);
      return {
        id,
        tier: 1,
        terms: [],
        queryTerms: [],
        ...result,
        score: floor + (result?.score ?? 0) + 0.001,
      };
    }),
    ...results.filter((result) => !tag.has(result.id)),
  ].sort((a, b) => b.score - a.score);
}

/**
 * The results with the record the query names (whole, or one slip from it) first with the top
 * score, so that the published scores stay in order.
 */
function namedFirst(results: Match[], wanted: string | undefined): Match[] {
  const first = results.findIndex((result) => result.id === wanted);
  const [top] = results;
  if (first > 0 && top) {
    const [promoted] = results.splice(first, 1);
    if (promoted) {
      results.unshift({ ...promoted, score: Math.max(promoted.score, top.score + 0.001) });
    }
  }
  return results;
}

/** The records a query finds, best first, each with its hit as the surfaces show it. */
function ranked(found: Index, query: string, { limit = 10, tag: only }: SearchOptions = {}) {
  const asked = query.slice(0, MAX_QUERY_LENGTH).trim();
  if (asked === "") return [];
  const { hits, exact, tagged } = found;
  const text = corrected(found.vocabulary, asked);
  // A query that is a tag ranks every record with that tag above those without.
  const tag = tagged.get(processTerm(text) ?? "") ?? tagged.get(text.toLowerCase());
  const results = namedFirst(
    tagFirst(byTier(matchesOf(found, text)), tag),
    namedBy(exact, asked) ?? namedBy(exact, text),
  );
  const allowed = only === undefined ? undefined : tagged.get(only) ?? new Set<string>();
  return results.filter((result) => !allowed || allowed.has(result.id))
    .slice(0, Math.max(0, limit)).flatMap((result) => {
      const hit = hits.get(result.id);
      return hit
        ? [{ ...result, hit: { ...hit, score: Math.round(result.score * 1000) / 1000 } }]
        : [];
    });
}

/** Builds the search index of a catalog's {@linkcode searchDocuments}. */
export function searchOver(documents: SearchDocuments): CatalogSearch {
  const found = indexOf(documents);
  return {
    search: (query, options) => ranked(found, query, options).map((result) => result.hit),
    results: (query, options) =>
      ranked(found, query, options).map(({ id, hit, terms, queryTerms }) => {
        const text = found.prose.get(id);
        const snippet = text && snippetOf(text.texts, text.summary, termsOf(terms, queryTerms));
        return snippet ? { hit, snippet } : { hit };
      }),
  };
}
