/**
 * Where a reader's value stands against a metric's benchmark figures: the reader's segment
 * matched against each figure's by one rule, each figure placed and worded from what it means,
 * and a verdict of one or two sentences that every surface (the CLI, the answer page, the
 * export's script, the MCP server) prints first.
 *
 * The segment rule: a key the reader gives is checked against each figure that states it (the
 * same value, a band that holds the reader's number, or a value the vocabulary puts inside or
 * around the reader's); a figure that does not state the key is broader, not another segment. A
 * figure for another segment is not compared but listed apart; when a reader's number falls in no
 * band of the metric's figures, the nearest band on each side stands in, said as such.
 *
 * @module
 */
import { authorOf } from "../catalog/citations.ts";
import {
  comparableFigures,
  type Comparison,
  type Conversion,
  type Direction,
  type Figure,
  isComparable,
  type Period,
  PERIODS,
  type Unit,
  type Vocabulary,
} from "../catalog/figures.ts";
import type { Benchmarks, MetricRecord } from "../catalog/records.ts";
import { readAmount } from "./amount.ts";
import { possessive } from "./text.ts";
import { figureAmount, figureMeaning, formatValue, perWords, segmentWords } from "./words.ts";

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
}

/** How well a figure's segment matches the reader's. */
export type Match =
  /** The figure states every key of the reader's segment, with the reader's value. */
  | "yours"
  /** The reader's number falls in no band of the figures; this figure's band is the nearest. */
  | "closest"
  /** The figure leaves out a key of the reader's, or is for a group around or inside it. */
  | "wider"
  /** The reader gave no segment. */
  | "all"
  /** The figure is one company's. */
  | "company";

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
  /** How well the figure's segment matches the reader's. */
  match: Match;
  /** How a figure that still applies differs from the reader's segment ("any business model"). */
  note?: string | undefined;
  /** The year the figure was published, or `undated`. */
  year: number | "undated";
  /** Set when the figure was published more than five years before the comparison's year. */
  old?: true | undefined;
  /** The placement in words, with the reader's value and the figure's citation. */
  sentence: string;
  /** The placement in words without the reader's value ("is better than Aleph's median …"). */
  clause: string;
}

/** A figure that is not compared with the reader's value, and why. */
export interface ContextFigure {
  /** The figure's number (from 1). */
  figure: number;
  /** Why it is not compared. */
  reason: string;
  /** `segment` for a figure of another segment; `other` for another unit, measure or period. */
  kind: "segment" | "other";
}

/**
 * How many years back a figure may have been published before a comparison marks it as old: a
 * figure of 2020 is old in 2026.
 */
export const OLD_AFTER_YEARS = 5;
/** How a comparison marks a figure published more than {@linkcode OLD_AFTER_YEARS} years ago. */
export const OLD_WORDS = "more than five years old";

/** Whether a figure of `year` is more than {@linkcode OLD_AFTER_YEARS} years old in `thisYear`. */
export function isOld(year: number | "undated", thisYear: number): boolean {
  return typeof year === "number" && year < thisYear - OLD_AFTER_YEARS;
}

/** A compared figure's year in words: "2024", "undated", "2019, more than five years old". */
export function yearWords({ year, old }: Pick<Placement, "year" | "old">): string {
  return `${year}${old ? `, ${OLD_WORDS}` : ""}`;
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
  /** The segment asked for, by key (a band number as its digits). */
  segment: Record<string, string>;
  /** The segment asked for, in words ("mid-market companies, ACV $30,000"). */
  segmentLabel: string;
  /** Which way is better for this metric. */
  direction: Direction;
  /** Each comparable figure, in the metric's order. */
  placements: Placement[];
  /** The figures not compared, with the reason. */
  context: ContextFigure[];
  /** The verdict: one or two sentences, the reader's own segment first. */
  summary: string;
  /** Which segment keys would narrow the answer, when the reader left them out. */
  hint?: string | undefined;
}

/** A comparison, or the one-line reason the input cannot be compared. */
export type CompareResult = { ok: true; comparison: ValueComparison } | {
  ok: false;
  error: string;
};

/** One segment key a metric's figures can be matched on, with the values a reader may give. */
export type SegmentChoice = NonNullable<Benchmarks["segments"]>[number];

/**
 * Keys that cut a population into parts a reader may not belong to (an industry, a platform, a
 * trial design, the time since sign-up): a figure that names one the reader did not give is for
 * a part of the reader's segment. Business model, customers and size bands go together too often
 * to count so (a mid-market figure is the one for a $30K ACV).
 */
