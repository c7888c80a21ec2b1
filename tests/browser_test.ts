// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
import assert from "node:assert/strict";
import type { Page } from "npm:playwright-core@1.65.1";
import { type Catalog, createHandler, createReadModel, loadCatalog } from "../lib/mod.ts";
import { buildSite } from "../lib/web/site.ts";
import { exportSite } from "../lib/export/export.ts";
import { FIXTURE, startNginx, systemBinary } from "./_system.ts";
import { browserBinary, chromiumTest, SCREENSHOTS, withChromium } from "./_chromium.ts";
import { MAPPINGS } from "../lib/sql/mappings.ts";
import { recipeText } from "../lib/sql/recipe.ts";
import { QUERIES, QUESTIONS } from "./_search_queries.ts";
import {
  SEARCH_INDEX_PATH,
  SEARCH_RESULTS_SCRIPT_PATH,
  SEARCH_SCRIPT_PATH,
} from "../lib/web/paths.ts";

/** A request handler: the catalog's, or a test's own. */
type AnyHandler = (request: Request) => Response | Promise<Response>;

/** Serves a handler on a free port of 127.0.0.1 until `use` returns. */
async function serving<T>(
  handler: (origin: string) => AnyHandler,
  use: (origin: string) => Promise<T>,
): Promise<T> {
  let answer: AnyHandler = () => new Response("Starting", { status: 503 });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => answer(request),
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  answer = handler(origin);
  try {
    return await use(origin);
  } finally {
    await server.shutdown();
  }
}

/** What went wrong while a page was open: console errors, script errors, failed requests. */
interface Watch {
  problems: string[];
  requests: string[];
  dialogs: string[];
}

function watch(page: Page): Watch {
  const seen: Watch = { problems: [], requests: [], dialogs: [] };
  page.on("console", (message) => {
    if (message.type() === "error") seen.problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => seen.problems.push(`script error: ${error.message}`));
  page.on("requestfailed", (request) => {
    seen.problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) seen.problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  return seen;
}

function assertClean(seen: Watch, origin: string, what: string) {
  assert.deepEqual(seen.problems, [], what);
  assert.deepEqual(seen.dialogs, [], `${what}: dialogs`);
  const outside = seen.requests.filter((url) => !url.startsWith(`${origin}/`));
  assert.deepEqual(outside, [], `${what}: requests outside the site`);
}

const catalog = await loadCatalog(FIXTURE);

chromiumTest(
  "Chromium: the answer to where a value stands fits a phone and a desktop, chart text 12 px or more",
  async (browser) => {
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      for (const width of [390, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const seen = watch(page);
        for (
          const path of [
            "/metrics/net-revenue-retention/compare?value=104%25&customers=mid-market&acv=30k",
            "/metrics/net-revenue-retention",
            "/metrics/cac-payback-period/compare?value=14",
            "/metrics/cac-payback-period/compare?value=300",
            "/metrics/daily-active-users",
          ]
        ) {
          await page.goto(`${origin}${path}`);
          const scroll = await page.locator("html").evaluate((html) => html.scrollWidth);
          const charts = await page.locator("svg.figures-chart").evaluateAll((svgs) =>
            svgs.map((svg) => {
              const view = svg.ownerDocument.defaultView!;
              const box = svg.getBoundingClientRect();
              const scale = box.width / Number(svg.getAttribute("width"));
              const texts = [...svg.querySelectorAll("text")];
              const axis = [...svg.querySelectorAll(".axis text")].map((text) =>
                text.getBoundingClientRect()
              );
              return {
                overlap: axis.some((box, index) => index > 0 && box.left < axis[index - 1]!.right),
                px: Math.min(
                  ...texts.map((text) => parseFloat(view.getComputedStyle(text).fontSize) * scale),
                ),
                cut: texts.some((text) => /…|\.\.$/.test(text.textContent ?? "")),
                right: Math.max(...texts.map((text) => text.getBoundingClientRect().right)),
                width: box.right,
              };
            })
          );
          const layout = { scroll, chart: charts };
          assert.ok(layout.scroll <= width, `${path} at ${width}: ${layout.scroll} px wide`);
          for (const chart of layout.chart) {
            assert.ok(chart.px >= 12, `${path} at ${width}: chart text ${chart.px} px`);
            assert.ok(!chart.cut, `${path} at ${width}: a label cut short`);
            assert.ok(!chart.overlap, `${path} at ${width}: axis numbers run into one another`);
            assert.ok(chart.right <= chart.width + 1, `${path} at ${width}: text past the chart`);
          }
        }
        // The verdict leads the answer, with its chart right under it.
        await page.goto(
          `${origin}/metrics/net-revenue-retention/compare?value=104%25&customers=mid-market&acv=30k`,
        );
        const verdict = await page.locator("section.answer p.verdict").boundingBox();
        const chart = await page.locator("section.answer svg.figures-chart").boundingBox();
        assert.ok(verdict && chart && chart.y - (verdict.y + verdict.height) < 400, `${width}`);
        await page.screenshot({ path: `${SCREENSHOTS}compare-nrr-${width}.png`, fullPage: false });
        assertClean(seen, origin, `compare at ${width}`);
        await page.close();
      }
    });
  },
);

chromiumTest(
  "Chromium shows the home, metric and framework pages and searches from the box, cleanly",
  async (browser) => {
    await serving((origin) => createHandler(catalog, { baseUrl: origin }), async (origin) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const seen = watch(page);

      const home = await page.goto(`${origin}/`);
      assert.equal(home?.status(), 200);
      assert.equal(await page.title(), "Metrics Catalog");
      assert.equal(await page.locator("h1").textContent(), "Product and growth metrics");
      assert.equal(await page.getByRole("searchbox", { name: "Search the catalog" }).count(), 1);
      const colour = await page.locator("body").evaluate((body) =>
        body.ownerDocument.defaultView?.getComputedStyle(body).color
      );
      assert.equal(colour, "rgb(27, 31, 36)", "the stylesheet loaded under the CSP");
      await page.screenshot({ path: `${SCREENSHOTS}home.png`, fullPage: true });

      await page.locator("ul.az").getByRole("link", { name: "Alpha-rate Fixture" }).click();
      await page.waitForURL(`${origin}/metrics/alpha-rate`);
      assert.equal(await page.locator("h1").textContent(), "Alpha-rate Fixture");
      assert.equal(
        await page.locator("time[datetime='2026-11-01']").textContent(),
        "1 November 2026",
      );
      await page.screenshot({ path: `${SCREENSHOTS}metric.png`, fullPage: true });

      await page.getByRole("link", { name: "Sample Framework" }).first().click();
      await page.waitForURL(`${origin}/frameworks/sample-framework`);
      const cards = page.locator("ol.components > li");
      assert.equal(await cards.count(), 2);
      const [first, second] = [
        await cards.nth(0).boundingBox(),
        await cards.nth(1).boundingBox(),
      ];
      assert.ok(
        first && second && second.x > first.x,
        "components stand side by side on a wide screen",
      );
      await page.screenshot({ path: `${SCREENSHOTS}framework.png`, fullPage: true });

      await page.getByRole("searchbox", { name: "Search the catalog" }).fill("beta");
      await page.getByRole("searchbox", { name: "Search the catalog" }).press("Enter");
      await page.waitForURL(`${origin}/search?q=beta`);
      assert.equal(
        await page.locator("ol.records > li a").first().textContent(),
        "Beta-rate Fixture",
      );
      await page.screenshot({ path: `${SCREENSHOTS}search.png`, fullPage: true });
      assertClean(seen, origin, "desktop");

      const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const small = await phone.newPage();
      const seenSmall = watch(small);
      for (const path of ["/", "/metrics/alpha-rate", "/frameworks/sample-framework"]) {
        await small.goto(`${origin}${path}`);
        const overflow = await small.locator("html").evaluate((html) =>
          html.scrollWidth - html.clientWidth
        );
        assert.ok(overflow <= 0, `${path} scrolls sideways on a phone by ${overflow}px`);
      }
      const [top, below] = [
        await small.locator("ol.components > li").nth(0).boundingBox(),
        await small.locator("ol.components > li").nth(1).boundingBox(),
      ];
      assert.ok(top && below && below.y > top.y, "components stack on a phone");
      await small.screenshot({ path: `${SCREENSHOTS}framework-phone.png`, fullPage: true });
      assertClean(seenSmall, origin, "phone");
    });
  },
);

