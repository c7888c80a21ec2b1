import assert from "node:assert/strict";
import type { Figure, MetricRecord, Vocabulary } from "../lib/mod.ts";
import {
  compareValue,
  formatValue,
  metricFigureRows,
  shortCitation,
} from "../lib/read/benchmarks.ts";

const VOCABULARY: Vocabulary = {
  model: { label: "Business model", values: { b2b: { label: "B2B" }, b2c: { label: "B2C" } } },
  arpa: {
    label: "ARPA",
    band: "usd",
    values: { low: { label: "ARPA under $25", max: 25 }, high: { label: "ARPA $500+", min: 500 } },
  },
};

function figure(change: Partial<Figure>): Figure {
  return {
    sentence: 0,
    written: "5%",
    value: 5,
    unit: "percent",
    per: "month",
    statistic: "mean",
    segment: {},
    source: 1,
    ...change,
  };
}

const METRIC = {
  name: "Test Churn",
  slug: "test-churn",
  benchmarks: ["Churn was 5% in B2B, 7% in B2C, 2–3% at high ARPA, under 2% at best (Lab, 2024)."],
  benchmarksReviewed: "2026-11-01",
  sources: [{ label: 'Lab, "Report" (2024)', url: "https://example.com/report" }],
  comparison: {
    direction: "lower-is-better",
    unit: "percent",
    per: "month",
    convert: "compound-loss",
  },
  figures: [
    figure({ segment: { model: "b2b" } }),
    figure({ written: "7%", value: 7, segment: { model: "b2c" } }),
    figure({
      written: "2–3%",
      value: undefined,
      low: 2,
      high: 3,
      statistic: "typical-range",
      segment: { arpa: "high" },
    }),
    figure({ written: "2%", value: 2, bound: "at-most", statistic: "threshold", label: "best" }),
    figure({ written: "30%", value: 30, measures: "share that is involuntary", per: undefined }),
  ],
} as unknown as MetricRecord;

function withoutComparison(): MetricRecord {
  const { comparison: _comparison, ...rest } = METRIC;
  return rest;
}

const compare = (input: Parameters<typeof compareValue>[2]) =>
  compareValue(METRIC, { segments: VOCABULARY }, input);

