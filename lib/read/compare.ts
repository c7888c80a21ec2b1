/**
 * Where a reader's value stands against a metric's benchmark figures, as data: the reader's
 * segment matched against each figure's by one rule, each figure placed (below, within, equal to
 * or above it, better or not) with its kind. `compare_words.ts` words it for every surface.
 *
 * The segment rule: a key the reader gives is checked against each figure that states it (the
 * same value, a band that holds the reader's number, or a value the vocabulary puts inside or
 * around the reader's); a figure that does not state the key is broader. A value the vocabulary
 * says another implies (B2B SaaS companies are B2B) counts as stated, on the figure's side and on
 * the reader's. A figure for another segment is not compared; when a reader's number falls in no
 * band, the nearest band on each side stands in. A key none of the metric's figures is split by
 * is set aside and said so. What a key means (it narrows, describes the study, names a company)
 * is its `role` in `catalog/segments.yaml`.
 *
 * @module
 */
import {
  comparableFigures,
  type Comparison,
  type Conversion,
  type Direction,
  type Figure,
  isComparable,
  type Period,
  PERIODS,
  type Vocabulary,
} from "../catalog/figures.ts";
import type { Benchmarks, MetricRecord } from "../catalog/records.ts";
import { FIGURE_KINDS } from "../catalog/lists.ts";
import { agrees, groupsAround, impliedBy, withImplied } from "../catalog/segments.ts";
import { figureSeries } from "../catalog/series.ts";
import type { ValueComparison } from "../catalog/schema.ts";
import { Problem } from "../problem.ts";
import { readAmount } from "./amount.ts";

/** What comparing a value needs of a metric: what the data set carries too. */
export type ComparedMetric = Pick<
  MetricRecord,
  "slug" | "name" | "sources" | "figures" | "comparison"
>;

/** A reader's value and segment, to place against a metric's figures. */
export interface CompareInput {
  /**
   * The reader's value in the metric's unit: as typed ("3%", "$200", "30k", read by
   * {@linkcode readAmount}), or a number already worked out (a calculator's result).
   */
  value: number | string;
  /** The period the value is quoted per ("month", any case); the metric's own when absent. */
  per?: string | undefined;
  /** Segment values by key: a value slug, or for a band key a number (typed or given) or a band. */
  segment?: Record<string, string | number> | undefined;
  /**
   * For a value counted from data: the span it was counted over, in place of `per`. A span that is
   * a period (a month, a quarter) is quoted per it; any other is converted to the metric's own
   * period where the metric states how, and otherwise compared with no figure.
   */
  counted?: Span | undefined;
}

/** A span of time a value was counted over: whole calendar months where it is, and days. */
export interface Span {
  months?: number | undefined;
  days: number;
}

/** How many months each period that converts by compounding spans. */
const MONTHS: Partial<Record<Period, number>> = { month: 1, quarter: 3, year: 12 };

/**
 * The period a span is, when it is one: a month, a quarter, a year, a week or a day.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { periodOfSpan } from "./compare.ts";
 * assert.equal(periodOfSpan({ months: 3, days: 91 }), "quarter");
 * assert.equal(periodOfSpan({ days: 7 }), "week");
 * assert.equal(periodOfSpan({ months: 2, days: 59 }), undefined);
 * ```
 */
export function periodOfSpan(span: Span): Period | undefined {
  if (span.months !== undefined) {
    return PERIODS.find((period) => MONTHS[period] === span.months);
  }
  return span.days === 7 ? "week" : span.days === 1 ? "day" : undefined;
}

/**
 * How well a figure's segment matches the reader's, as a whole: `yours` (every key the reader gave,
 * with the reader's value), `closest` (some keys, a part of the reader's segment, or the nearest
 * band), `wider` (a key left out, or a group around or inside the reader's), `all` (the reader gave
 * no segment), or `company` (one company's figure).
 */
export type Match = Placement["match"];

/**
 * How a figure's value for one key of the reader's segment relates to the reader's: the same
 * (`match`), the nearest band to the reader's number (`closest`), a group around it (`broader`),
 * a part of it (`part`), not stated (`unstated`), or another value (`clash`: not compared).
 */
export type Relation = Placement["keys"][string] | "clash";