chromiumTest(
  "Chromium runs nothing from hostile record text and finds no link off http(s)",
  async (browser) => {
    const evil = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">` +
      `"'><svg onload="window.__pwned=1">`;
    const metric = {
      ...catalog.metrics[0]!,
      slug: "evil",
      name: `Evil ${evil}`,
      definition: `${evil}\n\n</p><script>window.__pwned=1</script>`,
      relatedMetrics: [{ slug: "javascript:window.__pwned=1", text: evil }],
      sources: [
        { label: "Script", url: "javascript:window.__pwned=1" },
        { label: "Data", url: "data:text/html,<script>window.__pwned=1</script>" },
      ],
    };
    const hostile: Catalog = {
      metrics: [metric],
      frameworks: [{
        ...catalog.frameworks[0]!,
        name: evil,
        components: [{ name: evil, description: evil, metricSlugs: ["evil"] }],
        examples: [{ company: evil, detail: evil, source: { label: evil, url: "javascript:1" } }],
      }],
      synonyms: new Map(),
      segments: {},
    };
    await serving((origin) => createHandler(hostile, { baseUrl: origin }), async (origin) => {
      const page = await browser.newPage();
      const seen = watch(page);
      const query = encodeURIComponent(`<script>window.__pwned=1</script>`);
      for (
        const path of ["/", "/metrics/evil", "/frameworks/sample-framework", `/search?q=${query}`]
      ) {
        await page.goto(`${origin}${path}`);
        await page.locator("*").evaluateAll((elements) => {
          for (const element of elements) {
            for (const type of ["mouseover", "focus", "error", "load"]) {
              element.dispatchEvent(new Event(type));
            }
          }
        });
        const pwned = await page.evaluate(() => "__pwned" in globalThis);
        assert.equal(pwned, false, path);
        // Structured data and the compare form's own script are the only scripts; the generated
        // diagram and chart the only SVG.
        assert.equal(
          await page.locator(
            'script:not([type="application/ld+json"]):not([src="/assets/forms.js"]), img, svg:not(.diagram):not(.figures-chart), iframe, object',
          ).count(),
          0,
          path,
        );
        const hrefs = await page.locator("a").evaluateAll((links) =>
          links.map((link) => link.getAttribute("href") ?? "")
        );
        const schemes = new Set(hrefs.map((href) => new URL(href, origin).protocol));
        assert.deepEqual([...schemes].filter((scheme) => !/^https?:$/.test(scheme)), [], path);
      }
      assert.equal(await page.locator("h1").first().textContent(), "Search results");
      await page.goto(`${origin}/metrics/evil`);
      assert.match(
        (await page.locator("h1").textContent()) ?? "",
        /^Evil <script>window\.__pwned=1<\/script>/,
      );
      await page.screenshot({ path: `${SCREENSHOTS}hostile-metric.png`, fullPage: true });
      assertClean(seen, origin, "hostile");
    });
  },
);

