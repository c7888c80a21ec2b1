/**
 * Benchmarks over time: the figures of a metric that one source gives for the same statistic and
 * segment in several years, held as one series (`series: <id>` on each figure), and the rules a
 * series keeps. The read model, the pages, the CLI and the MCP server read a metric's series with
 * {@linkcode figureSeries}; validation checks them with {@linkcode seriesProblems}.
 *
 * @module
 */
import type { Figure } from "./figures.ts";
import type { FigureSeries } from "./schema.ts";

export type { FigureSeries };

/** The year a figure's data describe: its `dataYear`, else the year it was published. */
export function dataYearOf(figure: Pick<Figure, "year" | "dataYear">): number | undefined {
  return figure.dataYear ?? (typeof figure.year === "number" ? figure.year : undefined);
}

/**
 * A metric's series, in the order their first figures come, each point numbered as its figure
 * (from 1) and its points oldest first. A figure that cannot be a point (a range, no year) is
 * left out; `seriesProblems` names it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { figureSeries } from "./series.ts";
 * const point = (value: number, year: number) => ({
 *   sentence: 0, written: `${value}%`, value, unit: "percent" as const, statistic: "median" as const,
 *   segment: {}, year: 2023, source: 1, series: "growth",
 *   ...(year === 2023 ? {} : { dataYear: year }),
 * });
 * const [series] = figureSeries([point(62.1, 2022), point(93.4, 2020)]);
 * assert.deepEqual(series?.points.map((item) => [item.figure, item.year]), [[2, 2020], [1, 2022]]);
 * ```
 */
export function figureSeries(figures: readonly Figure[]): FigureSeries[] {
  const found = new Map<string, FigureSeries>();
  figures.forEach((figure, index) => {
    const year = dataYearOf(figure);
    if (figure.series === undefined || figure.value === undefined || year === undefined) return;
    const series = found.get(figure.series) ??
      { id: figure.series, source: figure.source, points: [] };
    series.points.push({ figure: index + 1, year, written: figure.written, value: figure.value });
    found.set(figure.series, series);
  });
  return [...found.values()].map((series) => ({
    ...series,
    points: series.points.toSorted((a, b) => a.year - b.year),
  }));
}

/** What the points of a series must share, each with the words a problem names it by. */
const SHARED: [keyof Figure, string][] = [
  ["source", "source"],
  ["statistic", "statistic"],
  ["percentile", "percentile"],
  ["unit", "unit"],
  ["per", "period"],
  ["measures", "measure"],
  ["label", "label"],
  ["bound", "bound"],
  ["segment", "segment"],
];

/**
 * The problems of a metric's series, one line each (`<path>: series "growth": …`): a series has
 * two points or more, each one number for a year of its own, all from the same source for the same
 * statistic, unit, period, measure and segment.
 */
export function seriesProblems(figures: readonly Figure[], path: string): string[] {
  const problems: string[] = [];
  const byId = new Map<string, { figure: Figure; number: number }[]>();
  figures.forEach((figure, index) => {
    if (figure.series === undefined) return;
    byId.set(figure.series, [...byId.get(figure.series) ?? [], { figure, number: index + 1 }]);
  });
  for (const [id, members] of byId) {
    const report = (message: string) => problems.push(`${path}: series "${id}": ${message}`);
    if (members.length < 2) {
      report("has one figure; a series needs two points or more, each for another year");
    }
    const [first, ...rest] = members;
    for (const { figure, number } of rest) {
      for (const [field, words] of SHARED) {
        if (JSON.stringify(figure[field]) !== JSON.stringify(first?.figure[field])) {
          report(`figure ${number} differs from figure ${first?.number} in its ${words}`);
        }
      }
    }
    const years = new Map<number, number>();
    for (const { figure, number } of members) {
      if (figure.value === undefined) {
        report(`figure ${number} is a range; a point of a series is one number`);
      }
      const year = dataYearOf(figure);
      if (year === undefined) {
        report(`figure ${number} has no year; give the year its data describe as dataYear`);
      } else if (years.has(year)) {
        report(`figures ${years.get(year)} and ${number} are both for ${year}; one point a year`);
      } else years.set(year, number);
    }
  }
  return problems;
}
