import assert from "node:assert/strict";
import { createReadModel, loadCatalog } from "../../lib/mod.ts";
import { TAGS } from "../../lib/catalog/lists.ts";
import { closestFinder } from "../../lib/read/text.ts";

const catalog = await loadCatalog();
const model = createReadModel(catalog);
const metricSlugs = catalog.metrics.map((metric) => metric.slug);
const frameworkSlugs = catalog.frameworks.map((framework) => framework.slug);
/** The closest of `slugs` to what was typed, by slug alone. */
const closestSlugs = (typed: string, slugs: string[]) =>
  closestFinder(slugs.map((slug) => ({ name: slug, slug })))(typed);

Deno.test("did-you-mean suggests the intended slug first for realistic typos and partial names", () => {
  const cases: [string, string, string[]][] = [
    ["churn-rat", "churn-rate", metricSlugs],
    ["chrun-rate", "churn-rate", metricSlugs],
    ["churn", "churn-rate", metricSlugs],
    ["retention", "retention-rate", metricSlugs],
    ["net-revenue", "net-revenue-retention", metricSlugs],
    ["ltv-cac", "ltv-cac-ratio", metricSlugs],
    ["magic-numbr", "magic-number", metricSlugs],
    ["dau-mau", "dau-mau-ratio", metricSlugs],
    ["activation", "activation-rate", metricSlugs],
    ["quick-ration", "quick-ratio", metricSlugs],
    ["revenue-churn", "revenue-churn-rate", metricSlugs],
    ["monthly-active", "monthly-active-users", metricSlugs],
    ["gross-retention", "gross-revenue-retention", metricSlugs],
    ["rule-40", "rule-of-40", metricSlugs],
    ["cac", "cac-payback-period", metricSlugs],
    ["north-start", "north-star", frameworkSlugs],
    ["aarr", "aarrr", frameworkSlugs],
  ];
  for (const [typed, intended, slugs] of cases) {
    assert.equal(closestSlugs(typed, slugs)[0], intended, typed);
  }
});

Deno.test("did-you-mean suggests only slugs close for their length", () => {
  assert.ok(!closestSlugs("churn-rat", metricSlugs).includes("quick-ratio"));
  assert.deepEqual(closestSlugs("xyz", metricSlugs), []);
  assert.deepEqual(closestSlugs("q", metricSlugs), []);
  assert.deepEqual(closestSlugs("banana-split", metricSlugs), []);
  for (const suggestion of closestSlugs("churn-rat", metricSlugs)) {
    assert.match(suggestion, /churn/);
  }
});

Deno.test("the read model words a not-found once: the other kind, an alias, or the closest slugs", () => {
  const framework = model.get("metric", "aarrr");
  assert.ok(!framework.ok);
  assert.equal(
    framework.notFound.message,
    'No metric has the slug "aarrr"; "aarrr" is a framework',
  );
  assert.equal(framework.notFound.otherKind, "framework");
  const alias = model.get("metric", "nrr");
  assert.ok(!alias.ok);
  assert.equal(
    alias.notFound.message,
    'No metric has the slug "nrr": "nrr" is another name for the metric whose slug is "net-revenue-retention"',
  );
  const upper = model.get("metric", "CHURN-RATE");
  assert.ok(!upper.ok);
  assert.equal(
    upper.notFound.message,
    'No metric has the slug "CHURN-RATE": slugs are lowercase, so it is "churn-rate"',
  );
  const typo = model.get("metric", "chrun-rate");
  assert.ok(!typo.ok);
  assert.equal(
    typo.notFound.message,
    'No metric has the slug "chrun-rate". Did you mean "churn-rate"?',
  );
  const nothing = model.get("metric", "banana-split");
  assert.ok(!nothing.ok);
  assert.equal(nothing.notFound.message, 'No metric has the slug "banana-split"');
});

Deno.test("the read model resolves abbreviations and everyday names without regard to case", () => {
  const cases: [string, string][] = [
    ["NRR", "net-revenue-retention"],
    ["nps", "net-promoter-score"],
    ["Customer Churn Rate", "churn-rate"],
    ["customer-churn-rate", "churn-rate"],
    ["stickiness", "dau-mau-ratio"],
    ["Churn-Rate", "churn-rate"],
  ];
  for (const [name, slug] of cases) {
    const found = model.resolve("metric", name);
    assert.ok(found.ok, name);
    assert.equal(found.record.slug, slug, name);
    assert.equal(found.alias, name);
  }
  const exact = model.resolve("metric", "churn-rate");
  assert.ok(exact.ok && exact.alias === undefined);
  const framework = model.resolve("framework", "pirate metrics");
  assert.ok(framework.ok && framework.record.slug === "aarrr");
});

