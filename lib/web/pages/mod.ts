/**
 * The pages people read: the home page, a page for every metric, framework and tag, the search
 * page, the 404 page, the sitemap, the stylesheet and the icon. Each is rendered when it is first
 * needed (by the server's first request for it, or by the static export) and kept.
 *
 * @module
 */
import { markup, sitePath } from "./html.ts";
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
import { TAGS } from "../../catalog/records.ts";
import { metricPage } from "./metric.ts";
import { FAVICON_SVG, SITE_CSS } from "./css.ts";
import { type AssetSource, assetSource, CACHE_ERROR, TYPES } from "../assets.ts";
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
  /** The catalog's search index, made on first use. */
  search: () => Promise<CatalogSearch>;
}

/** The pages of the site. */
export interface Pages {
  /**
   * The pages' answers by path, each rendered on first use. `/search` is here too, as the page
   * without a query, which the server and the static export both serve;
   * {@linkcode Pages.search} answers a query.
   */
  sources: Map<string, AssetSource>;
  /** The HTML answer for an unknown page outside `/api/`. */
  notFoundPage: AssetSource;
  /** The results of a `/search` query; `undefined` without one (the prebuilt page answers). */
  search: (request: Request) => Promise<Response | undefined>;
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
 * Plans every page of the catalog: its address and headers now, its HTML on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPages } from "./mod.ts";
 * import { createSearch, loadCatalog } from "../../mod.ts";
 * const catalog = await loadCatalog();
 * const pages = buildPages(catalog, {
 *   baseUrl: "https://metrics.example",
 *   search: () => Promise.resolve(createSearch(catalog)),
 * });
 * const page = pages.sources.get("/metrics/churn-rate");
 * assert.equal(page?.contentType, "text/html; charset=utf-8");
 * assert.match(String(await page?.render()), /<h1[^>]*>Customer Churn Rate/);
 * ```
 */
export function buildPages(catalog: Catalog, { baseUrl, search }: PagesOptions): Pages {
  const metricNames = new Map(catalog.metrics.map((metric) => [metric.slug, metric.name]));
  const frameworkNames = new Map(catalog.frameworks.map((item) => [item.slug, item.name]));
  const model = createReadModel(catalog);
  const frameworksByMetric = new Map(
    catalog.metrics.map((metric) => [metric.slug, model.frameworksIncluding(metric.slug)]),
  );

  const sources = new Map<string, AssetSource>();
  const html = (render: () => string, headers = PAGE_HEADERS) =>
    assetSource(render, TYPES.html, { headers });
  // Keyed by the decoded path, as the handler looks paths up; links and the sitemap use the
  // encoded one, which each page declares.
  const pagePaths: string[] = [];
  const addPage = (path: string, frame: () => IndexedPage) => {
    pagePaths.push(path);
    sources.set(
      path.split("/").map(decodeURIComponent).join("/"),
      html(() => {
        const page = frame();
        if (page.path !== path) throw new Error(`The page planned at ${path} says ${page.path}`);
        return renderPage(page, baseUrl);
      }),
    );
  };
  addPage("/", () => homePage(catalog));
  for (const tag of TAGS) {
    if (catalog.metrics.some((metric) => metric.tags.includes(tag))) {
      addPage(sitePath("/tags", tag), () => tagPage(catalog, tag));
    }
  }
  for (const metric of catalog.metrics) {
    addPage(
      sitePath("/metrics", metric.slug),
      () => metricPage(metric, { metricNames, frameworksByMetric }),
    );
  }
  const diagram: DiagramContext = {
    baseUrl,
    metricLabels: new Map(
      catalog.metrics.map((metric) => [metric.slug, metric.abbreviation ?? metric.name]),
    ),
  };
  for (const framework of catalog.frameworks) {
    addPage(
      sitePath("/frameworks", framework.slug),
      () => frameworkPage(framework, { metricNames, frameworkNames, diagram }),
    );
    // The diagram as a file of its own, for decks; an SVG is sent under the pages' CSP.
    sources.set(
      `/frameworks/${framework.slug}.svg`,
      assetSource(
        () => frameworkDiagram(framework, diagram, { standalone: true }),
        TYPES.svg,
        { headers: PAGE_HEADERS },
      ),
    );
  }
  const route = searchRoute(catalog, { baseUrl, search });
  sources.set("/search", route.page);
  sources.set(SEARCH_SCRIPT_PATH, assetSource(() => SEARCH_SCRIPT, TYPES.js));
  sources.set(SEARCH_INDEX_PATH, assetSource(() => searchIndex(catalog), TYPES.json));
  sources.set("/sitemap.xml", assetSource(() => sitemapXml(baseUrl, pagePaths), TYPES.xml));
  sources.set(STYLESHEET_PATH, assetSource(() => SITE_CSS, TYPES.css));
  // An SVG can carry script: the icon is sent under the pages' Content-Security-Policy.
  const icon = () => FAVICON_SVG;
  sources.set(FAVICON_PATH, assetSource(icon, TYPES.svg, { headers: PAGE_HEADERS }));
  sources.set("/favicon.svg", assetSource(icon, TYPES.svg, { headers: PAGE_HEADERS }));
  sources.set("/robots.txt", assetSource(() => robotsTxt(baseUrl), TYPES.text));
  const notFoundPage = assetSource(
    () =>
      renderPage({
        title: "Page not found",
        description: "There is no page at this address.",
        noindex: true,
        main: notFoundMain(),
      }, baseUrl),
    TYPES.html,
    { status: 404, cacheControl: CACHE_ERROR, headers: PAGE_HEADERS },
  );
  return { sources, notFoundPage, search: route.handler };
}
