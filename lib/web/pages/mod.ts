/**
 * The pages people read, rendered once when the site is built: the home page, a page for every
 * metric and framework, the search page, the 404 page, the sitemap, the stylesheet and the icon.
 *
 * @module
 */
import { markup } from "./html.ts";
import {
  FAVICON_PATH,
  type IndexedPage,
  PAGE_HEADERS,
  renderPage,
  STYLESHEET_PATH,
} from "./layout.ts";
import { frameworkPage } from "./framework.ts";
import { type DiagramContext, frameworkDiagram } from "./diagram.ts";
import { homePage, tagPage } from "./home.ts";
import { TAGS } from "../../catalog/schema.ts";
import { metricPage } from "./metric.ts";
import { FAVICON_SVG, SITE_CSS } from "./css.ts";
import { type Asset, CACHE_ERROR, createAsset, TYPES } from "../assets.ts";
import type { Catalog } from "../../catalog/load.ts";
import type { CatalogSearch } from "../../read/search.ts";
import { searchRoute } from "./search.ts";
import {
  SEARCH_INDEX_PATH,
  SEARCH_SCRIPT,
  SEARCH_SCRIPT_PATH,
  searchIndex,
} from "./search_script.ts";
import { createReadModel } from "../../read/model.ts";
import { sitemapXml } from "../sitemap.ts";

/** Options for {@linkcode buildPages}. */
export interface PagesOptions {
  /** The public base address, for canonical URLs and the sitemap. */
  baseUrl: string;
  /** The catalog's prebuilt search index. */
  search: CatalogSearch;
}

/** The pages of the site. */
export interface Pages {
  /**
   * Prebuilt answers by path. `/search` is here too, as the page without a query, which the
   * server and the static export both serve; {@linkcode Pages.search} answers a query.
   */
  assets: Map<string, Asset>;
  /** The HTML answer for an unknown page outside `/api/`. */
  notFoundPage: Asset;
  /** The results of a `/search` query; `undefined` without one (the prebuilt page answers). */
  search: (request: Request) => Response | undefined;
}

/** Crawlers may read everything; the sitemap lists every page. */
function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

function notFoundMain() {
  return markup`<h1>Page not found</h1>
<p class="lead">There is no page at this address. It may have moved, or the address may be mistyped.</p>
<ul class="plain">
<li><a href="/">Browse every metric and framework</a></li>
<li><a href="/search">Search the catalog</a></li>
</ul>`;
}

/**
 * Renders every page of the catalog once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPages } from "./mod.ts";
 * import { createSearch, loadCatalog } from "../../mod.ts";
 * const catalog = await loadCatalog();
 * const pages = buildPages(catalog, {
 *   baseUrl: "https://metrics.example",
 *   search: createSearch(catalog),
 * });
 * assert.equal(pages.assets.get("/metrics/churn-rate")?.contentType, "text/html; charset=utf-8");
 * ```
 */
export function buildPages(catalog: Catalog, { baseUrl, search }: PagesOptions): Pages {
  const metricNames = new Map(catalog.metrics.map((metric) => [metric.slug, metric.name]));
  const frameworkNames = new Map(catalog.frameworks.map((item) => [item.slug, item.name]));
  const model = createReadModel(catalog);
  const frameworksByMetric = new Map(
    catalog.metrics.map((metric) => [metric.slug, model.frameworksIncluding(metric.slug)]),
  );

  const assets = new Map<string, Asset>();
  // Keyed by the decoded path, as the handler looks paths up; links use the encoded one.
  const pagePaths: string[] = [];
  const addPage = (frame: IndexedPage) => {
    pagePaths.push(frame.path);
    const path = frame.path.split("/").map(decodeURIComponent).join("/");
    assets.set(
      path,
      createAsset(renderPage(frame, baseUrl), TYPES.html, { headers: PAGE_HEADERS }),
    );
  };
  addPage(homePage(catalog));
  for (const tag of TAGS) {
    if (catalog.metrics.some((metric) => metric.tags.includes(tag))) addPage(tagPage(catalog, tag));
  }
  for (const metric of catalog.metrics) {
    addPage(metricPage(metric, { metricNames, frameworksByMetric }));
  }
  const diagram: DiagramContext = {
    baseUrl,
    metricLabels: new Map(
      catalog.metrics.map((metric) => [metric.slug, metric.abbreviation ?? metric.name]),
    ),
  };
  for (const framework of catalog.frameworks) {
    addPage(frameworkPage(framework, { metricNames, frameworkNames, diagram }));
    // The diagram as a file of its own, for decks; an SVG is sent under the pages' CSP.
    assets.set(
      `/frameworks/${framework.slug}.svg`,
      createAsset(frameworkDiagram(framework, diagram, { standalone: true }), TYPES.svg, {
        headers: PAGE_HEADERS,
      }),
    );
  }
  const route = searchRoute(catalog, { baseUrl, search });
  assets.set("/search", route.page);
  assets.set(SEARCH_SCRIPT_PATH, createAsset(SEARCH_SCRIPT, TYPES.js));
  assets.set(SEARCH_INDEX_PATH, createAsset(searchIndex(catalog), TYPES.json));
  assets.set("/sitemap.xml", createAsset(sitemapXml(baseUrl, pagePaths), TYPES.xml));
  assets.set(STYLESHEET_PATH, createAsset(SITE_CSS, TYPES.css));
  // An SVG can carry script: the icon is sent under the pages' Content-Security-Policy.
  assets.set(FAVICON_PATH, createAsset(FAVICON_SVG, TYPES.svg, { headers: PAGE_HEADERS }));
  assets.set("/favicon.svg", createAsset(FAVICON_SVG, TYPES.svg, { headers: PAGE_HEADERS }));
  assets.set("/robots.txt", createAsset(robotsTxt(baseUrl), TYPES.text));
  const notFoundPage = createAsset(
    renderPage({
      title: "Page not found",
      description: "There is no page at this address.",
      noindex: true,
      main: notFoundMain(),
    }, baseUrl),
    TYPES.html,
    { status: 404, cacheControl: CACHE_ERROR, headers: PAGE_HEADERS },
  );
  return { assets, notFoundPage, search: route.handler };
}