chromiumTest(
  "Chromium on another origin reads the API across origins, preflight and errors included",
  async (browser) => {
    await serving(
      (origin) => createHandler(catalog, { baseUrl: origin }),
      (api) =>
        serving(() => () => Response.json({ secret: true }), (closed) =>
          serving(
            () => () =>
              new Response("<!doctype html><title>Another origin</title><p>Client</p>", {
                headers: { "content-type": "text/html; charset=utf-8" },
              }),
            async (client) => {
              const page = await browser.newPage();
              const seen = watch(page);
              await page.goto(`${client}/`);
              const result = await page.evaluate(async ({ api, closed }) => {
                const list = await fetch(`${api}/api/metrics`);
                const metrics = await list.json();
                const etag = list.headers.get("etag");
                const again = await fetch(`${api}/api/metrics`, {
                  headers: { "If-None-Match": etag ?? "" },
                });
                const missing = await fetch(`${api}/api/metrics/nope`);
                const error = await missing.json();
                let refused = "";
                try {
                  await fetch(`${closed}/`);
                } catch (reason) {
                  refused = String(reason);
                }
                return {
                  status: list.status,
                  count: metrics.length,
                  etag,
                  revalidated: again.status,
                  missing: missing.status,
                  error: typeof error.error,
                  refused,
                };
              }, { api, closed });
              assert.equal(result.status, 200);
              assert.equal(result.count, 3);
              assert.match(result.etag ?? "", /^"/, "ETag is exposed to scripts");
              assert.equal(result.revalidated, 304, "a preflighted conditional request");
              assert.equal(result.missing, 404);
              assert.equal(result.error, "string", "error bodies are readable across origins");
              assert.match(
                result.refused,
                /TypeError|Failed to fetch/,
                "the browser does enforce CORS",
              );
              const blocked = seen.problems.filter((problem) =>
                /CORS|Access-Control/.test(problem) && !problem.includes(closed)
              );
              assert.deepEqual(blocked, [], "no CORS complaint about the API");
              assert.ok(
                seen.problems.some((problem) => /CORS|Access-Control/.test(problem)),
                "the browser reported the refused request",
              );
            },
          )),
    );
  },
);

const fullCatalog = await loadCatalog();

chromiumTest(
  "Chromium: framework diagrams link their metrics and fit a phone; the rail and section links move; axe finds nothing, light and dark",
  async (browser) => {
    const { default: axe } = await import("npm:axe-core@4.14.1");
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      for (const framework of fullCatalog.frameworks) {
        await phone.goto(`${origin}/frameworks/${framework.slug}`);
        const diagram = phone.locator("svg.diagram:visible");
        assert.ok(await diagram.isVisible(), framework.slug);
        assert.equal(
          await phone.getByRole("group", { name: `${framework.name}, as a diagram` }).count(),
          1,
          `${framework.slug}: the diagram's accessible name`,
        );
        const hrefs = await diagram.locator("a").evaluateAll((links) =>
          links.map((link) => link.getAttribute("href"))
        );
        for (const slug of framework.components.flatMap((part) => part.metricSlugs)) {
          assert.ok(hrefs.includes(`/metrics/${slug}`), `${framework.slug} links ${slug}`);
        }
        const overflow = await phone.locator("html").evaluate((html) =>
          html.scrollWidth - html.clientWidth
        );
        assert.ok(
          overflow <= 0,
          `${framework.slug} scrolls sideways on a phone by ${overflow}px`,
        );
        const box = await diagram.boundingBox();
        assert.ok(box && box.width <= 390, `${framework.slug}: the diagram fits`);
        await phone.screenshot({ path: `${SCREENSHOTS}framework-${framework.slug}-phone.png` });
      }
      await phone.close();

      const wide = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await wide.goto(`${origin}/metrics/churn-rate`);
      const rail = wide.getByRole("navigation", { name: "On this page" });
      assert.ok(await rail.isVisible(), "the rail shows on a wide screen");
      assert.ok(!(await wide.locator("details.toc-narrow").isVisible()), "the folded list hides");
      await rail.getByRole("link", { name: "Sources" }).click();
      await wide.waitForURL(`${origin}/metrics/churn-rate#sources`);
      const sources = await wide.locator("#sources").boundingBox();
      assert.ok(sources && sources.y >= 0 && sources.y < 200, `Sources heading at ${sources?.y}`);
      assert.ok(await rail.isVisible(), "the rail stays in view (sticky)");
      await wide.goto(`${origin}/metrics/churn-rate#what-to-watch`);
      const watched = await wide.locator("#what-to-watch").boundingBox();
      assert.ok(watched && watched.y >= 0 && watched.y < 200, `What to watch at ${watched?.y}`);
      const highlighted = await wide.locator("section:has(> .heading > h2:target)").count();
      assert.equal(highlighted, 1, "the opened section is highlighted");
      await wide.screenshot({ path: `${SCREENSHOTS}metric-what-to-watch.png` });
      await wide.close();

      const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await narrow.goto(`${origin}/metrics/churn-rate`);
      assert.ok(
        await narrow.locator("details.toc-narrow").isVisible(),
        "a folded list on a phone",
      );
      assert.ok(!(await narrow.locator("nav.rail").isVisible()), "no rail on a phone");
      await narrow.close();

      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 900 },
          colorScheme: scheme,
          bypassCSP: true,
        });
        const page = await context.newPage();
        for (
          const path of [
            "/",
            "/metrics/churn-rate",
            "/frameworks/aarrr",
            "/frameworks/growth-accounting",
            "/search?q=retention",
            "/metrics",
            "/frameworks",
            "/tags",
            "/sql",
            "/developers",
            "/compare?metric=nope",
            "/compare/gross-revenue-retention-vs-net-revenue-retention",
            "/metrics/churn-rate/compare?value=3&model=b2b",
            "/metrics/customer-lifetime-value/calc?arpa=200&grossMargin=80&churn=2.5",
          ]
        ) {
          await page.goto(`${origin}${path}`);
          await page.evaluate(axe.source);
          const violations = await page.evaluate(async () => {
            // deno-lint-ignore no-explicit-any
            const result = await (globalThis as any).axe.run();
            return result.violations.map((violation: { id: string; nodes: unknown[] }) =>
              `${violation.id} (${violation.nodes.length})`
            );
          });
          assert.deepEqual(violations, [], `${scheme} ${path}`);
          const name = path === "/" ? "home" : path.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "");
          await page.screenshot({ path: `${SCREENSHOTS}${name}-${scheme}.png`, fullPage: true });
        }
        await context.close();
      }
    });
  },
);

