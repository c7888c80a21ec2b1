import assert from "node:assert/strict";
import { createReadModel, loadCatalog } from "../lib/mod.ts";
import { closestFinder } from "../lib/read/text.ts";

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
