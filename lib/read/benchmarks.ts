/**
 * Benchmark figures for readers: each figure as a row of the open data set, its citation, and
 * where a reader's own value stands against a metric's figures. Pages, the data files, the CLI
 * and the MCP server all word figures and comparisons with these functions.
 *
 * @module
 */
import { authorOf } from "../catalog/citations.ts";
import { comparableFigures, isComparable, parsePlainNumber } from "../catalog/figures.ts";
import { groupedNumber, possessive } from "./text.ts";
export { comparableFigures };
import type {
  Conversion,
  Direction,
  Figure,
  Period,
  Unit,
  Vocabulary,
} from "../catalog/figures.ts";
import type { Catalog, MetricRecord, Source } from "../catalog/records.ts";

/** What comparing a value needs of a metric: what the data set carries too. */
export type ComparedMetric = Pick<
  MetricRecord,
  "slug" | "name" | "sources" | "figures" | "comparison"
>;

/** One figure of the open data set: the figure, numbered, with everything needed to cite it. */
export type FigureRow = Omit<Figure, "sentence" | "source"> & {
  /** `<metric slug>-<n>`: stable while the metric's figures keep their order. */
  id: string;
  /** The metric's slug. */
  metric: string;
  /** The metric's name. */
  metricName: string;
  /** The figure's number (from 1) among the metric's figures: its anchor `#figure-<n>`. */
  number: number;
  /** The number (from 1) of its sentence among the metric's benchmarks. */
  sentence: number;
  /** The sentence that states it, as the API serves it. */
  text: string;
  /** The segment as people read it. */
  segmentLabel: string;
  /** The source it comes from: its number among the metric's sources, label and URL. */
  source: { number: number; label: string; url: string };
  /** When the metric's figures were last reviewed. */
  benchmarksReviewed?: string | undefined;
  /** The figure's place on the metric's page. */
  page: string;
  /** A citation to copy. */
  citation: string;
};

const STATISTIC_WORDS: Record<Figure["statistic"], string> = {
  mean: "average",
  median: "median",
  percentile: "percentile",
  "top-quartile": "top-quartile figure",
  "bottom-quartile": "bottom-quartile figure",
  "top-decile": "top-10% figure",
  threshold: "threshold",
  "typical-range": "typical range",
  reported: "reported figure",
};

/** How a figure's statistic reads: "median", "75th percentile", "“good” mark". */
export function statisticWords(figure: Pick<Figure, "statistic" | "percentile" | "label">): string {
  if (figure.statistic === "percentile") return `${figure.percentile ?? ""}th percentile`;
  if (figure.statistic === "threshold" && figure.label) return `“${figure.label}” mark`;
  return STATISTIC_WORDS[figure.statistic];
}

const PER_WORDS: Record<Period, string> = {
  day: "a day",
  week: "a week",
  month: "a month",
  quarter: "a quarter",
  year: "a year",
};

/** "a month" for `month`. */
export function perWords(per: Period): string {
  return PER_WORDS[per];
}

/** A number in a unit as people write it: `4.5%`, `$1,200`, `3.2x`, `16 months`. */
export function formatValue(value: number, unit: Unit): string {
  const rounded = groupedNumber(
    Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3)),
    2,
  );
  switch (unit) {
    case "percent":
      return `${rounded}%`;
    case "usd":
      return value < 0 ? `−$${rounded.slice(1)}` : `$${rounded}`;
    case "multiple":
      return `${rounded}x`;
    case "points":
      return `${rounded} points`;
    case "months":
    case "days":
    case "minutes":
    case "seconds":
      return `${rounded} ${value === 1 ? unit.slice(0, -1) : unit}`;
    case "ratio":
    case "count":
      return rounded;
  }
}

/** The segment as people read it, from the vocabulary's labels: "B2B, subscription businesses". */
export function segmentWords(segment: Record<string, string>, vocabulary: Vocabulary): string {
  return Object.entries(segment)
    .map(([key, value]) => vocabulary[key]?.values[value]?.label ?? `${key} ${value}`)
    .join(", ");
}