const NARROWS = new Set(["vertical", "platform", "channel", "trial", "horizon"]);

/** Keys that say which population a study drew on, which the hint does not ask a reader for. */
const DESCRIBES_THE_STUDY = new Set(["market", "region"]);

/** Keys that describe a figure but are not a reader's segment. */
const NOT_A_SEGMENT = new Set(["company"]);

/** The segment keys a reader can give for a metric, in vocabulary order, with their values. */
export function segmentChoices(metric: ComparedMetric, vocabulary: Vocabulary): SegmentChoice[] {
  // A company's own figure describes that company, not a segment a reader belongs to.
  const figures = comparableFigures(metric).filter((figure) => !figure.segment.company);
  return Object.entries(vocabulary).flatMap(([key, spec]) => {
    if (NOT_A_SEGMENT.has(key)) return [];
    const used = new Set(figures.flatMap((figure) => figure.segment[key] ?? []));
    if (used.size === 0) return [];
    for (const slug of [...used]) {
      for (const around of ancestors(vocabulary, key, slug)) used.add(around);
    }
    const values = Object.entries(spec.values)
      .filter(([slug]) => used.has(slug))
      .map(([slug, value]) => ({ slug, label: value.label }));
    return [{ key, label: spec.label, ...(spec.band ? { band: spec.band } : {}), values }];
  });
}

/** The groups a vocabulary value sits inside (`within`), nearest first. */
function ancestors(vocabulary: Vocabulary, key: string, slug: string): string[] {
  const found: string[] = [];
  let next = vocabulary[key]?.values[slug]?.within;
  while (next !== undefined && !found.includes(next)) {
    found.push(next);
    next = vocabulary[key]?.values[next]?.within;
  }
  return found;
}

/** A reader's segment value for one key: a vocabulary slug, or a number for a band key. */
type Asked = { key: string; slug: string; number?: undefined } | {
  key: string;
  number: number;
  slug?: undefined;
};

/** Reads the reader's segment against the metric's keys; one line when a key or value is off. */
function readSegment(
  metric: ComparedMetric,
  vocabulary: Vocabulary,
  segment: Record<string, string | number>,
): { ok: true; asked: Asked[] } | { ok: false; error: string } {
  const choices = segmentChoices(metric, vocabulary);
  const asked: Asked[] = [];
  for (const [typedKey, raw] of Object.entries(segment)) {
    const key = typedKey.trim().toLowerCase();
    if (asked.some((item) => item.key === key)) {
      return { ok: false, error: `Give segment "${key.slice(0, 40)}" once` };
    }
    const choice = choices.find((item) => item.key === key);
    const spec = Object.hasOwn(vocabulary, key) ? vocabulary[key] : undefined;
    if (!choice || !spec) {
      const keys = choices.map((item) => `"${item.key}"`).join(", ");
      return {
        ok: false,
        error: `Unknown segment "${key.slice(0, 40)}" for "${metric.slug}"; use ${
          keys || "no segment"
        }`,
      };
    }
    const typed = typeof raw === "string" ? raw.trim().toLowerCase() : raw;
    if (typed === "") {
      return { ok: false, error: `Segment "${key}" needs a value` };
    }
    const slugs = choice.values.map((value) => `"${value.slug}"`).join(", ");
    if (typeof typed === "string" && Object.hasOwn(spec.values, typed)) {
      asked.push({ key, slug: typed });
      continue;
    }
    if (!spec.band) {
      return {
        ok: false,
        error: `Segment "${key}" takes one of ${slugs}, not "${String(typed).slice(0, 40)}"`,
      };
    }
    const amount = readAmount(typed, spec.band, `Segment "${key}"`);
    if (!amount.ok) return { ok: false, error: `${amount.error} (or one of ${slugs})` };
    if (amount.value < 0) return { ok: false, error: `Segment "${key}" must not be negative` };
    asked.push({ key, number: amount.value });
  }
  return { ok: true, asked };
}

/** The reader's segment in words: "mid-market companies, ACV $30,000". */
function askedWords(asked: readonly Asked[], vocabulary: Vocabulary): string {
  return asked.map((item) => {
    const spec = vocabulary[item.key];
    if (item.slug !== undefined) return spec?.values[item.slug]?.label ?? item.slug;
    return `${spec?.short ?? spec?.label ?? item.key} ${
      formatValue(item.number, spec?.band ?? "usd")
    }`;
  }).join(", ");
}

type Relation = "match" | "closest" | "broader" | "part" | "unstated" | "clash";