/** The kinds of figure, in the order a lead names them (see `lib/catalog/lists.ts`). */
export const KINDS: typeof FIGURE_KINDS = FIGURE_KINDS;
/** What kind of figure a placement is against, one of {@linkcode KINDS}. */
export type Kind = Placement["kind"];

/** Where the reader's value stands against one comparable figure. */
export type Placement = ValueComparison["placements"][number];

/** A figure that is not compared with the reader's value, and why. */
export type ContextFigure = ValueComparison["context"][number];

/** How many years back a figure is published before it is old: a figure of 2020 is, in 2026. */
export const OLD_AFTER_YEARS = 5;

/** Whether a figure of `year` is more than {@linkcode OLD_AFTER_YEARS} years old in `thisYear`. */
export function isOld(year: number | "undated", thisYear: number): boolean {
  return typeof year === "number" && year < thisYear - OLD_AFTER_YEARS;
}

export type { ValueComparison };

/** The one-line reason an input cannot be compared: a usage problem (exit code 2, status 400). */
function refuse(message: string): never {
  throw new Problem(message, { exitCode: 2 });
}

/** One segment key a metric's figures can be matched on, with the values a reader may give. */
export type SegmentChoice = NonNullable<Benchmarks["segments"]>[number];

/** The segment keys a reader can give for a metric, in vocabulary order, with their values. */
export function segmentChoices(metric: ComparedMetric, vocabulary: Vocabulary): SegmentChoice[] {
  // A company's own figure describes that company, not a segment a reader belongs to.
  const figures = comparableFigures(metric).filter((figure) =>
    !Object.keys(figure.segment).some((key) => vocabulary[key]?.role === "company")
  );
  const segments = figures.map((figure) => withImplied(figure.segment, vocabulary));
  return Object.entries(vocabulary).flatMap(([key, spec]) => {
    if (spec.role === "company") return [];
    const used = new Set(segments.flatMap((segment) => segment[key] ?? []));
    if (used.size === 0) return [];
    for (const slug of [...used]) {
      for (const around of groupsAround(vocabulary, { key, slug })) used.add(around);
    }
    const values = Object.entries(spec.values)
      .filter(([slug]) => used.has(slug))
      .map(([slug, value]) => ({ slug, label: value.label }));
    return [{ key, label: spec.label, ...(spec.band ? { band: spec.band } : {}), values }];
  });
}

/** A reader's segment value for one key: a vocabulary slug, or a number for a band key. */
type Asked = { key: string; slug: string; number?: undefined } | {
  key: string;
  number: number;
  slug?: undefined;
};

/**
 * The reader's segment read against the metric's keys: the keys its figures are split by, the
 * values those imply of other keys, and the keys none of its figures is split by (set aside).
 * One line when a key or value is off, or when two values contradict each other.
 */
interface ReadSegment {
  asked: Asked[];
  implied: Asked[];
  unsplit: string[];
}

/** Reads the reader's segment against the metric's keys; one line when a key or value is off. */
function readSegment(
  metric: ComparedMetric,
  vocabulary: Vocabulary,
  segment: Record<string, string | number>,
): ReadSegment {
  const choices = segmentChoices(metric, vocabulary);
  const asked: Asked[] = [];
  const unsplit: string[] = [];
  for (const [typedKey, raw] of Object.entries(segment)) {
    const key = typedKey.trim().toLowerCase();
    if (asked.some((item) => item.key === key) || unsplit.includes(key)) {
      refuse(`Give segment "${key.slice(0, 40)}" once`);
    }
    const choice = choices.find((item) => item.key === key);
    const spec = Object.hasOwn(vocabulary, key) ? vocabulary[key] : undefined;
    if (!spec || spec.role === "company") {
      // A key a reader is asked: not the study's population, nor one company's name.
      const keys = choices.filter((item) => vocabulary[item.key]?.role !== "study")
        .map((item) => `"${item.key}"`).join(", ");
      refuse(
        `Unknown segment "${key.slice(0, 40)}" for "${metric.slug}"; ${
          keys ? `use ${keys}` : "its figures are split by no segment a reader gives"
        }`,
      );
    }
    const typed = typeof raw === "string" ? raw.trim().toLowerCase() : raw;
    if (typed === "") refuse(`Segment "${key}" needs a value`);
    const slugs = (choice?.values ?? Object.entries(spec.values).map(([slug]) => ({ slug })))
      .map((value) => `"${value.slug}"`).join(", ");
    const list = choice ? undefined : unsplit;
    if (typeof typed === "string" && Object.hasOwn(spec.values, typed)) {
      if (list) list.push(key);
      else asked.push({ key, slug: typed });
      continue;
    }
    if (!spec.band) {
      refuse(`Segment "${key}" takes one of ${slugs}, not "${String(typed).slice(0, 40)}"`);
    }
    const amount = readAmount(typed, spec.band, { what: `Segment "${key}"` });
    if (!amount.ok) refuse(`${amount.error} (or one of ${slugs})`);
    if (amount.value < 0) refuse(`Segment "${key}" must not be negative`);
    if (list) list.push(key);
    else asked.push({ key, number: amount.value });
  }
  return { asked, implied: impliedOf(asked, vocabulary), unsplit };
}

