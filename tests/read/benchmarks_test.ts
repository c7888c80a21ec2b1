import assert from "node:assert/strict";
import { comparedMetricFrom, metricFigureRows } from "../../lib/read/benchmarks.ts";
import { figureAmount, formatValue, shortCitation } from "../../lib/read/words.ts";
import { possessive } from "../../lib/read/text.ts";
import { createReadModel, loadCatalog } from "../../lib/mod.ts";
import { benchmarksJson } from "../../lib/web/data_files.ts";
import { compareValue } from "../../lib/read/compare.ts";
import { comparableFigures } from "../../lib/catalog/figures.ts";
import { METRIC, VOCABULARY } from "../_compare_fixture.ts";

Deno.test("metricFigureRows() gives each figure an anchor, its source and a citation to copy", () => {
  const [row] = metricFigureRows(METRIC, {
    vocabulary: VOCABULARY,
    baseUrl: "https://metrics.example",
  });
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

Deno.test("comparedMetricFrom() keeps each figure's series and data year, so the data set places a value as the catalog does", async () => {
  const catalog = await loadCatalog();
  const data = JSON.parse(JSON.stringify(benchmarksJson(createReadModel(catalog), "")));
  const withSeries = catalog.metrics.filter((metric) =>
    (metric.figures ?? []).some((figure) => figure.series !== undefined)
  );
  assert.ok(withSeries.length > 0);
  for (const metric of withSeries) {
    const rebuilt = comparedMetricFrom(data, metric.slug);
    assert.deepEqual(rebuilt?.figures, metric.figures, metric.slug);
    if (comparableFigures(metric).length === 0) continue;
    const input = { value: 10, segment: {} };
    assert.deepEqual(
      compareValue(rebuilt!, input, { segments: catalog.segments, thisYear: 2026 }),
      compareValue(metric, input, { segments: catalog.segments, thisYear: 2026 }),
      metric.slug,
    );
  }
});
