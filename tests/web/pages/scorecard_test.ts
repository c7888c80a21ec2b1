// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
/**
 * `report --html FILE`: one page that stands alone. Opened from the file in Chromium with every
 * request but the file itself refused, it asks for nothing else, fits 1280 and 390 px, passes axe
 * in both themes, and prints on A4 with every chart drawn.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { chromiumTest, SCREENSHOTS } from "../../_chromium.ts";
import { cli, folder, removeFolder } from "../../_data_folder.ts";

const out = await mkdtemp(`${tmpdir()}/metrics scorecard `);
const file = `${out}/scorecard.html`;

Deno.test("report --html writes one page with a section per metric, its styles inline, no script", async () => {
  const run = await cli([
    "report",
    "--data",
    folder,
    "--segment",
    "model=b2b",
    "--html",
    file,
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Wrote .+scorecard\.html: \d+ of 38 metrics\.$/m);
  const html = await readFile(file, "utf8");
  assert.match(html, /^<!doctype html>/);
  assert.doesNotMatch(html, /<script|<link |<img |@import|url\(/i);
  assert.doesNotMatch(html, /\bsrc=/);
  const json = JSON.parse(
    (await cli(["report", "--data", folder, "--segment", "model=b2b", "--json"])).stdout,
  );
  for (const entry of json.metrics) {
    assert.match(html, new RegExp(`<section class="metric" id="${entry.slug}"`), entry.slug);
  }
  assert.equal(
    (html.match(/<section class="metric"/g) ?? []).length,
    json.metrics.length,
  );
  for (const item of json.missing) assert.ok(html.includes(item.name), item.slug);
});

chromiumTest(
  "Chromium: the scorecard page asks no host for anything, fits 1280 and 390 px, passes axe in both themes, and prints every chart on A4",
  async (browser) => {
    const { default: axe } = await import("npm:axe-core@4.14.1");
    const url = pathToFileURL(file).href;
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          colorScheme,
          offline: true,
        });
        const asked: string[] = [];
        await context.route("**/*", (route) => {
          const wanted = route.request().url();
          if (wanted === url) return route.continue();
          asked.push(wanted);
          return route.abort();
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(url);
        assert.deepEqual(asked, [], `${colorScheme} ${width}px: requests`);
        assert.deepEqual(errors, []);
        const sideways = await page.locator("html").evaluate((html) =>
          html.scrollWidth - html.clientWidth
        );
        assert.ok(sideways <= 0, `${colorScheme} ${width}px scrolls sideways by ${sideways}px`);
        await page.screenshot({ path: `${SCREENSHOTS}scorecard-${colorScheme}-${width}.png` });
        await page.evaluate(axe.source);
        const violations = await page.evaluate(async () => {
          // deno-lint-ignore no-explicit-any
          const result = await (globalThis as any).axe.run();
          return result.violations.map((violation: { id: string }) => violation.id);
        });
        assert.deepEqual(violations, [], `${colorScheme} ${width}px: axe`);
        if (colorScheme === "light" && width === 1280) {
          await page.emulateMedia({ media: "print" });
          const charts = await page.locator(".chart svg").evaluateAll((svgs) =>
            svgs.map((svg) => {
              const box = svg.getBoundingClientRect();
              return { width: box.width, height: box.height, marks: svg.children.length };
            })
          );
          assert.ok(charts.length >= 20, `${charts.length} charts`);
          for (const chart of charts) {
            assert.ok(
              chart.width > 100 && chart.height > 40 && chart.marks > 2,
              JSON.stringify(chart),
            );
          }
          const pdf = await page.pdf({ format: "A4", path: `${SCREENSHOTS}scorecard.pdf` });
          const pages = new TextDecoder("latin1").decode(pdf).match(/\/Type\s*\/Page[^s]/g) ?? [];
          assert.ok(pages.length >= 5, `${pages.length} A4 pages`);
        }
        await context.close();
      }
    }
  },
);

Deno.test({
  name: "the scorecard's folders are removed",
  sanitizeOps: false,
  async fn() {
    await rm(out, { recursive: true, force: true });
    await removeFolder();
  },
});
