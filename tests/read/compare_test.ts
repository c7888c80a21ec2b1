import assert from "node:assert/strict";
import type { MetricRecord, Vocabulary } from "../../lib/mod.ts";
import { loadCatalog } from "../../lib/mod.ts";
import { compareValue, segmentChoices } from "../../lib/read/compare.ts";
import { comparisonWords } from "../../lib/read/compare_words.ts";
import { Problem, problemOr } from "../../lib/problem.ts";
import { readAmount } from "../../lib/read/amount.ts";
import { figure, METRIC, seriesPoint, VOCABULARY } from "../_compare_fixture.ts";

const compare = (input: Parameters<typeof compareValue>[1]) =>
  compareValue(METRIC, input, { segments: VOCABULARY });

function compared(input: Parameters<typeof compareValue>[1]) {
  return compare(input);
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
    const result = compareValue(dated, { value: "3%" }, { segments: VOCABULARY, ...options });
    return result.placements;
  };
  assert.deepEqual(placed({ thisYear: 2026 }).map((item) => [item.year, item.old]), [
    [2020, true],
    [2021, undefined],
    ["undated", undefined],
  ]);
  assert.deepEqual(placed({ thisYear: 2027 }).map((item) => item.old), [true, true, undefined]);
  const thisYear = new Date().getFullYear();
  for (const item of placed()) {
    assert.equal(item.old, typeof item.year === "number" && item.year < thisYear - 5 || undefined);
  }
});

Deno.test("compareValue() places a value below, within and above figures by the metric's direction", () => {
  const { placements, context } = compared({ value: "2.5" });
  assert.deepEqual(
    placements.map(({ figure, position, better, kind }) => [figure, position, better, kind]),
    [
      [1, "below", true, "average"],
      [2, "below", true, "average"],
      [3, "within", undefined, "range"],
      [4, "above", false, "target"],
      [6, "below", true, "reported"],
      [7, "below", true, "average"],
    ],
  );
  assert.deepEqual(context, [{ figure: 5, reason: "measures" }]);
});

Deno.test("compareValue() answers as data: every string in it is a slug, a key or an enum", () => {
  const strings = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)])
      : [];
  for (
    const input of [
      { value: 4, segment: { model: "b2b" } },
      { value: 4, segment: { arpa: "200" } },
      { value: 46, per: "year" },
    ]
  ) {
    for (const text of strings(compared(input))) assert.match(text, /^[a-z0-9-]+$/i, text);
  }
});

Deno.test("compareValue() matches each key of the reader's segment, and says how", () => {
  const b2b = compared({ value: 4, segment: { model: "b2b" } });
  const byFigure = new Map(b2b.placements.map((placement) => [placement.figure, placement]));
  assert.deepEqual(
    [1, 4, 7, 6].map((number) => [byFigure.get(number)?.match, byFigure.get(number)?.keys]),
    [
      ["yours", { model: "match" }],
      ["wider", { model: "unstated" }],
      ["wider", { model: "part" }],
      ["company", { model: "unstated" }],
    ],
  );
  assert.deepEqual(b2b.context.filter((item) => item.reason === "segment"), [
    { figure: 2, reason: "segment", key: "model" },
  ]);
  const enterprise = compared({ value: 4, segment: { model: "enterprise-saas" } });
  assert.deepEqual(
    enterprise.placements.find((placement) => placement.figure === 1)?.keys,
    { model: "broader" },
    "a B2B figure applies to enterprise SaaS, as a broader one",
  );
});

Deno.test("compareValue() places a band number in its band, or takes the nearest bands", () => {
  const high = compared({ value: 4, segment: { arpa: "$800" } });
  assert.deepEqual(high.placements.find((placement) => placement.figure === 3)?.keys, {
    arpa: "match",
  });
  assert.deepEqual(high.segment, { arpa: "800" });
  const between = compared({ value: 4, segment: { arpa: "200" } });
  const third = between.placements.find((placement) => placement.figure === 3);
  assert.equal(third?.match, "closest");
  assert.deepEqual(third?.keys, { arpa: "closest" });
});