/**
 * A source cited in short: its author and year, or when it was accessed when it has no date
 * ("Recurly, accessed 2026", "ProfitWell (Grace Gagnon), 2020").
 */
export function shortCitation(source: Source): string {
  const author = authorOf(source) || source.label;
  const last = source.label.match(/\(([^()]*)\)\s*$/)?.[1] ?? "";
  const years = last.match(/\b(?:19|20)\d{2}\b/g) ?? [];
  const accessed = last.match(/accessed ((?:19|20)\d{2})/)?.[1];
  const dated = years.find((year) => year !== accessed);
  if (dated) return `${author}, ${dated}`;
  if (accessed) return `${author}, accessed ${accessed}`;
  return `${author}, n.d.`;
}

/** One line describing a figure: "5% average a month, B2B, subscription businesses". */
export function figureWords(figure: Figure, vocabulary: Vocabulary): string {
  const bound = figure.bound === "at-least"
    ? "at least "
    : figure.bound === "at-most"
    ? "at most "
    : "";
  const per = figure.per ? ` ${perWords(figure.per)}` : "";
  const measures = figure.measures ? ` (${figure.measures})` : "";
  const segment = segmentWords(figure.segment, vocabulary);
  return `${bound}${figure.written} ${statisticWords(figure)}${per}${measures}${
    segment ? `, ${segment}` : ""
  }`;
}

/** Every figure of the catalog as a data set row, metric by metric in slug order. */
export function figureRows(catalog: Catalog, baseUrl: string): FigureRow[] {
  return catalog.metrics.flatMap((metric) => metricFigureRows(metric, catalog.segments, baseUrl));
}

/** A metric's figures as data set rows. */
export function metricFigureRows(
  metric: MetricRecord,
  vocabulary: Vocabulary,
  baseUrl: string,
): FigureRow[] {
  return (metric.figures ?? []).map((figure, index) => {
    const source = metric.sources[figure.source - 1] ?? { label: "", url: "" };
    const page = `${baseUrl}/metrics/${metric.slug}#figure-${index + 1}`;
    return {
      id: `${metric.slug}-${index + 1}`,
      metric: metric.slug,
      metricName: metric.name,
      number: index + 1,
      sentence: figure.sentence + 1,
      text: metric.benchmarks?.[figure.sentence] ?? "",
      written: figure.written,
      value: figure.value,
      low: figure.low,
      high: figure.high,
      bound: figure.bound,
      unit: figure.unit,
      per: figure.per,
      statistic: figure.statistic,
      percentile: figure.percentile,
      label: figure.label,
      measures: figure.measures,
      segment: figure.segment,
      segmentLabel: segmentWords(figure.segment, vocabulary),
      sample: figure.sample,
      year: figure.year,
      source: { number: figure.source, ...source },
      benchmarksReviewed: metric.benchmarksReviewed,
      page,
      citation: `${figureWords(figure, vocabulary)}, ${metric.name}, ${
        shortCitation(source)
      }, via ${page}`,
    };
  });
}

/** A reader's value and segment, to place against a metric's figures. */
export interface CompareInput {
  /** The reader's value, in the metric's comparison unit. */
  value: number;
  /** The period the value is quoted per; the metric's own period when absent. */
  per?: Period | undefined;
  /** Segment values by key: a value slug, or for a band key a number or a band slug. */
  segment?: Record<string, string> | undefined;
}

/** Where the reader's value stands against one comparable figure. */
export interface Placement {
  /** The figure's number (from 1) among the metric's figures. */
  figure: number;
  /** The reader's value in the figure's period (converted when the periods differ). */
  value: number;
  /** Whether the value was converted to the figure's period, and how. */
  converted?: { from: Period; to: Period; by: Conversion } | undefined;
  /** Below, inside (a range, or a floor or ceiling met), equal to, or above the figure. */
  position: "below" | "within" | "equal" | "above";
  /** Better or worse by the metric's direction; `undefined` when the direction does not say. */
  better?: boolean | undefined;
  /** The placement in words, with the reader's value and the figure's citation. */
  sentence: string;
  /** The placement in words without the reader's value ("is below Recurly's 5% average …"). */
  clause: string;
}

