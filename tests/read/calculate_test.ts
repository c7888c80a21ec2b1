import assert from "node:assert/strict";
import { roundingOf } from "../../lib/catalog/calculator.ts";
import { readWritten } from "../../lib/catalog/figures.ts";
import { createHandler, loadCatalog } from "../../lib/mod.ts";
import { calculate } from "../../lib/read/calculate.ts";
import { Problem, problemOr } from "../../lib/problem.ts";

const catalog = await loadCatalog(undefined, { prebuilt: false });
const handler = createHandler(catalog, { baseUrl: "https://metrics.example" });
const get = (path: string) => handler(new Request(`https://metrics.example${path}`));

Deno.test("calculate() reads typed inputs and answers bad ones with one line", () => {
  const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate");
  assert.ok(churn?.calculator);
  const typed = (lost: string, start?: string) => ({ lost, ...(start ? { start } : {}) });
  const result = calculate(churn, typed("90", "2,000"), { segments: catalog.segments });
  assert.equal(result.value, 4.5);
  assert.deepEqual(result.inputs, { lost: 90, start: 2000 });
  const errors = [
    typed("90"),
    typed("90", "0"),
    typed("-3", "100"),
    typed("1e400", "100"),
    typed("NaN", "100"),
    typed("lots", "100"),
    { lost: "90", begin: "100" },
  ].map((inputs) => {
    const result = problemOr(() => calculate(churn, inputs, { segments: catalog.segments }));
    return result instanceof Problem ? `${result.exitCode} ${result.message}` : "ok";
  });
  assert.deepEqual(errors, [
    '2 Missing input "start" (Customers at the start)',
    "2 Division by zero: start is 0",
    '2 Input "lost" (Customers lost) must not be negative',
    '2 Input "lost" must be a number, not "1e400"',
    '2 Input "lost" must be a number, not "NaN"',
    '2 Input "lost" must be a number, not "lots"',
    '2 Unknown input "begin" for "churn-rate"; its inputs are "lost", "start"',
  ]);
  const lost = { ...churn.calculator.inputs.lost!, negative: true };
  const margin = {
    ...churn,
    calculator: { ...churn.calculator, inputs: { ...churn.calculator.inputs, lost } },
  };
  assert.equal(calculate(margin, typed("-3", "100"), { segments: catalog.segments }).value, -3);
});

Deno.test("every worked example of a calculator recomputes to the figure its text states", () => {
  let checked = 0;
  for (const metric of catalog.metrics) {
    const calculator = metric.calculator;
    if (!calculator) continue;
    const typed = Object.fromEntries(
      Object.entries(calculator.example.inputs).map(([key, value]) => [key, String(value)]),
    );
    const result = calculate(metric, typed, { segments: catalog.segments });
    const stated = readWritten(calculator.example.states);
    assert.ok(stated.ok && "value" in stated, metric.slug);
    assert.ok(metric.inPractice.includes(calculator.example.states), metric.slug);
    assert.ok(
      Math.abs(result.value - stated.value) <= roundingOf(calculator.example.states),
      `${metric.slug}: ${result.value} against ${calculator.example.states}`,
    );
    checked++;
  }
  assert.ok(checked >= 38, `${checked} worked examples`);
});

Deno.test("every metric has a calculator or says why it cannot have one; only a few cannot", () => {
  const without = catalog.metrics.filter((metric) => !metric.calculator);
  for (const metric of without) assert.ok(metric.notComputable, `${metric.slug}: no reason given`);
  assert.ok(without.length <= 5, without.map((metric) => metric.slug).join(", "));
});

Deno.test("/metrics/<slug>/calc computes on the server, with caching headers, and says what is wrong", async () => {
  const ok = await get("/metrics/customer-lifetime-value/calc?arpa=200&grossMargin=80&churn=2.5");
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get("cache-control") ?? "", /max-age=\d+/);
  const html = await ok.text();
  assert.match(html, /<h2 id="result">Result: \$6,400<\/h2>/);
  assert.match(
    html,
    /arpa × grossMargin ÷ 100 ÷ \(churn ÷ 100\) = 200 × 80 ÷ 100 ÷ \(2\.5 ÷ 100\) = \$6,400/,
  );
  const cases: [string, string][] = [
    ["arpa=200&grossMargin=80&churn=0", "Division by zero: churn ÷ 100 is 0"],
    ["arpa=-1&grossMargin=80&churn=2", "must not be negative"],
    ["arpa=1e400&grossMargin=80&churn=2", "must be a number"],
    ["arpa=200&grossMargin=80", "Missing input"],
  ];
  for (const [query, message] of cases) {
    const bad = await get(`/metrics/customer-lifetime-value/calc?${query}`);
    assert.equal(bad.status, 400, query);
    assert.match(
      await bad.text(),
      new RegExp(`role="alert">[^<]*${message.replace(/[()÷]/g, ".")}`),
    );
  }
});