chromiumTest(
  "Chromium: the pages with a series over the years draw it at 1280 and 390 px, light and dark, text 12 px or more, and axe finds nothing",
  async (browser) => {
    const { default: axe } = await import("npm:axe-core@4.14.1");
    const slugs = fullCatalog.metrics.filter((metric) =>
      (metric.figures ?? []).some((figure) => figure.series !== undefined)
    ).map((metric) => metric.slug);
    assert.ok(slugs.length >= 3, `metrics with a series: ${slugs.join(", ")}`);
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      for (const scheme of ["light", "dark"] as const) {
        for (const width of [1280, 390]) {
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            colorScheme: scheme,
            bypassCSP: true,
          });
          const page = await context.newPage();
          const seen = watch(page);
          for (const slug of slugs) {
            const at = `${scheme} ${width}px /metrics/${slug}`;
            await page.goto(`${origin}/metrics/${slug}`);
            const charts = page.locator("svg.series-chart");
            assert.ok(await charts.count() >= 1, `${at}: a series chart`);
            const layout = await charts.evaluateAll((svgs) =>
              svgs.map((svg) => {
                const view = svg.ownerDocument.defaultView!;
                const box = svg.getBoundingClientRect();
                const scale = box.width / Number(svg.getAttribute("width"));
                const texts = [...svg.querySelectorAll("text")];
                const circle = svg.querySelector("circle");
                return {
                  px: Math.min(
                    ...texts.map((text) =>
                      parseFloat(view.getComputedStyle(text).fontSize) * scale
                    ),
                  ),
                  left: Math.min(...texts.map((text) => text.getBoundingClientRect().left)),
                  right: Math.max(...texts.map((text) => text.getBoundingClientRect().right)),
                  box: { left: box.left, right: box.right },
                  fill: circle ? view.getComputedStyle(circle).fill : "",
                  line: view.getComputedStyle(svg.querySelector("path.line")!).stroke,
                  background: view.getComputedStyle(svg.ownerDocument.body).backgroundColor,
                };
              })
            );
            const scroll = await page.locator("html").evaluate((html) => html.scrollWidth);
            assert.ok(scroll <= width, `${at}: ${scroll} px wide`);
            for (const chart of layout) {
              assert.ok(chart.px >= 12, `${at}: chart text ${chart.px} px`);
              assert.ok(chart.left >= chart.box.left - 1, `${at}: text past the chart's left`);
              assert.ok(chart.right <= chart.box.right + 1, `${at}: text past the chart's right`);
              assert.notEqual(chart.fill, chart.background, `${at}: points show on the page`);
              assert.notEqual(chart.line, "none", `${at}: the line is drawn`);
            }
            await page.evaluate(axe.source);
            const violations = await page.evaluate(async () => {
              // deno-lint-ignore no-explicit-any
              const result = await (globalThis as any).axe.run();
              return result.violations.map((violation: { id: string; nodes: unknown[] }) =>
                `${violation.id} (${violation.nodes.length})`
              );
            });
            assert.deepEqual(violations, [], `${at}: axe`);
            await page.locator("section.series").first().screenshot({
              path: `${SCREENSHOTS}series-${slug}-${scheme}-${width}.png`,
            });
          }
          // The answer against a series' latest point sets its earlier points apart, by name.
          const answer = "/metrics/trial-to-paid-conversion-rate/compare?value=20%25";
          await page.goto(`${origin}${answer}`);
          const apart = await page.locator("svg.figures-chart text.group").allTextContents();
          assert.ok(
            apart.includes("Not compared: earlier points of a series"),
            `${scheme} ${width}px ${answer}: ${apart.join(" | ")}`,
          );
          const scroll = await page.locator("html").evaluate((html) => html.scrollWidth);
          assert.ok(scroll <= width, `${scheme} ${width}px ${answer}: ${scroll} px wide`);
          await page.evaluate(axe.source);
          const violations = await page.evaluate(async () => {
            // deno-lint-ignore no-explicit-any
            const result = await (globalThis as any).axe.run();
            return result.violations.map((violation: { id: string; nodes: unknown[] }) =>
              `${violation.id} (${violation.nodes.length})`
            );
          });
          assert.deepEqual(violations, [], `${scheme} ${width}px ${answer}: axe`);
          assertClean(seen, origin, `series pages, ${scheme}, ${width}px`);
          await context.close();
        }
      }
    });
  },
);