Deno.test("compareValue() places a value below, within and above figures by the metric's direction", () => {
  const result = compare({ value: 2.5 });
  assert.ok(result.ok);
  const { placements, context } = result.comparison;
  assert.deepEqual(
    placements.map(({ figure, position, better }) => [figure, position, better]),
    [[1, "below", true], [2, "below", true], [3, "within", undefined], [4, "above", false]],
  );
  assert.deepEqual(context, [{ figure: 5, reason: "measures share that is involuntary" }]);
  assert.match(
    result.comparison.summary,
    /^2\.5% a month is below Lab's 5% average for B2B \(Lab, 2024\)/,
  );
  assert.match(result.comparison.summary, /misses Lab's “best” mark of at most 2%/);
});

Deno.test("compareValue() leaves figures of another segment as context, and places band numbers", () => {
  const b2b = compare({ value: 4, segment: { model: "b2b" } });
  assert.ok(b2b.ok);
  assert.deepEqual(b2b.comparison.context[0], {
    figure: 2,
    reason: "is for another segment (B2C)",
  });
  const small = compare({ value: 4, segment: { arpa: "200" } });
  assert.ok(small.ok);
  assert.ok(small.comparison.context.some((item) => item.figure === 3));
  const large = compare({ value: 4, segment: { arpa: "800" } });
  assert.ok(large.ok);
  assert.ok(large.comparison.placements.some((item) => item.figure === 3));
});

Deno.test("compareValue() converts a yearly value by compounding as the metric states, and says so", () => {
  const result = compare({ value: 46, per: "year" });
  assert.ok(result.ok);
  const [first] = result.comparison.placements;
  assert.ok(first?.converted);
  assert.ok(Math.abs((first?.value ?? 0) - 100 * (1 - (1 - 0.46) ** (1 / 12))) < 1e-9);
  assert.match(
    result.comparison.summary,
    /^46% a year is 5\.0\d?% a month \(converted from a rate a year as 1 − \(1 − rate\)\^\(1\/12\)\)/,
  );
  const noConversion = compareValue(
    { ...METRIC, comparison: { direction: "lower-is-better", unit: "percent", per: "month" } },
    { segments: VOCABULARY },
    { value: 46, per: "year" },
  );
  assert.ok(noConversion.ok);
  assert.equal(noConversion.comparison.placements.length, 0);
  assert.ok(noConversion.comparison.context.some((item) => item.reason === "is quoted a month"));
});

Deno.test("compareValue() writes a source whose name ends in s with an apostrophe alone", () => {
  const partners = {
    ...METRIC,
    benchmarks: ["Churn was 5% in B2B (Bessemer Venture Partners, 2024)."],
    sources: [{ label: "Bessemer Venture Partners (2024)", url: "https://example.com/bvp" }],
    figures: [figure({ segment: { model: "b2b" } })],
  } as MetricRecord;
  const result = compareValue(partners, { segments: VOCABULARY }, { value: 4 });
  assert.ok(result.ok);
  assert.match(result.comparison.summary, /is below Bessemer Venture Partners' 5% average/);
  assert.doesNotMatch(result.comparison.summary, /Partners's/);
});

Deno.test("compareValue() answers bad input with one line", () => {
  const errors = [
    compare({ value: Number.NaN }),
    compare({ value: Infinity }),
    compare({ value: 3, segment: { size: "big" } }),
    compare({ value: 3, segment: { model: "b2g" } }),
    compare({ value: 3, segment: { arpa: "lots" } }),
    compare({ value: 3, segment: { arpa: "-5" } }),
    compare({ value: 150, per: "year" }),
    compareValue(withoutComparison(), { segments: VOCABULARY }, { value: 3 }),
  ].map((result) => result.ok ? "ok" : result.error);
  assert.deepEqual(errors, [
    "The value must be a finite number",
    "The value must be a finite number",
    'Unknown segment "size" for "test-churn"; use "model", "arpa"',
    'Segment "model" takes one of "b2b", "b2c", not "b2g"',
    'Segment "arpa" takes a number or one of "high", not "lots"',
    'Segment "arpa" must not be negative',
    "A rate of loss is a percentage from 0% to 100%",
    '"test-churn" has no benchmark figures to compare a value with',
  ]);
});

Deno.test("metricFigureRows() gives each figure an anchor, its source and a citation to copy", () => {
  const [row] = metricFigureRows(METRIC, VOCABULARY, "https://metrics.example");
  assert.equal(row?.id, "test-churn-1");
  assert.equal(row?.page, "https://metrics.example/metrics/test-churn#figure-1");
  assert.deepEqual(row?.source, { number: 1, ...METRIC.sources[0]! });
  assert.equal(
    row?.citation,
    "5% average a month, B2B, Test Churn, Lab, 2024, via https://metrics.example/metrics/test-churn#figure-1",
  );
});

Deno.test("shortCitation() and formatValue() word sources and values as people write them", () => {
  assert.equal(
    shortCitation({ label: 'Recurly, "Churn" (undated, accessed 2026)', url: "" }),
    "Recurly, accessed 2026",
  );
  assert.equal(
    shortCitation({ label: "Lab, Report (SEC exhibit 99.2, 2023)", url: "" }),
    "Lab, 2023",
  );
  assert.equal(shortCitation({ label: "Lab docs", url: "" }), "Lab docs, n.d.");
  assert.deepEqual(
    [
      formatValue(4.5, "percent"),
      formatValue(1200, "usd"),
      formatValue(3.25, "multiple"),
      formatValue(1, "months"),
    ],
    ["4.5%", "$1,200", "3.25x", "1 month"],
  );
});