Deno.test("a metric page draws its equation from the calculator and offers the form", async () => {
  const html = await (await get("/metrics/churn-rate")).text();
  assert.match(
    html,
    /<math><mrow><mfrac><mi>lost<\/mi><mi>start<\/mi><\/mfrac><\/mrow><\/math><math><mrow><mo form="infix">×<\/mo><mn>100<\/mn><\/mrow><\/math>/,
  );
  assert.match(html, /<form class="calc" method="get" action="\/metrics\/churn-rate\/calc"/);
  assert.match(html, /<script src="\/assets\/forms\.js" defer><\/script>/);
  const payback = await (await get("/metrics/cac-payback-period")).text();
  const form = /<form class="calc"[\s\S]*?<\/form>/.exec(payback)?.[0] ?? "";
  const labels = [...form.matchAll(/<label>([^<]*)<span class="muted">\(([^)]*)\)/g)]
    .map((match) => `${match[1]}(${match[2]})`);
  assert.deepEqual(labels, [
    "Customer acquisition cost (US dollars)",
    "New MRR per customer (US dollars)",
    "Gross margin (percent)",
  ], "the labels are words, not the inputs' code names or unit keys");
  assert.match(form, /<button type="submit">Calculate<\/button>/);
});

Deno.test("/formulas.json publishes every calculator for dashboards to reuse", async () => {
  const response = await get("/formulas.json");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  const set = await response.json();
  assert.equal(set.metrics.length, catalog.metrics.length);
  const churn = set.metrics.find((item: { slug: string }) => item.slug === "churn-rate");
  assert.equal(churn.calculator.expression, "lost / start * 100");
  assert.ok(
    set.metrics.every((item: { calculator?: unknown; notComputable?: string }) =>
      item.calculator !== undefined || item.notComputable !== undefined
    ),
  );
});

Deno.test("side-by-side pages set two related metrics against each other, linked from both", async () => {
  const path = "/compare/gross-revenue-retention-vs-net-revenue-retention";
  const page = await get(path);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<h1>Gross Revenue Retention \(GRR\) vs Net Revenue Retention \(NRR\)<\/h1>/);
  for (const id of ["relate", "definition", "formula", "inputs", "when-not-to-use", "benchmarks"]) {
    assert.match(html, new RegExp(`<h2 id="${id}">`), id);
  }
  for (const slug of ["gross-revenue-retention", "net-revenue-retention"]) {
    const metric = await (await get(`/metrics/${slug}`)).text();
    assert.ok(metric.includes(`href="${path}"`), slug);
  }
  const reversed = await get("/compare/net-revenue-retention-vs-gross-revenue-retention");
  assert.equal(reversed.status, 308);
  assert.equal(reversed.headers.get("location"), path);
  const sitemap = await (await get("/sitemap.xml")).text();
  assert.ok(sitemap.includes(`https://metrics.example${path}</loc>`));
  const llms = await (await get("/llms.txt")).text();
  assert.ok(llms.includes(`(https://metrics.example${path})`));
});

Deno.test("/metrics, /frameworks and /tags list the records, and the header and crumbs link them", async () => {
  const metrics = await (await get("/metrics")).text();
  assert.equal(
    (metrics.match(/<a href="\/metrics\/[a-z0-9-]+">/g) ?? []).length,
    catalog.metrics.length,
  );
  assert.match(metrics, /<a href="\/tags\/retention">Retention<\/a>/);
  const frameworks = await (await get("/frameworks")).text();
  assert.match(frameworks, /<a href="\/frameworks\/aarrr">/);
  const tags = await (await get("/tags")).text();
  assert.match(tags, /<a href="\/tags\/health">Health<\/a>/);
  const churn = await (await get("/metrics/churn-rate")).text();
  assert.match(churn, /<li><a href="\/metrics">Metrics<\/a><\/li>/);
  assert.match(churn, /<li><a href="\/metrics">Metrics A–Z<\/a><\/li>/);
});
