/**
 * `/search?q=…`: server-rendered search results from the prebuilt index, no JavaScript needed;
 * `&tag=retention` keeps only metrics with that tag, and an unknown tag answers 400.
 * Without a query the page lists every record, A to Z; that page is prebuilt and is also what the
 * static export serves at `/search`.
 *
 * @module
 */
import { type Html, markup, sitePath } from "./html.ts";
import { PAGE_HEADERS, type PageFrame, renderPage, SCRIPT_PAGE_HEADERS } from "./layout.ts";
import { SEARCH_SCRIPT_PATH } from "./search_script.ts";
import { MAX_QUERY_LENGTH } from "../../policy.ts";
import { byName } from "../../read/model.ts";
import { frameworkEntry, metricEntry, recordList } from "./parts.ts";
import { type AssetSource, assetSource, CACHE_CONTENT, TYPES } from "../assets.ts";
import type { Catalog } from "../../catalog/load.ts";
import { displayName, type Tag, TAGS } from "../../catalog/records.ts";
import {
  type CatalogSearch,
  type SearchResult,
  type Snippet,
  snippetParts,
} from "../../read/search.ts";

/** How many results a search page shows. */
export const SEARCH_PAGE_LIMIT = 20;

/** Options for {@linkcode searchRoute}. */
export interface SearchRouteOptions {
  baseUrl: string;
  /** The search index, made on first use. */
  search: () => Promise<CatalogSearch>;
}

/** The `/search` answers: the prebuilt page without a query, and the handler for queries. */
export interface SearchRoute {
  /** The page listing every record, served when there is no query. */
  page: AssetSource;
  /** The results page of a query; `undefined` without one (the prebuilt page answers). */
  handler: (request: Request) => Promise<Response | undefined>;
}

/** A snippet with its matched words in `<mark>`. */
function marked(snippet: Snippet): Html {
  return markup`${
    snippetParts(snippet).map((part) => part.match ? markup`<mark>${part.text}</mark>` : part.text)
  }`;
}

/** A result: the link, its kind, the summary and the passage where the query's words match. */
function resultItem({ hit, snippet }: SearchResult): Html {
  const path = hit.type === "metric" ? "metrics" : "frameworks";
  const title = displayName(hit);
  const kind = hit.type === "metric" ? "Metric" : "Framework";
  const summary = snippet?.summary ? marked(snippet) : hit.summary;
  const passage = snippet && !snippet.summary
    ? markup`<p class="snippet">“${marked(snippet)}”</p>`
    : "";
  return markup`<li><a href="${
    sitePath(`/${path}`, hit.slug)
  }">${title}</a><span class="kind">${kind}</span><p>${summary}</p>${passage}</li>\n`;
}

function browsePage(catalog: Catalog): PageFrame {
  return {
    title: "Search",
    description: "Search the catalog's metrics and frameworks.",
    noindex: true,
    script: SEARCH_SCRIPT_PATH,
    main: markup`<h1>Search the catalog</h1>
<p class="lead">Type a metric's name, its abbreviation or any word of its definition in the search box. Below is the full list of records, A to Z.</p>
<noscript><p class="muted">This is the full list. On a static copy of the site, results for a query need JavaScript; the catalog's server answers queries without it.</p></noscript>
<section aria-labelledby="all-metrics">
<h2 id="all-metrics">Metrics</h2>
${recordList(byName(catalog.metrics).map(metricEntry))}
</section>
<section aria-labelledby="all-frameworks">
<h2 id="all-frameworks">Frameworks</h2>
${recordList(byName(catalog.frameworks).map(frameworkEntry))}
</section>`,
  };
}

function resultsPage(query: string, results: SearchResult[], tag: Tag | undefined): PageFrame {
  const count = results.length === 1 ? "1 result" : `${results.length} results`;
  const within = tag ? markup` among metrics tagged “${tag}”` : "";
  const status = results.length === 0
    ? markup`Nothing matches “${query}”${within}. Try a shorter word, an abbreviation such as NRR, or <a href="/search">browse every record</a>.`
    : markup`${count} for “${query}”${within}, best first.`;
  return {
    title: `Search: ${query}`,
    description: `Metrics and frameworks matching "${query}".`,
    noindex: true,
    query,
    main: markup`<h1>Search results</h1>
<p role="status">${status}</p>
${results.length === 0 ? "" : markup`<ol class="records">\n${results.map(resultItem)}</ol>`}`,
  };
}

function unknownTagPage(tag: string): PageFrame {
  return {
    title: "Unknown tag",
    description: "The search was asked for a tag the catalog does not have.",
    noindex: true,
    main: markup`<h1>Unknown tag</h1>
<p role="status">The tag “${tag}” must be one of: ${TAGS.join(", ")}.</p>`,
  };
}

/** A page made for one request, with the pages' headers, caching and `Content-Length`. */
export function pageResponse(html: string, status = 200): Response {
  const body = new TextEncoder().encode(html);
  return new Response(body, {
    status,
    headers: {
      ...PAGE_HEADERS,
      "content-type": TYPES.html,
      "cache-control": CACHE_CONTENT,
      "content-length": String(body.byteLength),
    },
  });
}

/**
 * Builds the `/search` route once: the index is made by the first query and kept, and a request
 * only searches and fills in the results. Queries are cut to {@linkcode MAX_QUERY_LENGTH}
 * characters.
 */
export function searchRoute(
  catalog: Catalog,
  { baseUrl, search }: SearchRouteOptions,
): SearchRoute {
  const page = assetSource(() => renderPage(browsePage(catalog), baseUrl), TYPES.html, {
    headers: SCRIPT_PAGE_HEADERS,
  });
  const handler = async (request: Request): Promise<Response | undefined> => {
    const params = new URL(request.url).searchParams;
    const query = (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH)
      // deno-lint-ignore no-control-regex
      .replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
    const asked = params.get("tag")?.trim().toLowerCase();
    const tag = TAGS.find((item) => item === asked);
    if (asked && tag === undefined) {
      return pageResponse(renderPage(unknownTagPage(asked.slice(0, 40)), baseUrl), 400);
    }
    if (query === "") return undefined;
    const results = (await search()).results(query, { limit: SEARCH_PAGE_LIMIT, tag });
    return pageResponse(renderPage(resultsPage(query, results, tag), baseUrl));
  };
  return { page, handler };
}
