import assert from "node:assert/strict";
import type { Figure, MetricRecord } from "../../lib/mod.ts";
import { figure, METRIC, seriesPoint, VOCABULARY } from "../_compare_fixture.ts";
import { loadCatalog } from "../../lib/mod.ts";
import { type CompareInput, compareValue } from "../../lib/read/compare.ts";
import {
  citedText,
  comparisonWords,
  directionWords,
  LEAD_WORDS,
} from "../../lib/read/compare_words.ts";
import { DIRECTIONS } from "../../lib/catalog/lists.ts";

function words(input: CompareInput, metric: MetricRecord = METRIC, vocabulary = VOCABULARY) {
  const comparison = compareValue(metric, input, { segments: vocabulary, thisYear: 2026 });
  return comparisonWords(comparison, { metric, vocabulary });
}

/** A metric of months with the given figures, all from one source. */
function months(direction: string, figures: Partial<Figure>[]): MetricRecord {
  return {
    ...METRIC,
    sources: [{ label: "Aleph, benchmarks (2026)", url: "https://example.com/aleph" }],
    comparison: { direction, unit: "months" },
    figures: figures.map((change) => figure({ unit: "months", per: undefined, ...change })),
  } as unknown as MetricRecord;
}

const sentences = (lead: string) => lead.split(/(?<=\.) (?=[A-Z])/);
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

Deno.test("the lead has one sentence for the reader's segment and one for the rest", () => {
  assert.equal(
    words({ value: "4%", segment: { model: "b2b" } }).lead,
    "For B2B, 4% a month is better than Lab's average (5% a month). Against the 3 other figures " +
      "that may apply, it is better than Lab's median (6% a month) for enterprise SaaS, but is " +
      "worse than Lab's typical range (2–3% a month) for ARPA $500+.",
  );
  const noB2c = {
    ...METRIC,
    figures: METRIC.figures?.filter((item) => item.segment.model !== "b2c"),
  } as MetricRecord;
  assert.equal(
    words({ value: 4, segment: { model: "b2c" } }, noB2c).lead,
    "No figure is for B2C. Against the 2 figures that may apply, 4% a month is worse than " +
      "Lab's typical range (2–3% a month) for ARPA $500+ and is short of Lab's “best” mark (2% " +
      "or less a month).",
  );
});

Deno.test("the closest figures are said to be the closest, and name their segment", () => {
  const between = words({ value: 4, segment: { arpa: "200" } });
  assert.match(
    between.lead,
    /^No figure is for ARPA \$200; against the closest, 4% a month is worse than Lab's typical range \(2–3% a month\) for ARPA \$500\+\./,
  );
  assert.deepEqual(between.groups.map((group) => group.title), [
    "Closest to your segment",
    "Other figures that may apply",
    "Individual companies",
    "Not compared",
  ]);
  const part = words({ value: 4, segment: { model: "b2b" } }, {
    ...METRIC,
    figures: [figure({ segment: { model: "b2b", vertical: "health" } })],
  } as MetricRecord);
  assert.equal(
    part.lead,
    "No figure is for B2B; against the closest, 4% a month is better than Lab's average (5% a " +
      "month) for health.",
  );
  assert.deepEqual(part.groups[0]?.lines.map((line) => line.text), [
    "is better than Lab's average (5% a month) for B2B, health (only health)",
  ]);
});

Deno.test("the lead opens with the rule, then medians, then quartiles and targets, then extremes", () => {
  const metric = months("lower-is-better", [
    { written: "48", value: 48, statistic: "reported", label: "worst case" },
    { written: "6", value: 6, bound: "at-most", statistic: "top-quartile" },
    { written: "16", value: 16, statistic: "median" },
    {
      written: "12",
      value: 12,
      bound: "at-most",
      statistic: "threshold",
      label: "best",
      role: "rule",
    },
  ]);
  assert.equal(
    words({ value: 14 }, metric).lead,
    "14 months is short of Aleph's “best” mark (12 months or less), but is better than " +
      "Aleph's median (16 months) and is short of Aleph's top quartile (6 months or less).",
  );
});