chromiumTest(
  "Chromium: every metric's formula fits its column, desktop and phone, in the page's own type",
  async (browser) => {
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      const problems: string[] = [];
      for (const [width, height] of [[1280, 800], [390, 844]] as const) {
        const page = await browser.newPage({ viewport: { width, height } });
        for (const metric of fullCatalog.metrics) {
          await page.goto(`${origin}/metrics/${metric.slug}`);
          const box = page.locator("p.formula");
          // What in the formula box overflows it, or is set in a type other than the page's.
          const found = await box.evaluate((box) => {
            const view = box.ownerDocument.defaultView!;
            const outer = box.getBoundingClientRect();
            const style = view.getComputedStyle(box);
            const left = outer.left + parseFloat(style.borderLeftWidth);
            const right = outer.right - parseFloat(style.borderRightWidth);
            const pageType = view.getComputedStyle(box.ownerDocument.body).fontFamily;
            const problems: string[] = [];
            for (const element of [box, ...box.querySelectorAll("*")]) {
              // Text kept for screen readers is clipped on purpose.
              if (element.closest(".visually-hidden")) continue;
              const name = `<${element.tagName.toLowerCase()}> "${
                (element.textContent ?? "").slice(0, 30)
              }"`;
              if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
                problems.push(
                  `${name} scrolls by ${element.scrollWidth - element.clientWidth}px`,
                );
              }
              const rect = element.getBoundingClientRect();
              if (
                element !== box && rect.width > 0 &&
                (rect.right > right + 0.5 || rect.left < left - 0.5)
              ) {
                problems.push(
                  `${name} sticks out by ${
                    Math.round(Math.max(rect.right - right, left - rect.left))
                  }px`,
                );
              }
              const type = view.getComputedStyle(element).fontFamily;
              if (type !== pageType) problems.push(`${name} is set in ${type}`);
            }
            return problems;
          });
          for (const problem of found) {
            problems.push(`${width}px ${metric.slug}: ${problem}`);
          }
          if (!metric.calculator) {
            await box.screenshot({ path: `${SCREENSHOTS}formula-${metric.slug}-${width}.png` });
          }
        }
        await page.close();
      }
      assert.deepEqual(problems, [], `${problems.length} formula problems`);
    });
  },
);

chromiumTest(
  "Chromium: framework diagrams draw their text at 12 px or more on a 375 or 390 px phone, no two labels overlapping",
  async (browser) => {
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      // 375 px is also what a 390 px window leaves beside a classic 15 px scrollbar.
      for (const [width, height] of [[1280, 800], [390, 844], [375, 812]] as const) {
        const page = await browser.newPage({ viewport: { width, height } });
        for (const framework of fullCatalog.frameworks) {
          await page.goto(`${origin}/frameworks/${framework.slug}`);
          const diagram = page.locator("svg.diagram:visible");
          assert.equal(await diagram.count(), 1, `${width}px ${framework.slug}: one diagram`);
          const boxes = await diagram.locator("text").evaluateAll((texts) =>
            texts.map((text) => {
              const { left, top, right, bottom } = text.getBoundingClientRect();
              const style = text.ownerDocument.defaultView!.getComputedStyle(text);
              return {
                text: text.textContent ?? "",
                left,
                top,
                right,
                bottom,
                fontSize: parseFloat(style.fontSize),
              };
            })
          );
          const what = `${width}px ${framework.slug}`;
          assert.ok(boxes.length > 0, what);
          if (width < 400) {
            // A text's size as drawn: its size in the drawing's units times the drawing's scale.
            const [, , drawnWidth = 0] = (await diagram.getAttribute("viewBox") ?? "").split(" ")
              .map(Number);
            const scale = ((await diagram.boundingBox())?.width ?? 0) / drawnWidth;
            const small = boxes.filter((box) => box.fontSize * scale < 12).map((box) =>
              `"${box.text}" ${(box.fontSize * scale).toFixed(1)}px`
            );
            assert.deepEqual(small, [], `${what}: text under 12 px`);
          }
          const overlaps: string[] = [];
          boxes.forEach((a, index) => {
            for (const b of boxes.slice(index + 1)) {
              const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
              const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
              if (across > 1 && down > 1) overlaps.push(`"${a.text}" and "${b.text}"`);
            }
          });
          assert.deepEqual(overlaps, [], `${what}: overlapping labels`);
          const overflow = await page.locator("html").evaluate((html) =>
            html.scrollWidth - html.clientWidth
          );
          assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
          await diagram.screenshot({
            path: `${SCREENSHOTS}diagram-${framework.slug}-${width}.png`,
          });
        }
        await page.close();
      }
    });
  },
);

