import assert from "node:assert/strict";
import type { Figure, MetricRecord, Vocabulary } from "../lib/mod.ts";
import { compareValue, comparisonGroups } from "../lib/read/compare.ts";
import { readAmount } from "../lib/read/amount.ts";

const VOCABULARY: Vocabulary = {
  model: {
    label: "Business model",
    values: {
      b2b: { label: "B2B" },
      b2c: { label: "B2C" },
      "enterprise-saas": { label: "enterprise SaaS", within: "b2b" },
    },
  },
  arpa: {
    label: "ARPA",
    band: "usd",
    short: "ARPA",
    values: {
      low: { label: "ARPA under $25", max: 25 },
      high: { label: "ARPA $500+", min: 500 },
    },
  },
  company: { label: "Company", values: { acme: { label: "Acme" } } },
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
    figure({ written: "4%", value: 4, statistic: "reported", segment: { company: "acme" } }),
    figure({ written: "6%", value: 6, statistic: "median", segment: { model: "enterprise-saas" } }),
  ],
} as unknown as MetricRecord;

const compare = (input: Parameters<typeof compareValue>[2]) =>
  compareValue(METRIC, { segments: VOCABULARY }, input);

function compared(input: Parameters<typeof compareValue>[2]) {
  const result = compare(input);
  assert.ok(result.ok, result.ok ? "" : result.error);
  return result.comparison;
}

Deno.test("compareValue() gives each compared figure's year and marks one more than five years old", () => {
  const dated = {
    ...METRIC,
    figures: [
      figure({ year: 2020 }),
      figure({ written: "4%", value: 4, year: 2021 }),
      figure({ written: "3%", value: 3, year: "undated" }),
    ],
  } as unknown as MetricRecord;
  const placed = (options?: { thisYear?: number }) => {
    const result = compareValue(dated, { segments: VOCABULARY }, { value: "3%" }, options);
    assert.ok(result.ok);
    return result.comparison.placements;
  };
  const in2026 = placed({ thisYear: 2026 });
  assert.deepEqual(in2026.map((item) => [item.year, item.old]), [
    [2020, true],
    [2021, undefined],
    ["undated", undefined],
  ]);
  assert.match(in2026[0]?.clause ?? "", / \(Lab, 2020, more than five years old\)$/);
  assert.match(in2026[1]?.clause ?? "", / \(Lab, 2021\)$/);
  assert.match(in2026[2]?.clause ?? "", / \(Lab, undated\)$/);
  assert.match(in2026[0]?.sentence ?? "", /more than five years old\)$/);
  assert.deepEqual(placed({ thisYear: 2027 }).map((item) => item.old), [true, true, undefined]);
  const thisYear = new Date().getFullYear();
  for (const item of placed()) {
    assert.equal(item.old, typeof item.year === "number" && item.year < thisYear - 5 || undefined);
  }
});

Deno.test("compareValue() places a value below, within and above figures by the metric's direction", () => {
  const { placements, context } = compared({ value: "2.5" });
  assert.deepEqual(
    placements.map(({ figure, position, better }) => [figure, position, better]),
    [
      [1, "below", true],
      [2, "below", true],
      [3, "within", undefined],
      [4, "above", false],
      [6, "below", true],
      [7, "below", true],
    ],
  );
  assert.deepEqual(context, [{
    figure: 5,
    reason: "measures share that is involuntary",
    kind: "other",
  }]);
});

