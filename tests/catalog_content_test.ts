import assert from "node:assert/strict";
import { CORE_SCHEMA, load } from "js-yaml";
import { loadCatalog } from "../lib/mod.ts";
import { citedSources } from "../lib/catalog/citations.ts";
import { metricBenchmarks } from "../lib/read/model.ts";
import { PLAN_FRAMEWORKS, PLAN_METRICS } from "./testdata/plan.ts";
import { leaves } from "./_leaves.ts";

const catalog = await loadCatalog();

Deno.test("the catalog holds exactly the 44 metrics and 4 frameworks of the plan", () => {
  assert.deepEqual(
    catalog.metrics.map((metric) => metric.slug),
    PLAN_METRICS.map((metric) => metric.slug).sort(),
  );
  assert.deepEqual(
    catalog.frameworks.map((framework) => framework.slug),
    PLAN_FRAMEWORKS.map((framework) => framework.slug).sort(),
  );
});

Deno.test("every metric has the plan's name, abbreviation, tags and kind", () => {
  for (const planned of PLAN_METRICS) {
    const metric = catalog.metrics.find((record) => record.slug === planned.slug);
    assert.ok(metric, planned.slug);
    assert.deepEqual(
      {
        slug: metric.slug,
        name: metric.name,
        abbreviation: metric.abbreviation,
        tags: metric.tags,
        kind: metric.kind,
      },
      {
        slug: planned.slug,
        name: planned.name,
        abbreviation: planned.abbreviation,
        tags: planned.tags,
        kind: planned.kind,
      },
    );
  }
});

Deno.test("every framework has the plan's name and components, with metric slugs in order", () => {
  for (const planned of PLAN_FRAMEWORKS) {
    const framework = catalog.frameworks.find((record) => record.slug === planned.slug);
    assert.ok(framework, planned.slug);
    assert.equal(framework.name, planned.name);
    assert.deepEqual(
      framework.components.map(({ name, metricSlugs }) => ({ name, metricSlugs })),
      planned.components,
    );
  }
});

Deno.test("every metric is named in another metric's relatedMetrics", () => {
  const referenced = new Set(
    catalog.metrics.flatMap((metric) =>
      metric.relatedMetrics.map((related) => related.slug).filter((slug) => slug !== metric.slug)
    ),
  );
  const orphans = catalog.metrics.map((metric) => metric.slug).filter((slug) =>
    !referenced.has(slug)
  );
  assert.deepEqual(orphans, []);
});

Deno.test("every benchmark sentence names a year, and every metric with benchmarks a review date", () => {
  for (const metric of catalog.metrics) {
    for (const benchmark of metric.benchmarks ?? []) {
      assert.match(benchmark, /\b(19|20)\d{2}\b/, `${metric.slug}: ${benchmark}`);
    }
    if (metric.benchmarks) assert.match(metric.benchmarksReviewed ?? "", /^\d{4}-\d{2}-\d{2}$/);
  }
});

Deno.test("every metric and framework with figures or company claims cites sources", () => {
  for (const metric of catalog.metrics) {
    if (metric.benchmarks) assert.ok(metric.sources.length > 0, metric.slug);
  }
  for (const framework of catalog.frameworks) {
    assert.ok(framework.sources.length > 0, framework.slug);
    assert.ok(framework.examples.length >= 2, framework.slug);
    for (const example of framework.examples) assert.ok(example.source, example.company);
  }
});

Deno.test("metrics meet the plan's minimums: three traps, two related metrics", () => {
  for (const metric of catalog.metrics) {
    assert.ok(metric.whatToWatch.length >= 3, metric.slug);
    assert.ok(metric.relatedMetrics.length >= 2, metric.slug);
  }
});

Deno.test("composite metrics say in their definition that they are tool-defined scores", () => {
  for (const metric of catalog.metrics.filter((record) => record.kind === "composite")) {
    assert.match(metric.definition, /tool|vendor|platform/i, metric.slug);
  }
});