chromiumTest(
  "Chromium: the header takes under 100 px of a phone and keeps its links and search box",
  async (browser) => {
    const { default: axe } = await import("npm:axe-core@4.14.1");
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      for (const width of [390, 360]) {
        const page = await browser.newPage({ viewport: { width, height: 844 } });
        for (const path of ["/", "/metrics/churn-rate", "/search?q=retention"]) {
          await page.goto(`${origin}${path}`);
          const header = await page.locator("header.site").boundingBox();
          assert.ok(
            header && header.height < 100,
            `${width}px ${path}: header ${header?.height}px`,
          );
          const reachable = [
            page.locator('header.site a[href="/metrics"]'),
            page.locator('header.site a[href="/frameworks"]'),
            page.locator('header.site a[href="/developers"]'),
            page.getByRole("searchbox", { name: "Search the catalog" }),
            page.getByRole("button", { name: "Search" }),
          ];
          for (const item of reachable) {
            const box = await item.boundingBox();
            assert.ok(
              box && box.x >= 0 && box.x + box.width <= width &&
                box.y + box.height <= header.height,
              `${width}px ${path}: ${item} in view in the header`,
            );
          }
        }
        await page.goto(`${origin}/metrics/churn-rate`);
        await page.screenshot({ path: `${SCREENSHOTS}header-${width}.png` });
        // The phone's layout (compact header, stacked diagram, wrapped formula) passes axe too.
        for (const path of ["/metrics/net-revenue-retention", "/frameworks/growth-accounting"]) {
          await page.goto(`${origin}${path}`);
          await page.evaluate(axe.source);
          const violations = await page.evaluate(async () => {
            // deno-lint-ignore no-explicit-any
            const result = await (globalThis as any).axe.run();
            return result.violations.map((violation: { id: string }) => violation.id);
          });
          assert.deepEqual(violations, [], `${width}px ${path}: axe`);
        }
        await page.close();
      }
    });
  },
);

chromiumTest(
  "Chromium: the home page's 'Is my number good?' answers without JavaScript, asking the segment next",
  async (browser) => {
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.locator("form.stand-home select[name=metric]").selectOption("churn-rate");
      await page.getByLabel("Your value").fill("3%");
      await page.getByRole("button", { name: "Is it good?" }).click();
      await page.waitForURL(/\/metrics\/churn-rate\/compare\?value=3%25$/);
      assert.match(
        (await page.locator("h1").textContent()) ?? "",
        /Customer Churn Rate: where do you stand/,
      );
      assert.ok(await page.locator("p.verdict").count() > 0, "a verdict");
      assert.ok(await page.locator("form.compare select").count() > 0, "the segment, asked next");
      await context.close();
    });
  },
);

chromiumTest(
  "Chromium: a metric page's figures table reads on a phone (its caption across, no empty field), and an SQL block that runs past its box shows a shadow",
  async (browser) => {
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(`${origin}/metrics/churn-rate`);
      const table = phone.locator("table.figures");
      const [caption, body] = await Promise.all([
        table.locator("caption").boundingBox(),
        table.locator("tbody").boundingBox(),
      ]);
      assert.ok(caption && body && caption.width >= body.width - 1, `caption ${caption?.width}px`);
      const shown = await table.locator("td").evaluateAll((cells) =>
        cells.filter((cell) =>
          cell.ownerDocument.defaultView?.getComputedStyle(cell).display !== "none"
        ).map((cell) => cell.textContent?.trim() ?? "")
      );
      assert.ok(shown.length > 20, `${shown.length} cells shown`);
      assert.ok(!shown.includes("—"), "an empty field shows");
      await table.screenshot({ path: `${SCREENSHOTS}figures-table-390.png` });
      await phone.close();

      const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await wide.goto(`${origin}/metrics/churn-rate`);
      const block = wide.locator("pre.sql").first();
      const cue = await block.evaluate((pre) => {
        const style = pre.ownerDocument.defaultView?.getComputedStyle(pre);
        return {
          overflows: pre.scrollWidth > pre.clientWidth,
          scrolls: style?.overflowX,
          shadows: (style?.backgroundImage.match(/radial-gradient/g) ?? []).length,
        };
      });
      assert.deepEqual(cue, { overflows: true, scrolls: "auto", shadows: 2 });
      await block.screenshot({ path: `${SCREENSHOTS}sql-1280.png` });
      await wide.close();
    });
  },
);

chromiumTest(
  "Chromium: the SQL schema page fits a phone, its views scroll inside their box, and axe finds nothing",
  async (browser) => {
    const { default: axe } = await import("npm:axe-core@4.14.1");
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: 844 } });
        await page.goto(`${origin}/sql`);
        const overflow = await page.locator("html").evaluate((html) =>
          html.scrollWidth - html.clientWidth
        );
        assert.ok(overflow <= 0, `${width}px: /sql scrolls sideways by ${overflow}px`);
        // the example views, then the ClickHouse DDL, folded until its summary is clicked
        await page.locator("#clickhouse-ddl summary").click();
        const blocks = page.locator("pre.sql");
        assert.equal(
          await blocks.count(),
          MAPPINGS.flatMap((mapping) => [mapping, ...mapping.more ?? []]).length + 1,
        );
        for (const block of await blocks.all()) {
          const box = await block.boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${width}px: a view's box`);
        }
        await page.evaluate(axe.source);
        const violations = await page.evaluate(async () => {
          // deno-lint-ignore no-explicit-any
          const result = await (globalThis as any).axe.run();
          return result.violations.map((violation: { id: string }) => violation.id);
        });
        assert.deepEqual(violations, [], `${width}px /sql: axe`);
        await page.goto(`${origin}/sql#events`);
        await page.screenshot({ path: `${SCREENSHOTS}sql-events-${width}.png` });
        await page.close();
      }
    });
  },
);

