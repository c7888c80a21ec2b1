/**
 * The frame every page shares: head, banner with the search box, main landmark, and the footer
 * that credits the catalog under CC BY 4.0. Also the headers every page is sent with.
 *
 * @module
 */
import { type Content, Html, markup } from "./html.ts";
import { LICENCE, MAX_QUERY_LENGTH, SITE_NAME } from "../../policy.ts";
import { API_GUIDE_PATH } from "../paths.ts";

/** Where the stylesheet and the icon are served. */
export const STYLESHEET_PATH = "/assets/site.css";
/** Where the icon is served. */
export const FAVICON_PATH = "/assets/favicon.svg";

/**
 * The Content-Security-Policy of every page: nothing may load but the site's own stylesheet and
 * images, no script runs (but for the pages of {@linkcode SCRIPT_PAGE_HEADERS}), forms only
 * submit to the site, and no one may frame it.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  // Same-origin fetches: the static export's scripts read /benchmarks.json and the search index.
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every HTML answer carries besides the common ones. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": PAGE_CSP,
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * The headers of the pages that run a script of the site's own (the search page, and the metric
 * pages with a "where do you stand" form): the same policy plus `script-src 'self'`, so that a
 * static copy of the site can answer in the browser. No other page runs a script.
 */
export const SCRIPT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...PAGE_HEADERS,
  "content-security-policy": `${PAGE_CSP}; script-src 'self'`,
};

/** What one page declares about itself. */
export interface PageFrame {
  title: string;
  description: string;
  /** The page's own path; gives the canonical URL. Omitted for pages that are not indexed. */
  path?: string;
  /** Other representations of the page, such as its JSON. */
  alternates?: { type: string; href: string }[];
  /** Asks search engines not to index the page (search results, the 404 page). */
  noindex?: boolean;
  /** The query to show in the search box. */
  query?: string;
  /** schema.org structured data about the page, sent as JSON-LD. */
  structuredData?: (baseUrl: string) => Record<string, unknown>;
  main: Content;
  /** A same-origin script the page runs, deferred (the search page and the compare forms). */
  script?: string;
}

/** A page with an address of its own, listed in the sitemap. */
export type IndexedPage = PageFrame & { path: string };

/** Renders a whole HTML document around a page's main content. */
export function renderPage(frame: PageFrame, baseUrl: string): string {
  const title = frame.path === "/" ? SITE_NAME : `${frame.title} · ${SITE_NAME}`;
  const canonical = frame.path === undefined
    ? ""
    : markup`<link rel="canonical" href="${baseUrl}${frame.path}">\n`;
  const robots = frame.noindex ? markup`<meta name="robots" content="noindex">\n` : "";
  const alternates = (frame.alternates ?? []).map((alternate) =>
    markup`<link rel="alternate" type="${alternate.type}" href="${alternate.href}">\n`
  );
  const preview = frame.path === undefined
    ? ""
    : markup`<meta property="og:type" content="${frame.path === "/" ? "website" : "article"}">
<meta property="og:site_name" content="${SITE_NAME}">
<meta property="og:title" content="${frame.title}">
<meta property="og:description" content="${frame.description}">
<meta property="og:url" content="${baseUrl}${frame.path}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${frame.title}">
<meta name="twitter:description" content="${frame.description}">
`;
  const structured = frame.structuredData === undefined
    ? ""
    : jsonLd(frame.structuredData(baseUrl));
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${frame.description}">
${canonical}${robots}${alternates}${preview}${structured}<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<meta name="license" content="${LICENCE.url}">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="site">
<div class="wrap">
<a class="brand" href="/">${SITE_NAME}</a>
<nav class="places" aria-label="Site">
<ul>
<li><a href="/metrics">Metrics A–Z</a></li>
<li><a href="/frameworks">Frameworks</a></li>
<li><a href="${API_GUIDE_PATH}">API</a></li>
</ul>
</nav>
${searchForm(frame.query ?? "")}
</div>
</header>
<main id="main">
<div class="wrap">
${frame.main}
</div>
</main>
${footer(baseUrl)}
${frame.script === undefined ? "" : markup`<script src="${frame.script}" defer></script>\n`}
</body>
</html>
`.value;
}

/**
 * A JSON-LD block. It is data, not script, so the Content-Security-Policy lets it stand; `<` is
 * escaped so that no text in it can close the element.
 */
function jsonLd(data: Record<string, unknown>): Html {
  const json = JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026");
  return new Html(`<script type="application/ld+json">${json}</script>\n`);
}

function searchForm(query: string): Html {
  return markup`<form class="search" role="search" action="/search" method="get">
<label for="q">Search the catalog</label>
<input id="q" name="q" type="search" value="${query}" maxlength="${MAX_QUERY_LENGTH}" autocomplete="off" placeholder="churn, NRR, activation…">
<button type="submit">Search</button>
</form>`;
}

function footer(baseUrl: string): Html {
  const licence = markup`<a href="${LICENCE.url}" rel="license external">${LICENCE.name}</a>`;
  const home = markup`<a href="${baseUrl}/">${baseUrl}/</a>`;
  return markup`<footer class="site">
<div class="wrap">
<p>The text and figures of the ${SITE_NAME} are published under ${licence}. Reuse them freely: credit the ${SITE_NAME} with a link to ${home}, and carry each figure's citation along with the figure.</p>
<p>Also as data: <a href="/api/metrics">JSON API</a> (<a href="/api/openapi.json">OpenAPI</a>), <a href="/llms.txt">llms.txt</a>, <a href="/sitemap.xml">sitemap</a>.</p>
</div>
</footer>`;
}
