import assert from "node:assert/strict";
import {
  type Catalog,
  createHandler,
  createReadModel,
  type Framework,
  loadCatalog,
  type MetricRecord,
} from "../../../lib/mod.ts";
import { buildSite } from "../../../lib/web/site.ts";
import { attr, type Element, type Page, parsePage, rawTextOf, textOf } from "../../_dom.ts";
import { equationEnd, readableDate } from "../../../lib/web/pages/parts.ts";
import { columnType } from "../../../lib/sql/dialect.ts";
import { MAPPINGS } from "../../../lib/sql/mappings.ts";
import { recipeText, WITHOUT_RECIPE } from "../../../lib/sql/recipe.ts";
import { ddl, EVENT_NAMES, TABLES } from "../../../lib/sql/schema.ts";
import { recipes } from "../../../lib/read/recipes.ts";
import { comparableFigures } from "../../../lib/catalog/figures.ts";

const BASE = "https://metrics.example";
const catalog = await loadCatalog(new URL("../../testdata/catalog/", import.meta.url));
const handler = createHandler(catalog, { baseUrl: BASE });

function request(path: string, init: RequestInit = {}, on = handler) {
  return Promise.resolve(on(new Request(`http://127.0.0.1${path}`, init)));
}

/** The site's own scripts: the search page's, and the forms' on metric pages. */
const SITE_SCRIPT = /<script src="\/assets\/(search|forms)\.js" defer><\/script>/;
const OWN_SCRIPTS: Record<string, RegExp> = {
  "/assets/search.js": /^\/search$/,
  "/assets/forms.js": /^\/metrics\/[^/]+$/,
};
const ownScript = (path: string, src: string | undefined) =>
  OWN_SCRIPTS[src ?? ""]?.test(path) ?? false;

/** Fetches a page, checks status, type and CSP, and parses it. */
async function page(path: string, status = 200, on = handler): Promise<Page & { html: string }> {
  const response = await request(path, {}, on);
  assert.equal(response.status, status, path);
  assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8", path);
  const csp = response.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'none'/, path);
  assert.match(csp, /style-src 'self'/, path);
  assert.match(csp, /form-action 'self'/, path);
  assert.match(csp, /base-uri 'none'/, path);
  assert.match(csp, /frame-ancestors 'none'/, path);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, path);
  assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
  const html = await response.text();
  // Only a page that loads one of the site's own scripts may run scripts, and only its own.
  if (SITE_SCRIPT.test(html)) assert.match(csp, /script-src 'self'$/, path);
  else assert.doesNotMatch(csp, /script-src/, path);
  return { ...parsePage(html), html };
}

const headings = (doc: Page) =>
  doc.elements.filter((element) => /^h[1-6]$/.test(element.tagName)).map((element) => ({
    level: Number(element.tagName.slice(1)),
    text: textOf(element),
  }));

const h2s = (doc: Page) => headings(doc).filter((h) => h.level === 2).map((h) => h.text);
const hrefs = (doc: Page) => doc.all("a").map((a) => attr(a, "href") ?? "");
/** The targets of the links inside an element, in order. */
function linksIn(element: Element): string[] {
  const own = element.tagName === "a" ? [attr(element, "href") ?? ""] : [];
  return [
    ...own,
    ...element.childNodes.flatMap((child) => "tagName" in child ? linksIn(child) : []),
  ];
}

/** Asserts that the page's main content shows each of `texts`. */
function assertMainShows(doc: Page, texts: string[]) {
  const text = textOf(doc.all("main")[0]!);
  for (const field of texts) assert.ok(text.includes(field), `the page shows "${field}"`);
}

const byId = (doc: Page, id: string) => doc.one((element) => attr(element, "id") === id, `#${id}`);

/** Checks the landmarks, the labelled search box, the heading order and the licence. */
function assertAccessibleFrame(doc: Page, path: string) {
  assert.equal(attr(doc.all("html")[0]!, "lang"), "en", path);
  assert.equal(doc.all("header").length, 1, `${path}: one banner`);
  const places = doc.all("nav").find((nav) => attr(nav, "aria-label") === "Site");
  assert.ok(places, `${path}: the header's places`);
  assert.deepEqual(
    doc.all("a").filter((link) => isInside(link, places)).map((link) => attr(link, "href")),
    ["/metrics", "/frameworks", "/developers"],
    `${path}: the header's places`,
  );
  assert.equal(doc.all("main").length, 1, `${path}: one main`);
  assert.equal(doc.all("footer").length, 1, `${path}: one contentinfo`);
  assert.equal(
    doc.all("title").filter((title) => title.namespaceURI === "http://www.w3.org/1999/xhtml")
      .length,
    1,
    path,
  );
  const form = doc.one((element) => attr(element, "role") === "search", "search form");
  assert.equal(attr(form, "action"), "/search");
  assert.equal(attr(form, "method"), "get");
  const input = doc.one(
    (element) => element.tagName === "input" && attr(element, "name") === "q",
    "q",
  );
  const label = doc.one(
    (element) => element.tagName === "label" && attr(element, "for") === attr(input, "id"),
    "label",
  );
  assert.equal(textOf(label), "Search the catalog");
  const levels = headings(doc).map((h) => h.level);
  assert.equal(levels[0], 1, `${path}: starts with h1`);
  assert.equal(levels.filter((level) => level === 1).length, 1, `${path}: one h1`);
  levels.forEach((level, index) => {
    if (index > 0) {
      assert.ok(level <= (levels[index - 1] ?? 1) + 1, `${path}: heading ${index} skips a level`);
    }
  });
  const footer = textOf(doc.all("footer")[0]!);
  assert.match(footer, /published under CC BY 4\.0/, path);
  assert.match(footer, /carry each figure's citation along with the figure/, path);
  assert.ok(
    doc.all("a").some((a) =>
      attr(a, "href") === "https://creativecommons.org/licenses/by/4.0/" &&
      /license/.test(attr(a, "rel") ?? "")
    ),
    `${path}: links the licence`,
  );
  // No script runs but the site's own: structured data (JSON-LD) is not run, only the search
  // page loads the search script, and only metric pages the forms' script.
  assert.ok(
    doc.all("script").every((script) =>
      attr(script, "type") === "application/ld+json" || ownScript(path, attr(script, "src"))
    ),
    `${path}: no script`,
  );
  for (const element of doc.elements) {
    for (const { name, value } of element.attrs) {
      if (!["href", "src", "action"].includes(name)) continue;
      assert.ok(!value.startsWith("//"), `${path}: ${name}="${value}" leaves the site`);
      if (!value.startsWith("/") && !value.startsWith("#")) {
        assert.match(new URL(value).protocol, /^https?:$/, `${path}: ${name}="${value}"`);
      }
    }
  }
}

Deno.test("buildSite() holds every page, the sitemap and the assets, and the not-found page", async () => {
  const site = await buildSite(createReadModel(catalog), BASE);
  for (
    const path of [
      "/",
      "/metrics/alpha-rate",
      "/metrics/beta-rate",
      "/metrics/gamma-rate",
      "/frameworks/sample-framework",
      "/search",
      "/sitemap.xml",
      "/assets/site.css",
      "/assets/favicon.svg",
    ]
  ) {
    assert.ok(site.answers.has(path), path);
  }
  assert.equal(site.notFoundPage?.status, 404);
});

Deno.test("handler() serves a compact home page: every metric once, A to Z, tags as filters, the frameworks", async () => {
  const doc = await page("/");
  assertAccessibleFrame(doc, "/");
  const links = hrefs(doc);
  for (const metric of catalog.metrics) {
    assert.equal(links.filter((href) => href === `/metrics/${metric.slug}`).length, 1, metric.slug);
  }
  const index = doc.one((element) => attr(element, "class") === "az", "A to Z index");
  const names = doc.all("a").filter((link) => isInside(link, index)).map(textOf);
  assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b, "en")));
  for (const tag of ["retention", "health"]) assert.ok(links.includes(`/tags/${tag}`), tag);
  assert.ok(!links.includes("/tags/acquisition"), "no empty tag");
  assert.ok(links.includes("/frameworks/sample-framework"));
  assert.match(doc.html, /<link rel="canonical" href="https:\/\/metrics\.example\/">/);
  const places = doc.one(
    (element) => element.tagName === "nav" && attr(element, "aria-label") === "Site",
    "places",
  );
  assert.deepEqual(
    doc.all("a").filter((link) => isInside(link, places)).map(textOf),
    ["Metrics A–Z", "Frameworks", "API"],
  );
});