Deno.test("an alias that two records share resolves to neither and names both", () => {
  const shared = createReadModel({
    ...catalog,
    synonyms: new Map([...catalog.synonyms, ["ltv-cac-ratio", ["LTV"]]]),
  });
  const found = shared.resolve("metric", "ltv");
  assert.ok(!found.ok);
  assert.deepEqual(found.notFound.aliasOf, ["customer-lifetime-value", "ltv-cac-ratio"]);
  assert.match(found.notFound.message, /could mean "customer-lifetime-value" or "ltv-cac-ratio"/);
});

Deno.test("the read model filters metrics and counts the frameworks that include one", () => {
  assert.deepEqual(
    model.metrics({ tag: "referral" }).map((metric) => metric.slug),
    ["net-promoter-score", "referral-rate", "viral-coefficient"],
  );
  assert.ok(model.metrics({ kind: "composite" }).every((metric) => metric.kind === "composite"));
  const including = model.frameworksIncluding("activation-rate");
  assert.ok(including.some((framework) => framework.slug === "aarrr"));
});

/** Whether names are in A to Z order as people read them (case and accents aside). */
const inNameOrder = (names: string[]) =>
  names.every((name, index) =>
    index === 0 ||
    (names[index - 1] ?? "").localeCompare(name, "en", { sensitivity: "base", numeric: true }) <= 0
  );

Deno.test("model.metrics() and model.frameworks() list by slug, or A to Z by name when asked", () => {
  const bySlug = model.metrics().map((metric) => metric.slug);
  assert.deepEqual(bySlug, [...bySlug].sort());
  const byName = model.metrics({ order: "name" });
  assert.ok(inNameOrder(byName.map((metric) => metric.name)));
  assert.deepEqual(byName.map((metric) => metric.slug).sort(), bySlug);
  const tagged = model.metrics({ tag: "retention", order: "name" });
  assert.ok(tagged.length > 1 && inNameOrder(tagged.map((metric) => metric.name)));
  assert.ok(tagged.every((metric) => metric.tags.includes("retention")));
  const frameworks = model.frameworks({ order: "name" }).map((framework) => framework.name);
  assert.ok(inNameOrder(frameworks));
  assert.deepEqual(model.frameworks().map((framework) => framework.slug), frameworkSlugs);
});

Deno.test("model.metrics({ comparable: true }) lists only the metrics a value can be placed against", () => {
  const comparable = model.metrics({ comparable: true }).map((metric) => metric.slug);
  assert.ok(comparable.includes("churn-rate"));
  // A metric whose figures are not in its comparison's unit, or that has no comparison, is left out.
  const without = createReadModel({
    ...catalog,
    metrics: catalog.metrics.map((metric) => {
      if (metric.slug !== "churn-rate") return metric;
      const { comparison: _, ...rest } = metric;
      return rest;
    }),
  });
  assert.ok(!without.metrics({ comparable: true }).some((metric) => metric.slug === "churn-rate"));
  const noFigures = model.metrics().filter((metric) => (metric.figures ?? []).length === 0);
  assert.ok(noFigures.length > 0);
  assert.ok(noFigures.every((metric) => !comparable.includes(metric.slug)));
});

Deno.test("model.counts() counts the catalog's metrics and frameworks", () => {
  assert.deepEqual(model.counts(), { metrics: metricSlugs.length, frameworks: 4 });
});

Deno.test("model.tags() lists each tag some metric carries, in the tags' order, with its count", () => {
  const tags = model.tags();
  assert.deepEqual(
    tags.map(({ tag }) => tag),
    TAGS.filter((tag) => tags.some((t) => t.tag === tag)),
  );
  for (const { tag, count } of tags) assert.equal(count, model.metrics({ tag }).length, tag);
  assert.equal(tags.find(({ tag }) => tag === "referral")?.count, 3);
  // A tag no metric carries is not listed.
  const untagged = createReadModel({
    ...catalog,
    metrics: catalog.metrics.map((metric) => ({
      ...metric,
      tags: metric.tags.filter((tag) => tag !== "referral"),
    })),
  });
  assert.ok(!untagged.tags().some(({ tag }) => tag === "referral"));
});