/** The values the reader's values imply of keys the reader left out; one line if they clash. */
function impliedOf(asked: readonly Asked[], vocabulary: Vocabulary): Asked[] {
  const implied: Asked[] = [];
  for (const item of asked) {
    if (item.slug === undefined) continue;
    for (
      const [key, slug] of Object.entries(impliedBy(vocabulary, { key: item.key, slug: item.slug }))
    ) {
      const given = asked.find((other) => other.key === key);
      const label = (of: string, value: string) => vocabulary[of]?.values[value]?.label ?? value;
      if (given?.slug !== undefined && !agrees(vocabulary, { key, one: given.slug, other: slug })) {
        refuse(
          `Segment "${item.key}=${item.slug}" (${label(item.key, item.slug)}) is ${
            label(key, slug)
          }, not "${key}=${given.slug}"`,
        );
      }
      if (!given && !implied.some((other) => other.key === key)) implied.push({ key, slug });
    }
  }
  return implied;
}

/** How a figure's value for one key (its own or implied) relates to the reader's. */
function relation(
  segment: Readonly<Record<string, string>>,
  asked: Asked,
  vocabulary: Vocabulary,
  nearest: ReadonlySet<string>,
): Relation {
  const own = segment[asked.key];
  if (own === undefined) return "unstated";
  const spec = vocabulary[asked.key];
  const band = spec?.values[own];
  if (asked.number !== undefined) {
    if (band && inBand(asked.number, band)) return "match";
    return nearest.has(own) ? "closest" : "clash";
  }
  if (own === asked.slug) return "match";
  if (groupsAround(vocabulary, { key: asked.key, slug: asked.slug }).includes(own)) {
    return "broader";
  }
  if (groupsAround(vocabulary, { key: asked.key, slug: own }).includes(asked.slug)) return "part";
  const wanted = spec?.values[asked.slug];
  if (spec?.band && band && wanted) {
    if (holds(band, wanted)) return "broader";
    if (holds(wanted, band)) return "part";
  }
  return "clash";
}

type Band = { min?: number | undefined; max?: number | undefined };

function inBand(number: number, band: Band): boolean {
  return (band.min === undefined || number >= band.min) &&
    (band.max === undefined || number < band.max);
}

/** Whether band `outer` holds all of band `inner`. */
function holds(outer: Band, inner: Band): boolean {
  const lowOk = outer.min === undefined || (inner.min !== undefined && inner.min >= outer.min);
  const highOk = outer.max === undefined || (inner.max !== undefined && inner.max <= outer.max);
  return lowOk && highOk;
}

/**
 * For each band number the reader gave that no figure's band holds: the nearest band below it and
 * the nearest above it among the metric's figures.
 */
function nearestBands(
  figures: readonly Figure[],
  asked: readonly Asked[],
  vocabulary: Vocabulary,
): Map<string, Set<string>> {
  const nearest = new Map<string, Set<string>>();
  for (const item of asked) {
    if (item.number === undefined) continue;
    const number = item.number;
    const spec = vocabulary[item.key];
    const used = [
      ...new Set(
        figures.flatMap((figure) => withImplied(figure.segment, vocabulary)[item.key] ?? []),
      ),
    ]
      .flatMap((slug) => {
        const band = spec?.values[slug];
        return band ? [{ slug, band }] : [];
      });
    if (used.length === 0 || used.some(({ band }) => inBand(number, band))) continue;
    const below = used.filter(({ band }) => band.max !== undefined && band.max <= number)
      .sort((a, b) => (b.band.max ?? 0) - (a.band.max ?? 0))[0];
    const above = used.filter(({ band }) => band.min !== undefined && band.min > number)
      .sort((a, b) => (a.band.min ?? 0) - (b.band.min ?? 0))[0];
    nearest.set(item.key, new Set([below?.slug, above?.slug].filter((slug) => slug !== undefined)));
  }
  return nearest;
}

