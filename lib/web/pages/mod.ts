/**
 * The pages people read: the home page, a page for every metric, framework and tag, the SQL
 * schema page, the search page, the 404 page, the sitemap, the stylesheet and the icon. This
 * module plans them (address, type, headers); each is rendered when it is first needed (by the
 * server's first request for it, or by the static export) and kept, by the renderers of
 * `render.ts`, which load with the first page.
 *
 * @module
 */
import { markup, sitePath } from "./html.ts";
import {
  FAVICON_PATH,
  type IndexedPage,
  PAGE_HEADERS,
  type PageFrame,
  renderPage,
  SCRIPT_PAGE_HEADERS,
  STYLESHEET_PATH,
} from "./layout.ts";
import { type AnswerPlan, CACHE_ERROR, planAnswer, TYPES } from "../answer.ts";
import { onFirstUse } from "../lazy.ts";
import { FORMS_SCRIPT, SEARCH_RESULTS_SCRIPT, SEARCH_SCRIPT } from "./_browser_scripts.ts";
import type { ReadModel } from "../../read/model.ts";
import {
  API_GUIDE_PATH,
  calcPath,
  comparePath,
  FORMS_SCRIPT_PATH,
  SEARCH_INDEX_PATH,
  SEARCH_RESULTS_SCRIPT_PATH,
  SEARCH_SCRIPT_PATH,
  SQL_PAGE_PATH,
  STAND_PATH,
} from "../paths.ts";
import { COMMON_HEADERS } from "../../policy.ts";

