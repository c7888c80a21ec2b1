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

/** What `render.ts` offers, with the contexts the pages share, made once with the first page. */
function renderersOf(render: typeof import("./render.ts"), model: ReadModel, baseUrl: string) {
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
}

type Renderers = ReturnType<typeof renderersOf>;

/** An answer of the pages' plan: a page (listed in the sitemap) or another file. */
type Row =
  | {
    /** The page's address, encoded as links and the sitemap write it. */
    page: string;
    /** Its frame, made by the renderers. */
    frame: (renderers: Renderers) => IndexedPage;
    /** Its headers; the pages' own unless it runs a script. */
    headers?: Readonly<Record<string, string>>;
  }
  | {
    /** The file's address. */
    file: string;
    /** Its answer, planned with the renderers it renders with. */
    answer: (plan: Planner) => AnswerPlan;
  };

/** What a row plans its answer with. */
interface Planner {
  /** The base address, for canonical URLs and the sitemap. */
  baseUrl: string;
  /** The renderers, loaded with the first page. */
  renderers: () => Promise<Renderers>;
  /** The addresses of every page, in the sitemap's order. */
  pagePaths: readonly string[];
}

/** An answer whose body the renderers make. */
function rendered(
  plan: Planner,
  make: (renderers: Renderers) => string | Promise<string>,
  { contentType, headers }: { contentType: string; headers?: Readonly<Record<string, string>> },
): AnswerPlan {
  return planAnswer(
    async () => await make(await plan.renderers()),
    contentType,
    headers === undefined ? {} : { headers },
  );
}

/** A page's answer: its frame rendered in the site's layout, under its headers. */
function pageAnswer(plan: Planner, row: Extract<Row, { page: string }>): AnswerPlan {
  return rendered(plan, (renderers) => {
    const page = row.frame(renderers);
    if (page.path !== row.page) {
      throw new Error(`The page planned at ${row.page} says ${page.path}`);
    }
    return renderPage(page, plan.baseUrl);
  }, { contentType: TYPES.html, headers: row.headers ?? PAGE_HEADERS });
}

/** The home page, the indexes, the developers' and SQL pages and a page for each tag. */
function indexRows(model: ReadModel, baseUrl: string): Row[] {
  return [
    { page: "/", frame: ({ render }) => render.homePage(model) },
    { page: "/metrics", frame: ({ render }) => render.metricsIndexPage(model) },
    { page: "/frameworks", frame: ({ render }) => render.frameworksIndexPage(model) },
    { page: "/tags", frame: ({ render }) => render.tagsIndexPage(model) },
    { page: API_GUIDE_PATH, frame: ({ render }) => render.developersPage(model, baseUrl) },
    { page: SQL_PAGE_PATH, frame: ({ render }) => render.sqlPage(model) },
    ...model.tags().map(({ tag }): Row => ({
      page: sitePath("/tags", tag),
      frame: ({ render }) => render.tagPage(model, tag),
    })),
  ];
}

/** A page for each metric (with a script when it compares or calculates), then the forms' script. */
function metricRows(model: ReadModel, standing: ReadonlySet<string>): Row[] {
  return [
    ...model.metrics().map((metric): Row => ({
      page: sitePath("/metrics", metric.slug),
      frame: ({ render, metricContext }) => render.metricPage(metric, metricContext),
      headers: metric.calculator || standing.has(metric.slug) ? SCRIPT_PAGE_HEADERS : PAGE_HEADERS,
    })),
    { file: FORMS_SCRIPT_PATH, answer: () => planAnswer(() => FORMS_SCRIPT, TYPES.js) },
  ];
}

/** A page for each side-by-side pair, then each framework's page and its diagram. */
function pairAndFrameworkRows(model: ReadModel): Row[] {
  return [
    ...model.pairs().map((pair): Row => ({
      page: pair.path,
      frame: ({ render }) => render.pairPage(pair),
    })),
    ...model.frameworks().flatMap((framework): Row[] => [
      {
        page: sitePath("/frameworks", framework.slug),
        frame: ({ render, frameworkContext }) => render.frameworkPage(framework, frameworkContext),
      },
      // The diagram as a file of its own, for decks; an SVG is sent under the pages' CSP.
      {
        file: `/frameworks/${framework.slug}.svg`,
        answer: (plan) =>
          rendered(
            plan,
            ({ render, diagram }) =>
              render.frameworkDiagram(framework, diagram, { standalone: true }),
            { contentType: TYPES.svg, headers: PAGE_HEADERS },
          ),
      },
    ]),
  ];
}