Deno.test("the home page's 'Use the data' links the SQL schema for each engine and the recipes' index", async () => {
  const doc = await page("/");
  const data = doc.one((element) => attr(element, "aria-labelledby") === "data", "Use the data");
  const links = doc.all("a").filter((link) => isInside(link, data)).map((link) =>
    attr(link, "href")
  );
  for (const href of ["/sql/schema.postgres.sql", "/sql/schema.duckdb.sql", "/sql/index.json"]) {
    assert.ok(links.includes(href), href);
  }
  assert.match(textOf(data), /They are code, under the MIT licence\./);
  assert.ok(links.includes("/sql"), "the schema page");
});

const full = await loadCatalog();
const fullSite = createHandler(full, { baseUrl: BASE });

Deno.test("/sql lists every table and column of the reference schema: its type on each engine and its meaning", async () => {
  const doc = await page("/sql", 200, fullSite);
  assertAccessibleFrame(doc, "/sql");
  assert.match(doc.html, /<link rel="canonical" href="https:\/\/metrics\.example\/sql">/);
  assert.match(textOf(doc.all("main")[0]!), /reference schema below, version 1,/);
  for (const table of TABLES) {
    assert.equal(textOf(byId(doc, `table-${table.name}`)), table.name);
    for (const column of table.columns) {
      const row = byId(doc, `column-${table.name}-${column.name}`);
      const cells = row.childNodes.filter((node) => "tagName" in node).map((cell) =>
        textOf(cell as Element)
      );
      assert.deepEqual(cells.slice(0, 4), [
        column.name,
        columnType(column.type, "postgres"),
        columnType(column.type, "duckdb"),
        columnType(column.type, "clickhouse"),
      ]);
      assert.ok(cells[4]?.startsWith(column.means), `${table.name}.${column.name}`);
      if (column.nullable) assert.match(cells[4] ?? "", /May be null\./);
      for (const value of column.values ?? []) assert.ok(cells[4]?.includes(value), value);
    }
  }
  for (const name of Object.keys(EVENT_NAMES)) {
    assert.ok(doc.all("dt").some((term) => textOf(term) === name), name);
  }
});

Deno.test("/sql links the DDL of each engine and the index, and maps Stripe, Chargebee, Segment and PostHog data with one view each", async () => {
  const doc = await page("/sql", 200, fullSite);
  const links = hrefs(doc);
  for (const href of ["/sql/schema.postgres.sql", "/sql/schema.duckdb.sql", "/sql/index.json"]) {
    assert.ok(links.includes(href), href);
  }
  assert.deepEqual(h2s(doc), [
    "Download",
    "The tables",
    "Event names",
    "What the recipes take for granted",
    "Mapping your data",
    "On ClickHouse",
    "The recipes",
  ]);
  const rail = doc.one((element) => attr(element, "class") === "rail", "the rail");
  assert.deepEqual(linksIn(rail), [
    "#download",
    "#tables",
    "#event-names",
    "#rules",
    "#mapping",
    "#clickhouse",
    "#recipes",
  ]);
  const blocks = doc.all("pre").filter((pre) => attr(pre, "class") === "sql");
  // each mapping's view, then the schema's DDL for ClickHouse, folded until asked for
  assert.equal(
    blocks.length,
    MAPPINGS.flatMap((mapping) => [mapping, ...mapping.more ?? []]).length + 1,
  );
  assert.equal(rawTextOf(blocks.at(-1)!), ddl("clickhouse").trimEnd());
  assert.equal(byId(doc, "clickhouse-ddl").tagName, "details");
  MAPPINGS.flatMap((mapping) => [mapping, ...mapping.more ?? []].map((view) => ({ mapping, view })))
    .forEach(({ mapping, view }, index) => {
      assert.ok(textOf(byId(doc, mapping.id)).length > 0, mapping.id);
      assert.equal(
        textOf(blocks[index]!),
        view.view.trim().replace(/\s+/g, " "),
        `${mapping.id}: its ${view.table} view, readable without a script`,
      );
    });
  for (const source of ["Stripe", "Chargebee", "Segment", "RudderStack", "PostHog"]) {
    assert.ok(headings(doc).some((heading) => heading.text.includes(source)), source);
  }
});

Deno.test("/sql lists each recipe with its metric, file and tables, and says why the others have none", async () => {
  const doc = await page("/sql", 200, fullSite);
  const section = byId(doc, "recipes");
  const text = textOf(doc.all("main")[0]!);
  const links = hrefs(doc);
  for (const [slug, recipe] of recipes()) {
    assert.ok(links.includes(`/sql/${slug}.sql`), slug);
    const name = full.metrics.find((metric) => metric.slug === slug)?.name ?? "";
    assert.ok(text.includes(`${name}: /sql/${slug}.sql, reads ${recipe.tables.join(", ")}`), slug);
  }
  for (const [slug, why] of Object.entries(WITHOUT_RECIPE)) assert.ok(text.includes(why), slug);
  assert.ok(section);
  // The fixture catalog has none of the recipes' metrics: they are listed by slug, unlinked.
  const fixture = await page("/sql");
  assert.ok(!hrefs(fixture).some((href) => href.startsWith("/metrics/")));
  assert.ok(textOf(fixture.all("main")[0]!).includes("churn-rate: /sql/churn-rate.sql"));
});

