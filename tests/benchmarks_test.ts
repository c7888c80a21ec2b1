import assert from "node:assert/strict";
import type { Figure, MetricRecord, Vocabulary } from "../lib/mod.ts";
import { metricFigureRows } from "../lib/read/benchmarks.ts";
import { figureAmount, formatValue, shortCitation } from "../lib/read/words.ts";
import { possessive } from "../lib/read/text.ts";

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
    year: 2024,
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

Deno.test("figureAmount() and possessive() word a figure and its source as people say them", () => {
  assert.deepEqual(
    [
      figureAmount({ value: 24, bound: "at-least", unit: "months" }),
      figureAmount({ value: 6, bound: "at-most", unit: "months" }),
      figureAmount({ low: 90, high: 120, unit: "percent", per: "year" }),
      figureAmount({ low: 12000, high: 50000, unit: "usd" }),
      figureAmount({ value: 16, unit: "months" }),
    ],
    ["24 months or more", "6 months or less", "90–120% a year", "$12,000–$50,000", "16 months"],
  );
  assert.equal(possessive("Bessemer Venture Partners"), "Bessemer Venture Partners'");
  assert.equal(possessive("Aleph"), "Aleph's");
});
