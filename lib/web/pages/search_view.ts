/**
 * What a search shows, as plain data: the query and tag read from the address, and each result's
 * link, title, kind, summary and passage, and the status line, in words. The server's search page
 * writes it as HTML and the static export's search script as DOM nodes, so that both show the
 * same results in the same words.
 *
 * @module
 */
import { displayName, type Tag, TAGS } from "../../catalog/records.ts";
import { MAX_QUERY_LENGTH } from "../../policy.ts";
import { type SearchResult, snippetParts } from "../../read/search.ts";
import { sitePath } from "./html.ts";

/** How many results a search page shows. */
export const SEARCH_PAGE_LIMIT = 20;

/** The headings of the search answers. */
export const SEARCH_HEADINGS = {
  results: "Search results",
  unknownTag: "Unknown tag",
} as const;

/** The title of a query's results page. */
export function resultsTitle(query: string): string {
  return `Search: ${query}`;
}

/** A search as its address asks for it. */
export interface SearchRequest {
  /**
   * The query, cut to {@linkcode MAX_QUERY_LENGTH} characters, white space and control characters
   * as single spaces, trimmed; empty when there is none.
   */
  query: string;
  /** The tag asked for (`&tag=`), when the catalog has it. */
  tag?: Tag;
  /** The tag asked for, cut to 40 characters, when the catalog does not have it. */
  unknownTag?: string;
}

/**
 * Reads a search from an address's parameters (`q` and `tag`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchRequest } from "./search_view.ts";
 * const request = searchRequest(new URLSearchParams("q=%20churn%0Arate&tag=Revenue"));
 * assert.deepEqual(request, { query: "churn rate", tag: "revenue" });
 * ```
 */
export function searchRequest(params: URLSearchParams): SearchRequest {
  const query = (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH)
    // deno-lint-ignore no-control-regex
    .replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  const asked = params.get("tag")?.trim().toLowerCase();
  const tag = TAGS.find((item) => item === asked);
  if (asked && tag === undefined) return { query, unknownTag: asked.slice(0, 40) };
  return tag === undefined ? { query } : { query, tag };
}

/** A run of text, marked when it is one of the words the query matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** One result as a list shows it. */
export interface ResultView {
  /** The record's page. */
  href: string;
  /** Its display name. */
  title: string;
  kind: "Metric" | "Framework";
  /** Its summary; the matched words are marked when the summary is where they stand. */
  summary: TextPart[];
  /** The sentence where the query's words stand, when it is not the summary. */
  passage?: TextPart[];
}

/** How a list shows a result. */
export function resultView({ hit, snippet }: SearchResult): ResultView {
  const view: ResultView = {
    href: sitePath(hit.type === "metric" ? "/metrics" : "/frameworks", hit.slug),
    title: displayName(hit),
    kind: hit.type === "metric" ? "Metric" : "Framework",
    summary: snippet?.summary ? snippetParts(snippet) : [{ text: hit.summary, match: false }],
  };
  if (snippet && !snippet.summary) view.passage = snippetParts(snippet);
  return view;
}

/** Text of a status line, or a link in it. */
export type StatusPart = string | { href: string; text: string };

/** The status line of a search's results: how many, for what, or what to try instead. */
export function searchStatus(
  query: string,
  { count, tag }: { count: number; tag: Tag | undefined },
): StatusPart[] {
  const within = tag ? ` among metrics tagged “${tag}”` : "";
  if (count === 0) {
    return [
      `Nothing matches “${query}”${within}. Try a shorter word, an abbreviation such as NRR, or `,
      { href: "/search", text: "browse every record" },
      ".",
    ];
  }
  return [`${count === 1 ? "1 result" : `${count} results`} for “${query}”${within}, best first.`];
}

/** The status line for a tag the catalog does not have. */
export function unknownTagStatus(tag: string): string {
  return `The tag “${tag}” must be one of: ${TAGS.join(", ")}.`;
}