Deno.test("each placement is worded by its kind and the metric's direction, on both sides", () => {
  const good = /^(is better than|meets|is in|is within|is clear of) /;
  const bad = /^(is short of|is worse than|is in|is within|is past) /;
  const specs: Partial<Figure>[] = [
    { statistic: "mean" },
    { statistic: "median" },
    { statistic: "percentile", percentile: 75 },
    { statistic: "top-quartile", bound: "at-least" },
    { statistic: "top-quartile", bound: "at-most" },
    { statistic: "bottom-quartile", bound: "at-least" },
    { statistic: "top-decile" },
    { statistic: "threshold" },
    { statistic: "threshold", bound: "at-least" },
    { statistic: "threshold", bound: "at-most" },
    { statistic: "threshold", role: "warning" },
    { statistic: "threshold", role: "rule" },
    { statistic: "typical-range", written: "10–20", value: undefined, low: 10, high: 20 },
    { statistic: "reported" },
  ];
  for (const direction of ["higher-is-better", "lower-is-better"] as const) {
    for (const spec of specs) {
      const metric = months(direction, [{ written: "10", value: 10, ...spec }]);
      for (const value of [5, 25]) {
        const result = compareValue(metric, { value }, { segments: VOCABULARY });
        const [placement] = result.placements;
        const said = comparisonWords(result, { metric, vocabulary: VOCABULARY });
        const [line] = said.groups[0]?.lines ?? [];
        const name = `${direction} ${JSON.stringify(spec)} at ${value}: ${line?.text}`;
        assert.ok(placement && line, name);
        if (placement.better === true) assert.match(line.text, good, name);
        if (placement.better === false) assert.match(line.text, bad, name);
        if (placement.kind === "warning") assert.match(line.text, /^is (clear of|past|within)/);
        const amount = spec.low !== undefined
          ? "10–20 months"
          : `10 months${
            spec.bound === "at-least" ? " or more" : spec.bound === "at-most" ? " or less" : ""
          }`;
        assert.ok(line.text.includes(`(${amount})`), name);
        // The lead says the same as the line.
        assert.ok(said.lead.includes(line.text.split(" Aleph")[0] ?? ""), `${name}: ${said.lead}`);
      }
    }
  }
});

Deno.test("a count says its direction: better than, worse than, or short of so many", () => {
  const medians = (direction: string) =>
    months(
      direction,
      [10, 12, 14, 16, 18].map((value) => ({
        written: String(value),
        value,
        statistic: "median",
      })),
    );
  assert.equal(
    words({ value: 13 }, medians("lower-is-better")).lead,
    "13 months is better than 3 of the 5 medians.",
  );
  assert.equal(
    words({ value: 13 }, medians("higher-is-better")).lead,
    "13 months is worse than 3 of the 5 medians.",
  );
  assert.equal(
    words({ value: 11 }, medians("lower-is-better")).lead,
    "11 months is better than 4 of the 5 medians, though it is worse than Aleph's median " +
      "(10 months).",
  );
  const targets = months(
    "higher-is-better",
    [3, 4, 5].map((value) => ({
      written: String(value),
      value,
      bound: "at-least",
      statistic: "threshold",
    })),
  );
  assert.equal(
    words({ value: 2 }, targets).lead,
    "2 months is short of all 3 targets and rules of thumb.",
  );
});

Deno.test("clearing a warning line is said only when nothing better is", () => {
  const burn = {
    ...months("lower-is-better", [
      { written: "2x", value: 2, statistic: "threshold", label: "reasonable" },
      { written: "3x", value: 3, bound: "at-least", statistic: "threshold", label: "bad" },
      { written: "5x", value: 5, statistic: "threshold", label: "terrible", role: "warning" },
    ]),
    sources: [{ label: "David Sacks, essay (2020)", url: "https://example.com/sacks" }],
  } as MetricRecord;
  const four = words({ value: 4 }, burn).lead;
  assert.equal(
    four,
    "4 months is within David Sacks' “bad” mark (3 months or more) and is short of David " +
      "Sacks' “reasonable” mark (2 months), though it is clear of David Sacks' “terrible” mark " +
      "(5 months).",
  );
  assert.equal(
    words({ value: 1.5 }, burn).lead,
    "1.5 months is better than David Sacks' “reasonable” mark (2 months).",
  );
});

Deno.test("a figure's segment is named when it is narrower than the reader's, with an old one's year", () => {
  const metric = months("higher-is-better", [
    { written: "4", value: 4, statistic: "mean", segment: { vertical: "health" }, year: 2012 },
    { written: "30", value: 30, statistic: "median", segment: { market: "saas" } },
  ]);
  assert.equal(
    words({ value: 10 }, metric).lead,
    "10 months is better than Aleph's 2012 average (4 months) for health, but is worse than " +
      "Aleph's median (30 months).",
  );
});

Deno.test("groups list each placement with its citation, and the figures not compared by reason", () => {
  const said = words({ value: "2.5", segment: { model: "b2b" } });
  assert.deepEqual(
    said.groups.map((group) => [group.group, group.lines.map(citedText)]),
    [
      ["yours", ["is better than Lab's average (5% a month) for B2B (Lab, 2024)"]],
      ["wider", [
        "is within Lab's typical range (2–3% a month) for ARPA $500+ (any business model) (Lab, 2024)",
        "is short of Lab's “best” mark (2% or less a month) (any business model) (Lab, 2024)",
        "is better than Lab's median (6% a month) for enterprise SaaS (a part of B2B) (Lab, 2024)",
      ]],
      ["company", [
        "is below Lab's reported figure (4% a month) for Acme (any business model) (Lab, 2024)",
      ]],
      ["segment", ["is for another segment (B2C)"]],
      ["other", ["measures share that is involuntary"]],
    ],
  );
  const yearly = words({ value: 46, per: "year" });
  assert.match(yearly.lead, /^46% a year \(5\.0\d?% a month compounded\) is/);
});

