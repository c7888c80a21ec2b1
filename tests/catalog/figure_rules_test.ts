import assert from "node:assert/strict";
import { structureBenchmarks, vocabularyProblems } from "../../lib/catalog/figure_rules.ts";
import type { Comparison, Vocabulary } from "../../lib/catalog/figures.ts";
import { FigureInputSchema } from "../../lib/catalog/schema.ts";

const SENTENCE = "Across 1,500 sites churn was 5.6% a month, 5% in B2B and 3–7% typically " +
  "(Example Research, 2024; Other Lab, 2023).";
const SOURCES = [
  { label: 'Example Research, "Report" (2024)', url: "https://example.com/a" },
  { label: 'Other Lab, "Study" (undated)', url: "https://example.com/b" },
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
  const figure = (year: unknown) => ({ value: "5%", statistic: "mean", source: 2, year });
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

Deno.test("structureBenchmarks() refuses an at-least sample written as a count", () => {
  const floors = [
    [
      "Across more than 1,500 sites churn was 5% (Example Research, 2024).",
      "1,500",
      "more than 1,500",
    ],
    ["Averaged from 20+ experts, churn was 5% (Example Research, 2024).", "20", "20+"],
    ["Over 500 teams answered; churn was 5% (Example Research, 2024).", "500", "Over 500"],
  ];
  for (const [text = "", count = "", floor = ""] of floors) {
    const figure = { value: "5%", statistic: "mean" as const, sample: count, year: 2024 };
    const { problems } = structure([{ text, figures: [figure] }]);
    assert.deepEqual(problems.map((line) => line.split(" (sentence")[0]), [
      `cat/metrics/alpha-rate.md: benchmarks[0].figures[0].sample: "${count}" is an at-least ` +
      `sample: the sentence writes "${floor}"; write the sample as the sentence does`,
    ]);
  }
});

Deno.test("structureBenchmarks() reads a sample written as a floor as at least that count", () => {
  const text =
    "Across more than 1,500 sites churn was 5% and 20+ experts agreed (Example Research, 2024).";
  const { figures, problems } = structure([{
    text,
    figures: [
      { value: "5%", statistic: "mean", sample: "more than 1,500", year: 2024 },
      { value: "5%", statistic: "mean", sample: "20+", year: 2024 },
      { value: "5%", statistic: "mean", sample: "1,500", year: 2024 },
    ],
  }]);
  // A ceiling is not a floor: "no more than 40" is a count the sentence bounds from above.
  const ceiling = structure([{
    text: "Churn was 5% across no more than 40 sites (Example Research, 2024).",
    figures: [{ value: "5%", statistic: "mean", sample: "40", year: 2024 }],
  }]);
  assert.deepEqual(ceiling.problems, []);
  // The third figure's "1,500" stands after "more than": a floor written as a count.
  assert.equal(problems.length, 1, problems.join("\n"));
  assert.deepEqual(
    figures.map(({ sample, sampleAtLeast }) => ({ sample, sampleAtLeast })),
    [{ sample: 1500, sampleAtLeast: true }, { sample: 20, sampleAtLeast: true }],
  );
});

Deno.test("structureBenchmarks() refuses `undated` where the source's label gives a year", () => {
  const undated = (source: number) => ({ value: "5%", statistic: "mean", year: "undated", source });
  assert.match(
    problemOf(undated(1)),
    /figures\[0\]\.year: is undated, but its source's label gives 2024/,
  );
  const sources = [
    { label: 'Example Research, "Report" (undated, accessed 2026)', url: "https://example.com/a" },
  ];
  const problems: string[] = [];
  structureBenchmarks([{
    text: "Churn was 5% (Example Research, accessed 2026).",
    figures: [FigureInputSchema.parse(undated(1))],
  }], {
    path: "cat/metrics/alpha-rate.md",
    sources,
    comparison: COMPARISON,
    vocabulary: VOCABULARY,
    problems,
  });
  assert.deepEqual(problems, [], "a year of access is not a year of publication");
});

Deno.test("a figure's dataYear is kept, and refused after its year, equal to it, with `undated` or unwritten", () => {
  const text = "Churn was 5% in 2021 and 4% in 2023 (Example Research, 2024).";
  const entry = (change: Record<string, unknown>) => ({
    text,
    figures: [FigureInputSchema.parse({
      value: "5%",
      statistic: "mean",
      year: 2024,
      source: 1,
      ...change,
    })],
  });
  const kept = structure([entry({ dataYear: 2021 })]);
  assert.deepEqual(kept.problems, []);
  assert.equal(kept.figures[0]?.dataYear, 2021);
  assert.equal(structure([entry({})]).figures[0]?.dataYear, undefined);
  const problem = (change: Record<string, unknown>) => {
    const { problems } = structure([entry(change)]);
    assert.equal(problems.length, 1, problems.join("\n"));
    return (problems[0] ?? "").split(" (sentence")[0] ?? "";
  };
  assert.equal(
    problem({ year: 2021, dataYear: 2023 }),
    "cat/metrics/alpha-rate.md: benchmarks[0].figures[0].dataYear: 2023 is after 2021, the year " +
      "the figure was published",
  );
  assert.match(problem({ dataYear: 2024 }), /\.dataYear: is given only where it differs from year/);
  // (The source's label gives 2024, so `undated` is refused for itself too.)
  const undated = structure([entry({ year: "undated", dataYear: 2021 })]).problems;
  assert.ok(
    undated.some((line) => /\.dataYear: is given with year `undated`/.test(line)),
    undated.join("\n"),
  );
  assert.match(problem({ dataYear: 2022 }), /\.dataYear: 2022 does not appear in the sentence/);
  assert.equal(
    FigureInputSchema.safeParse({ ...entry({}).figures[0], dataYear: "2021" }).success,
    false,
  );
});

Deno.test("structureBenchmarks() holds a series together: one source, statistic, unit and segment, a year each, two points or more", () => {
  const text =
    "Churn was 5% in 2021, 4% in 2022 and 3% in 2023 (Example Research, 2024; Other Lab, 2023).";
  const point = (value: string, dataYear: number, change: Record<string, unknown> = {}) =>
    FigureInputSchema.parse({
      value,
      statistic: "median",
      year: 2024,
      dataYear,
      source: 1,
      series: "example-churn",
      ...change,
    });
  const problems = (...figures: ReturnType<typeof point>[]) =>
    structure([{ text, figures }]).problems;
  const kept = structure([{ text, figures: [point("5%", 2021), point("4%", 2022)] }]);
  assert.deepEqual(kept.problems, []);
  assert.deepEqual(kept.figures.map((figure) => figure.series), ["example-churn", "example-churn"]);
  const at = 'cat/metrics/alpha-rate.md: series "example-churn": ';
  assert.deepEqual(problems(point("5%", 2021)), [
    `${at}has one figure; a series needs two points or more, each for another year`,
  ]);
  assert.deepEqual(problems(point("5%", 2021), point("4%", 2022, { source: 2, year: 2023 })), [
    `${at}figure 2 differs from figure 1 in its source`,
  ]);
  assert.deepEqual(problems(point("5%", 2021), point("4%", 2022, { statistic: "mean" })), [
    `${at}figure 2 differs from figure 1 in its statistic`,
  ]);
  assert.deepEqual(
    problems(point("5%", 2021), point("4%", 2022, { segment: { model: "b2b" } })),
    [`${at}figure 2 differs from figure 1 in its segment`],
  );
  assert.deepEqual(problems(point("5%", 2021), point("4%", 2022, { per: "year" })), [
    `${at}figure 2 differs from figure 1 in its period`,
  ]);
  assert.deepEqual(problems(point("5%", 2021), point("4%", 2021)), [
    `${at}figures 1 and 2 are both for 2021; one point a year`,
  ]);
  assert.equal(
    FigureInputSchema.safeParse({ ...point("5%", 2021), series: "Bad Id" }).success,
    false,
  );
});