/** The pages of the site. */
export interface Pages {
  /**
   * The pages' answers by path, each rendered on first use. `/search` is here too, as the page
   * without a query, which the server and the static export both serve;
   * {@linkcode Pages.search} answers a query.
   */
  answers: Map<string, AnswerPlan>;
  /** The HTML answer for an unknown page outside `/api/`. */
  notFoundPage: AnswerPlan;
  /** The results of a `/search` query; `undefined` without one (the prebuilt page answers). */
  search: (request: Request) => Promise<Response | undefined>;
  /** The "where do you stand" and calculator answers, by path. */
  compare: Map<string, (request: Request) => Promise<Response>>;
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
 * Plans every page of the catalog under `baseUrl` (for canonical URLs and the sitemap): its
 * address and headers now, its HTML on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { planPages } from "./mod.ts";
 * import { createReadModel, loadCatalog } from "../../mod.ts";
 * const model = createReadModel(await loadCatalog());
 * const pages = planPages(model, "https://metrics.example");
 * const page = pages.answers.get("/metrics/churn-rate");
 * assert.equal(page?.contentType, "text/html; charset=utf-8");
 * assert.match(String(await page?.render()), /<h1[^>]*>Customer Churn Rate/);
 * ```
 */
export function planPages(model: ReadModel, baseUrl: string): Pages {
  const renderers = onFirstUse(() => import("./render.ts").then((render) => renderersOf(render)));
  /** Renders with what `render.ts` offers and the contexts the pages share, made once. */
  const renderersOf = (render: typeof import("./render.ts")) => {
    const diagram = {
      baseUrl,
      metricLabels: new Map(
        model.metrics().map((metric) => [metric.slug, metric.abbreviation ?? metric.name]),
      ),
    };
    return {
      render,
      metricContext: { model, segments: model.vocabulary(), baseUrl },
      frameworkContext: { model, diagram },
      diagram,
      search: render.searchRoute(model, baseUrl),
    };
  };
  type Renderers = ReturnType<typeof renderersOf>;
  /** An answer whose body the renderers make. */
  const rendered = (
    make: (renderers: Renderers) => string | Promise<string>,
    contentType: string,
    headers?: Readonly<Record<string, string>>,
  ) =>
    planAnswer(
      async () => await make(await renderers()),
      contentType,
      headers === undefined ? {} : { headers },
    );

  const answers = new Map<string, AnswerPlan>();
  // Keyed by the decoded path, as the handler looks paths up; links and the sitemap use the
  // encoded one, which each page declares.
  const pagePaths: string[] = [];
  const addPage = (
    path: string,
    frame: (renderers: Renderers) => IndexedPage,
    headers = PAGE_HEADERS,
  ) => {
    pagePaths.push(path);
    answers.set(
      path.split("/").map(decodeURIComponent).join("/"),
      rendered(
        (renderers) => {
          const page = frame(renderers);
          if (page.path !== path) throw new Error(`The page planned at ${path} says ${page.path}`);
          return renderPage(page, baseUrl);
        },
        TYPES.html,
        headers,
      ),
    );
  };
  addPage("/", ({ render }) => render.homePage(model));
  addPage("/metrics", ({ render }) => render.metricsIndexPage(model));
  addPage("/frameworks", ({ render }) => render.frameworksIndexPage(model));
  addPage("/tags", ({ render }) => render.tagsIndexPage(model));
  addPage(API_GUIDE_PATH, ({ render }) => render.developersPage(model, baseUrl));
  addPage(SQL_PAGE_PATH, ({ render }) => render.sqlPage(model));
  for (const { tag } of model.tags()) {
    addPage(sitePath("/tags", tag), ({ render }) => render.tagPage(model, tag));
  }
  const compare = new Map<string, (request: Request) => Promise<Response>>();
  /** An answer page made for each request from its query. */
  const addQueryPage = (
    path: string,
    pageOf: (renderers: Renderers, params: URLSearchParams) => { status: number; page: PageFrame },
  ) =>
    compare.set(path, async (request) => {
      const made = await renderers();
      const { status, page } = pageOf(made, new URL(request.url).searchParams);
      return made.render.pageResponse(made.render.renderPage(page, baseUrl), status);
    });
  // The metrics a reader's value can be placed against: each has its answer page.
  const standing = new Set(model.metrics({ comparable: true }).map((metric) => metric.slug));
  for (const metric of model.metrics()) {
    const comparable = standing.has(metric.slug);
    addPage(
      sitePath("/metrics", metric.slug),
      ({ render, metricContext }) => render.metricPage(metric, metricContext),
      metric.calculator || comparable ? SCRIPT_PAGE_HEADERS : PAGE_HEADERS,
    );
    if (comparable) {
      addQueryPage(
        comparePath(metric.slug),
        ({ render, metricContext }, params) =>
          render.metricComparePage(metric, metricContext, params),
      );
    }
    if (metric.calculator) {
      addQueryPage(
        calcPath(metric.slug),
        ({ render, metricContext }, params) => render.metricCalcPage(metric, metricContext, params),
      );
    }
  }
  // "Is my number good?" from the home page: on to the chosen metric's answer, with the value and
  // anything else the form sent; without a metric that has figures, the form again (400).
  compare.set(STAND_PATH, async (request) => {
    const params = new URL(request.url).searchParams;
    const slug = params.get("metric") ?? "";
    if (standing.has(slug)) {
      params.delete("metric");
      return new Response(null, {
        status: 303,
        headers: {
          ...COMMON_HEADERS,
          location: `${comparePath(slug)}?${params}`,
          "cache-control": "no-store",
          "content-length": "0",
        },
      });
    }
    const made = await renderers();
    const { status, page } = made.render.standPage(model, params);
    return made.render.pageResponse(made.render.renderPage(page, baseUrl), status);
  });
  answers.set(FORMS_SCRIPT_PATH, planAnswer(() => FORMS_SCRIPT, TYPES.js));
  for (const pair of model.pairs()) {
    addPage(pair.path, ({ render }) => render.pairPage(pair));
  }
  for (const framework of model.frameworks()) {
    addPage(
      sitePath("/frameworks", framework.slug),
      ({ render, frameworkContext }) => render.frameworkPage(framework, frameworkContext),
    );
    // The diagram as a file of its own, for decks; an SVG is sent under the pages' CSP.
    answers.set(
      `/frameworks/${framework.slug}.svg`,
      rendered(
        ({ render, diagram }) => render.frameworkDiagram(framework, diagram, { standalone: true }),
        TYPES.svg,
        PAGE_HEADERS,
      ),
    );
  }
  answers.set(
    "/search",
    rendered(
      async ({ search }) => String(await search.page.render()),
      TYPES.html,
      SCRIPT_PAGE_HEADERS,
    ),
  );
  answers.set(SEARCH_SCRIPT_PATH, planAnswer(() => SEARCH_SCRIPT, TYPES.js));
  answers.set(SEARCH_RESULTS_SCRIPT_PATH, planAnswer(() => SEARCH_RESULTS_SCRIPT, TYPES.js));
  // What the search script builds the server's index from, fetched only for a query.
  answers.set(
    SEARCH_INDEX_PATH,
    planAnswer(
      async () => JSON.stringify(await model.searchDocuments()),
      TYPES.json,
    ),
  );
  answers.set(
    "/sitemap.xml",
    rendered(({ render }) => render.sitemapXml(baseUrl, pagePaths), TYPES.xml),
  );
  answers.set(STYLESHEET_PATH, rendered(({ render }) => render.SITE_CSS, TYPES.css));
  // An SVG can carry script: the icon is sent under the pages' Content-Security-Policy.
  const icon = rendered(({ render }) => render.FAVICON_SVG, TYPES.svg, PAGE_HEADERS);
  answers.set(FAVICON_PATH, icon);
  answers.set("/favicon.svg", icon);
  answers.set("/robots.txt", planAnswer(() => robotsTxt(baseUrl), TYPES.text));
  const notFoundPage = planAnswer(
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
  return {
    answers,
    notFoundPage,
    search: async (request) => (await renderers()).search.handler(request),
    compare,
  };
}