Deno.test("compareValue() converts a yearly value by compounding as the metric states", () => {
  const result = compared({ value: 46, per: "year" });
  const [first] = result.placements;
  assert.deepEqual(first?.converted, { from: "year", to: "month", by: "compound-loss" });
  assert.ok(Math.abs((first?.value ?? 0) - 100 * (1 - (1 - 0.46) ** (1 / 12))) < 1e-9);
  const noConversion = compareValue(
    { ...METRIC, comparison: { direction: "lower-is-better", unit: "percent", per: "month" } },
    { value: 46, per: "year" },
    { segments: VOCABULARY },
  );
  assert.equal(noConversion.placements.length, 0);
  assert.ok(noConversion.context.some((item) => item.reason === "period"));
});

Deno.test("what a segment key means is read from the vocabulary, not from its name", () => {
  // The same figures, with the keys' roles swapped: "model" narrows, "company" is a plain key.
  const roles: Vocabulary = {
    ...VOCABULARY,
    model: { ...VOCABULARY.model!, role: "narrows" },
    company: { ...VOCABULARY.company!, role: undefined },
    tier: { label: "Tier", role: "company", values: { gold: { label: "Gold" } } },
  };
  const metric = {
    ...METRIC,
    figures: [
      ...METRIC.figures ?? [],
      figure({ segment: { tier: "gold" } }),
      figure({ segment: { arpa: "high", model: "b2b" } }),
    ],
  } as MetricRecord;
  const matches = (segments: Vocabulary) => {
    const result = compareValue(metric, { value: 4, segment: { arpa: 800 } }, { segments });
    return result.placements.map((item) => [item.figure, item.match, item.narrower]);
  };
  assert.deepEqual(matches(roles).filter(([number]) => [6, 8, 9].includes(Number(number))), [
    [6, "wider", undefined],
    [8, "company", undefined],
    [9, "closest", ["model"]],
  ]);
  assert.deepEqual(
    matches({ ...VOCABULARY, tier: roles.tier! }).filter(([n]) => [6, 8, 9].includes(Number(n))),
    [[6, "company", undefined], [8, "company", undefined], [9, "yours", undefined]],
  );
  // A company's key is offered when its figure's role says so: no problem is thrown.
  assert.equal(
    compareValue(metric, { value: 4, segment: { company: "acme" } }, { segments: roles }).metric,
    METRIC.slug,
  );
});

Deno.test("a figure's role in the catalog makes it the rule or a warning line, whatever its label", () => {
  const lines = {
    ...METRIC,
    comparison: { direction: "lower-is-better", unit: "multiple" },
    figures: [
      figure({ value: 3, unit: "multiple", per: undefined, statistic: "threshold", label: "bad" }),
      figure({
        value: 5,
        unit: "multiple",
        per: undefined,
        statistic: "threshold",
        role: "warning",
      }),
      figure({ value: 2, unit: "multiple", per: undefined, statistic: "threshold", role: "rule" }),
      figure({
        value: 4,
        unit: "multiple",
        per: undefined,
        statistic: "threshold",
        bound: "at-least",
      }),
    ],
  } as unknown as MetricRecord;
  const result = compareValue(lines, { value: 4.5 }, { segments: VOCABULARY });
  assert.deepEqual(
    result.placements.map(({ kind, better }) => [kind, better]),
    [["target", false], ["warning", true], ["rule", false], ["warning", false]],
  );
});

Deno.test("a unit the metric says is the same scale is compared: an NPS written as a percentage", () => {
  const nps = {
    ...METRIC,
    comparison: { direction: "higher-is-better", unit: "points", sameAs: ["percent"] },
    figures: [
      figure({ written: "75%", value: 75, per: undefined, statistic: "threshold" }),
      figure({ written: "36", value: 36, unit: "points", per: undefined, statistic: "median" }),
      figure({ written: "2x", value: 2, unit: "multiple", per: undefined }),
    ],
  } as unknown as MetricRecord;
  const result = compareValue(nps, { value: "50" }, { segments: VOCABULARY });
  assert.deepEqual(
    result.placements.map(({ figure, position }) => [figure, position]),
    [[1, "below"], [2, "above"]],
  );
  assert.deepEqual(result.context, [{ figure: 3, reason: "unit" }]);
  const { sameAs: _sameAs, ...strict } = nps.comparison ?? { direction: "higher-is-better" };
  const without = compareValue({ ...nps, comparison: strict } as MetricRecord, { value: "50" }, {
    segments: VOCABULARY,
  });
  assert.deepEqual(without.context.map((item) => item.reason), ["unit", "unit"]);
});