/** The search page and its files, the sitemap, the stylesheet, the icon and robots.txt. */
function fileRows(model: ReadModel): Row[] {
  const js = (path: string, script: string): Row => ({
    file: path,
    answer: () => planAnswer(() => script, TYPES.js),
  });
  // An SVG can carry script: the icon is sent under the pages' Content-Security-Policy. Its two
  // addresses share one answer.
  let iconAnswer: AnswerPlan | undefined;
  const icon = (path: string): Row => ({
    file: path,
    answer: (plan) =>
      iconAnswer ??= rendered(plan, ({ render }) => render.FAVICON_SVG, {
        contentType: TYPES.svg,
        headers: PAGE_HEADERS,
      }),
  });
  return [
    {
      file: "/search",
      answer: (plan) =>
        rendered(plan, async ({ search }) => String(await search.page.render()), {
          contentType: TYPES.html,
          headers: SCRIPT_PAGE_HEADERS,
        }),
    },
    js(SEARCH_SCRIPT_PATH, SEARCH_SCRIPT),
    js(SEARCH_RESULTS_SCRIPT_PATH, SEARCH_RESULTS_SCRIPT),
    // What the search script builds the server's index from, fetched only for a query.
    {
      file: SEARCH_INDEX_PATH,
      answer: () =>
        planAnswer(async () => JSON.stringify(await model.searchDocuments()), TYPES.json),
    },
    {
      file: "/sitemap.xml",
      answer: (plan) =>
        rendered(plan, ({ render }) => render.sitemapXml(plan.baseUrl, plan.pagePaths), {
          contentType: TYPES.xml,
        }),
    },
    {
      file: STYLESHEET_PATH,
      answer: (plan) => rendered(plan, ({ render }) => render.SITE_CSS, { contentType: TYPES.css }),
    },
    icon(FAVICON_PATH),
    icon("/favicon.svg"),
    {
      file: "/robots.txt",
      answer: (plan) => planAnswer(() => robotsTxt(plan.baseUrl), TYPES.text),
    },
  ];
}

/** An answer page made for each request from its query. */
type QueryPage = (
  renderers: Renderers,
  params: URLSearchParams,
) => { status: number; page: PageFrame };

/** The "where do you stand" page of each comparable metric and the calculator page of each. */
function queryPages(model: ReadModel, standing: ReadonlySet<string>): [string, QueryPage][] {
  return model.metrics().flatMap((metric): [string, QueryPage][] => [
    ...(standing.has(metric.slug)
      ? [
        [
          comparePath(metric.slug),
          ({ render, metricContext }, params) =>
            render.metricComparePage(metric, { context: metricContext, params }),
        ] satisfies [string, QueryPage],
      ]
      : []),
    ...(metric.calculator
      ? [
        [
          calcPath(metric.slug),
          ({ render, metricContext }, params) =>
            render.metricCalcPage(metric, { context: metricContext, params }),
        ] satisfies [string, QueryPage],
      ]
      : []),
  ]);
}

/**
 * "Is my number good?" from the home page: on to the chosen metric's answer, with the value and
 * anything else the form sent; without a metric that has figures, the form again (400).
 */
function standAnswer(
  model: ReadModel,
  { plan, standing }: { plan: Planner; standing: ReadonlySet<string> },
): (request: Request) => Promise<Response> {
  return async (request) => {
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
    const made = await plan.renderers();
    const { status, page } = made.render.standPage(model, params);
    return made.render.pageResponse(made.render.renderPage(page, plan.baseUrl), status);
  };
}

/** The HTML answer for an unknown page outside `/api/`. */
function notFoundAnswer(baseUrl: string): AnswerPlan {
  return planAnswer(
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
}

/**
 * Plans every page of the catalog under `baseUrl` (for canonical URLs and the sitemap): its
 * address and headers now, its HTML on first use. The rows are the tables above, in the order the
 * answers and the sitemap list them.
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
  // The metrics a reader's value can be placed against: each has its answer page.
  const standing = new Set(model.metrics({ comparable: true }).map((metric) => metric.slug));
  const rows = [
    ...indexRows(model, baseUrl),
    ...metricRows(model, standing),
    ...pairAndFrameworkRows(model),
    ...fileRows(model),
  ];
  const plan: Planner = {
    baseUrl,
    renderers: onFirstUse(() =>
      import("./render.ts").then((render) => renderersOf(render, model, baseUrl))
    ),
    pagePaths: rows.flatMap((row) => "page" in row ? [row.page] : []),
  };
  // Keyed by the decoded path, as the handler looks paths up; links and the sitemap use the
  // encoded one, which each page declares.
  const answers = new Map(
    rows.map((row): [string, AnswerPlan] =>
      "page" in row
        ? [row.page.split("/").map(decodeURIComponent).join("/"), pageAnswer(plan, row)]
        : [row.file, row.answer(plan)]
    ),
  );
  const compare = new Map(
    queryPages(model, standing).map(([path, pageOf]) => [
      path,
      async (request: Request) => {
        const made = await plan.renderers();
        const { status, page } = pageOf(made, new URL(request.url).searchParams);
        return made.render.pageResponse(made.render.renderPage(page, baseUrl), status);
      },
    ]),
  );
  compare.set(STAND_PATH, standAnswer(model, { plan, standing }));
  return {
    answers,
    notFoundPage: notFoundAnswer(baseUrl),
    search: async (request) => (await plan.renderers()).search.handler(request),
    compare,
  };
}