chromiumTest(
  "Chromium: a metric page's recipe copies with its button, and without scripts it stays readable, with no button",
  async (browser) => {
    const recipe = (await Deno.readTextFile(
      new URL("../lib/sql/recipes/churn-rate.sql", import.meta.url),
    )).trimEnd();
    await serving((origin) => createHandler(fullCatalog, { baseUrl: origin }), async (origin) => {
      const allowed = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await allowed.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
      const page = await allowed.newPage();
      await page.goto(`${origin}/metrics/churn-rate#sql`);
      const button = page.getByRole("button", { name: "Copy the SQL" });
      assert.ok(await button.isVisible(), "the script shows the button");
      await button.click();
      await page.getByRole("status").filter({ hasText: "Copied to the clipboard." }).waitFor();
      const clipboard = await page.evaluate(() =>
        // deno-lint-ignore no-explicit-any
        (navigator as any).clipboard.readText()
      );
      assert.equal(clipboard, recipe);
      await page.screenshot({ path: `${SCREENSHOTS}metric-sql.png` });
      await allowed.close();

      // A clipboard the page may not write to: the recipe is selected for the reader instead.
      const refused = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await refused.addInitScript(() => {
        Object.defineProperty(navigator, "clipboard", { value: undefined });
      });
      const phone = await refused.newPage();
      await phone.goto(`${origin}/metrics/churn-rate`);
      await phone.getByRole("button", { name: "Copy the SQL" }).click();
      await phone.getByRole("status").filter({ hasText: "Selected" }).waitFor();
      // deno-lint-ignore no-explicit-any
      const selected = await phone.evaluate(() => String((globalThis as any).getSelection()));
      assert.equal(selected, recipe);
      await refused.close();

      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const plain = await noScript.newPage();
      await plain.goto(`${origin}/metrics/churn-rate`);
      assert.equal(await plain.locator("button.copy").isVisible(), false, "no button");
      const code = plain.locator("pre.sql code#sql-code");
      assert.ok(await code.isVisible(), "the recipe is on the page");
      assert.equal(await code.innerText(), recipe);
      // ClickHouse's text is folded under it, there without a script once asked for
      const clickhouse = plain.locator("#sql-clickhouse pre.sql code");
      assert.equal(await clickhouse.isVisible(), false, "folded");
      await plain.locator("#sql-clickhouse summary").click();
      const file = new URL("../lib/sql/recipes/churn-rate.sql", import.meta.url);
      assert.equal(
        await clickhouse.innerText(),
        recipeText(await Deno.readTextFile(file), "clickhouse").trimEnd(),
      );
      await noScript.close();
    });
  },
);

const nginxBinary = systemBinary("nginx", ["/usr/sbin/nginx", "/usr/bin/nginx"]);

/** Runs `use` on each item, `lanes` at a time, in order within each lane. */
async function inLanes<T>(
  items: T[],
  lanes: number,
  use: (item: T, lane: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    while (next < items.length) await use(items[next++]!, lane);
  }));
}