Deno.test("a metric page computes it from your data after the benchmarks: the recipe as it is, its tables, parameters and file, a copy button a script shows", async () => {
  const recipe = recipes().get("churn-rate")!;
  const doc = await page("/metrics/churn-rate", 200, fullSite);
  const order = h2s(doc);
  // A reader's order: what it is, how to work it out, what it measures, how good numbers look.
  assert.deepEqual(order.slice(0, 4), [
    "Formula",
    "What it measures",
    "Benchmarks",
    "Compute it from your data",
  ]);
  const rail = doc.one((element) => attr(element, "class") === "rail", "the rail");
  const railLinks = linksIn(rail);
  assert.deepEqual(
    railLinks.slice(railLinks.indexOf("#formula"), railLinks.indexOf("#formula") + 7),
    [
      "#formula",
      "#calculator",
      "#what-it-measures",
      "#benchmarks",
      "#where-do-you-stand",
      "#sql",
      "#in-practice",
    ],
  );
  const section = byId(doc, "sql");
  assert.equal(textOf(section), "Compute it from your data");
  const code = byId(doc, "sql-code");
  assert.equal(code.tagName, "code");
  assert.equal((code.parentNode as Element).tagName, "pre");
  // Readable without a script: the file's text, byte for byte, in the page itself.
  assert.equal(
    rawTextOf(code),
    (await Deno.readTextFile(new URL("../../../lib/sql/recipes/churn-rate.sql", import.meta.url)))
      .trimEnd(),
  );
  const button = doc.one((element) => attr(element, "data-copy") === "sql-code", "copy button");
  assert.equal(button.tagName, "button");
  assert.equal(attr(button, "type"), "button");
  assert.equal(attr(button, "hidden"), "", "hidden until the script shows it");
  assert.equal(attr(byId(doc, attr(button, "data-status") ?? ""), "role"), "status");
  const links = hrefs(doc);
  for (const table of recipe.tables) assert.ok(links.includes(`/sql#table-${table}`), table);
  assert.ok(links.includes("/sql"));
  assert.ok(links.includes("/sql/churn-rate.sql"));
  const text = textOf(doc.all("main")[0]!);
  for (const parameter of recipe.parameters) {
    assert.ok(text.includes(`:${parameter.name} (${parameter.type}) ${parameter.means}`));
  }
  assert.ok(text.includes("returns the calculator's inputs, lost and start, then result"));
  assert.match(text, /It is code, under the MIT licence/);
  // ClickHouse's text on request: folded, readable without a script, with its own file
  const folded = byId(doc, "sql-clickhouse");
  assert.equal(folded.tagName, "details");
  assert.equal(attr(folded, "open"), undefined);
  assert.ok(links.includes("/sql/churn-rate.clickhouse.sql"));
  const clickhouse = folded.childNodes.filter((node) => "tagName" in node)
    .find((node) => (node as Element).tagName === "pre") as Element;
  assert.equal(rawTextOf(clickhouse), recipeText(recipe.text, "clickhouse").trimEnd());
});

Deno.test("a metric without a recipe says why in the same section: no calculator, or what the reference schema lacks", async () => {
  const cases: [Catalog, string, string][] = [
    [full, "task-success-rate", WITHOUT_RECIPE["task-success-rate"]!],
    [full, "power-user-curve", "it is a curve, not one figure"],
    [catalog, "alpha-rate", "it has no calculator, so there are no inputs for a query to count"],
  ];
  for (const [site, slug, why] of cases) {
    const doc = await page(`/metrics/${slug}`, 200, createHandler(site, { baseUrl: BASE }));
    const section = doc.one(
      (element) => element.tagName === "section" && attr(element, "aria-labelledby") === "sql",
      "the recipe's section",
    );
    assert.equal(section.tagName, "section", slug);
    assert.match(
      textOf(section),
      /^Compute it from your data# No query computes it from the reference schema: /,
    );
    assert.ok(textOf(section).includes(why), slug);
    assert.ok(linksIn(section).includes("/sql"), slug);
    assert.equal(doc.all("pre").length, 0, slug);
  }
});

Deno.test("the /sql page's recipes lead to their metric's section, and each metric page with one has it", async () => {
  const doc = await page("/sql", 200, fullSite);
  const targets = hrefs(doc).filter((href) => href.endsWith("#sql"));
  assert.equal(targets.length, recipes().size);
  for (const href of targets) {
    const metric = await page(href.slice(0, -4), 200, fullSite);
    assert.equal(attr(byId(metric, "sql-code"), "class"), "language-sql", href);
  }
});

Deno.test("handler() serves a page per tag with its metrics A to Z, in the sitemap", async () => {
  const doc = await page("/tags/retention");
  assertAccessibleFrame(doc, "tag");
  const withTag = catalog.metrics.filter((metric) =>
    metric.tags.some((tag) => tag === "retention")
  );
  const links = hrefs(doc).filter((href) => href.startsWith("/metrics/"));
  assert.deepEqual(new Set(links), new Set(withTag.map((metric) => `/metrics/${metric.slug}`)));
  const sitemap = await (await request("/sitemap.xml")).text();
  assert.match(sitemap, /<loc>https:\/\/metrics\.example\/tags\/retention<\/loc>/);
  const metric = await page(`/metrics/${withTag[0]!.slug}`);
  assert.ok(hrefs(metric).includes("/tags/retention"), "a metric's tags link to their pages");
});

Deno.test("handler() serves a metric page with every field in reading order, cited benchmarks and its JSON", async () => {
  const doc = await page("/metrics/alpha-rate");
  assertAccessibleFrame(doc, "/metrics/alpha-rate");
  const metric = catalog.metrics[0]!;
  assert.equal(textOf(doc.all("h1")[0]!), "Alpha-rate Fixture");
  assert.deepEqual(h2s(doc), [
    "Formula",
    "What it measures",
    "Benchmarks",
    "Compute it from your data",
    "In practice",
    "Calculation methods",
    "What to watch",
    "Related metrics",
    "Frameworks that include it",
    "Sources",
    "Use this record",
  ]);
  assertMainShows(doc, [
    metric.definition,
    metric.formula,
    metric.whatItMeasures,
    ...(metric.benchmarks ?? []),
    ...metric.whatToWatch.flatMap((item) => [item.label, item.text]),
    ...metric.relatedMetrics.map((item) => item.text),
    ...metric.sources.map((source) => source.label),
  ]);
  const paragraphs = doc.all("p").map(textOf);
  assert.ok(paragraphs.includes("A team starts with 100 things and keeps 88, so the rate is 88%."));
  assert.ok(paragraphs.includes("Second paragraph."), "each prose paragraph is its own <p>");
  const time = doc.one((element) => element.tagName === "time", "review date");
  assert.equal(attr(time, "datetime"), "2026-11-01");
  assert.equal(textOf(time), "1 November 2026");
  const citation = doc.one((element) => attr(element, "href") === "#source-1", "citation link");
  assert.equal(textOf(citation), "[1]");
  const source = byId(doc, "source-1");
  assert.deepEqual(linksIn(source), ["https://example.com/reports/alpha-rate"]);
  const links = hrefs(doc);
  assert.ok(
    links.includes("/metrics/beta-rate") && links.includes("/metrics/gamma-rate"),
    "related metrics",
  );
  assert.ok(links.includes("/frameworks/sample-framework"), "the framework that includes it");
  assert.ok(links.includes("/api/metrics/alpha-rate"), "its JSON");
  assert.match(
    doc.html,
    /<link rel="alternate" type="application\/json" href="\/api\/metrics\/alpha-rate">/,
  );
  assert.match(
    doc.html,
    /<link rel="canonical" href="https:\/\/metrics\.example\/metrics\/alpha-rate">/,
  );
  assert.doesNotMatch(textOf(doc.all("main")[0]!), /tool-defined/);
});

