import assert from "node:assert/strict";
import { structureBenchmarks, vocabularyProblems } from "../lib/catalog/figure_rules.ts";
import type { Comparison, Vocabulary } from "../lib/catalog/figures.ts";
import { FigureInputSchema } from "../lib/catalog/schema.ts";

const SENTENCE = "Across 1,500 sites churn was 5.6% a month, 5% in B2B and 3–7% typically " +
  "(Example Research, 2024; Other Lab, 2023).";
const SOURCES = [
  { label: 'Example Research, "Report" (2024)', url: "https://example.com/a" },
  { label: 'Other Lab, "Study" (2023)', url: "https://example.com/b" },
  { label: 'Unused Author, "Page" (2020)', url: "https://example.com/c" },
];
const VOCABULARY: Vocabulary = {
  model: { label: "Business model", values: { b2b: { label: "B2B" }, b2c: { label: "B2C" } } },
  market: {
    label: "Market",
    role: "study",
    values: { "b2b-saas": { label: "B2B SaaS companies", implies: { model: "b2b" } } },
  },
};
const COMPARISON: Comparison = { direction: "lower-is-better", unit: "percent", per: "month" };

type Figures = Parameters<typeof structureBenchmarks>[0];

function structure(entries: Figures) {
  const problems: string[] = [];
  const result = structureBenchmarks(entries, {
    path: "cat/metrics/alpha-rate.md",
    sources: SOURCES,
    comparison: COMPARISON,
    vocabulary: VOCABULARY,
    problems,
  });
  return { ...result, problems };
}

/** The one problem of a sentence with one figure, the figure's fields changed by `change`. */
function problemOf(change: Record<string, unknown>): string {
  const figure = { value: "5%", statistic: "mean", year: 2024, source: 1, ...change };
  const { problems } = structure([{ text: SENTENCE, figures: [FigureInputSchema.parse(figure)] }]);
  assert.equal(problems.length, 1, problems.join("\n"));
  return problems[0] ?? "";
}

Deno.test("structureBenchmarks() reads a figure's number, range, sample and defaults", () => {
  const { benchmarks, figures, problems } = structure([
    "A plain sentence (Example Research, 2024).",
    {
      text: SENTENCE,
      figures: [
        { value: "5.6%", statistic: "mean", sample: "1,500", year: 2024, source: 1 },
        {
          value: "3–7%",
          statistic: "typical-range",
          segment: { model: "b2b" },
          year: "undated",
          source: 2,
        },
      ],
    },
  ]);
  assert.deepEqual(problems, []);
  assert.deepEqual(benchmarks, ["A plain sentence (Example Research, 2024).", SENTENCE]);
  assert.deepEqual(figures, [
    {
      sentence: 1,
      written: "5.6%",
      value: 5.6,
      unit: "percent",
      per: "month",
      statistic: "mean",
      segment: {},
      sample: 1500,
      year: 2024,
      source: 1,
    },
    {
      sentence: 1,
      written: "3–7%",
      low: 3,
      high: 7,
      unit: "percent",
      per: "month",
      statistic: "typical-range",
      segment: { model: "b2b" },
      year: "undated",
      source: 2,
    },
  ]);
});

Deno.test("structureBenchmarks() names file, sentence and field when a number is not in the sentence", () => {
  assert.equal(
    problemOf({ value: "5.5%" }),
    'cat/metrics/alpha-rate.md: benchmarks[0].figures[0].value: "5.5%" does not appear in the ' +
      'sentence as written (sentence "Across 1,500 sites churn was 5.6% a month, 5% in B2B and…")',
  );
  // "5%" inside "5.6%" or "1,500" is not the figure "5%" written alone; "6%" is not in "5.6%".
  assert.match(problemOf({ value: "6%" }), /\.value: "6%" does not appear/);
});

Deno.test("structureBenchmarks() refuses a source the sentence does not cite", () => {
  assert.match(
    problemOf({ source: 3 }),
    /figures\[0\]\.source: source 3 is not one the sentence cites \(it cites 1, 2\)/,
  );
  assert.match(problemOf({ source: 9 }), /\.source: there is no source 9; the record has 3/);
  assert.match(
    problemOf({ source: undefined }),
    /\.source: is required: the sentence cites sources 1, 2/,
  );
});