/**
 * Where a figure stands against the reader's segment: yours when it matches every key the reader
 * gave, closest when it matches some of them (or sits in the nearest band, or names a part of the
 * population the reader did not), wider when it matches none but contradicts none.
 */
function matchOf(
  figure: Figure,
  reader: ReadSegment,
  vocabulary: Vocabulary,
  nearest: Map<string, Set<string>>,
): Pick<Placement, "match" | "keys" | "narrower"> | { clash: string } {
  const { asked } = reader;
  const segment = withImplied(figure.segment, vocabulary);
  const keys: Placement["keys"] = {};
  for (const item of asked) {
    const found = relation(segment, item, vocabulary, nearest.get(item.key) ?? new Set());
    if (found === "clash") return { clash: item.key };
    keys[item.key] = found;
  }
  // What the reader's values imply rules out a figure for another segment, and no more.
  for (const item of reader.implied) {
    if (relation(segment, item, vocabulary, new Set()) === "clash") return { clash: item.key };
  }
  if (Object.keys(figure.segment).some((key) => vocabulary[key]?.role === "company")) {
    return { match: "company", keys };
  }
  if (asked.length === 0) return { match: "all", keys };
  // A figure for a part of the reader's segment (US health insurers, for a reader who said US)
  // is not the reader's own: it is among the closest.
  const narrower = Object.keys(segment).filter((key) =>
    !Object.hasOwn(keys, key) && vocabulary[key]?.role === "narrows"
  );
  const found = Object.values(keys);
  const exact = found.filter((item) => item === "match").length;
  const match = exact === asked.length && narrower.length === 0
    ? "yours"
    : found.some((item) => item === "match" || item === "closest")
    ? "closest"
    : "wider";
  return { match, keys, ...(narrower.length > 0 ? { narrower } : {}) };
}

const MAX_ABS_VALUE = 1e15;

/** What {@linkcode compareValue} reads besides the metric and the reader's value. */
export interface CompareOptions {
  /** The segment vocabulary the reader's segment and the figures' segments are read with. */
  segments: Vocabulary;
  /** The year figures are dated against, to mark the old ones: the current year unless given. */
  thisYear?: number;
}

/**
 * Places a reader's value against a metric's figures: every figure of the metric itself, in its
 * unit (or one the metric says is the same scale), for a segment that does not contradict the
 * reader's, is compared (converting between month and year only when the metric states the
 * conversion), and of a series only its latest point; the rest are listed with the reason.
 * `compare_words.ts` words the answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { compareValue } from "./compare.ts";
 * const catalog = await loadCatalog();
 * const payback = catalog.metrics.find((metric) => metric.slug === "cac-payback-period")!;
 * const { segments } = catalog;
 * const comparison = compareValue(payback, { value: "14 months" }, { segments });
 * const median = comparison.placements.find((item) => item.kind === "average");
 * assert.deepEqual([median?.position, median?.better], ["below", true]);
 * ```
 *
 * `thisYear` (the current year unless given) decides which figures are marked as old. An input
 * that cannot be compared throws a {@linkcode Problem} (exit code 2, status 400) in one line.
 */
