import assert from "node:assert/strict";
import { dataYearOf, figureSeries, seriesProblems } from "../../lib/catalog/series.ts";
import type { Figure } from "../../lib/mod.ts";
import { figure } from "../_compare_fixture.ts";

const point = (value: number, year: number | "undated", change: Partial<Figure> = {}) =>
  figure({ written: `${value}%`, value, year, series: "lab", ...change });

Deno.test("dataYearOf() is a figure's data year, else the year it was published, else nothing", () => {
  assert.equal(dataYearOf({ year: 2023, dataYear: 2021 }), 2021);
  assert.equal(dataYearOf({ year: 2023 }), 2023);
  assert.equal(dataYearOf({ year: "undated" }), undefined);
});

Deno.test("figureSeries() groups a metric's figures by series, points oldest first, numbered as the figures", () => {
  const figures = [
    figure({}),
    point(6, 2024, { dataYear: 2022 }),
    point(4, 2024),
    point(9, 2020, { series: "other" }),
    point(5, 2024, { dataYear: 2023 }),
    point(8, 2021, { series: "other" }),
  ];
  assert.deepEqual(figureSeries(figures), [
    {
      id: "lab",
      source: 1,
      points: [
        { figure: 2, year: 2022, written: "6%", value: 6 },
        { figure: 5, year: 2023, written: "5%", value: 5 },
        { figure: 3, year: 2024, written: "4%", value: 4 },
      ],
    },
    {
      id: "other",
      source: 1,
      points: [
        { figure: 4, year: 2020, written: "9%", value: 9 },
        { figure: 6, year: 2021, written: "8%", value: 8 },
      ],
    },
  ]);
  assert.deepEqual(figureSeries([figure({}), figure({ year: 2020 })]), []);
});

Deno.test("seriesProblems() names a range and a point without a year; a sound series has none", () => {
  assert.deepEqual(seriesProblems([point(6, 2022), point(5, 2023)], "m.md"), []);
  assert.deepEqual(
    seriesProblems([
      point(6, 2022),
      figure({ written: "3–5%", value: undefined, low: 3, high: 5, year: 2023, series: "lab" }),
      point(4, "undated"),
    ], "m.md"),
    [
      'm.md: series "lab": figure 2 is a range; a point of a series is one number',
      'm.md: series "lab": figure 3 has no year; give the year its data describe as dataYear',
    ],
  );
});