Deno.test("handler() leaves out the frameworks section when no framework includes the metric", async () => {
  const doc = await page("/metrics/gamma-rate");
  assert.ok(!h2s(doc).includes("Frameworks that include it"));
});

Deno.test("handler() says a composite metric is a tool-defined score", async () => {
  const composite: Catalog = {
    ...catalog,
    metrics: catalog.metrics.map((metric) =>
      metric.slug === "gamma-rate" ? { ...metric, kind: "composite" } : metric
    ),
  };
  const doc = await page("/metrics/gamma-rate", 200, createHandler(composite, { baseUrl: BASE }));
  const callout = doc.one((element) => attr(element, "class") === "callout", "callout");
  assert.match(textOf(callout), /^A tool-defined score\. .*not an industry-standard metric/);
});

Deno.test("handler() serves a framework page with its components drawn with their metrics, examples and sources", async () => {
  const doc = await page("/frameworks/sample-framework");
  assertAccessibleFrame(doc, "framework");
  const framework = catalog.frameworks[0]!;
  assert.deepEqual(h2s(doc), [
    "Components",
    "Origin",
    "How it works",
    "Best for",
    "Limitations",
    "When to avoid",
    "Implementation",
    "Examples",
    "Pairs with",
    "Sources",
    "Use this record",
  ]);
  const visual = doc.one((element) => attr(element, "class") === "components", "components visual");
  assert.equal(visual.tagName, "ol");
  const cards = visual.childNodes.filter((node): node is Element =>
    "tagName" in node && node.tagName === "li"
  );
  assert.deepEqual(cards.map((card) => textOf(card).split(" ").slice(0, 2).join(" ")), [
    "First part",
    "Second part",
  ]);
  assert.deepEqual(linksIn(cards[0]!), ["/metrics/alpha-rate", "/metrics/beta-rate"]);
  assert.match(textOf(cards[1]!), /No catalog metric/);
  assertMainShows(doc, [
    framework.summary,
    framework.origin,
    framework.howItWorks,
    framework.bestFor,
    framework.limitations,
    framework.whenToAvoid,
    ...framework.implementation,
    ...framework.examples.map((example) => example.detail),
  ]);
  assert.ok(hrefs(doc).includes("https://example.com/blog/sample"), "the example's source");
  assert.ok(hrefs(doc).includes("https://example.com/origin"), "the framework's source");
  assert.match(
    doc.html,
    /<link rel="alternate" type="application\/json" href="\/api\/frameworks\/sample-framework">/,
  );
});

Deno.test("every page's links lead to an answer the site gives, and every fragment to an element", async () => {
  const site = await buildSite(createReadModel(catalog), BASE);
  const pages = [...site.answers].filter(([, answer]) => answer.contentType.startsWith("text/html"))
    .map(([path]) => path);
  // Home, the three indexes, the API's page, the SQL schema page, two tag pages, three metrics,
  // three side-by-side pairs, one framework, search.
  assert.equal(pages.length, 16);
  for (const path of [...pages, "/nope"]) {
    const doc = await page(path, path === "/nope" ? 404 : 200);
    const links = [...hrefs(doc), ...doc.all("link").map((link) => attr(link, "href") ?? "")];
    for (const href of links) {
      if (href.startsWith("#")) {
        byId(doc, href.slice(1));
      } else if (href.startsWith("/")) {
        const [target = "", fragment] = href.split("#");
        const response = await request(target);
        assert.equal(response.status, 200, `${path} links to ${href}`);
        const body = await response.text();
        if (fragment) assert.ok(body.includes(`id="${fragment}"`), `${path} links to ${href}`);
      }
    }
  }
});

Deno.test("/sitemap.xml lists the canonical URL of every page and nothing else", async () => {
  const response = await request("/sitemap.xml");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/xml; charset=utf-8");
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    match[1]
  );
  assert.deepEqual(locs, [
    `${BASE}/`,
    `${BASE}/metrics`,
    `${BASE}/frameworks`,
    `${BASE}/tags`,
    `${BASE}/developers`,
    `${BASE}/sql`,
    `${BASE}/tags/retention`,
    `${BASE}/tags/health`,
    `${BASE}/metrics/alpha-rate`,
    `${BASE}/metrics/beta-rate`,
    `${BASE}/metrics/gamma-rate`,
    `${BASE}/compare/alpha-rate-vs-beta-rate`,
    `${BASE}/compare/alpha-rate-vs-gamma-rate`,
    `${BASE}/compare/beta-rate-vs-gamma-rate`,
    `${BASE}/frameworks/sample-framework`,
  ]);
});

Deno.test("/search?q= renders ranked results from the index, echoes the query safely and caps it", async () => {
  const results = await page("/search?q=alpha");
  assertAccessibleFrame(results, "search");
  const list = results.one(
    (element) => element.tagName === "ol" && attr(element, "class") === "records",
    "results",
  );
  const first = list.childNodes.find((node): node is Element => "tagName" in node)!;
  assert.match(textOf(first), /^Alpha-rate Fixture/);
  assert.match(results.html, /<meta name="robots" content="noindex">/);
  assert.equal(
    attr(results.one((element) => attr(element, "name") === "q", "box"), "value"),
    "alpha",
  );

  const unknownTag = await request("/search?q=alpha&tag=fun");
  assert.equal(unknownTag.status, 400);
  assert.match(unknownTag.headers.get("content-type") ?? "", /text\/html/);
  assert.match(await unknownTag.text(), /The tag “fun” must be one of: acquisition/);

  const none = await page("/search?q=zzzyxq");
  assert.match(
    textOf(none.one((element) => attr(element, "role") === "status", "status")),
    /^Nothing matches “zzzyxq”/,
  );

  const hostile = "<script>alert(1)</script>\"'&";
  const echoed = await page(`/search?q=${encodeURIComponent(hostile)}`);
  assert.equal(echoed.all("script").length, 0);
  assert.equal(
    attr(echoed.one((element) => attr(element, "name") === "q", "box"), "value"),
    hostile,
  );

  const long = await page(`/search?q=${"a".repeat(5000)}`);
  assert.equal(
    attr(long.one((element) => attr(element, "name") === "q", "box"), "value")?.length,
    200,
  );

  const browse = await page("/search");
  assert.ok(
    hrefs(browse).includes("/metrics/gamma-rate") &&
      hrefs(browse).includes("/frameworks/sample-framework"),
  );

  const head = await request("/search?q=alpha", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.body, null);
  const post = await request("/search?q=alpha", { method: "POST", body: "q=alpha" });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get("allow"), "GET, HEAD, OPTIONS");
  assert.equal(post.headers.get("access-control-allow-origin"), "*");
  assert.equal(typeof (await post.json()).error, "string");
});