export function compareValue(
  metric: ComparedMetric,
  input: CompareInput,
  { segments: vocabulary, thisYear = new Date().getFullYear() }: CompareOptions,
): ValueComparison {
  const comparison = metric.comparison;
  if (!comparison || comparableFigures(metric).length === 0) {
    refuse(`"${metric.slug}" has no benchmark figures to compare a value with`);
  }
  const amount = typeof input.value === "number"
    ? { ok: true as const, value: input.value }
    : readAmount(input.value, comparison.unit);
  if (!amount.ok) refuse(amount.error);
  const value = amount.value;
  if (!Number.isFinite(value) || Math.abs(value) > MAX_ABS_VALUE) {
    refuse("The value must be a finite number");
  }
  const counting = input.counted && comparison.per
    ? countedAs(comparison, value, input.counted)
    : undefined;
  const per = counting
    ? counting.per
    : periodOf(metric.slug, comparison, value, input.per?.trim().toLowerCase());
  const reader = readSegment(metric, vocabulary, input.segment ?? {});
  const asked = reader.asked;
  const nearest = nearestBands(comparableFigures(metric), asked, vocabulary);
  const placements: Placement[] = [];
  const context: ContextFigure[] = [];
  const series = latestPoints(metric.figures ?? []);
  (metric.figures ?? []).forEach((figure, index) => {
    const number = index + 1;
    if (figure.measures) return context.push({ figure: number, reason: "measures" });
    if (!isComparable(metric, figure)) return context.push({ figure: number, reason: "unit" });
    const ofSeries = figure.series === undefined ? undefined : series.get(figure.series);
    if (ofSeries && ofSeries.latest !== number) {
      return context.push({ figure: number, reason: "earlier" });
    }
    const matched = matchOf(figure, reader, vocabulary, nearest);
    if ("clash" in matched) {
      return context.push({ figure: number, reason: "segment", key: matched.clash });
    }
    let placed = counting?.value ?? value;
    let converted: Placement["converted"];
    if (figure.per !== per) {
      const by = comparison.convert;
      if (!by || !per || !figure.per || !convertible(per, figure.per)) {
        return context.push({ figure: number, reason: "period" });
      }
      placed = convert(placed, per, figure.per, by);
      converted = { from: per, to: figure.per, by };
    }
    const position = positionOf(placed, figure);
    const better = betterOf(position, comparison.direction, figure);
    const old = isOld(figure.year, thisYear);
    placements.push({
      figure: number,
      value: placed,
      ...(converted ? { converted } : {}),
      position,
      ...(better === undefined ? {} : { better }),
      ...matched,
      kind: kindOf(figure, comparison.direction),
      year: figure.year,
      ...(old ? { old } : {}),
      ...(figure.dataYear === undefined ? {} : { dataYear: figure.dataYear }),
      ...(ofSeries ? { series: ofSeries.series } : {}),
    });
  });
  return {
    metric: metric.slug,
    value: counting?.value ?? value,
    unit: comparison.unit,
    ...(per ? { per } : {}),
    ...(counting ? { counted: counting.counted } : {}),
    segment: Object.fromEntries(
      asked.map((item) => [item.key, item.slug ?? String(item.number)]),
    ),
    ...(reader.unsplit.length > 0 ? { unsplit: reader.unsplit } : {}),
    direction: comparison.direction,
    placements,
    context,
  };
}

/**
 * Each series of the figures, by id: its latest point's figure number (from 1), the only one a
 * value is placed against, and what a placement says of the series.
 */
function latestPoints(
  figures: readonly Figure[],
): Map<string, { latest: number; series: NonNullable<Placement["series"]> }> {
  return new Map(
    figureSeries(figures).map((series) => {
      const first = series.points[0];
      const last = series.points.at(-1);
      return [series.id, {
        latest: last?.figure ?? 0,
        series: { id: series.id, from: first?.year ?? 0, points: series.points.length },
      }];
    }),
  );
}

/** The period a value is quoted per; a problem when it cannot be placed in it. */
function periodOf(
  slug: string,
  comparison: Comparison,
  value: number,
  typed: string | undefined,
): Period | undefined {
  const per = PERIODS.find((item) => item === typed);
  if (typed !== undefined && per === undefined) {
    refuse(`The period must be one of ${PERIODS.join(", ")}, not "${typed.slice(0, 20)}"`);
  }
  if (per !== undefined && comparison.per === undefined) {
    refuse(`"${slug}" is not quoted per period; leave out the period`);
  }
  const wanted = per ?? comparison.per;
  if (comparison.convert === "compound-loss" && (value < 0 || value > 100)) {
    refuse("A rate of loss is a percentage from 0% to 100%");
  }
  if (comparison.convert === "compound-keep" && wanted !== comparison.per && value < 0) {
    refuse("A rate kept converts between periods only from 0% up");
  }
  return wanted;
}

/**
 * A value counted over a span, as the metric quotes it: per the span when it is a period; else
 * converted to the metric's own period where the metric states how; else per no period, so that
 * no figure is compared. `counted` keeps the value as counted.
 */