Deno.test("no two source URLs differ only by tracking parameters or a trailing slash", () => {
  const urls = new Set<string>();
  for (const record of [...catalog.metrics, ...catalog.frameworks]) {
    for (const source of record.sources) urls.add(source.url);
  }
  for (const framework of catalog.frameworks) {
    for (const example of framework.examples) if (example.source) urls.add(example.source.url);
  }
  const seen = new Map<string, string>();
  for (const url of urls) {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()]) {
      assert.ok(!/^(utm_.*|ref)$/i.test(key), `${url} carries a tracking parameter`);
    }
    const key = `${parsed.host.replace(/^www\./, "")}${
      parsed.pathname.replace(/\/+$/, "")
    }${parsed.search}`;
    const earlier = seen.get(key);
    assert.ok(earlier === undefined, `${url} and ${earlier} are the same page`);
    seen.set(key, url);
  }
});

const metric = (slug: string) => {
  const found = catalog.metrics.find((record) => record.slug === slug);
  assert.ok(found, slug);
  return found;
};

Deno.test("task-success-rate claims no partial-credit weight that its source does not state", () => {
  const record = metric("task-success-rate");
  const claims = [record.formula, ...(record.calculationMethods ?? [])].join("\n");
  assert.doesNotMatch(claims, /usually half|0\.5 of a success/);
});