/** A figure that cannot be compared with the reader's value, and why. */
export interface ContextFigure {
  /** The figure's number (from 1). */
  figure: number;
  /** Why it is not compared. */
  reason: string;
}

/** The whole answer to "where do I stand". */
export interface ValueComparison {
  /** The metric's slug. */
  metric: string;
  /** The reader's value, its unit and period. */
  value: number;
  /** Its unit. */
  unit: Unit;
  /** Its period, when the metric is a rate. */
  per?: Period | undefined;
  /** The segment asked for. */
  segment: Record<string, string>;
  /** Which way is better for this metric. */
  direction: Direction;
  /** Each comparable figure, in the metric's order. */
  placements: Placement[];
  /** The figures listed as context, with the reason. */
  context: ContextFigure[];
  /** The answer in words. */
  summary: string;
}

/** A comparison, or the one-line reason the input cannot be compared. */
export type CompareResult = { ok: true; comparison: ValueComparison } | {
  ok: false;
  error: string;
};

/** The segment keys a metric's comparable figures use, in vocabulary order. */
export function comparableKeys(metric: ComparedMetric, vocabulary: Vocabulary): string[] {
  const used = new Set(
    (metric.figures ?? [])
      .filter((figure) => isComparable(metric, figure))
      .flatMap((figure) => Object.keys(figure.segment)),
  );
  return Object.keys(vocabulary).filter((key) => used.has(key));
}

const MAX_ABS_VALUE = 1e15;

/**
 * Places a reader's value against a metric's figures: every figure of the metric itself, in its
 * unit, for a segment that does not contradict the reader's, is compared (converting between
 * month and year only when the metric states the conversion); the rest are listed as context.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { compareValue } from "./benchmarks.ts";
 * const catalog = await loadCatalog();
 * const churn = catalog.metrics.find((metric) => metric.slug === "churn-rate")!;
 * const result = compareValue(churn, catalog, { value: 3, segment: { model: "b2b" } });
 * assert.ok(result.ok);
 * assert.match(result.comparison.summary, /^3% a month is below Recurly's 5.6% average/);
 * ```
 */