Deno.test("handler() answers unknown pages with the HTML 404 page and keeps JSON 404s under /api/", async () => {
  const doc = await page("/no/such/page", 404);
  assertAccessibleFrame(doc, "404");
  assert.equal(textOf(doc.all("h1")[0]!), "Page not found");
  assert.match(doc.html, /<meta name="robots" content="noindex">/);
  assert.doesNotMatch(doc.html, /no\/such\/page/, "the path is not echoed");
  const api = await request("/api/no/such");
  assert.equal(api.status, 404);
  assert.equal(api.headers.get("content-type"), "application/json; charset=utf-8");
  assert.equal(api.headers.get("content-security-policy"), null);
  await api.body?.cancel();
});

/** Relative luminance and contrast ratio (WCAG 2.x). */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

Deno.test("the stylesheet's colours keep a contrast of at least 4.5:1 in light and dark mode", async () => {
  const css = await (await request("/assets/site.css")).text();
  const blocks = [
    css.slice(0, css.indexOf("@media (prefers-color-scheme: dark)")),
    css.slice(css.indexOf("@media (prefers-color-scheme: dark)")),
  ];
  for (const block of blocks) {
    const colour = (name: string) => {
      const match = new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(block);
      assert.ok(match, `--${name}`);
      return match[1]!;
    };
    const pairs: [string, string][] = [
      ["text", "bg"],
      ["muted", "bg"],
      ["link", "bg"],
      ["text", "panel"],
      ["muted", "panel"],
      ["link", "panel"],
      ["bg", "link"],
      ["text", "accent-bg"],
    ];
    for (const [fore, back] of pairs) {
      const ratio = contrast(colour(fore), colour(back));
      assert.ok(ratio >= 4.5, `--${fore} on --${back}: ${ratio.toFixed(2)}:1`);
    }
  }
});

/** A catalog whose text tries every way to run script or leave the site. */
function hostileCatalog(): Catalog {
  const evil =
    `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">"'><svg onload=alert(1)>`;
  const base = catalog.metrics[0]!;
  const metric: MetricRecord = {
    ...base,
    slug: `evil"><script>alert(1)`,
    name: `Evil ${evil}`,
    abbreviation: `" onmouseover="alert(1)`,
    definition: `${evil} first.\n\n</p><script>alert(2)</script> second.`,
    formula: `a < b && c > "d" ${evil}`,
    whatItMeasures: `javascript:alert(1)`,
    benchmarks: [`${evil} (Evil Corp, 2024)`],
    benchmarksReviewed: `"><script>alert(3)</script>`,
    calculationMethods: [`${evil}: method`],
    whatToWatch: [{ label: evil, text: evil }, { label: "a", text: "b" }, {
      label: "c",
      text: "d",
    }],
    relatedMetrics: [{ slug: `javascript:alert(1)`, text: evil }, {
      slug: "//evil.example",
      text: evil,
    }],
    sources: [
      { label: `Evil Corp ${evil}`, url: "javascript:window.__pwned=1" },
      { label: "Data", url: "data:text/html,<script>alert(1)</script>" },
      { label: "Spaced", url: " JaVaScRiPt:alert(1)" },
      { label: "Quoted", url: `https://ok.example/"onmouseover="alert(1)` },
      { label: "Vbscript", url: "vbscript:msgbox(1)" },
    ],
  };
  const framework: Framework = {
    ...catalog.frameworks[0]!,
    slug: `fw"><script>alert(1)`,
    name: `Framework ${evil}`,
    summary: evil,
    components: [{
      name: evil,
      description: evil,
      metricSlugs: [metric.slug, "javascript:alert(1)"],
    }],
    examples: [{
      company: evil,
      detail: evil,
      source: { label: evil, url: "javascript:alert(1)" },
    }],
    pairsWith: [{ slug: "javascript:alert(1)", reason: evil }],
    sources: [{ label: evil, url: "javascript:alert(1)" }],
  };
  return {
    metrics: [metric],
    frameworks: [framework],
    synonyms: new Map([[metric.slug, [evil]]]),
    segments: {},
  };
}

Deno.test("pages render hostile record text inert: no script that runs, no handler attribute, no link off http(s)", async () => {
  const hostile = hostileCatalog();
  const evilHandler = createHandler(hostile, { baseUrl: BASE });
  const site = await buildSite(createReadModel(hostile), BASE);
  const paths = [...site.answers].filter(([, answer]) => answer.contentType.startsWith("text/html"))
    .map(([path]) => path);
  paths.push(
    `/search?q=${encodeURIComponent("<script>alert(1)</script>")}`,
    "/search?q=evil",
    "/nope",
  );
  // Home, the three indexes, the API's page, the SQL schema page, the hostile metric's two tag
  // pages, its page, the framework, search, three requests.
  assert.equal(paths.length, 14);
  for (const path of paths) {
    const doc = await page(path, path === "/nope" ? 404 : 200, evilHandler);
    assertAccessibleFrame(doc, path);
    for (const element of doc.elements) {
      if (element.tagName === "script") {
        // Structured data, which is not run and parses as JSON; or the search page's own script.
        if (ownScript(path, attr(element, "src"))) continue;
        assert.equal(attr(element, "type"), "application/ld+json", `${path}: <script>`);
        assert.ok(JSON.parse(textOf(element)));
        continue;
      }
      assert.ok(
        !["img", "iframe", "object", "embed", "foreignObject", "use", "image"]
          .includes(element.tagName),
        `${path}: <${element.tagName}>`,
      );
      if (element.tagName === "svg") {
        assert.ok(
          ["diagram wide", "diagram narrow", "figures-chart"].includes(
            attr(element, "class") ?? "",
          ),
          `${path}: only the generated diagram and chart`,
        );
      }
      for (const { name, value } of element.attrs) {
        assert.ok(!name.startsWith("on"), `${path}: <${element.tagName} ${name}>`);
        assert.doesNotMatch(
          value,
          /^\s*(javascript|data|vbscript):/i,
          `${path}: ${name}="${value}"`,
        );
      }
    }
  }
  const metricPath = `/metrics/${encodeURIComponent(hostile.metrics[0]!.slug)}`;
  const doc = await page(metricPath, 200, evilHandler);
  assert.ok(
    doc.html.includes(`<link rel="canonical" href="${BASE}${metricPath}">`),
    "links use the encoded slug",
  );
  assert.ok(
    textOf(doc.all("h1")[0]!).includes("<script>window.__pwned=1</script>"),
    "the text is shown as text",
  );
  const sources = doc.one((element) => attr(element, "class") === "sources", "sources");
  assert.deepEqual(
    linksIn(sources),
    ["https://ok.example/%22onmouseover=%22alert(1)"],
    "only the http(s) source is a link",
  );
  assert.ok(textOf(sources).includes("Vbscript"), "the others stay as plain labels");
});

