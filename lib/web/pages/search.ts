/**
 * `/search?q=…`: server-rendered search results from the prebuilt index, no JavaScript needed.
 * Without a query the page lists every record, A to Z; that page is prebuilt and is also what the
 * static export serves at `/search`.
 *
 * @module
 */
import { markup, sitePath } from "./html.ts";
import { PAGE_HEADERS, type PageFrame, renderPage, SCRIPT_PAGE_HEADERS } from "./layout.ts";
import { SEARCH_SCRIPT_PATH } from "./search_script.ts";
import { MAX_QUERY_LENGTH } from "../../policy.ts";
import { byName } from "../../read/model.ts";
import { frameworkEntry, metricEntry, type RecordEntry, recordList } from "./parts.ts";
import { type AssetSource, assetSource, CACHE_CONTENT, TYPES } from "../assets.ts";
import type { Catalog } from "../../catalog/load.ts";
import type { CatalogSearch, SearchHit } from "../../read/search.ts";

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

function hitEntry(hit: SearchHit): RecordEntry {
  const path = hit.type === "metric" ? "metrics" : "frameworks";
  return {
    href: sitePath(`/${path}`, hit.slug),
    title: hit.abbreviation ? `${hit.name} (${hit.abbreviation})` : hit.name,
    summary: hit.summary,
    kind: hit.type === "metric" ? "Metric" : "Framework",
  };
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

function resultsPage(query: string, hits: SearchHit[]): PageFrame {
  const count = hits.length === 1 ? "1 result" : `${hits.length} results`;
  const status = hits.length === 0
    ? markup`Nothing matches “${query}”. Try a shorter word, an abbreviation such as NRR, or <a href="/search">browse every record</a>.`
    : markup`${count} for “${query}”, best first.`;
  return {
    title: `Search: ${query}`,
    description: `Metrics and frameworks matching "${query}".`,
    noindex: true,
    query,
    main: markup`<h1>Search results</h1>
<p role="status">${status}</p>
${hits.length === 0 ? "" : recordList(hits.map(hitEntry), "ol")}`,
  };
}

/** A results page; HEAD gets the GET's headers, `Content-Length` included, and no body. */
/** A page made for one request, with the pages' headers and caching. */
export function pageResponse(request: Request, html: string, status = 200): Response {
  const body = new TextEncoder().encode(html);
  return new Response(request.method === "HEAD" ? null : body, {
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
    const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH)
      // deno-lint-ignore no-control-regex
      .replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
    if (query === "") return undefined;
    const hits = (await search()).search(query, { limit: SEARCH_PAGE_LIMIT });
    return pageResponse(request, renderPage(resultsPage(query, hits), baseUrl));
  };
  return { page, handler };
}