Deno.test("model.vocabulary() is the segment vocabulary of segments.yaml", () => {
  const vocabulary = model.vocabulary();
  assert.ok(Object.keys(vocabulary).length > 0);
  for (const spec of Object.values(vocabulary)) assert.equal(typeof spec.label, "string");
  assert.equal(vocabulary, catalog.segments);
});

Deno.test("model.names() maps every slug to its record's name", () => {
  const metrics = model.names("metric");
  assert.equal(metrics.size, metricSlugs.length);
  for (const metric of catalog.metrics) assert.equal(metrics.get(metric.slug), metric.name);
  assert.equal(metrics.get("net-revenue-retention"), "Net Revenue Retention");
  const frameworks = model.names("framework");
  assert.deepEqual([...frameworks.keys()], frameworkSlugs);
  assert.equal(frameworks.get("aarrr"), model.name("framework", "aarrr"));
  assert.equal(metrics.get("aarrr"), undefined);
});

Deno.test("model.figureRows() gives one row per figure, metric by metric, linked under the base address", () => {
  const rows = model.figureRows("https://metrics.example");
  const figures = catalog.metrics.reduce((sum, metric) => sum + (metric.figures?.length ?? 0), 0);
  assert.equal(rows.length, figures);
  const slugs = rows.map((row) => row.metric);
  assert.deepEqual(slugs, [...slugs].sort());
  const first = rows.find((row) => row.metric === "churn-rate");
  assert.equal(first?.id, "churn-rate-1");
  assert.equal(first?.page, "https://metrics.example/metrics/churn-rate#figure-1");
  assert.equal(first?.metricName, "Customer Churn Rate");
});

Deno.test("model.pairs() sets each two metrics that name each other once, with their page", () => {
  const pairs = model.pairs();
  assert.ok(pairs.length > 0);
  const paths = pairs.map((pair) => pair.path);
  assert.equal(new Set(paths).size, paths.length);
  for (const { path, metrics: [a, b] } of pairs) {
    assert.ok(a.slug < b.slug, path);
    assert.equal(path, `/compare/${a.slug}-vs-${b.slug}`);
    assert.ok(a.relatedMetrics.some((item) => item.slug === b.slug), path);
    assert.ok(b.relatedMetrics.some((item) => item.slug === a.slug), path);
  }
  // The slugs the other way round redirect to the pair's page.
  const [{ path, metrics: [a, b] }] = pairs as [(typeof pairs)[number]];
  assert.ok(
    model.redirects().some(({ from, to }) =>
      from === `/compare/${b.slug}-vs-${a.slug}` && to === path
    ),
  );
});

Deno.test("model.recipes() names each recipe by its metric, or by its slug where the catalog lacks it", () => {
  const recipes = model.recipes();
  const slugs = recipes.map((recipe) => recipe.slug);
  assert.deepEqual(slugs, [...slugs].sort());
  assert.deepEqual(recipes.find((recipe) => recipe.slug === "churn-rate"), {
    slug: "churn-rate",
    name: "Customer Churn Rate",
    listed: true,
  });
  assert.ok(inNameOrder(model.recipes({ order: "name" }).map((recipe) => recipe.name)));
  const without = createReadModel({
    ...catalog,
    metrics: catalog.metrics.filter((metric) => metric.slug !== "churn-rate"),
  });
  assert.deepEqual(without.recipes().find((recipe) => recipe.slug === "churn-rate"), {
    slug: "churn-rate",
    name: "churn-rate",
    listed: false,
  });
});

Deno.test("model.search() makes the index once and finds a metric by its abbreviation", async () => {
  const first = model.search();
  assert.equal(model.search(), first);
  assert.equal((await first).search("NRR")[0]?.slug, "net-revenue-retention");
});

Deno.test("model.searchDocuments() holds a document for every record and the everyday names", async () => {
  const { records, synonyms } = await model.searchDocuments();
  assert.deepEqual(
    records.filter((record) => record.type === "metric").map((record) => record.slug),
    metricSlugs,
  );
  assert.deepEqual(
    records.filter((record) => record.type === "framework").map((record) => record.slug),
    frameworkSlugs,
  );
  assert.deepEqual(synonyms, [...catalog.synonyms].map(([slug, phrases]) => [slug, phrases]));
});
