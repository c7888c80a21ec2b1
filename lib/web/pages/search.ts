/**
 * `/search?q=…`: server-rendered search results from the prebuilt index, no JavaScript needed;
 * `&tag=retention` keeps only metrics with that tag, and an unknown tag answers 400.
 * Without a query the page lists every record, A to Z; that page is prebuilt and is also what the
 * static export serves at `/search`.
 *
 * @module
 */
import { type Html, markup } from "./html.ts";
import { PAGE_HEADERS, type PageFrame, renderPage, SCRIPT_PAGE_HEADERS } from "./layout.ts";
import { SEARCH_SCRIPT_PATH } from "../paths.ts";
import type { ReadModel } from "../../read/model.ts";
import { frameworkEntry, metricEntry, recordList } from "./parts.ts";
import { type AnswerPlan, CACHE_CONTENT, planAnswer, TYPES } from "../answer.ts";
import { COMMON_HEADERS } from "../../policy.ts";
import type { Tag } from "../../catalog/records.ts";
import type { SearchResult } from "../../read/search.ts";
import {
  resultsTitle,
  resultView,
  SEARCH_HEADINGS,
  SEARCH_PAGE_LIMIT,
  searchRequest,
  searchStatus,
  type TextPart,
  unknownTagStatus,
} from "./search_view.ts";

/** The `/search` answers: the prebuilt page without a query, and the handler for queries. */
export interface SearchRoute {
  /** The page listing every record, served when there is no query. */
  page: AnswerPlan;
  /** The results page of a query; `undefined` without one (the prebuilt page answers). */
  handler: (request: Request) => Promise<Response | undefined>;
}

/** Text with its matched words in `<mark>`. */
function marked(parts: readonly TextPart[]): Html {
  return markup`${parts.map((part) => part.match ? markup`<mark>${part.text}</mark>` : part.text)}`;
}

/** A result: the link, its kind, the summary and the passage where the query's words match. */
function resultItem(result: SearchResult): Html {
  const { href, title, kind, summary, passage } = resultView(result);
  return markup`<li><a href="${href}">${title}</a><span class="kind">${kind}</span><p>${
    marked(summary)
  }</p>${passage ? markup`<p class="snippet">“${marked(passage)}”</p>` : ""}</li>\n`;
}

function browsePage(model: ReadModel): PageFrame {
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
${recordList(model.metrics({ order: "name" }).map(metricEntry))}
</section>
<section aria-labelledby="all-frameworks">
<h2 id="all-frameworks">Frameworks</h2>
${recordList(model.frameworks({ order: "name" }).map(frameworkEntry))}
</section>`,
  };
}

function resultsPage(query: string, results: SearchResult[], tag: Tag | undefined): PageFrame {
  const status = searchStatus(query, { count: results.length, tag }).map((part) =>
    typeof part === "string" ? part : markup`<a href="${part.href}">${part.text}</a>`
  );
  return {
    title: resultsTitle(query),
    description: `Metrics and frameworks matching "${query}".`,
    noindex: true,
    query,
    main: markup`<h1>${SEARCH_HEADINGS.results}</h1>
<p role="status">${status}</p>
${results.length === 0 ? "" : markup`<ol class="records">\n${results.map(resultItem)}</ol>`}`,
  };
}

function unknownTagPage(tag: string): PageFrame {
  return {
    title: SEARCH_HEADINGS.unknownTag,
    description: "The search was asked for a tag the catalog does not have.",
    noindex: true,
    main: markup`<h1>${SEARCH_HEADINGS.unknownTag}</h1>
<p role="status">${unknownTagStatus(tag)}</p>`,
  };
}

/**
 * A page made for one request, with the common headers, the pages' own, caching and
 * `Content-Length`.
 */
export function pageResponse(html: string, status = 200): Response {
  const body = new TextEncoder().encode(html);
  return new Response(body, {
    status,
    headers: {
      ...COMMON_HEADERS,
      ...PAGE_HEADERS,
      "content-type": TYPES.html,
      "cache-control": CACHE_CONTENT,
      "content-length": String(body.byteLength),
    },
  });
}

/**
 * Builds the `/search` route once: the read model's index is made by the first query and kept, and
 * a request only searches and fills in the results. The query and tag are read by `searchRequest`,
 * as the static export's search script reads them.
 */
export function searchRoute(model: ReadModel, baseUrl: string): SearchRoute {
  const page = planAnswer(() => renderPage(browsePage(model), baseUrl), TYPES.html, {
    headers: SCRIPT_PAGE_HEADERS,
  });
  const handler = async (request: Request): Promise<Response | undefined> => {
    const { query, tag, unknownTag } = searchRequest(new URL(request.url).searchParams);
    if (unknownTag !== undefined) {
      return pageResponse(renderPage(unknownTagPage(unknownTag), baseUrl), 400);
    }
    if (query === "") return undefined;
    const results = (await model.search()).results(query, { limit: SEARCH_PAGE_LIMIT, tag });
    return pageResponse(renderPage(resultsPage(query, results, tag), baseUrl));
  };
  return { page, handler };
}