Deno.test("Extole's lifetime-value and conversion figures are attributed to Extole's data, not to its retail analysis", () => {
  for (const slug of ["customer-lifetime-value", "referral-rate"]) {
    for (const sentence of metric(slug).benchmarks ?? []) {
      for (const clause of sentence.split(/;\s*/)) {
        if (/Extole/.test(clause) && /25%/.test(clause)) {
          assert.doesNotMatch(clause, /retail (customers|clients)' referral campaigns/, slug);
          assert.match(clause, /Extole's data/, slug);
        }
      }
    }
  }
});

Deno.test("burn-multiple's grade bands cite a source whose text states them", () => {
  const record = metric("burn-multiple");
  const bands = (record.benchmarks ?? []).find((sentence) => /amazing/.test(sentence));
  assert.ok(bands);
  assert.doesNotMatch(bands, /podcast/);
  assert.ok(record.sources.some((source) => source.url.includes("lawwu.github.io/transcripts")));
});

Deno.test("a benchmark that draws on two pages of one publisher names both pages", () => {
  const activation = (metric("activation-rate").benchmarks ?? []).find((s) =>
    /37\.5% average/.test(s)
  );
  assert.ok(activation);
  assert.match(activation, /User Onboarding Metrics in 2026/);
  assert.match(activation, /Customer Activation Rate In SaaS/);
  const session = (metric("average-session-duration").benchmarks ?? []).find((s) =>
    /Contentsquare/.test(s)
  );
  assert.ok(session);
  assert.match(session, /The average time on websites is dropping/);
  assert.match(session, /three website engagement metrics/);
});

/**
 * Words that are camelCase by their owners' choice, not field names: publications, the GA4 Data
 * API's metric names, and incremental ROAS.
 */
const CAMEL_CASE_NAMES = new Set([
  "destinationCRM",
  "forEntrepreneurs",
  "dauPerMau",
  "dauPerWau",
  "wauPerMau",
  "iROAS",
]);

Deno.test("no prose in the catalog names a field (camelCase words such as metricSlugs)", () => {
  const found: string[] = [];
  for (const record of [...catalog.metrics, ...catalog.frameworks]) {
    // Numbers come as text too; they have no camelCase word.
    for (const { path, value: text } of leaves(record)) {
      if (/(^|\.)(slug|url|metricSlugs)$|\]$/.test(path) && !/\s/.test(text)) continue;
      // A calculator's expression is written in its input names, which are camelCase by design.
      if (path === "calculator.expression") continue;
      for (const word of text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) {
        if (!CAMEL_CASE_NAMES.has(word)) found.push(`${record.slug} ${path}: ${word}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("every benchmark figure names at least one of its record's sources", () => {
  const uncited = catalog.metrics.flatMap((record) =>
    metricBenchmarks(record).benchmarks.filter((figure) => figure.sources.length === 0)
      .map((figure) => `${record.slug}: ${figure.text.slice(0, 80)}`)
  );
  assert.deepEqual(uncited, []);
});

Deno.test("a year in a citation picks that year's source when an author has several", () => {
  const arr = metric("annual-recurring-revenue");
  const covid = (arr.benchmarks ?? []).find((text) =>
    text.includes("(KeyBanc Capital Markets, 2020)")
  );
  assert.ok(covid);
  const cited = citedSources(covid, arr.sources).map((index) => arr.sources[index]?.label ?? "");
  assert.ok(
    cited.every((label) => !label.startsWith("KeyBanc") || label.includes("2020")),
    cited.join("; "),
  );
});

Deno.test("a quoted title in a citation picks that page when an author has several", () => {
  const churn = metric("churn-rate");
  const figure = (churn.benchmarks ?? []).find((text) => text.includes("3–7% per month"));
  assert.ok(figure);
  const labels = citedSources(figure, churn.sources).map((index) => churn.sources[index]?.label);
  assert.deepEqual(labels, [
    'ChartMogul on HackerNoon, "Why does a good customer churn rate matter" (accessed 2026)',
    'ChartMogul Help Center, "Chart: Customer Churn Rate" (accessed 2026)',
  ]);
});

/** A metric file's sources as the file lists them, with the mark of a secondary source. */
async function fileSources(
  slug: string,
): Promise<{ label: string; secondary?: { study: string; why: string } }[]> {
  const text = await Deno.readTextFile(new URL(`../catalog/metrics/${slug}.md`, import.meta.url));
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---\r?$/m.exec(text)?.[1] ?? "";
  const front = load(yaml, { schema: CORE_SCHEMA }) as {
    sources: { label: string; secondary?: { study: string; why: string } }[];
  };
  return front.sources;
}

/** `<slug> <source number>` of every secondary source a figure cites, with its figures' sentences. */
async function secondaryCited(): Promise<Map<string, { study: string; sentences: string[] }>> {
  const cited = new Map<string, { study: string; sentences: string[] }>();
  for (const record of catalog.metrics) {
    (await fileSources(record.slug)).forEach((source, index) => {
      const figures = (record.figures ?? []).filter((figure) => figure.source === index + 1);
      if (!source.secondary || figures.length === 0) return;
      cited.set(`${record.slug} ${index + 1}`, {
        study: source.secondary.study,
        sentences: figures.map((figure) => record.benchmarks?.[figure.sentence] ?? ""),
      });
    });
  }
  return cited;
}

Deno.test("docs/content.md lists exactly the secondary sources that figures rest on", async () => {
  const table = await Deno.readTextFile(new URL("../docs/content.md", import.meta.url));
  const listed = [...table.matchAll(/^\| `([a-z0-9-]+)`\s*\| (\d+),/gm)].map(([, slug, number]) =>
    `${slug} ${number}`
  );
  const cited = await secondaryCited();
  assert.ok(cited.size > 0, "no figure rests on a secondary source");
  assert.deepEqual(listed.sort(), [...cited.keys()].sort());
});

Deno.test("a figure resting on a secondary source names in its sentence whose study it is", async () => {
  const unnamed = [...await secondaryCited()].flatMap(([key, { study, sentences }]) =>
    sentences.filter((sentence) => !sentence.includes(study)).map(() => `${key}: ${study}`)
  );
  assert.deepEqual(unnamed, []);
});

Deno.test("a source whose label calls it a summary or notes is marked secondary", async () => {
  const unmarked: string[] = [];
  for (const record of catalog.metrics) {
    for (const source of await fileSources(record.slug)) {
      if (/summar(?:y|izing|ized)|notes on/i.test(source.label) && !source.secondary) {
        unmarked.push(`${record.slug}: ${source.label}`);
      }
    }
  }
  assert.deepEqual(unmarked, []);
});