Deno.test({
  name: "Chromium on the whole catalog's static export served by nginx",
  ignore: browserBinary.skip || nginxBinary.skip,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "export-browser-" });
    // nginx started as root reads the files as nobody.
    await Deno.chmod(dir, 0o755);
    // The server's answers, in-process, for the pages the export must show alike.
    const handler = createHandler(fullCatalog, { baseUrl: "https://metrics.example" });
    try {
      await exportSite(
        await buildSite(createReadModel(fullCatalog), "https://metrics.example"),
        dir,
      );
      const nginx = await startNginx(nginxBinary.require(), dir);
      try {
        await withChromium(async (browser) => {
          await t.step("the search page runs the query itself", async () => {
            // The page runs its script, which loads the results script and the index only for a
            // query.
            const fetched = (seen: Watch, path: string) =>
              seen.requests.filter((url) => new URL(url).pathname === path);
            const bare = await browser.newPage();
            const bareSeen = watch(bare);
            await bare.goto(`${nginx.origin}/search`);
            assert.equal(fetched(bareSeen, SEARCH_SCRIPT_PATH).length, 1);
            assert.deepEqual(fetched(bareSeen, SEARCH_RESULTS_SCRIPT_PATH), []);
            assert.deepEqual(fetched(bareSeen, SEARCH_INDEX_PATH), []);
            assert.equal(await bare.locator("h1").textContent(), "Search the catalog");
            const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
            const seen = watch(page);
            await page.goto(`${nginx.origin}/search?q=retention`);
            await page.getByRole("heading", { name: "Search results" }).waitFor();
            assert.equal(fetched(seen, SEARCH_RESULTS_SCRIPT_PATH).length, 1);
            assert.equal(fetched(seen, SEARCH_INDEX_PATH).length, 1);
            assert.match(
              (await page.getByRole("status").textContent()) ?? "",
              /results? for “retention”/,
            );
            const hrefs = await page.locator("ol.records a").evaluateAll((links) =>
              links.map((link) => link.getAttribute("href"))
            );
            assert.ok(hrefs.includes("/metrics/retention-rate"), hrefs.join(", "));
            assert.equal(await page.locator("#q").inputValue(), "retention");
            await page.screenshot({ path: `${SCREENSHOTS}export-search.png` });
            await page.goto(`${nginx.origin}/search?q=zzzzzz`);
            await page.getByRole("heading", { name: "Search results" }).waitFor();
            assert.match((await page.getByRole("status").textContent()) ?? "", /Nothing matches/);
            assertClean(seen, nginx.origin, "export search");
            const noScript = await browser.newContext({ javaScriptEnabled: false });
            const plain = await noScript.newPage();
            await plain.goto(`${nginx.origin}/search?q=retention`);
            assert.equal(await plain.locator("h1").textContent(), "Search the catalog");
            assert.match((await plain.locator("main").textContent()) ?? "", /full list/);
            await noScript.close();
          });

          await t.step(
            "every query of the search test set is ranked and shown as the server's page shows it",
            async () => {
              const targets = [
                ...[...QUERIES, ...QUESTIONS].map(([query]) =>
                  `/search?q=${encodeURIComponent(query)}`
                ),
                "/search?q=churn&tag=revenue",
                "/search?q=zzzzzz",
                "/search?q=retention&tag=bogus",
              ];
              const pages = await Promise.all([1, 2].map(() => browser.newPage()));
              const seen = pages.map(watch);
              await inLanes(targets, pages.length, async (target, lane) => {
                const page = pages[lane]!;
                const served = await (await handler(
                  new Request(`https://metrics.example${target}`),
                )).text();
                await page.goto(`${nginx.origin}${target}`);
                await page.getByRole("heading", { name: /^(Search results|Unknown tag)$/ })
                  .waitFor();
                // The results as a page shows them: heading, status line, each item's markup
                // and the title; the server's page is read by the same browser's parser.
                const [exported, expected] = await page.locator("html").evaluate((root, html) => {
                  const shown = (document: typeof root.ownerDocument) => {
                    const main = document.querySelector("main .wrap");
                    return {
                      heading: main?.querySelector("h1")?.outerHTML,
                      status: main?.querySelector("[role=status]")?.outerHTML,
                      items: [...main?.querySelectorAll("ol.records > li") ?? []].map((item) =>
                        item.outerHTML
                      ),
                      title: document.title,
                    };
                  };
                  const parser = new root.ownerDocument.defaultView!.DOMParser();
                  return [
                    shown(root.ownerDocument),
                    shown(parser.parseFromString(html, "text/html")),
                  ];
                }, served);
                assert.ok(expected.items.length > 0 || /zzzzzz|bogus/.test(target), target);
                assert.deepEqual(exported, expected, target);
              });
              seen.forEach((each, lane) =>
                assertClean(each, nginx.origin, `search set, page ${lane}`)
              );
              await Promise.all(pages.map((page) => page.close()));
            },
          );

          await t.step(
            "the compare form and the calculator answer in the page as the server does",
            async () => {
              const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
              const seen = watch(page);
              await page.goto(`${nginx.origin}/metrics/churn-rate`);
              // Every text of the chart renders at 12 px or more on a phone.
              const sizes = await page.locator("svg.figures-chart text").evaluateAll((texts) =>
                texts.map((text) => text.getBoundingClientRect().height)
              );
              assert.ok(sizes.length > 0);
              assert.ok(Math.min(...sizes) >= 12, `chart text heights ${sizes.join(", ")}`);
              await page.locator('form.compare input[name="value"]').fill("3%");
              await page.locator('form.compare select[name="model"]').selectOption("b2b");
              await page.getByRole("button", { name: "Where do I stand?" }).click();
              await page.getByRole("heading", { name: "Where 3% a month stands" }).waitFor();
              const inPage = (await page.locator("section.answer li").allTextContents()).map((
                text,
              ) => text.trim());
              const served = await (await handler(
                new Request("https://metrics.example/metrics/churn-rate/compare?value=3&model=b2b"),
              )).text();
              assert.equal(
                await page.locator("section.answer svg.figures-chart path.you").count(),
                1,
                "marked on the answer's own chart, beside the verdict",
              );
              assert.equal(
                await page.locator("section.answer svg.figures-chart text.you").textContent(),
                "You: 3% a month",
              );
              assert.equal(
                await page.locator("section.answer svg.figures-chart").evaluate((svg) =>
                  svg.outerHTML
                ),
                /<svg class="figures-chart"[\s\S]*?<\/svg>/.exec(served)?.[0],
                "the export draws the server's chart",
              );
              const verdict = (await page.locator("section.answer p.verdict").textContent()) ?? "";
              assert.match(
                verdict,
                /^For B2B, 3% a month is within 2 of the 3 typical ranges, /,
              );
              assert.ok(
                served.includes(`<p class="verdict">${verdict.replaceAll("'", "&#39;")}</p>`),
                "the export's verdict is the server's",
              );
              const first = inPage[0] ?? "";
              assert.ok(
                served.includes(first.replace(/ \[figure \d+\]$/, "").replaceAll("'", "&#39;")),
                `the export's placements are the server's: ${first}`,
              );
              await page.locator('form.compare input[name="value"]').fill("lots");
              await page.getByRole("button", { name: "Where do I stand?" }).click();
              await page.getByRole("alert").waitFor();
              assert.equal(
                await page.getByRole("alert").textContent(),
                'The value must be a percentage, such as "3%" or "3", not "lots"',
              );
              // The calculator answers in the page too, with the server's words.
              await page.locator('form.calc input[name="lost"]').fill("90");
              await page.locator('form.calc input[name="start"]').fill("2000");
              await page.getByRole("button", { name: "Calculate" }).click();
              await page.getByRole("heading", { name: "Result: 4.5% a month" }).waitFor();
              assert.equal(
                (await page.locator("p.formula-numbers").textContent())?.trim(),
                "lost ÷ start × 100 = 90 ÷ 2,000 × 100 = 4.5%",
              );
              await page.locator('form.calc input[name="start"]').fill("0");
              await page.getByRole("button", { name: "Calculate" }).click();
              await page.getByText("Division by zero: start is 0").waitFor();
              assertClean(seen, nginx.origin, "export compare");
              await page.screenshot({ path: `${SCREENSHOTS}export-compare.png`, fullPage: false });
            },
          );
        });
      } finally {
        await nginx.stop();
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