/** How a figure's value for one key relates to the reader's. */
function relation(
  figure: Figure,
  asked: Asked,
  vocabulary: Vocabulary,
  nearest: ReadonlySet<string>,
): Relation {
  const own = figure.segment[asked.key];
  if (own === undefined) return "unstated";
  const spec = vocabulary[asked.key];
  const band = spec?.values[own];
  if (asked.number !== undefined) {
    if (band && inBand(asked.number, band)) return "match";
    return nearest.has(own) ? "closest" : "clash";
  }
  if (own === asked.slug) return "match";
  if (ancestors(vocabulary, asked.key, asked.slug).includes(own)) return "broader";
  if (ancestors(vocabulary, asked.key, own).includes(asked.slug)) return "part";
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
    const used = [...new Set(figures.flatMap((figure) => figure.segment[item.key] ?? []))]
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
 * Where a figure stands against the reader's segment, and what to say of the difference: yours
 * when it matches every key the reader gave, closest when it matches some of them (or sits in the
 * nearest band), wider when it matches none but contradicts none.
 */
function matchOf(
  figure: Figure,
  asked: readonly Asked[],
  vocabulary: Vocabulary,
  nearest: Map<string, Set<string>>,
): { match: Match; note?: string } | { clash: string } {
  const notes: string[] = [];
  let exact = 0;
  let near = 0;
  for (const item of asked) {
    const found = relation(figure, item, vocabulary, nearest.get(item.key) ?? new Set());
    const spec = vocabulary[item.key];
    const own = figure.segment[item.key] ?? "";
    const label = spec?.values[own]?.label ?? own;
    if (found === "clash") return { clash: `is for another segment (${label})` };
    if (found === "match") exact += 1;
    if (found === "closest") near += 1;
    if (found === "unstated") notes.push(`any ${spec?.short ?? lower(spec?.label ?? item.key)}`);
    if (found === "broader" || found === "part") {
      const reader = item.slug === undefined ? "" : spec?.values[item.slug]?.label ?? item.slug;
      notes.push(found === "broader" ? `wider than ${reader}` : `a part of ${reader}`);
    }
  }
  if (figure.segment.company !== undefined) return { match: "company" };
  if (asked.length === 0) return { match: "all" };
  // A figure for a part of the reader's segment (US health insurers, for a reader who said US)
  // is not the reader's own: it is among the closest, and says so.
  const given = new Set(asked.map((item) => item.key));
  const narrower = Object.keys(figure.segment).filter((key) => !given.has(key) && NARROWS.has(key));
  for (const key of narrower) {
    const own = figure.segment[key] ?? "";
    notes.push(`only ${vocabulary[key]?.values[own]?.label ?? own}`);
  }
  const match = exact === asked.length && narrower.length === 0
    ? "yours"
    : exact + near > 0
    ? "closest"
    : "wider";
  return notes.length > 0 ? { match, note: notes.join("; ") } : { match };
}

function lower(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]?.toLowerCase()}${text.slice(1)}` : text;
}

const MAX_ABS_VALUE = 1e15;

/**
 * Places a reader's value against a metric's figures: every figure of the metric itself, in its
 * unit, for a segment that does not contradict the reader's, is compared (converting between
 * month and year only when the metric states the conversion); the rest are listed with the
 * reason. The answer leads with a verdict built from the placements.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { compareValue } from "./compare.ts";
 * const catalog = await loadCatalog();
 * const payback = catalog.metrics.find((metric) => metric.slug === "cac-payback-period")!;
 * const result = compareValue(payback, catalog, { value: "14 months" });
 * assert.ok(result.ok);
 * assert.match(result.comparison.summary, /^14 months is better than Aleph's median \(16 months\)/);
 * ```
 *
 * `thisYear` (the current year unless given) decides which figures are marked as old.
 */