export function compareValue(
  metric: ComparedMetric,
  catalog: Pick<Catalog, "segments">,
  input: CompareInput,
): CompareResult {
  const vocabulary = catalog.segments;
  const comparison = metric.comparison;
  if (!comparison || comparableFigures(metric).length === 0) {
    return {
      ok: false,
      error: `"${metric.slug}" has no benchmark figures to compare a value with`,
    };
  }
  if (!Number.isFinite(input.value) || Math.abs(input.value) > MAX_ABS_VALUE) {
    return { ok: false, error: "The value must be a finite number" };
  }
  if (input.per !== undefined && comparison.per === undefined) {
    return { ok: false, error: `"${metric.slug}" is not quoted per period; leave out the period` };
  }
  const per = input.per ?? comparison.per;
  if (comparison.convert === "compound-loss" && (input.value < 0 || input.value > 100)) {
    return { ok: false, error: "A rate of loss is a percentage from 0% to 100%" };
  }
  const converting = comparison.convert !== undefined && per !== comparison.per;
  if (
    converting && (input.value < 0 || (comparison.convert === "compound-loss" && input.value > 100))
  ) {
    return {
      ok: false,
      error: comparison.convert === "compound-loss"
        ? "A rate of loss converts between periods only from 0% to 100%"
        : "A rate kept converts between periods only from 0% up",
    };
  }
  const keys = comparableKeys(metric, vocabulary);
  const asked: Record<string, string> = {};
  for (const [key, raw] of Object.entries(input.segment ?? {})) {
    const spec = Object.hasOwn(vocabulary, key) ? vocabulary[key] : undefined;
    if (!spec || !keys.includes(key)) {
      return {
        ok: false,
        error: `Unknown segment "${key}" for "${metric.slug}"; use ${
          keys.map((item) => `"${item}"`).join(", ") || "no segment"
        }`,
      };
    }
    const value = raw.trim();
    const number = spec.band ? parseNumber(value) : undefined;
    if (!Object.hasOwn(spec.values, value) && number === undefined) {
      // The values this metric's figures use, as the ones worth offering.
      const used = [
        ...new Set(comparableFigures(metric).flatMap((figure) => figure.segment[key] ?? [])),
      ];
      const values = used.map((item) => `"${item}"`).join(", ");
      return {
        ok: false,
        error: spec.band
          ? `Segment "${key}" takes a number or one of ${values}, not "${value}"`
          : `Segment "${key}" takes one of ${values}, not "${value}"`,
      };
    }
    if (number !== undefined && number < 0) {
      return { ok: false, error: `Segment "${key}" must not be negative` };
    }
    asked[key] = number === undefined ? value : String(number);
  }
  const placements: Placement[] = [];
  const context: ContextFigure[] = [];
  (metric.figures ?? []).forEach((figure, index) => {
    const number = index + 1;
    if (figure.measures) {
      return context.push({ figure: number, reason: `measures ${figure.measures}` });
    }
    if (figure.unit !== comparison.unit) {
      return context.push({ figure: number, reason: `is in another unit (${figure.unit})` });
    }
    const clash = segmentClash(figure.segment, asked, vocabulary);
    if (clash) return context.push({ figure: number, reason: clash });
    let value = input.value;
    let converted: Placement["converted"];
    if (figure.per !== per) {
      const by = comparison.convert;
      if (!by || !per || !figure.per || !convertible(per, figure.per)) {
        return context.push({
          figure: number,
          reason: figure.per ? `is quoted ${perWords(figure.per)}` : "is not quoted per period",
        });
      }
      value = convert(value, per, figure.per, by);
      converted = { from: per, to: figure.per, by };
    }
    const position = positionOf(value, figure);
    const better = betterOf(position, comparison.direction, figure);
    placements.push({
      figure: number,
      value,
      ...(converted ? { converted } : {}),
      position,
      ...(better === undefined ? {} : { better }),
      sentence: `${formatValue(value, figure.unit)}${figure.per ? ` ${perWords(figure.per)}` : ""}${
        converted ? ` (${conversionWords(converted)})` : ""
      } ${placementClause(metric, figure, position, vocabulary)}`,
      clause: placementClause(metric, figure, position, vocabulary),
    });
  });
  const unit = comparison.unit;
  const valueWords = `${formatValue(input.value, unit)}${per ? ` ${perWords(per)}` : ""}`;
  const groups = new Map<string, Placement[]>();
  for (const placement of placements) {
    const key = placement.converted ? `${placement.converted.to}` : "";
    groups.set(key, [...groups.get(key) ?? [], placement]);
  }
  const summary = placements.length > 0
    ? [...groups.values()].map((group) => {
      const [first] = group;
      const lead = first?.converted
        ? `${valueWords} is ${formatValue(first.value, unit)} ${perWords(first.converted.to)} (${
          conversionWords(first.converted)
        }), which`
        : valueWords;
      return `${lead} ${group.map((placement) => placement.clause).join("; ")}`;
    }).join(". ") + "."
    : `No figure of "${metric.name}" is for that segment and period; ${valueWords} cannot be placed.`;
  return {
    ok: true,
    comparison: {
      metric: metric.slug,
      value: input.value,
      unit,
      ...(per ? { per } : {}),
      segment: asked,
      direction: comparison.direction,
      placements,
      context,
      summary,
    },
  };
}

/** A number as a reader types it; see {@linkcode parsePlainNumber}. */
export const parseNumber: (text: string) => number | undefined = parsePlainNumber;