Deno.test("the catalog's own questions read right: the rule first, medians before quartiles, segments named", async () => {
  const catalog = await loadCatalog();
  const lead = (slug: string, input: CompareInput) => {
    const metric = catalog.metrics.find((item) => item.slug === slug);
    assert.ok(metric, slug);
    return words(input, metric, catalog.segments).lead;
  };
  const nps = lead("net-promoter-score", { value: 10 });
  assert.match(
    nps,
    /destinationCRM's 2012 average \(4 points\) for United States, health insurance/,
  );
  const margin = lead("gross-margin", { value: 62 });
  assert.match(margin, /^62% is worse than Aleph's medians \(80% on software revenue and 76%/);
  assert.match(
    lead("rule-of-40", { value: 25 }),
    /^25% is short of Brad Feld's 2015 “should reach” mark/,
  );
  // An NPS written as a percentage is a score: Reichheld's world-class 75% is compared.
  assert.match(
    lead("net-promoter-score", { value: 80 }),
    /meets .*Reichheld's .*very high bar \(world-class loyalty\) \(75% or more\)/,
  );
  for (
    const [slug, input] of [
      ["net-promoter-score", { value: 10 }],
      ["gross-margin", { value: 62 }],
      ["rule-of-40", { value: 25 }],
      ["churn-rate", { value: 4, segment: { customers: "smb" } }],
      ["net-revenue-retention", { value: 95, segment: { acv: 8000 } }],
      ["burn-multiple", { value: 2.5, segment: { stage: "series-b" } }],
      ["gross-revenue-retention", {
        value: 85,
        segment: { customers: "enterprise", model: "b2b" },
      }],
    ] as const
  ) {
    for (const sentence of sentences(lead(slug, input))) {
      assert.ok(wordCount(sentence) <= LEAD_WORDS + 8, `${slug}: ${sentence}`);
    }
  }
});

Deno.test("a figure named with its segment is not run into the next list; a converted value is said once", () => {
  const metric = months("higher-is-better", [
    { written: "10", value: 10, statistic: "mean", segment: { vertical: "health" } },
    ...[1, 2, 3].map(() => ({
      written: "10–20",
      value: undefined,
      low: 10,
      high: 20,
      statistic: "typical-range" as const,
    })),
  ]);
  assert.equal(
    words({ value: 5 }, metric).lead,
    "5 months is worse than Aleph's average (10 months) for health and is worse than all 3 " +
      "typical ranges.",
  );
  assert.match(
    words({ value: 46, per: "year", segment: { model: "b2b" } }).lead,
    /^For B2B, 46% a year \(5\.0\d?% a month compounded\) is .*\. Against the 3 other figures that may apply, it /,
  );
});

Deno.test("a comparison with a series says which year its latest point is, and why the earlier points are not compared", () => {
  const point = seriesPoint;
  const metric = {
    ...METRIC,
    figures: [point(6, 2021), point(5, 2022), point(4, 2023)],
  } as unknown as MetricRecord;
  const answer = words({ value: "3%" }, metric);
  assert.equal(answer.lead, "3% a month is better than Lab's 2023 median (4% a month).");
  const compared = answer.groups.find((group) => group.group === "wider");
  assert.deepEqual(compared?.lines.map((line) => [line.figure, line.cited]), [
    [3, "Lab, 2024, data for 2023, the latest of a series from 2021"],
  ]);
  const apart = answer.groups.find((group) => group.group === "other");
  assert.deepEqual(apart?.lines, [
    { figure: 1, text: "is an earlier point of a series (2021); its latest point is compared" },
    { figure: 2, text: "is an earlier point of a series (2022); its latest point is compared" },
  ]);
});

Deno.test("directionWords() words each direction once: a phrase, a sentence and the form's aim", () => {
  for (const direction of DIRECTIONS) {
    const { phrase, sentence } = directionWords(direction);
    assert.ok(sentence.toLowerCase().startsWith(phrase), direction);
    assert.ok(sentence.endsWith("."), direction);
  }
  assert.deepEqual(directionWords("higher-is-better"), {
    phrase: "higher is better",
    sentence: "Higher is better.",
    aim: "higher is better",
  });
  assert.deepEqual(directionWords("target-band"), {
    phrase: "best inside a target band",
    sentence: "Best inside a target band, neither too low nor too high.",
    aim: "the aim is to stay inside a target band, neither too low nor too high",
  });
});