export function compareValue(
  metric: ComparedMetric,
  catalog: { segments: Vocabulary },
  input: CompareInput,
  { thisYear = new Date().getFullYear() }: { thisYear?: number } = {},
): CompareResult {
  const vocabulary = catalog.segments;
  const comparison = metric.comparison;
  if (!comparison || comparableFigures(metric).length === 0) {
    return {
      ok: false,
      error: `"${metric.slug}" has no benchmark figures to compare a value with`,
    };
  }
  const amount = typeof input.value === "number"
    ? { ok: true as const, value: input.value }
    : readAmount(input.value, comparison.unit);
  if (!amount.ok) return amount;
  const value = amount.value;
  if (!Number.isFinite(value) || Math.abs(value) > MAX_ABS_VALUE) {
    return { ok: false, error: "The value must be a finite number" };
  }
  const checked = checkPeriod(metric.slug, comparison, value, input.per?.trim().toLowerCase());
  if (!checked.ok) return checked;
  const per = checked.per;
  const read = readSegment(metric, vocabulary, input.segment ?? {});
  if (!read.ok) return read;
  const { asked } = read;
  const nearest = nearestBands(comparableFigures(metric), asked, vocabulary);
  const placements: Placement[] = [];
  const context: ContextFigure[] = [];
  (metric.figures ?? []).forEach((figure, index) => {
    const number = index + 1;
    if (figure.measures) {
      return context.push({ figure: number, reason: `measures ${figure.measures}`, kind: "other" });
    }
    if (!isComparable(metric, figure)) {
      return context.push({
        figure: number,
        reason: `is in another unit (${figure.unit})`,
        kind: "other",
      });
    }
    const matched = matchOf(figure, asked, vocabulary, nearest);
    if ("clash" in matched) {
      return context.push({ figure: number, reason: matched.clash, kind: "segment" });
    }
    let placed = value;
    let converted: Placement["converted"];
    if (figure.per !== per) {
      const by = comparison.convert;
      if (!by || !per || !figure.per || !convertible(per, figure.per)) {
        return context.push({
          figure: number,
          reason: figure.per ? `is quoted ${perWords(figure.per)}` : "is not quoted per period",
          kind: "other",
        });
      }
      placed = convert(value, per, figure.per, by);
      converted = { from: per, to: figure.per, by };
    }
    const position = positionOf(placed, figure);
    const better = betterOf(position, comparison.direction, figure);
    const old = isOld(figure.year, thisYear);
    const clause = placementClause(metric, figure, { position, better }, comparison.direction, {
      vocabulary,
      note: matched.note,
      old,
    });
    placements.push({
      figure: number,
      value: placed,
      ...(converted ? { converted } : {}),
      position,
      ...(better === undefined ? {} : { better }),
      match: matched.match,
      ...(matched.note ? { note: matched.note } : {}),
      year: figure.year,
      ...(old ? { old } : {}),
      sentence: `${formatValue(placed, figure.unit)}${
        figure.per ? ` ${perWords(figure.per)}` : ""
      }${converted ? ` (${conversionWords(converted)})` : ""} ${clause}`,
      clause,
    });
  });
  const segment = Object.fromEntries(
    asked.map((item) => [item.key, item.slug ?? String(item.number)]),
  );
  const segmentLabel = askedWords(asked, vocabulary);
  const result: ValueComparison = {
    metric: metric.slug,
    value,
    unit: comparison.unit,
    ...(per ? { per } : {}),
    segment,
    segmentLabel,
    direction: comparison.direction,
    placements,
    context,
    summary: "",
  };
  result.summary = verdict(result, metric, vocabulary);
  const hint = hintOf(result, metric, vocabulary, asked);
  if (hint) result.hint = hint;
  return { ok: true, comparison: result };
}