/** Why a figure's segment does not fit the reader's, or undefined when it fits. */
function segmentClash(
  segment: Record<string, string>,
  asked: Record<string, string>,
  vocabulary: Vocabulary,
): string | undefined {
  for (const [key, wanted] of Object.entries(asked)) {
    const own = segment[key];
    if (own === undefined) continue;
    const spec = vocabulary[key];
    const band = spec?.values[own];
    const number = spec?.band ? parseNumber(wanted) : undefined;
    const fits = number !== undefined && band
      ? (band.min === undefined || number >= band.min) &&
        (band.max === undefined || number < band.max)
      : own === wanted;
    if (!fits) return `is for another segment (${band?.label ?? own})`;
  }
  return undefined;
}

function convertible(from: Period, to: Period): boolean {
  return (from === "month" && to === "year") || (from === "year" && to === "month");
}

/** Converts a percentage between month and year by compounding. */
function convert(value: number, from: Period, to: Period, by: Conversion): number {
  const rate = value / 100;
  const power = from === "month" && to === "year" ? 12 : 1 / 12;
  const kept = by === "compound-loss" ? 1 - rate : rate;
  const result = kept < 0 ? Number.NaN : kept ** power;
  return 100 * (by === "compound-loss" ? 1 - result : result);
}

function positionOf(value: number, figure: Figure): Placement["position"] {
  if (figure.low !== undefined && figure.high !== undefined) {
    return value < figure.low ? "below" : value > figure.high ? "above" : "within";
  }
  const mark = figure.value ?? 0;
  if (figure.bound === "at-most") return value <= mark ? "within" : "above";
  if (figure.bound === "at-least") return value >= mark ? "within" : "below";
  return value < mark ? "below" : value > mark ? "above" : "equal";
}

function betterOf(
  position: Placement["position"],
  direction: Direction,
  figure: Figure,
): boolean | undefined {
  if (position === "equal") return undefined;
  if (direction === "target-band") {
    return figure.low !== undefined || figure.bound ? position === "within" : undefined;
  }
  if (position === "within") {
    if (figure.bound === "at-most") return direction === "lower-is-better";
    if (figure.bound === "at-least") return direction === "higher-is-better";
    return undefined;
  }
  return (position === "below") === (direction === "lower-is-better");
}

const POSITION_WORDS: Record<Placement["position"], string> = {
  below: "below",
  within: "within",
  equal: "equal to",
  above: "above",
};

/** The placement in words, without the reader's value: "below Recurly's 5% average for B2B". */
function placementClause(
  metric: ComparedMetric,
  figure: Figure,
  position: Placement["position"],
  vocabulary: Vocabulary,
): string {
  const source = metric.sources[figure.source - 1] ?? { label: "", url: "" };
  const author = authorOf(source) || source.label;
  const segment = segmentWords(figure.segment, vocabulary);
  const limit = figure.bound === "at-most" ? "at most" : "at least";
  const words = figure.bound
    ? `${position === "within" ? "meets" : "misses"} ${possessive(author)} ${
      statisticWords(figure)
    } of ${limit} ${figure.written}`
    : `is ${POSITION_WORDS[position]} ${possessive(author)} ${figure.written} ${
      statisticWords(figure)
    }`;
  return `${words}${segment ? ` for ${segment}` : ""} (${shortCitation(source)})`;
}

/** How a converted value was worked out, in words. */
export function conversionWords(converted: NonNullable<Placement["converted"]>): string {
  const power = converted.to === "year" ? "12" : "(1/12)";
  const rule = converted.by === "compound-loss" ? `1 − (1 − rate)^${power}` : `rate^${power}`;
  return `converted from a rate ${perWords(converted.from)} as ${rule}`;
}

/** The longest text a form or query field is read to. */
const MAX_FIELD = 100;

/**
 * A comparison's input read from a form or a query (`value`, `per`, and a field per segment key),
 * or the one line that says what is wrong: the server's answer page and the static export's
 * script read it alike.
 */