Deno.test("a framework's diagram is drawn from its record: a changed component changes the SVG", async () => {
  const framework = catalog.frameworks[0]!;
  const doc = await page(`/frameworks/${framework.slug}`);
  const svgs = doc.all("svg");
  // One drawing for a wide column, one laid out for a phone; the stylesheet shows one of them.
  assert.deepEqual(svgs.map((svg) => attr(svg, "class")), ["diagram wide", "diagram narrow"]);
  assert.deepEqual(svgs.map((svg) => attr(svg, "aria-labelledby")), [
    `diagram-${framework.slug}-title`,
    `diagram-${framework.slug}-narrow-title`,
  ]);
  const title = doc.one(
    (element) => element.tagName === "title" && element !== doc.all("title")[0],
    "svg title",
  );
  assert.match(textOf(title), new RegExp(`^${framework.name}`));
  const links = doc.all("a").filter((link) => link.namespaceURI === "http://www.w3.org/2000/svg")
    .map((link) => attr(link, "href"));
  for (const part of framework.components) {
    for (const slug of part.metricSlugs) assert.ok(links.includes(`/metrics/${slug}`), slug);
  }
  const renamed: Catalog = {
    ...catalog,
    frameworks: [{
      ...framework,
      components: framework.components.map((part, index) =>
        index === 0 ? { ...part, name: "Renamed stage", metricSlugs: ["gamma-rate"] } : part
      ),
    }],
  };
  const changed = await page(
    `/frameworks/${framework.slug}`,
    200,
    createHandler(renamed, { baseUrl: BASE }),
  );
  const changedSvg = changed.html.slice(
    changed.html.indexOf("<svg"),
    changed.html.indexOf("</svg>"),
  );
  const originalSvg = doc.html.slice(doc.html.indexOf("<svg"), doc.html.indexOf("</svg>"));
  assert.notEqual(changedSvg, originalSvg);
  assert.match(changedSvg, /Renamed stage/);
  assert.match(changedSvg, /href="\/metrics\/gamma-rate"/);
});

Deno.test("diagrams draw only what the records give: no placeholder goals or signals, bars named by their component", async () => {
  const full = await loadCatalog();
  const on = createHandler(full, { baseUrl: BASE });
  const texts = (doc: Page) => doc.all("text").map(textOf);
  const heart = await page("/frameworks/heart", 200, on);
  for (const placeholder of ["what success is", "what users do", "Goals", "Signals"]) {
    assert.ok(!texts(heart).includes(placeholder), `HEART draws "${placeholder}"`);
  }
  const growth = await page("/frameworks/growth-accounting", 200, on);
  for (const svg of growth.all("svg")) {
    const inside = growth.elements.filter((element) => isInside(element, svg));
    const labels = inside.filter((element) => attr(element, "class") === "d-stage").map(textOf);
    for (const bar of ["+ New", "+ Resurrected", "− Churned"]) {
      assert.ok(labels.includes(bar), `${attr(svg, "class")}: the bar "${bar}"`);
    }
    const flows = inside.filter((element) => /^d-(up|down)$/.test(attr(element, "class") ?? ""));
    assert.equal(flows.length, 3, `${attr(svg, "class")}: three flows`);
  }
  // The record gives no figures, so no bar carries a number.
  assert.deepEqual(texts(growth).filter((text) => /^[+−-]?\s*[\d.,]+\s*%?$/.test(text)), []);
});

Deno.test("each framework's diagram is also a file of its own, credited under CC BY 4.0", async () => {
  for (const framework of catalog.frameworks) {
    const response = await request(`/frameworks/${framework.slug}.svg`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "image/svg+xml");
    assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'none'/);
    const svg = await response.text();
    assert.match(
      svg,
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    assert.match(svg, /CC BY 4\.0 \(https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/\)/);
    assert.match(svg, new RegExp(`href="${BASE}/metrics/`));
    assert.doesNotMatch(svg, /<script|style=/);
  }
});

Deno.test("metric and framework pages carry a description, link previews and JSON-LD naming the canonical URL", async () => {
  const metric = catalog.metrics[0]!;
  const framework = catalog.frameworks[0]!;
  for (
    const [path, type, first] of [
      [`/metrics/${metric.slug}`, "DefinedTerm", metric.definition],
      [`/frameworks/${framework.slug}`, "DefinedTerm", framework.summary],
    ] as const
  ) {
    const doc = await page(path);
    const meta = (key: string) =>
      attr(
        doc.one((element) =>
          element.tagName === "meta" &&
          (attr(element, "name") === key || attr(element, "property") === key), key),
        "content",
      );
    const sentence = /^.*?[.!?](?=\s|$)/s.exec(first)?.[0].replace(/\s+/g, " ").trim();
    assert.equal(meta("description"), sentence, path);
    assert.equal(meta("og:description"), sentence, path);
    assert.equal(meta("og:url"), `${BASE}${path}`);
    assert.equal(meta("twitter:card"), "summary");
    assert.ok(meta("og:title"));
    const script = doc.one((element) => element.tagName === "script", "JSON-LD");
    assert.equal(attr(script, "type"), "application/ld+json");
    const data = JSON.parse(textOf(script));
    assert.equal(data["@context"], "https://schema.org");
    assert.equal(data["@type"], type);
    assert.equal(data.url, `${BASE}${path}`);
    assert.equal(data.inDefinedTermSet["@type"], "DefinedTermSet");
    assert.equal(data.license, "https://creativecommons.org/licenses/by/4.0/");
    const canonical = doc.one((element) => attr(element, "rel") === "canonical", "canonical");
    assert.equal(attr(canonical, "href"), data.url);
  }
});

Deno.test("record pages list their sections on this page, each heading has a stable id and an anchor", async () => {
  for (
    const path of [
      `/metrics/${catalog.metrics[0]!.slug}`,
      `/frameworks/${catalog.frameworks[0]!.slug}`,
    ]
  ) {
    const doc = await page(path);
    const ids = doc.all("h2").map((heading) => attr(heading, "id"));
    assert.ok(ids.length > 5 && ids.every(Boolean), path);
    const rail = doc.one(
      (element) => element.tagName === "nav" && attr(element, "class") === "rail",
      "rail",
    );
    assert.equal(attr(rail, "aria-label"), "On this page");
    const railLinks = doc.all("a").filter((link) => isInside(link, rail)).map((link) =>
      attr(link, "href") ?? ""
    );
    // Every section, in order; the forms inside a section are listed under it.
    assert.deepEqual(
      railLinks.filter((href) => ids.some((id) => `#${id}` === href)),
      ids.map((id) => `#${id}`),
      path,
    );
    for (const href of railLinks) {
      assert.ok(
        doc.all("h2").concat(doc.all("h3")).some((h) => `#${attr(h, "id")}` === href),
        href,
      );
    }
    const narrow = doc.one((element) => element.tagName === "details", "narrow list");
    assert.equal(attr(narrow, "class"), "toc-narrow");
    for (const id of ids) {
      const anchor = doc.all("a").find((link) =>
        attr(link, "class") === "anchor" && attr(link, "href") === `#${id}`
      );
      assert.ok(anchor, `${path}: an anchor to #${id}`);
    }
  }
});

function isInside(element: Element, ancestor: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentNode as Element | null) {
    if (node === ancestor) return true;
  }
  return false;
}