function countedAs(
  comparison: Comparison,
  value: number,
  span: Span,
): { per: Period | undefined; value: number; counted: Counted } {
  const named = periodOfSpan(span);
  const counted = { value, ...(span.months ? { months: span.months } : {}), days: span.days };
  const own = comparison.per;
  const by = comparison.convert;
  if (named !== undefined) {
    if (by && named !== own) checkConvertible(by, value);
    return { per: named, value, counted };
  }
  const months = own && MONTHS[own];
  if (!by || !months || !span.months) return { per: undefined, value, counted };
  checkConvertible(by, value);
  return {
    per: own,
    value: compound(value, { from: span.months, to: months, by }),
    counted: { ...counted, by },
  };
}

/** What a comparison says of a value counted over a span that is not the metric's period. */
type Counted = NonNullable<ValueComparison["counted"]>;

function convertible(from: Period, to: Period): boolean {
  return MONTHS[from] !== undefined && MONTHS[to] !== undefined;
}

/** Refuses a value that does not convert between periods by the metric's rule. */
function checkConvertible(by: Conversion, value: number): void {
  if (by === "compound-loss" && (value < 0 || value > 100)) {
    refuse("A rate of loss is a percentage from 0% to 100%");
  }
  if (by === "compound-keep" && value < 0) {
    refuse("A rate kept converts between periods only from 0% up");
  }
}

/** Converts a percentage between periods of whole months (a month, a quarter, a year). */
function convert(value: number, from: Period, to: Period, by: Conversion): number {
  return compound(value, { from: MONTHS[from] ?? 1, to: MONTHS[to] ?? 1, by });
}

/** Converts a percentage over `from` months to one over `to` months by compounding. */
function compound(
  value: number,
  { from, to, by }: { from: number; to: number; by: Conversion },
): number {
  const rate = value / 100;
  const kept = by === "compound-loss" ? 1 - rate : rate;
  const result = kept < 0 ? Number.NaN : kept ** (to / from);
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

/**
 * Better or worse by the metric's direction. Inside a floor or ceiling is better when the bound
 * points the metric's way; reaching a threshold, or landing inside a target range, meets it.
 */
function betterOf(
  position: Placement["position"],
  direction: Direction,
  figure: Figure,
): boolean | undefined {
  const threshold = figure.statistic === "threshold";
  if (direction === "target-band") {
    if (figure.low !== undefined || figure.bound) return position === "within";
    return position === "equal" && threshold ? true : undefined;
  }
  if (position === "equal") {
    return threshold ? !warningLine(figure, direction) : undefined;
  }
  if (position === "within") {
    if (figure.bound === "at-most") return direction === "lower-is-better";
    if (figure.bound === "at-least") return direction === "higher-is-better";
    return threshold ? !warningLine(figure, direction) : undefined;
  }
  return (position === "below") === (direction === "lower-is-better");
}

/** The kinds of figure a verdict sums up, in the order it names them. */

/**
 * A threshold that warns rather than sets a goal: one its sentence marks as a warning (the
 * catalog's `role: warning`), or a floor on a lower-is-better metric or a ceiling on a
 * higher-is-better one ("bad: 3x or more" for the burn multiple).
 */
function warningLine(figure: Figure, direction: Direction): boolean {
  if (figure.statistic !== "threshold" || figure.role === "rule") return false;
  return figure.role === "warning" ||
    (figure.bound === "at-least" && direction === "lower-is-better") ||
    (figure.bound === "at-most" && direction === "higher-is-better");
}

/** The kind each statistic makes a figure, but for its role and for a percentile's place. */
const STATISTIC_KINDS: Record<Figure["statistic"], Kind> = {
  mean: "average",
  median: "average",
  percentile: "quartile",
  "top-quartile": "quartile",
  "bottom-quartile": "quartile",
  "top-decile": "extreme",
  threshold: "target",
  "typical-range": "range",
  reported: "reported",
};

/** What kind of figure it is, from its statistic and role. */
function kindOf(figure: Figure, direction: Direction): Kind {
  if (figure.role === "rule") return "rule";
  if (warningLine(figure, direction)) return "warning";
  const at = figure.statistic === "percentile" ? figure.percentile ?? 50 : undefined;
  if (at === 50) return "average";
  if (at !== undefined && (at >= 90 || at <= 10)) return "extreme";
  return STATISTIC_KINDS[figure.statistic];
}