export function compareInputFrom(
  params: URLSearchParams,
  vocabulary: Vocabulary,
): { ok: true; input: CompareInput } | { ok: false; error: string; fields: FormFields } {
  const read = (name: string) => (params.get(name) ?? "").slice(0, MAX_FIELD).trim();
  const twice = ["value", "per", ...Object.keys(vocabulary)].find((name) =>
    params.getAll(name).length > 1
  );
  const raw = read("value");
  const per = read("per");
  const segment: Record<string, string> = {};
  for (const key of Object.keys(vocabulary)) {
    const value = read(key);
    if (value !== "") segment[key] = value;
  }
  const fields = { value: raw, per, segment };
  const value = parseNumber(raw.replace(/\s*%$/, ""));
  if (twice) return { ok: false, error: `Give "${twice}" once`, fields };
  if (raw === "") return { ok: false, error: "Enter your value", fields };
  if (value === undefined) {
    return { ok: false, error: `The value must be a number, not "${raw}"`, fields };
  }
  if (per !== "" && !isPeriod(per)) {
    return {
      ok: false,
      error: `The period must be one of ${PERIOD_NAMES.join(", ")}, not "${per}"`,
      fields,
    };
  }
  return { ok: true, input: { value, ...(per === "" ? {} : { per }), segment } };
}

/** What a reader typed, to fill the form in again. */
export interface FormFields {
  /** The value as typed. */
  value: string;
  /** The period chosen. */
  per: string;
  /** The segment fields filled in. */
  segment: Record<string, string>;
}

const PERIOD_NAMES: readonly Period[] = ["day", "week", "month", "quarter", "year"];

function isPeriod(text: string): text is Period {
  return (PERIOD_NAMES as readonly string[]).includes(text);
}

/** The metrics of the data set: how each compares values, for scripts that place one. */
export interface DataSetMetric {
  /** The metric's slug. */
  slug: string;
  /** Its name. */
  name: string;
  /** How its values compare with its figures, when they can. */
  comparison?: MetricRecord["comparison"];
}

/** The data set as JSON. */
export interface DataSet {
  /** Its title. */
  title: string;
  /** What it is. */
  description: string;
  /** Its licence. */
  license: { name: string; path: string; title: string };
  /** The site it comes from. */
  homepage: string;
  /** Every metric with figures, and how its values compare. */
  metrics: DataSetMetric[];
  /** The segment vocabulary the figures use. */
  segments: Vocabulary;
  /** Every figure. */
  figures: FigureRow[];
}

/**
 * A metric as comparing a value needs it, rebuilt from the data set: what the static export's
 * script uses, so that it places a value exactly as the server does.
 */
export function comparedMetricFrom(data: DataSet, slug: string): ComparedMetric | undefined {
  const metric = data.metrics.find((item) => item.slug === slug);
  if (!metric) return undefined;
  const rows = data.figures.filter((row) => row.metric === slug);
  const sources: Source[] = [];
  for (const row of rows) {
    sources[row.source.number - 1] = { label: row.source.label, url: row.source.url };
  }
  for (let index = 0; index < sources.length; index++) sources[index] ??= { label: "", url: "" };
  return {
    slug,
    name: metric.name,
    sources,
    figures: rows.map((row) => ({
      sentence: row.sentence - 1,
      written: row.written,
      ...(row.value === undefined ? {} : { value: row.value }),
      ...(row.low === undefined ? {} : { low: row.low }),
      ...(row.high === undefined ? {} : { high: row.high }),
      ...(row.bound === undefined ? {} : { bound: row.bound }),
      unit: row.unit,
      ...(row.per === undefined ? {} : { per: row.per }),
      statistic: row.statistic,
      ...(row.percentile === undefined ? {} : { percentile: row.percentile }),
      ...(row.label === undefined ? {} : { label: row.label }),
      ...(row.measures === undefined ? {} : { measures: row.measures }),
      segment: row.segment,
      ...(row.sample === undefined ? {} : { sample: row.sample }),
      ...(row.year === undefined ? {} : { year: row.year }),
      source: row.source.number,
    })),
    ...(metric.comparison ? { comparison: metric.comparison } : {}),
  };
}