Deno.test("structureBenchmarks() refuses segment keys and values outside the vocabulary", () => {
  assert.match(
    problemOf({ segment: { size: "large" } }),
    /figures\[0\]\.segment\.size: "size" is not a segment key in segments\.yaml/,
  );
  assert.match(
    problemOf({ segment: { model: "b2g" } }),
    /figures\[0\]\.segment\.model: "b2g" is not a value of "model" in segments\.yaml/,
  );
});

Deno.test("structureBenchmarks() refuses a figure's value that contradicts what another implies", () => {
  assert.match(
    problemOf({ segment: { market: "b2b-saas", model: "b2c" } }),
    /figures\[0\]\.segment\.model: "b2c" contradicts "market: b2b-saas", which implies "model: b2b"/,
  );
  const agreed = { value: "5%", statistic: "mean", year: 2024, source: 1 };
  const { problems } = structure([{
    text: SENTENCE,
    figures: [
      FigureInputSchema.parse({ ...agreed, segment: { market: "b2b-saas", model: "b2b" } }),
    ],
  }]);
  assert.deepEqual(problems, []);
});

Deno.test("vocabularyProblems() refuses an implication of an unknown key or value, or its own key", () => {
  const implying = (implies: Record<string, string>): Vocabulary => ({
    ...VOCABULARY,
    market: { label: "Market", values: { "b2b-saas": { label: "B2B SaaS", implies } } },
  });
  assert.deepEqual(vocabularyProblems(VOCABULARY, "segments.yaml"), []);
  assert.deepEqual(vocabularyProblems(implying({ size: "large" }), "segments.yaml"), [
    'segments.yaml: market.values.b2b-saas: implies: "size" is not a segment key',
  ]);
  assert.deepEqual(vocabularyProblems(implying({ model: "b2g" }), "segments.yaml"), [
    'segments.yaml: market.values.b2b-saas: implies: "b2g" is not a value of "model"',
  ]);
  assert.deepEqual(vocabularyProblems(implying({ market: "b2b-saas" }), "segments.yaml"), [
    "segments.yaml: market.values.b2b-saas: implies: a value cannot imply its own key",
  ]);
});

Deno.test("structureBenchmarks() refuses an inverted range and a unit that does not fit", () => {
  const inverted = structure([{
    text: "Churn ran 7–3% (Example Research, 2024).",
    figures: [{ value: "7–3%", statistic: "typical-range", year: 2024 }],
  }]);
  assert.deepEqual(inverted.problems, [
    'cat/metrics/alpha-rate.md: benchmarks[0].figures[0].value: "7–3%" is an inverted range: ' +
    'the low end is above the high end (sentence "Churn ran 7–3% (Example Research, 2024).")',
  ]);
  assert.match(
    problemOf({ unit: "usd" }),
    /\.unit: "5%" is a percentage; the unit must be "percent"/,
  );
  assert.match(
    problemOf({ measures: "something else" }),
    /\.unit: is required for a figure that measures something else/,
  );
});

Deno.test("a figure's year is a year of publication or `undated`, and is kept as given", () => {
  const figure = (year: unknown) => ({ value: "5%", statistic: "mean", source: 1, year });
  const { figures, problems } = structure([
    { text: SENTENCE, figures: [FigureInputSchema.parse(figure("undated"))] },
    { text: SENTENCE, figures: [FigureInputSchema.parse(figure(2023))] },
  ]);
  assert.deepEqual(problems, []);
  assert.deepEqual(figures.map((item) => item.year), ["undated", 2023]);
  for (const wrong of ["2023", "n.d.", 2023.5, 1850]) {
    assert.equal(FigureInputSchema.safeParse(figure(wrong)).success, false, String(wrong));
  }
});

Deno.test("structureBenchmarks() checks samples, years and context against the sentence", () => {
  assert.match(problemOf({ sample: "1,600" }), /\.sample: "1,600" does not appear/);
  assert.match(problemOf({ year: 2019 }), /\.year: 2019 does not appear in the sentence/);
  const { problems } = structure([{ text: SENTENCE, context: ["1,500", "12"] }]);
  assert.deepEqual(problems.map((line) => line.split(" (sentence")[0]), [
    'cat/metrics/alpha-rate.md: benchmarks[0].context[1]: "12" does not appear in the sentence as written',
  ]);
});