Deno.test("the formula shows the equation first, in MathML where it reads as one, then the conditions", async () => {
  const full = await loadCatalog();
  const handler = createHandler(full, { baseUrl: BASE });
  let drawn = 0;
  const { expressionOf } = await import("../../../lib/read/calculate.ts");
  const { render } = await import("../../../lib/catalog/expression.ts");
  for (const metric of full.metrics) {
    const doc = await page(`/metrics/${metric.slug}`, 200, handler);
    const formula = doc.one((element) => attr(element, "class") === "formula", "formula");
    if (metric.calculator) {
      // Drawn from the calculator's expression in its short input names; the record's words
      // follow in full.
      drawn++;
      const hidden = doc.one(
        (element) => attr(element, "class") === "visually-hidden" && isInside(element, formula),
        "words",
      );
      assert.equal(textOf(hidden), render(expressionOf(metric.calculator)), metric.slug);
      const names = doc.all("mi").map(textOf);
      for (const key of Object.keys(metric.calculator.inputs)) {
        assert.ok(names.includes(key), `${metric.slug}: ${key} drawn`);
      }
      const notes = doc.one((element) => attr(element, "class") === "conditions", "conditions");
      assert.equal(textOf(notes), metric.formula, metric.slug);
      continue;
    }
    const end = equationEnd(metric.formula);
    const equation = end < 0 ? metric.formula : metric.formula.slice(0, end);
    const conditions = end < 0 ? undefined : metric.formula.slice(end + 1);
    const math = doc.all("math");
    if (math.length > 0) {
      drawn++;
      // The record's words stay for screen readers; the drawing is hidden from them.
      const hidden = doc.one(
        (element) => attr(element, "class") === "visually-hidden" && isInside(element, formula),
        "words",
      );
      assert.equal(textOf(hidden), equation.trim(), metric.slug);
      const drawing = doc.one((element) => attr(element, "class") === "math", "drawing");
      assert.equal(attr(drawing, "aria-hidden"), "true");
      if (equation.includes("÷")) {
        assert.ok(doc.all("mfrac").length > 0, `${metric.slug}: a fraction`);
      }
      if (equation.includes("^")) assert.ok(doc.all("msup").length > 0, `${metric.slug}: a power`);
    } else {
      const words = doc.one((element) => attr(element, "class") === "equation", "equation");
      assert.equal(textOf(words), equation.trim(), `${metric.slug}: the words when no drawing`);
    }
    if (conditions) {
      const notes = doc.one((element) => attr(element, "class") === "conditions", "conditions");
      assert.equal(textOf(notes), conditions.trim(), metric.slug);
    }
  }
  assert.ok(drawn >= 25, `${drawn} of ${full.metrics.length} formulas drawn in MathML`);
});

Deno.test("a metric page draws its figures, tables them with anchors and citations, and offers the data", async () => {
  const handler = createHandler(await loadCatalog());
  const html = await (await handler(new Request("http://localhost/metrics/churn-rate"))).text();
  assert.match(html, /<figure class="chart">\s*<svg class="figures-chart" [^>]*role="group"/);
  assert.match(
    html,
    /<a href="#figure-1" class="all"><title>1\. 5\.6%, reported figure \(Recurly\) — subscription businesses<\/title>/,
  );
  assert.match(html, /<tr id="figure-4">/);
  assert.match(html, /<tr id="figure-4">(?:(?!<\/tr>)[\s\S])*<td data-label="Year">undated<\/td>/);
  assert.match(html, /<tr id="figure-12">(?:(?!<\/tr>)[\s\S])*<td data-label="Year">2020<\/td>/);
  assert.match(
    html,
    /6\.8% median a month, SaaS companies, ARPA \$0–10 a month, Customer Churn Rate, ChartMogul on HackerNoon, accessed 2026, via http:\/\/localhost:8000\/metrics\/churn-rate#figure-4/,
  );
  assert.match(html, /Download these figures: <a href="\/benchmarks\.csv"/);
  assert.match(html, /<form class="compare" method="get" action="\/metrics\/churn-rate\/compare"/);
  assert.match(
    html,
    /<select name="model"><option value="">any<\/option><option value="b2b">B2B<\/option>/,
  );
  assert.match(
    html,
    /<input name="arpa" autocomplete="off" value="" size="10" placeholder="e.g. 200">/,
  );
  assert.match(
    html,
    /<noscript><p class="muted">On a static copy of this site, the answer needs JavaScript/,
  );
  const nrr = await (await handler(new Request("http://localhost/metrics/net-revenue-retention")))
    .text();
  assert.match(nrr, /Your value \(% a year\)/, "a period with no choice is said, not offered");
  assert.doesNotMatch(nrr, /<select name="per">/);
  const svgText = [...html.matchAll(/font-size: (\d+)px/g)].map((match) => Number(match[1]));
  assert.ok(svgText.every((size) => size >= 12));
});

Deno.test("/metrics/<slug>/compare places a value with citations, and answers bad input with 400", async () => {
  const handler = createHandler(await loadCatalog());
  const ok = await handler(
    new Request("http://localhost/metrics/churn-rate/compare?value=3&model=b2b"),
  );
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get("cache-control") ?? "", /max-age=\d+/);
  const html = await ok.text();
  assert.match(
    html,
    /<p class="verdict">For B2B, 3% a month is within 2 of the 3 typical ranges, /,
  );
  assert.match(
    html,
    /<h3>Your segment \(B2B\)<\/h3>\n<ul class="plain">\n<li>is better than Recurly&#39;s reported figure \(5% a month\) for subscription businesses, B2B \(Recurly, undated\) <a href="#figure-2">/,
  );
  const nps = await (await handler(
    new Request("http://localhost/metrics/net-promoter-score/compare?value=40"),
  )).text();
  assert.match(
    nps,
    /<li>is better than destinationCRM&#39;s average \(4 points\) [^<]*\(destinationCRM, 2012, more than five years old\) <a href="#figure-4">/,
  );
  assert.match(
    html,
    /<details><summary>For other segments, not compared \(1\)<\/summary>\n<ul class="plain">\n<li>is for another segment \(B2C\) <a href="#figure-3">/,
  );
  assert.match(html, /<path class="you" d="M[\d.]+ 17V22M/);
  assert.match(html, /<text class="you" [^>]*>You: 3% a month<\/text>/);
  assert.match(html, /<text class="group" [^>]*>Not compared: for other segments<\/text>/);
  const typed = await (await handler(
    new Request("http://localhost/metrics/churn-rate/compare?value=3%25&model=b2b&arpa=%24200"),
  )).text();
  assert.match(
    typed,
    /<p class="verdict">No figure is for B2B, ARPA \$200; against the closest, 3% a month /,
  );
  const converted = await (await handler(
    new Request("http://localhost/metrics/churn-rate/compare?value=40&per=year"),
  )).text();
  assert.match(converted, /<p class="verdict">40% a year \(4\.17% a month compounded\) is /);
  for (
    const query of [
      "value=abc",
      "value=",
      "value=3&model=b2g",
      "value=3&per=fortnight",
      "value=1e400",
      "value=1.04",
      "value=3&arpa=lots",
    ]
  ) {
    const bad = await handler(new Request(`http://localhost/metrics/churn-rate/compare?${query}`));
    assert.equal(bad.status, 400, query);
    assert.match(await bad.text(), /role="alert">[^<]+</, query);
  }
  const none = await handler(
    new Request("http://localhost/metrics/power-user-curve/compare?value=3"),
  );
  assert.equal(none.status, 404);
});

