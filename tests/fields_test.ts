import assert from "node:assert/strict";
import { createHandler, type Framework, loadCatalog, type MetricRecord } from "../lib/mod.ts";
import { formatFramework, formatMetric } from "../lib/cli/output.ts";
import {
  FRAMEWORK_FIELDS,
  METRIC_FIELDS,
  sectionsOf,
  toApiMetric,
} from "../lib/catalog/records.ts";
import { parsePage, textOf } from "./_dom.ts";
import { leaves } from "./_leaves.ts";

const BASE = "https://metrics.example";
const catalog = await loadCatalog();
const handler = createHandler(catalog, { baseUrl: BASE });
const text = async (path: string) => {
  const response = await handler(new Request(`http://127.0.0.1${path}`));
  assert.equal(response.status, 200, path);
  return await response.text();
};
/** Markdown with the escapes of link labels undone, as a reader sees it. */
const unescape = (markdown: string) => markdown.replace(/\\([\\[\]])/g, "$1");
const llmsFull = unescape(await text("/llms-full.txt"));
const plain = { width: 100, color: false };
const metricNames = new Map(catalog.metrics.map((metric) => [metric.slug, metric.name]));

const squash = (value: string) => value.replace(/\s+/g, " ").trim();

/** A surface as the test reads it: its text, and the addresses it links to. */
interface Surface {
  name: string;
  text: string;
  links?: string;
}

/** The leaves of a record that a surface does not show, as `path: value` lines. */
function missing(record: unknown, surface: Surface): string[] {
  const haystack = squash(surface.text);
  return leaves(record).filter(({ value }) =>
    !haystack.includes(squash(value)) && !(surface.links ?? "").includes(value)
  ).map(({ path, value }) => `${surface.name}: ${path}: ${value.slice(0, 70)}`);
}

function htmlSurface(name: string, html: string): Surface {
  const page = parsePage(html);
  const main = page.one((element) => element.tagName === "main", "main landmark");
  const links = page.all("a").map((link) =>
    link.attrs.find((attribute) => attribute.name === "href")?.value ?? ""
  );
  return { name, text: textOf(main), links: links.join("\n") };
}

async function metricSurfaces(metric: MetricRecord): Promise<Surface[]> {
  return [
    htmlSurface("page", await text(`/metrics/${metric.slug}`)),
    { name: "markdown", text: unescape(await text(`/metrics/${metric.slug}.md`)) },
    { name: "llms-full", text: llmsFull },
    { name: "cli", text: formatMetric(metric, plain) },
  ];
}

async function frameworkSurfaces(framework: Framework): Promise<Surface[]> {
  return [
    htmlSurface("page", await text(`/frameworks/${framework.slug}`)),
    { name: "markdown", text: unescape(await text(`/frameworks/${framework.slug}.md`)) },
    { name: "llms-full", text: llmsFull },
    { name: "cli", text: formatFramework(framework, plain, { metricNames }) },
  ];
}

Deno.test("every surface shows every field of every metric, found by walking its API record", async () => {
  const problems: string[] = [];
  for (const metric of catalog.metrics) {
    for (const surface of await metricSurfaces(metric)) {
      problems.push(
        ...missing(toApiMetric(metric), surface).map((line) => `${metric.slug} ${line}`),
      );
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("every surface shows every field of every framework, found by walking its API record", async () => {
  const problems: string[] = [];
  for (const framework of catalog.frameworks) {
    for (const surface of await frameworkSurfaces(framework)) {
      problems.push(...missing(framework, surface).map((line) => `${framework.slug} ${line}`));
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("the field walk reports a section a surface leaves out", async () => {
  const metric = catalog.metrics.find((record) => record.slug === "churn-rate");
  assert.ok(metric);
  const [page] = await metricSurfaces(metric);
  assert.ok(page);
  const cut = { ...page, text: page.text.replace(squash(metric.inPractice), "") };
  assert.deepEqual(missing(toApiMetric(metric), cut), [
    `page: inPractice: ${metric.inPractice.slice(0, 70)}`,
  ]);
});

/** The headings of the record's sections, in the order a surface shows them. */
function headingOrder(surface: Surface, headings: readonly string[]): string[] {
  const found = headings.map((heading) => {
    const pattern = surface.name === "cli"
      ? new RegExp(`^${heading.toUpperCase()}\\b`, "m")
      : surface.name === "page"
      ? new RegExp(`(^|\\s)${heading}(\\s|$)`)
      : new RegExp(`^#{2,3} ${heading}$`, "m");
    return { heading, at: surface.text.search(pattern) };
  });
  return found.filter(({ at }) => at >= 0).sort((a, b) => a.at - b.at).map(({ heading }) =>
    heading
  );
}

/**
 * Asserts that the page at `path` shows the `expected` headings in order as its `<h2>`s, and so do
 * the other surfaces in their own way, but llms-full, which holds every record.
 */
async function assertSectionOrder(path: string, expected: string[], surfaces: Surface[]) {
  const page = await text(path);
  const h2s = parsePage(page).all("h2").map(textOf).filter((heading) => expected.includes(heading));
  assert.deepEqual(h2s, expected);
  for (const surface of surfaces) {
    if (surface.name === "page" || surface.name === "llms-full") continue;
    assert.deepEqual(headingOrder(surface, expected), expected, surface.name);
  }
}

Deno.test("pages, Markdown copies and the CLI show a metric's sections in the field table's order", async () => {
  const metric = catalog.metrics.find((record) => record.slug === "churn-rate");
  assert.ok(metric);
  const expected = sectionsOf(metric, METRIC_FIELDS).filter((part) => !part.field.lead)
    .map((part) => part.field.heading);
  await assertSectionOrder(`/metrics/${metric.slug}`, expected, await metricSurfaces(metric));
});

Deno.test("pages, Markdown copies and the CLI show a framework's sections in the field table's order", async () => {
  const framework = catalog.frameworks.find((record) => record.slug === "aarrr");
  assert.ok(framework);
  const expected = sectionsOf(framework, FRAMEWORK_FIELDS).filter((part) => !part.field.lead)
    .map((part) => part.field.heading);
  await assertSectionOrder(
    `/frameworks/${framework.slug}`,
    expected,
    await frameworkSurfaces(framework),
  );
});