Deno.test("compareValue() answers bad input with one line", () => {
  const { comparison: _comparison, ...withoutComparison } = METRIC;
  const errors = [
    () => compare({ value: Number.NaN }),
    () => compare({ value: "lots" }),
    () => compare({ value: "1.04" }),
    () => compare({ value: "$3" }),
    () => compare({ value: 3, segment: { size: "big" } }),
    () => compare({ value: 3, segment: { company: "acme" } }),
    () => compare({ value: 3, segment: { model: "b2g" } }),
    () => compare({ value: 3, segment: { arpa: "lots" } }),
    () => compare({ value: 3, segment: { arpa: -5 } }),
    () => compare({ value: 150, per: "year" }),
    () => compareValue(withoutComparison, { value: 3 }, { segments: VOCABULARY }),
  ].map((make) => {
    const outcome = problemOr(make);
    return outcome instanceof Problem ? outcome.message : "ok";
  });
  const refused = problemOr(() => compare({ value: "lots" }));
  assert.ok(refused instanceof Problem);
  assert.deepEqual([refused.exitCode, refused.status], [2, 400], "a usage problem on every entry");
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

Deno.test("a value a segment implies counts on the figure's side and on the reader's", async () => {
  const catalog = await loadCatalog();
  const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate")!;
  const numbered = (churn.figures ?? []).map((item, index) => ({ ...item, number: index + 1 }));
  // The vocabulary says a B2B SaaS company is B2B: a figure for B2B SaaS selling to small
  // businesses is the reader's own when the reader says B2B and small businesses.
  const implied = Object.entries(catalog.segments.market?.values ?? {})
    .filter(([, value]) => value.implies?.model === "b2b").map(([slug]) => slug);
  assert.ok(implied.includes("b2b-saas"));
  const smb = numbered.find((item) =>
    implied.includes(item.segment.market ?? "") && item.segment.customers === "smb" &&
    item.segment.model === undefined
  );
  const b2b = numbered.find((item) =>
    item.segment.model === "b2b" && item.segment.customers === undefined
  );
  const b2c = numbered.find((item) => item.segment.model === "b2c");
  assert.ok(smb && b2b && b2c, "churn-rate has figures for B2B SaaS SMBs, B2B and B2C");
  const given = compareValue(churn, {
    value: "4%",
    segment: { model: "b2b", customers: "smb" },
  }, { segments: catalog.segments });
  const placed = (result: typeof given, number: number) =>
    result.placements.find((item) => item.figure === number)?.match;
  assert.equal(placed(given, smb.number), "yours");
  assert.ok(["closest", "wider"].includes(placed(given, b2b.number) ?? ""), "B2B may apply");
  // The reader who says B2B SaaS is B2B: a B2B figure may apply, a B2C one is another segment.
  const saas = compareValue(churn, { value: "4%", segment: { market: "b2b-saas" } }, {
    segments: catalog.segments,
  });
  assert.equal(placed(saas, smb.number), "yours");
  assert.ok(placed(saas, b2b.number) !== undefined, "the B2B figure is compared");
  assert.deepEqual(saas.context.find((item) => item.figure === b2c.number), {
    figure: b2c.number,
    reason: "segment",
    key: "model",
  });
  assert.equal(
    comparisonWords(given, { metric: churn, vocabulary: catalog.segments }).groups[0]?.title,
    "Your segment (B2B, small businesses)",
  );
  // Two values that contradict each other are one line.
  const clash = problemOr(() =>
    compareValue(churn, { value: "4%", segment: { market: "b2b-saas", model: "b2c" } }, {
      segments: catalog.segments,
    })
  );
  assert.ok(clash instanceof Problem);
  assert.equal(
    clash.message,
    'Segment "market=b2b-saas" (B2B SaaS companies) is B2B, not "model=b2c"',
  );
});

Deno.test("a segment key none of a metric's figures is split by is set aside and said so", async () => {
  const catalog = await loadCatalog();
  const metric = catalog.metrics.find((item) => item.slug === "dau-mau-ratio")!;
  const keys = segmentChoices(metric, catalog.segments).map((choice) => choice.key);
  assert.ok(!keys.includes("model"), "no DAU/MAU figure is split by business model");
  const asked = compareValue(metric, {
    value: "18%",
    segment: { model: "consumer-social" },
  }, { segments: catalog.segments });
  const plain = compareValue(metric, { value: "18%" }, { segments: catalog.segments });
  assert.deepEqual(asked.unsplit, ["model"]);
  assert.deepEqual(asked.placements, plain.placements, "compared with every figure");
  const { lead } = comparisonWords(asked, { metric, vocabulary: catalog.segments });
  assert.match(lead, /^No figure of DAU\/MAU Ratio is split by business model\. 18% /);
  // A value the vocabulary does not hold is still one line.
  const wrong = problemOr(() =>
    compareValue(metric, { value: "18%", segment: { model: "social" } }, {
      segments: catalog.segments,
    })
  );
  assert.ok(wrong instanceof Problem);
  assert.match(wrong.message, /^Segment "model" takes one of "b2b", "b2c", .* not "social"$/);
});

Deno.test("an unknown segment key is one line that suggests only keys a reader is asked", async () => {
  const catalog = await loadCatalog();
  const study = Object.entries(catalog.segments)
    .filter(([, spec]) => spec.role === "study").map(([key]) => key);
  assert.ok(study.length > 0);
  for (
    const metric of catalog.metrics.filter((item) =>
      segmentChoices(item, catalog.segments).length > 0
    )
  ) {
    const refused = problemOr(() =>
      compareValue(metric, { value: 1, segment: { plan: "pro" } }, { segments: catalog.segments })
    );
    assert.ok(refused instanceof Problem, metric.slug);
    assert.match(refused.message, new RegExp(`^Unknown segment "plan" for "${metric.slug}"; `));
    for (const key of study) {
      assert.ok(!refused.message.includes(`"${key}"`), `${metric.slug}: ${refused.message}`);
    }
  }
  const nps = catalog.metrics.find((item) => item.slug === "net-promoter-score")!;
  // Business model is among its keys through what B2B SaaS implies.
  const b2b = compareValue(nps, { value: 45, segment: { model: "b2b" } }, {
    segments: catalog.segments,
  });
  assert.ok(b2b.placements.some((item) => item.match === "yours"));
});

Deno.test("compareValue() places a value against the latest point of a series only, and sets the earlier ones apart", () => {
  const point = seriesPoint;
  const withSeries = {
    ...METRIC,
    figures: [point(6, 2022), point(4, 2024), point(5, 2023), figure({ year: 2024 })],
  } as unknown as MetricRecord;
  const result = compareValue(withSeries, { value: "4.5%" }, {
    segments: VOCABULARY,
    thisYear: 2026,
  });
  assert.deepEqual(
    result.placements.map((item) => [item.figure, item.position, item.series, item.dataYear]),
    [
      [2, "above", { id: "lab-churn", from: 2022, points: 3 }, undefined],
      [4, "below", undefined, undefined],
    ],
  );
  assert.deepEqual(result.context, [
    { figure: 1, reason: "earlier" },
    { figure: 3, reason: "earlier" },
  ]);
  // The latest point is the one whose data are latest, wherever it stands among the figures.
  const reordered = {
    ...withSeries,
    figures: [point(4, 2021), point(6, 2022), point(5, 2020)],
  } as unknown as MetricRecord;
  const latest = compareValue(reordered, { value: "4.5%" }, { segments: VOCABULARY });
  assert.deepEqual(latest.placements.map((item) => [item.figure, item.dataYear]), [[2, 2022]]);
});