Deno.test("/search titles a hit by the record's display name, as every other surface does", async () => {
  const full = createHandler(await loadCatalog());
  const html = await (await full(new Request("http://localhost/search?q=stickiness"))).text();
  assert.ok(html.includes(">DAU/MAU Ratio (Stickiness)<"), "the name already shows DAU/MAU");
  assert.ok(!html.includes("DAU/MAU Ratio (Stickiness) (DAU/MAU)"));
});

Deno.test("the answer page says which way is better and refuses impossible or repeated values", async () => {
  const full = createHandler(await loadCatalog());
  const get = (query: string) =>
    full(new Request(`http://localhost/metrics/churn-rate/compare?${query}`));
  const ok = await (await get("value=3&model=b2b")).text();
  assert.match(ok, /<p class="muted">For Customer Churn Rate, lower is better\.<\/p>/);
  const cases: [string, string][] = [
    ["value=-5", "A rate of loss is a percentage from 0% to 100%"],
    ["value=200", "A rate of loss is a percentage from 0% to 100%"],
    ["value=3&model=b2b&model=b2c", "Give &quot;model&quot; once"],
    ["value=3&model=zzz", "takes one of &quot;b2b&quot;, &quot;b2c&quot;, not"],
  ];
  for (const [query, message] of cases) {
    const response = await get(query);
    assert.equal(response.status, 400, query);
    assert.ok((await response.text()).includes(message), `${query}: ${message}`);
  }
  const count = await full(
    new Request("http://localhost/metrics/churn-rate/calc?lost=1.5&start=10"),
  );
  assert.equal(count.status, 400);
  assert.match(
    await count.text(),
    /Input &quot;lost&quot; \(Customers lost\) is a count: a whole number/,
  );
});

Deno.test("readableDate() writes a day as people read it, and other text as it is", () => {
  assert.equal(readableDate("2026-11-22"), "22 November 2026");
  assert.equal(readableDate("2024-02-29"), "29 February 2024");
  for (const text of ["2026-02-30", "2026-13-01", "26-11-2026", "soon", ""]) {
    assert.equal(readableDate(text), text);
  }
});

Deno.test("the home page asks 'Is my number good?' with a form: a metric and a value, then the metric's answer where the segment is asked", async () => {
  const handler = createHandler(full, { baseUrl: BASE });
  const home = await page("/", 200, handler);
  assert.match(home.html, /<h2 id="stand">Is my number good\?<\/h2>/);
  const form = home.one(
    (element) => element.tagName === "form" && attr(element, "action") === "/compare",
    "the form",
  );
  assert.equal(attr(form, "method"), "get");
  const select = home.one(
    (element) => element.tagName === "select" && attr(element, "name") === "metric",
    "the select",
  );
  const offered = select.childNodes.filter((node): node is Element => "tagName" in node)
    .map((option) => attr(option, "value")).filter(Boolean);
  const comparable = full.metrics.filter((metric) => comparableFigures(metric).length > 0)
    .map((metric) => metric.slug);
  assert.deepEqual([...offered].sort(), [...comparable].sort());
  assert.ok(home.all("input").some((input) => attr(input, "name") === "value"));
  // Sent, it goes on to the metric's answer with the value; the segment is asked there.
  const sent = await handler(new Request("http://localhost/compare?metric=churn-rate&value=3%25"));
  assert.equal(sent.status, 303);
  assert.equal(sent.headers.get("location"), "/metrics/churn-rate/compare?value=3%25");
  const answer = await page("/metrics/churn-rate/compare?value=3%25", 200, handler);
  assert.match(answer.html, /Customer Churn Rate: where do you stand\?/);
  assert.ok(answer.all("select").length > 0, "the segment's fields");
  for (const target of ["/compare?value=3", "/compare?metric=nope&value=3"]) {
    const again = await page(target, 400, handler);
    assert.ok(again.all("form").some((item) => attr(item, "action") === "/compare"), target);
    assert.ok(again.all("p").some((item) => attr(item, "role") === "alert"), target);
  }
  const metric = (await page("/metrics/churn-rate", 200, handler)).html;
  assert.match(metric, /<h3 id="where-do-you-stand">Where do you stand\?<\/h3>/);
  assert.ok(
    metric.indexOf('id="where-do-you-stand"') < metric.indexOf('class="figures-chart"'),
    "the form comes before the figures",
  );
  assert.match(metric, /<li><a href="#where-do-you-stand">Where do you stand\?<\/a><\/li>/);
});

Deno.test("a metric page draws each series of its figures as a line chart, every point linked to its figure and cited", async () => {
  const withSeries = full.metrics.filter((metric) =>
    (metric.figures ?? []).some((figure) => figure.series !== undefined)
  );
  assert.ok(withSeries.length >= 3, `metrics with a series: ${withSeries.length}`);
  for (const metric of withSeries) {
    const path = `/metrics/${metric.slug}`;
    const doc = await page(path, 200, fullSite);
    assertAccessibleFrame(doc, path);
    const ids = new Set(metric.figures!.flatMap((figure) => figure.series ?? []));
    for (const id of ids) {
      const members = metric.figures!.flatMap((figure, index) =>
        figure.series === id ? [{ figure, number: index + 1 }] : []
      );
      const section = doc.one(
        (element) =>
          element.tagName === "section" && attr(element, "aria-labelledby") === `series-${id}`,
        `${path}: the section of series ${id}`,
      );
      const svg = section.childNodes.flatMap((node) => "tagName" in node ? [node] : [])
        .flatMap(function all(element: Element): Element[] {
          return [
            element,
            ...element.childNodes.flatMap((child) => "tagName" in child ? all(child) : []),
          ];
        });
      const chart = svg.find((element) => element.tagName === "svg");
      assert.ok(chart, `${path}: ${id} has its chart`);
      assert.equal(attr(chart, "role"), "group");
      const line = svg.find((element) =>
        element.tagName === "path" && attr(element, "class") === "line"
      );
      assert.equal(
        (attr(line!, "d") ?? "").match(/[ML]/g)?.length,
        members.length,
        `${id}: one vertex a point`,
      );
      const pointLinks = linksIn(chart).filter((href) => href.startsWith("#figure-"));
      const items = svg.filter((element) => element.tagName === "li");
      assert.equal(items.length, members.length, `${id}: one cited item a point`);
      const source = members[0]!.figure.source;
      for (const { figure, number } of members) {
        assert.ok(
          pointLinks.includes(`#figure-${number}`),
          `${id}: the chart links figure ${number}`,
        );
        const item = items.find((li) => linksIn(li).includes(`#figure-${number}`));
        assert.ok(item, `${id}: figure ${number} is listed`);
        assert.ok(linksIn(item).includes(`#source-${source}`), `${id}: figure ${number} is cited`);
        const year = figure.dataYear ?? figure.year;
        assert.match(textOf(item), new RegExp(`^${year}: ${figure.written.replace(".", "\\.")} `));
        byId(doc, `figure-${number}`);
        byId(doc, `source-${source}`);
      }
      const years = items.map((li) => Number(textOf(li).slice(0, 4)));
      assert.deepEqual(years, years.toSorted(), `${id}: oldest first`);
    }
  }
  const plain = await page("/metrics/alpha-rate");
  assert.equal(plain.all("svg").filter((svg) => attr(svg, "class") === "series-chart").length, 0);
});