Deno.test("compareValue() leads with a verdict for the reader's segment, then the rest by kind", () => {
  const b2b = compared({ value: "4%", segment: { model: "b2b" } });
  assert.equal(
    b2b.summary,
    "For B2B, 4% a month is better than Lab's average (5% a month). Against the 3 other figures " +
      "that may apply, it is better than Lab's median (6% a month), but is short of Lab's “best” " +
      "mark (2% or less a month) and is worse than Lab's typical range (2–3% a month).",
  );
  const all = compared({ value: "1" });
  assert.match(all.summary, /^1% a month meets Lab's “best” mark \(2% or less a month\)/);
  assert.match(all.summary, /reaches all 3 medians and averages\.$/);
  assert.match(all.summary, /meets Lab's “best” mark \(2% or less a month\)/);
});

Deno.test("compareValue() keeps figures that name no value for a key, and says they are broader", () => {
  const b2b = compared({ value: 4, segment: { model: "b2b" } });
  const byFigure = new Map(b2b.placements.map((placement) => [placement.figure, placement]));
  assert.equal(byFigure.get(1)?.match, "yours");
  assert.equal(byFigure.get(4)?.match, "wider", "a figure with no model still applies");
  assert.equal(byFigure.get(4)?.note, "any business model");
  assert.equal(byFigure.get(7)?.match, "wider", "enterprise SaaS is a part of B2B");
  assert.equal(byFigure.get(7)?.note, "a part of B2B");
  assert.equal(byFigure.get(6)?.match, "company");
  assert.deepEqual(b2b.context.filter((item) => item.kind === "segment"), [
    { figure: 2, reason: "is for another segment (B2C)", kind: "segment" },
  ]);
  const enterprise = compared({ value: 4, segment: { model: "enterprise-saas" } });
  assert.equal(
    enterprise.placements.find((placement) => placement.figure === 1)?.note,
    "wider than enterprise SaaS",
    "a B2B figure applies to enterprise SaaS, as a broader one",
  );
});

Deno.test("compareValue() places a band number in its band, or says which bands are the closest", () => {
  const high = compared({ value: 4, segment: { arpa: "$800" } });
  assert.equal(high.placements.find((placement) => placement.figure === 3)?.match, "yours");
  assert.match(high.summary, /^For ARPA \$800, 4% a month is worse than Lab's typical range/);
  const between = compared({ value: 4, segment: { arpa: "200" } });
  assert.equal(between.placements.find((placement) => placement.figure === 3)?.match, "closest");
  assert.match(
    between.summary,
    /^No figure's band holds ARPA \$200; against the nearest bands \(ARPA \$500\+\)/,
  );
  const groups = comparisonGroups(between).map((group) => group.title);
  assert.deepEqual(groups, [
    "Closest to your segment",
    "Other figures that may apply",
    "Individual companies",
    "Not compared",
  ]);
});

Deno.test("compareValue() converts a yearly value by compounding as the metric states, and says so", () => {
  const result = compared({ value: 46, per: "year" });
  const [first] = result.placements;
  assert.ok(first?.converted);
  assert.ok(Math.abs((first?.value ?? 0) - 100 * (1 - (1 - 0.46) ** (1 / 12))) < 1e-9);
  assert.match(result.summary, /^46% a year \(5\.0\d?% a month compounded\) is/);
  assert.match(
    first?.sentence ?? "",
    /^5\.0\d?% a month \(converted from a rate a year as 1 − \(1 − rate\)\^\(1\/12\)\)/,
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

Deno.test("compareValue() answers bad input with one line", () => {
  const { comparison: _comparison, ...withoutComparison } = METRIC;
  const errors = [
    compare({ value: Number.NaN }),
    compare({ value: "lots" }),
    compare({ value: "1.04" }),
    compare({ value: "$3" }),
    compare({ value: 3, segment: { size: "big" } }),
    compare({ value: 3, segment: { company: "acme" } }),
    compare({ value: 3, segment: { model: "b2g" } }),
    compare({ value: 3, segment: { arpa: "lots" } }),
    compare({ value: 3, segment: { arpa: -5 } }),
    compare({ value: 150, per: "year" }),
    compareValue(withoutComparison, { segments: VOCABULARY }, { value: 3 }),
  ].map((result) => result.ok ? "ok" : result.error);
  assert.deepEqual(errors, [
    "The value must be a finite number",
    'The value must be a percentage, such as "3%" or "3", not "lots"',
    "Is 1.04 1.04% or 104%? Write the value with a % sign",
    'The value must be a percentage, such as "3%" or "3", not "$3"',
    'Unknown segment "size" for "test-churn"; use "model", "arpa"',
    'Unknown segment "company" for "test-churn"; use "model", "arpa"',
    'Segment "model" takes one of "b2b", "b2c", "enterprise-saas", not "b2g"',
    'Segment "arpa" must be US dollars, such as "$200" or "30k", not "lots" (or one of "high")',
    'Segment "arpa" must not be negative',
    "A rate of loss is a percentage from 0% to 100%",
    '"test-churn" has no benchmark figures to compare a value with',
  ]);
});

Deno.test("readAmount() reads a value as people type it, the same on every surface", () => {
  const read = (text: string | number, unit: Parameters<typeof readAmount>[1]) => {
    const amount = readAmount(text, unit);
    return amount.ok ? amount.value : amount.error;
  };
  assert.deepEqual(
    [
      read("3%", "percent"),
      read("3 %", "percent"),
      read("3", "percent"),
      read("104%", "percent"),
      read("1.04%", "percent"),
      read("$200", "usd"),
      read("30k", "usd"),
      read("$1.2M", "usd"),
      read("1,500", "count"),
      read("14 months", "months"),
      read("3x", "multiple"),
      read(30000, "usd"),
      read("-2%", "percent"),
    ],
    [3, 3, 3, 104, 1.04, 200, 30000, 1200000, 1500, 14, 3, 30000, -2],
  );
  assert.equal(read("0.5", "percent"), "Is 0.5 0.5% or 50%? Write the value with a % sign");
  assert.equal(read(1.04, "percent"), "Is 1.04 1.04% or 104%? Write the value with a % sign");
  assert.equal(
    read("3%", "usd"),
    'The value must be US dollars, such as "$200" or "30k", not "3%"',
  );
  assert.equal(read("", "percent"), "The value is missing");
});

/** One figure of each statistic and bound, for the wording grid. */
const GRID: { statistic: Figure["statistic"]; bound?: Figure["bound"]; range?: boolean }[] = [
  { statistic: "mean" },
  { statistic: "median" },
  { statistic: "percentile" },
  { statistic: "top-quartile" },
  { statistic: "top-quartile", bound: "at-least" },
  { statistic: "top-quartile", bound: "at-most" },
  { statistic: "bottom-quartile", bound: "at-least" },
  { statistic: "bottom-quartile", bound: "at-most" },
  { statistic: "top-decile" },
  { statistic: "threshold" },
  { statistic: "threshold", bound: "at-least" },
  { statistic: "threshold", bound: "at-most" },
  { statistic: "threshold", range: true },
  { statistic: "typical-range", range: true },
  { statistic: "reported" },
];

Deno.test("placements are worded from the figure's meaning: statistic × bound × direction, both sides", () => {
  const good = new Set(["is better than", "meets", "is in", "is within", "is clear of"]);
  const bad = new Set(["is short of", "is worse than", "is in", "is within", "is past"]);
  for (const direction of ["higher-is-better", "lower-is-better"] as const) {
    for (const spec of GRID) {
      const mark = spec.range
        ? { written: "10–20", low: 10, high: 20, value: undefined }
        : { written: "10", value: 10 };
      const metric = {
        ...METRIC,
        comparison: { direction, unit: "months" },
        figures: [{
          ...figure({}),
          ...mark,
          unit: "months",
          per: undefined,
          statistic: spec.statistic,
          ...(spec.statistic === "percentile" ? { percentile: 75 } : {}),
          ...(spec.bound ? { bound: spec.bound } : {}),
        }],
      } as unknown as MetricRecord;
      for (const value of [5, 25]) {
        const result = compareValue(metric, { segments: VOCABULARY }, { value });
        assert.ok(result.ok);
        const [placement] = result.comparison.placements;
        const name = `${direction} ${spec.statistic} ${spec.bound ?? ""} at ${value}`;
        assert.ok(placement, name);
        const verb =
          /^(is better than|meets|is in|is within|is short of|is worse than|is above|is below|is equal to|is clear of|is past)\b/
            .exec(placement.clause)?.[1] ?? "";
        if (placement.better === true) assert.ok(good.has(verb), `${name}: "${placement.clause}"`);
        if (placement.better === false) assert.ok(bad.has(verb), `${name}: "${placement.clause}"`);
        if (placement.better === undefined) {
          assert.ok(!good.has(verb) || verb === "is within", `${name}: "${placement.clause}"`);
        }
        const amount = spec.range
          ? "10–20 months"
          : `10 months${
            spec.bound === "at-least" ? " or more" : spec.bound === "at-most" ? " or less" : ""
          }`;
        assert.ok(
          placement.clause.includes(`(${amount})`),
          `${name} names ${amount}: ${placement.clause}`,
        );
        // The verdict says the same thing as the placement.
        assert.ok(
          result.comparison.summary.includes(verb),
          `${name}: ${result.comparison.summary}`,
        );
      }
    }
  }
});

Deno.test("the wording of the reported traps: a bottom quartile beaten, a worst case, units kept", () => {
  const payback = {
    ...METRIC,
    sources: [{ label: "Aleph, benchmarks (2026)", url: "https://example.com/aleph" }],
    comparison: { direction: "lower-is-better", unit: "months" },
    figures: [
      figure({ written: "16", value: 16, unit: "months", per: undefined, statistic: "median" }),
      figure({
        written: "6",
        value: 6,
        bound: "at-most",
        unit: "months",
        per: undefined,
        statistic: "top-quartile",
      }),
      figure({
        written: "24",
        value: 24,
        bound: "at-least",
        unit: "months",
        per: undefined,
        statistic: "bottom-quartile",
      }),
      figure({
        written: "48",
        value: 48,
        unit: "months",
        per: undefined,
        statistic: "reported",
        label: "worst case",
      }),
    ],
  } as unknown as MetricRecord;
  const result = compareValue(payback, { segments: VOCABULARY }, { value: "14 months" });
  assert.ok(result.ok);
  assert.equal(
    result.comparison.summary,
    "14 months is better than Aleph's median (16 months) and Aleph's bottom quartile (24 " +
      "months or more), but is short of Aleph's top quartile (6 months or less).",
  );
  const inBottom = compareValue(payback, { segments: VOCABULARY }, { value: 30 });
  assert.ok(inBottom.ok);
  assert.match(inBottom.comparison.placements[2]?.clause ?? "", /^is in Aleph's bottom quartile/);
  // Beating the worst case is said only when nothing better is.
  assert.match(
    inBottom.comparison.summary,
    /is in Aleph's bottom quartile \(24 months or more\), though it is better than Aleph's worst case \(48 months\)\.$/,
  );
});

Deno.test("a threshold that warns is a line to stay clear of, not a target met", () => {
  const burn = {
    ...METRIC,
    sources: [{ label: "David Sacks, essay (2020)", url: "https://example.com/sacks" }],
    comparison: { direction: "lower-is-better", unit: "multiple" },
    figures: [
      figure({
        written: "2x",
        value: 2,
        unit: "multiple",
        per: undefined,
        statistic: "threshold",
        label: "reasonable",
      }),
      figure({
        written: "3x",
        value: 3,
        bound: "at-least",
        unit: "multiple",
        per: undefined,
        statistic: "threshold",
        label: "bad",
      }),
      figure({
        written: "5x",
        value: 5,
        unit: "multiple",
        per: undefined,
        statistic: "threshold",
        label: "terrible",
      }),
    ],
  } as unknown as MetricRecord;
  const four = compareValue(burn, { segments: VOCABULARY }, { value: "4x" });
  assert.ok(four.ok);
  assert.equal(
    four.comparison.summary,
    "4x is within David Sacks' “bad” mark (3x or more) and is short of David Sacks' " +
      "“reasonable” mark (2x), though it is clear of David Sacks' “terrible” mark (5x).",
  );
  assert.deepEqual(four.comparison.placements.map((item) => item.better), [false, false, true]);
  const six = compareValue(burn, { segments: VOCABULARY }, { value: 6 });
  assert.ok(six.ok);
  assert.match(six.comparison.summary, /is past David Sacks' “terrible” mark \(5x\)/);
  const one = compareValue(burn, { segments: VOCABULARY }, { value: 1.5 });
  assert.ok(one.ok);
  assert.equal(
    one.comparison.summary,
    "1.5x is better than David Sacks' “reasonable” mark (2x).",
    "clearing the warning lines goes without saying when a target is met",
  );
});

Deno.test("a figure for a part of the reader's segment is said to be, not filed as the reader's", async () => {
  const { loadCatalog } = await import("../lib/mod.ts");
  const catalog = await loadCatalog();
  const nps = catalog.metrics.find((metric) => metric.slug === "net-promoter-score");
  assert.ok(nps);
  const result = compareValue(nps, catalog, { value: 45, segment: { region: "us" } });
  assert.ok(result.ok);
  const health = result.comparison.placements.find((item) => /health/.test(item.clause));
  assert.equal(health?.match, "closest");
  assert.match(health?.note ?? "", /only health insurance/);
  assert.match(
    result.comparison.summary,
    /^No figure is for United States as a whole; against those for a part of it \(United States, health insurance\)/,
  );
});

Deno.test("one company's figure is a point of reference: above or below it, never worse", () => {
  const { placements } = compared({ value: "2.5" });
  const acme = placements.find((item) => item.figure === 6);
  assert.equal(acme?.match, "company");
  assert.match(acme?.clause ?? "", /^is below Lab's reported figure \(4% a month\) for Acme/);
  const higher = compared({ value: "4.5" }).placements.find((item) => item.figure === 6);
  assert.match(higher?.clause ?? "", /^is above Lab's reported figure/);
});