/** The period a value is quoted per, or why it cannot be placed in it. */
function checkPeriod(
  slug: string,
  comparison: Comparison,
  value: number,
  typed: string | undefined,
): { ok: true; per: Period | undefined } | { ok: false; error: string } {
  const per = PERIODS.find((item) => item === typed);
  if (typed !== undefined && per === undefined) {
    return {
      ok: false,
      error: `The period must be one of ${PERIODS.join(", ")}, not "${typed.slice(0, 20)}"`,
    };
  }
  if (per !== undefined && comparison.per === undefined) {
    return { ok: false, error: `"${slug}" is not quoted per period; leave out the period` };
  }
  const wanted = per ?? comparison.per;
  if (comparison.convert === "compound-loss" && (value < 0 || value > 100)) {
    return { ok: false, error: "A rate of loss is a percentage from 0% to 100%" };
  }
  if (comparison.convert === "compound-keep" && wanted !== comparison.per && value < 0) {
    return { ok: false, error: "A rate kept converts between periods only from 0% up" };
  }
  return { ok: true, per: wanted };
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

/** How a converted value was worked out, in words. */
export function conversionWords(converted: NonNullable<Placement["converted"]>): string {
  const power = converted.to === "year" ? "12" : "(1/12)";
  const rule = converted.by === "compound-loss" ? `1 − (1 − rate)^${power}` : `rate^${power}`;
  return `converted from a rate ${perWords(converted.from)} as ${rule}`;
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
type Kind = "average" | "quartile" | "target" | "range" | "warning" | "reported";

const KINDS: readonly Kind[] = ["target", "average", "quartile", "range", "warning", "reported"];

/** How a kind reads in a count, from the statistics its figures have. */
function kindWords(kind: Kind, figures: readonly Figure[]): string {
  const has = (statistic: Figure["statistic"]) => figures.some((f) => f.statistic === statistic);
  switch (kind) {
    case "average":
      return has("median") && has("mean")
        ? "medians and averages"
        : has("mean")
        ? "averages"
        : "medians";
    case "quartile":
      return figures.every((f) => f.statistic === "top-decile")
        ? "top-10% figures"
        : "quartile and percentile figures";
    case "target":
      return "targets and rules of thumb";
    case "range":
      return "typical ranges";
    case "warning":
      return "warning lines";
    case "reported":
      return "reported figures";
  }
}

/** The words of a threshold that marks where things go wrong, not a level to reach. */
const WARNING_LABEL =
  /\b(?:bad|terrible|suspect|poor|weak|worst|concerning|danger|red flag|not yet)\b/i;

/**
 * A threshold that warns rather than sets a goal: a floor on a lower-is-better metric or a
 * ceiling on a higher-is-better one ("bad: 3x or more" for the burn multiple), or one the source
 * labels as bad.
 */
function warningLine(figure: Figure, direction: Direction): boolean {
  if (figure.statistic !== "threshold") return false;
  if (figure.bound === "at-least" && direction === "lower-is-better") return true;
  if (figure.bound === "at-most" && direction === "higher-is-better") return true;
  return WARNING_LABEL.test(figure.label ?? "");
}

function kindOf(figure: Figure, direction?: Direction): Kind {
  if (direction && warningLine(figure, direction)) return "warning";
  switch (figure.statistic) {
    case "mean":
    case "median":
      return "average";
    case "percentile":
      return figure.percentile === 50 ? "average" : "quartile";
    case "top-quartile":
    case "bottom-quartile":
    case "top-decile":
      return "quartile";
    case "threshold":
      return "target";
    case "typical-range":
      return "range";
    case "reported":
      return "reported";
  }
}

/** Figures a reader aims for: falling short of one is "short of", not "worse than". */
function aspirational(figure: Figure): boolean {
  return figure.statistic === "threshold" || figure.statistic === "top-quartile" ||
    figure.statistic === "top-decile" ||
    (figure.statistic === "percentile" && (figure.percentile ?? 0) > 50);
}

/** The verb of a placement: "is better than", "meets", "is short of", "is in". */
function verbOf(
  figure: Figure,
  { position, better }: Pick<Placement, "position" | "better">,
  direction: Direction,
): string {
  const quartile = kindOf(figure) === "quartile";
  // One company's number is a point of reference, not a bar to clear: above or below it.
  if (figure.segment.company !== undefined) {
    return position === "equal" ? "is equal to" : position === "above" ? "is above" : "is below";
  }
  if (warningLine(figure, direction)) {
    if (better === true) return "is clear of";
    return position === "within" || position === "equal" ? "is within" : "is past";
  }
  if (better === true) {
    if (position === "within") {
      return figure.statistic === "threshold" ? "meets" : quartile ? "is in" : "is within";
    }
    return position === "equal" ? "meets" : "is better than";
  }
  if (better === false) {
    if (direction === "target-band") return position === "above" ? "is above" : "is below";
    if (position === "within") return quartile ? "is in" : "is within";
    return aspirational(figure) ? "is short of" : "is worse than";
  }
  if (position === "equal") return "is equal to";
  if (position === "within") return "is within";
  return position === "above" ? "is above" : "is below";
}

/** A figure named by its source and meaning, with its amount: "Aleph's median (16 months)". */
function figureName(metric: ComparedMetric, figure: Figure): string {
  const source = metric.sources[figure.source - 1] ?? { label: "", url: "" };
  const author = authorOf(source) || source.label;
  return `${author ? `${possessive(author)} ` : "the "}${figureMeaning(figure)} (${
    figureAmount(figure)
  })`;
}

/** The placement in words, without the reader's value. */
function placementClause(
  metric: ComparedMetric,
  figure: Figure,
  placed: Pick<Placement, "position" | "better">,
  direction: Direction,
  { vocabulary, note, old }: { vocabulary: Vocabulary; note?: string | undefined; old: boolean },
): string {
  const source = metric.sources[figure.source - 1] ?? { label: "", url: "" };
  const segment = segmentWords(figure.segment, vocabulary);
  // The figure's own year, not the year its source was read: "(Recurly, undated)".
  const year = yearWords({ year: figure.year, ...(old ? { old } : {}) });
  const cited = `${authorOf(source) || source.label}, ${year}`;
  return `${verbOf(figure, placed, direction)} ${figureName(metric, figure)}${
    segment ? ` for ${segment}` : ""
  }${note ? ` (${note})` : ""} (${cited})`;
}

/** Words joined as a list: "a", "a and b", "a, b and c". */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** How many of a kind a value reaches, said once its nearest on each side are named. */
function side(
  better: number,
  worse: number,
  total: number,
): { verb: string; object: string; better: boolean } | undefined {
  if (total <= 2) return undefined;
  const count = (n: number) => n === total ? `all ${n}` : `${n} of the ${total}`;
  return better >= worse
    ? { verb: "reaches", object: count(better), better: true }
    : { verb: "falls short of", object: count(worse), better: false };
}

/** One thing a verdict says: a verb, what it is said of, and which way it points. */
interface Said {
  verb: string;
  object: string;
  better: boolean | undefined;
  kind: Kind;
  within: boolean;
}

/**
 * How a value stands against a group of placements, kind by kind: each figure named when its
 * kind has one or two, counted when it has more. What it reaches comes first and what it falls
 * short of after "but"; clearing a warning line or a worst case is said only when nothing better
 * is, and landing inside a warning line leads.
 */
function standing(
  placements: readonly Placement[],
  metric: ComparedMetric,
  direction: Direction,
  vocabulary: Vocabulary,
): string {
  const figures = metric.figures ?? [];
  const items: Said[] = [];
  // Two figures of one source and meaning are told apart by their segment.
  const names = new Map<string, number>();
  for (const placement of placements) {
    const figure = figures[placement.figure - 1];
    if (figure) {
      const key = figureName(metric, { ...figure, value: 0, low: undefined, high: undefined });
      names.set(key, (names.get(key) ?? 0) + 1);
    }
  }
  const named = (figure: Figure) => {
    const key = figureName(metric, { ...figure, value: 0, low: undefined, high: undefined });
    const segment = segmentWords(figure.segment, vocabulary);
    return (names.get(key) ?? 0) > 1 && segment
      ? `${figureName(metric, figure)} for ${segment}`
      : figureName(metric, figure);
  };
  for (const kind of KINDS) {
    const group = placements.filter((placement) => {
      const figure = figures[placement.figure - 1];
      return figure !== undefined && kindOf(figure, direction) === kind;
    });
    if (group.length === 0) continue;
    if (group.length <= 2) {
      for (const placement of group) {
        const figure = figures[placement.figure - 1];
        if (!figure) continue;
        items.push({
          verb: verbOf(figure, placement, direction),
          object: named(figure),
          better: placement.better,
          kind,
          within: placement.position === "within" || placement.position === "equal",
        });
      }
      continue;
    }
    const words = kindWords(
      kind,
      group.flatMap((placement) => figures[placement.figure - 1] ?? []),
    );
    const better = group.filter((placement) => placement.better === true).length;
    const worse = group.filter((placement) => placement.better === false).length;
    const count = (n: number) => n === group.length ? `all ${n}` : `${n} of the ${group.length}`;
    if (kind === "warning" || (better === 0 && worse === 0)) {
      items.push(
        kind !== "warning"
          ? {
            verb: "is in line with",
            object: `the ${group.length} ${words}`,
            better: undefined,
            kind,
            within: false,
          }
          : worse > 0
          ? {
            verb: "is within",
            object: `${count(worse)} ${words}`,
            better: false,
            kind,
            within: true,
          }
          : {
            verb: "is clear of",
            object: `${count(better)} ${words}`,
            better: true,
            kind,
            within: false,
          },
      );
      continue;
    }
    // Many figures of a kind: the nearest it reaches and the nearest it misses say the most.
    const mark = (placement: Placement) => {
      const figure = figures[placement.figure - 1];
      const at = figure?.value ?? ((figure?.low ?? 0) + (figure?.high ?? 0)) / 2;
      return Math.abs(placement.value - at);
    };
    const segments = new Set(
      group.map((placement) => JSON.stringify(figures[placement.figure - 1]?.segment ?? {})),
    );
    for (const side of [true, false]) {
      const [nearest] = group.filter((placement) => placement.better === side)
        .sort((a, b) => mark(a) - mark(b));
      const figure = nearest && figures[nearest.figure - 1];
      if (!nearest || !figure) continue;
      const segment = segments.size > 1 ? segmentWords(figure.segment, vocabulary) : "";
      items.push({
        verb: verbOf(figure, nearest, direction),
        object: `${figureName(metric, figure)}${segment ? ` for ${segment}` : ""}`,
        better: side,
        kind,
        within: nearest.position === "within" || nearest.position === "equal",
      });
    }
    const counted = side(better, worse, group.length);
    if (counted) {
      items.push({ ...counted, kind, within: false, object: `${counted.object} ${words}` });
    }
  }
  const phrases = (chosen: readonly Said[]) => {
    const verbs: string[] = [];
    const byVerb = new Map<string, string[]>();
    for (const item of chosen) {
      if (!byVerb.has(item.verb)) verbs.push(item.verb);
      byVerb.set(item.verb, [...byVerb.get(item.verb) ?? [], item.object]);
    }
    return verbs.map((verb) => `${verb} ${listWords(byVerb.get(verb) ?? [])}`);
  };
  const relief = (item: Said) =>
    item.better === true && (item.kind === "warning" || item.kind === "reported");
  const strong = items.filter((item) => item.better !== false && !relief(item));
  const weak = items.filter((item) => item.better === false)
    .sort((a, b) =>
      Number(b.within && b.kind === "warning") - Number(a.within && a.kind === "warning")
    );
  const eased = items.filter(relief);
  if (weak.some((item) => item.kind === "warning" && item.within)) {
    const good = [...strong, ...eased];
    return good.length > 0
      ? `${listWords(phrases(weak))}, though it ${listWords(phrases(good))}`
      : listWords(phrases(weak));
  }
  if (strong.length === 0) {
    return eased.length > 0 && weak.length > 0
      ? `${listWords(phrases(weak))}, though it ${listWords(phrases(eased))}`
      : listWords(phrases([...weak, ...eased]));
  }
  if (weak.length === 0) return listWords(phrases(strong));
  return `${listWords(phrases(strong))}, but ${listWords(phrases(weak))}`;
}

/** The reader's value as a verdict opens with it: "3% a month". */
function valueWords(comparison: ValueComparison): string {
  return `${formatValue(comparison.value, comparison.unit)}${
    comparison.per ? ` ${perWords(comparison.per)}` : ""
  }`;
}

/** The value, and where placements were converted, what it is in their period. */
function lead(comparison: ValueComparison, placements: readonly Placement[]): string {
  const converted = placements.find((placement) => placement.converted);
  if (!converted?.converted) return valueWords(comparison);
  return `${valueWords(comparison)} (${formatValue(converted.value, comparison.unit)} ${
    perWords(converted.converted.to)
  } compounded)`;
}

/** One or two sentences: the reader's own segment first, then the rest that may apply. */
function verdict(
  comparison: ValueComparison,
  metric: ComparedMetric,
  vocabulary: Vocabulary,
): string {
  const of = (match: Match) => comparison.placements.filter((item) => item.match === match);
  const { direction, segmentLabel } = comparison;
  const yours = of("yours");
  const closest = of("closest");
  const wider = [...of("wider"), ...of("all")];
  const companies = of("company");
  if (comparison.placements.length === 0) {
    return `No figure of ${metric.name} is for ${segmentLabel || "that period"}; ${
      valueWords(comparison)
    } cannot be placed.`;
  }
  const others = (count: number, first: boolean) =>
    first
      ? `Against the ${count === 1 ? "figure" : `${count} figures`} that may apply`
      : `Against the ${count === 1 ? "other figure" : `${count} other figures`} that may apply`;
  if (segmentLabel === "") {
    const placed = wider.length > 0 ? wider : companies;
    const only = wider.length > 0 ? "" : "Only individual companies' figures apply: ";
    return `${only}${lead(comparison, placed)} ${standing(placed, metric, direction, vocabulary)}.`;
  }
  const sentences: string[] = [];
  if (yours.length > 0) {
    sentences.push(
      `For ${segmentLabel}, ${lead(comparison, yours)} ${
        standing(yours, metric, direction, vocabulary)
      }.`,
    );
  } else if (closest.length > 0) {
    const keys = new Set(Object.keys(comparison.segment));
    const segments = [
      ...new Set(closest.map((placement) => {
        const figure = metric.figures?.[placement.figure - 1];
        const own = Object.fromEntries(
          Object.entries(figure?.segment ?? {}).filter(([key]) => keys.has(key)),
        );
        return segmentWords(own, vocabulary);
      })),
    ];
    // Some of the reader's keys match, a figure is for a part of the reader's segment, or a band
    // number sits between two bands.
    const asked = Object.keys(comparison.segment);
    const narrower = closest.every((placement) =>
      asked.every((key) => metric.figures?.[placement.figure - 1]?.segment[key] !== undefined) &&
      /\bonly\b/.test(placement.note ?? "")
    );
    const nearest = narrower
      ? `No figure is for ${segmentLabel} as a whole; against those for a part of it`
      : asked.length > 1
      ? `No figure is for all of ${segmentLabel}; against those for part of it`
      : `No figure's band holds ${segmentLabel}; against the nearest bands`;
    const shown = narrower
      ? [
        ...new Set(closest.map((placement) =>
          segmentWords(metric.figures?.[placement.figure - 1]?.segment ?? {}, vocabulary)
        )),
      ]
      : segments;
    sentences.push(
      `${nearest} (${shown.join("; ")}), ${lead(comparison, closest)} ${
        standing(closest, metric, direction, vocabulary)
      }.`,
    );
  } else {
    sentences.push(`No figure is for ${segmentLabel}.`);
  }
  const first = yours.length + closest.length === 0;
  const rest = [...(yours.length > 0 ? closest : []), ...wider];
  const placed = rest.length > 0 ? rest : first ? companies : [];
  if (placed.length > 0) {
    const converted = placed.some((placement) => placement.converted);
    sentences.push(
      `${others(placed.length, first)}, ${first || converted ? lead(comparison, placed) : "it"} ${
        standing(placed, metric, direction, vocabulary)
      }.`,
    );
  }
  return sentences.join(" ");
}

/** The keys left out that the figures placed differ by, as one line, or nothing. */
function hintOf(
  comparison: ValueComparison,
  metric: ComparedMetric,
  vocabulary: Vocabulary,
  asked: readonly Asked[],
): string | undefined {
  const given = new Set(asked.map((item) => item.key));
  const placed = comparison.placements.filter((placement) => placement.match !== "company");
  const keys = segmentChoices(metric, vocabulary)
    .filter((choice) => !given.has(choice.key) && !DESCRIBES_THE_STUDY.has(choice.key))
    .filter((choice) =>
      new Set(
        placed.flatMap((placement) =>
          metric.figures?.[placement.figure - 1]?.segment[choice.key] ?? []
        ),
      ).size > 1
    );
  if (keys.length === 0) return undefined;
  const names = keys.map((choice) => vocabulary[choice.key]?.short ?? lower(choice.label));
  return `These figures differ by ${listWords(names)}: give ${keys.length === 1 ? "it" : "them"} (${
    keys.map((choice) => choice.key).join(", ")
  }) for a closer answer.`;
}

/** A group of placements or figures not compared, as every surface lists them under the verdict. */
export interface ComparisonGroup {
  /** Its heading. */
  title: string;
  /** Whether a surface folds it away (figures not compared). */
  folded: boolean;
  /** Whether it holds single companies' figures, which a short answer may list by number. */
  companies?: boolean;
  /** One line a figure: its number and the words. */
  lines: { figure: number; text: string }[];
}

/**
 * The placements grouped by how well their segment matches the reader's (yours, the closest, the
 * rest that may apply, single companies), then the figures not compared: for other segments, and
 * for another unit, measure or period. Empty groups are left out.
 */
export function comparisonGroups(comparison: ValueComparison): ComparisonGroup[] {
  const placed = (match: Match) =>
    comparison.placements.filter((item) => item.match === match).map((item) => ({
      figure: item.figure,
      text: item.clause,
    }));
  const apart = (kind: ContextFigure["kind"]) =>
    comparison.context.filter((item) => item.kind === kind).map((item) => ({
      figure: item.figure,
      text: item.reason,
    }));
  const groups: ComparisonGroup[] = [
    { title: `Your segment (${comparison.segmentLabel})`, folded: false, lines: placed("yours") },
    { title: "Closest to your segment", folded: false, lines: placed("closest") },
    {
      title: comparison.segmentLabel ? "Other figures that may apply" : "Figures compared",
      folded: false,
      lines: [...placed("wider"), ...placed("all")].sort((a, b) => a.figure - b.figure),
    },
    { title: "Individual companies", folded: false, companies: true, lines: placed("company") },
    { title: "For other segments, not compared", folded: true, lines: apart("segment") },
    { title: "Not compared", folded: true, lines: apart("other") },
  ];
  return groups.filter((group) => group.lines.length > 0);
}
