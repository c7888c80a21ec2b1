/**
 * A comparison in words: the one place that turns `compareValue`'s data into what every surface
 * (the CLI, the pages, the browser scripts, the MCP server) prints. The lead is one sentence for
 * the reader's own segment (or the closest, said as such) and one for the rest, each kept near
 * {@linkcode LEAD_WORDS} words and opening with what matters most: the metric's defining rule, a
 * warning line the value is inside, then medians and averages, quartiles and targets, extremes.
 * Then come the hint, and the figures grouped by how well their segment matches, one line each.
 *
 * @module
 */
import { authorOf } from "../catalog/citations.ts";
import { withImplied } from "../catalog/segments.ts";
import type { Direction, Figure, Vocabulary } from "../catalog/figures.ts";
import {
  type ComparedMetric,
  type ContextFigure,
  type Kind,
  KINDS,
  type Match,
  type Placement,
  segmentChoices,
  type ValueComparison,
} from "./compare.ts";
import { possessive } from "./text.ts";
import {
  figureAmount,
  figureMeaning,
  formatValue,
  perWords,
  segmentWords,
  spanWords,
} from "./words.ts";

/** About how many words each sentence of the lead holds at most. */
export const LEAD_WORDS = 35;

/** How a comparison marks a figure published more than five years ago. */
export const OLD_WORDS = "more than five years old";

/** A group of placements or figures not compared, as every surface lists them under the lead. */
export interface ComparisonGroup {
  /** Which group: by how its figures' segment matches, or why they are not compared. */
  group: Exclude<Match, "all"> | "segment" | "other";
  /** Its heading. */
  title: string;
  /** Whether a surface folds it away (figures not compared). */
  folded: boolean;
  /** One line a figure: its number, the words, and the citation ("Aleph, 2026") when placed. */
  lines: { figure: number; text: string; cited?: string }[];
}

/** A placed figure's line with its citation: "is worse than Aleph's median (80%) (Aleph, 2026)". */
export function citedText(line: ComparisonGroup["lines"][number]): string {
  return `${line.text}${line.cited ? ` (${line.cited})` : ""}`;
}

/** A comparison in words. */
export interface ComparisonWords {
  /** The lead: one or two sentences, the reader's own segment first. */
  lead: string;
  /** Which segment keys would narrow the answer, when the reader left them out. */
  hint?: string;
  /** The figures placed and those not compared, in groups; empty groups are left out. */
  groups: ComparisonGroup[];
}

/** What wording a comparison reads: the comparison, its metric and the segment vocabulary. */
interface Context {
  comparison: ValueComparison;
  metric: ComparedMetric;
  vocabulary: Vocabulary;
}

/** What {@linkcode comparisonWords} reads besides the comparison. */
export interface ComparisonWordsOptions {
  /** The metric the value was compared for. */
  metric: ComparedMetric;
  /** The segment vocabulary the segments are worded with. */
  vocabulary: Vocabulary;
}

/** The comparison in words, for every surface. */
export function comparisonWords(
  comparison: ValueComparison,
  { metric, vocabulary }: ComparisonWordsOptions,
): ComparisonWords {
  const context = { comparison, metric, vocabulary };
  const hint = hintOf(context);
  return {
    lead: leadOf(context),
    ...(hint ? { hint } : {}),
    groups: groupsOf(context),
  };
}

const figureOf = ({ metric }: Context, number: number) => metric.figures?.[number - 1];

function authorOfFigure({ metric }: Context, figure: Figure): string {
  const source = metric.sources[figure.source - 1] ?? { label: "", url: "" };
  return authorOf(source) || source.label;
}

/**
 * "Aleph's median (16 months)"; in a lead, an old figure says its year ("its 2012 average"), and
 * the latest point of a series the year its data describe.
 */
function figureName(context: Context, figure: Figure, placement?: Placement): string {
  const author = authorOfFigure(context, figure);
  const year = placement?.series
    ? figure.dataYear ?? figure.year
    : placement?.old
    ? figure.year
    : "";
  return `${author ? `${possessive(author)} ` : "the "}${year ? `${year} ` : ""}${
    figureMeaning(figure)
  } (${figureAmount(figure)})`;
}

/** What a placement's citation says of a series' latest point: ", data for 2022, …from 2020". */
function seriesNote(placement: Placement): string {
  const data = placement.dataYear === undefined ? "" : `, data for ${placement.dataYear}`;
  return placement.series ? `${data}, the latest of a series from ${placement.series.from}` : data;
}

const lower = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? `${text[0]?.toLowerCase()}${text.slice(1)}` : text;

/** The reader's segment in words: "mid-market companies, ACV $30,000". */
function askedWords({ comparison, vocabulary }: Context): string {
  return Object.entries(comparison.segment).map(([key, value]) => {
    const spec = vocabulary[key];
    const label = spec?.values[value]?.label;
    if (label !== undefined || !spec?.band) return label ?? value;
    return `${spec.short ?? spec.label} ${formatValue(Number(value), spec.band)}`;
  }).join(", ");
}

/** How a figure that still applies differs from the reader's segment ("any business model"). */
function noteOf({ comparison, vocabulary }: Context, figure: Figure, placement: Placement): string {
  const notes = Object.entries(placement.keys).flatMap(([key, found]) => {
    const spec = vocabulary[key];
    const reader = spec?.values[comparison.segment[key] ?? ""]?.label ?? "";
    if (found === "unstated") return [`any ${spec?.short ?? lower(spec?.label ?? key)}`];
    if (found === "broader") return [`wider than ${reader}`];
    return found === "part" ? [`a part of ${reader}`] : [];
  });
  for (const key of placement.narrower ?? []) {
    const own = figure.segment[key] ?? "";
    notes.push(`only ${vocabulary[key]?.values[own]?.label ?? own}`);
  }
  return notes.join("; ");
}

/** Figures a reader aims for: falling short of one is "short of", not "worse than". */
function aspirational(figure: Figure): boolean {
  return figure.statistic === "threshold" || figure.statistic === "top-quartile" ||
    figure.statistic === "top-decile" ||
    (figure.statistic === "percentile" && (figure.percentile ?? 0) > 50);
}

/** The verb of a placement: "is better than", "meets", "is short of", "is in". */
function verbOf(figure: Figure, placement: Placement, direction: Direction): string {
  const { position, better, kind } = placement;
  const quartile = kind === "quartile" || kind === "extreme";
  // One company's number is a point of reference, not a bar to clear: above or below it.
  if (placement.match === "company") {
    return position === "equal" ? "is equal to" : position === "above" ? "is above" : "is below";
  }
  if (kind === "warning") {
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

/** One placement as a line: the verb, the figure, its segment and how it differs from the reader's. */
function lineOf(context: Context, placement: Placement): ComparisonGroup["lines"][number] {
  const figure = figureOf(context, placement.figure);
  if (!figure) return { figure: placement.figure, text: "" };
  const segment = segmentWords(figure.segment, context.vocabulary);
  const note = noteOf(context, figure, placement);
  return {
    figure: placement.figure,
    text: `${verbOf(figure, placement, context.comparison.direction)} ${
      figureName(context, figure)
    }${segment ? ` for ${segment}` : ""}${note ? ` (${note})` : ""}`,
    // "Aleph, 2026"; "destinationCRM, 2012, more than five years old".
    cited: `${authorOfFigure(context, figure)}, ${placement.year}${seriesNote(placement)}${
      placement.old ? `, ${OLD_WORDS}` : ""
    }`,
  };
}

/** Why a figure is not compared, in words. */
function reasonOf(context: Context, item: ContextFigure): string {
  const figure = figureOf(context, item.figure);
  switch (item.reason) {
    case "segment": {
      const segment = withImplied(figure?.segment ?? {}, context.vocabulary);
      const own = segment[item.key ?? ""] ?? "";
      return `is for another segment (${
        context.vocabulary[item.key ?? ""]?.values[own]?.label ?? own
      })`;
    }
    case "measures":
      return `measures ${figure?.measures ?? "something else"}`;
    case "unit":
      return `is in another unit (${figure?.unit ?? "unknown"})`;
    case "period":
      return figure?.per ? `is quoted ${perWords(figure.per)}` : "is not quoted per period";
    case "earlier":
      return `is an earlier point of a series (${
        figure?.dataYear ?? figure?.year ?? ""
      }); its latest point is compared`;
  }
}

/**
 * The placements grouped by how well their segment matches the reader's (yours, the closest, the
 * rest that may apply, single companies), then the figures not compared: for other segments, and
 * for another unit, measure or period.
 */
function groupsOf(context: Context): ComparisonGroup[] {
  const { comparison } = context;
  const placed = (...matches: Match[]) =>
    comparison.placements.filter((item) => matches.includes(item.match))
      .map((item) => lineOf(context, item));
  const apart = (...reasons: ContextFigure["reason"][]) =>
    comparison.context.filter((item) => reasons.includes(item.reason))
      .map((item) => ({ figure: item.figure, text: reasonOf(context, item) }));
  const segment = askedWords(context);
  const groups: [ComparisonGroup["group"], string, ComparisonGroup["lines"]][] = [
    ["yours", `Your segment (${segment})`, placed("yours")],
    ["closest", "Closest to your segment", placed("closest")],
    [
      "wider",
      segment ? "Other figures that may apply" : "Figures compared",
      placed("wider", "all"),
    ],
    ["company", "Individual companies", placed("company")],
    ["segment", "For other segments, not compared", apart("segment")],
    ["other", "Not compared", apart("measures", "unit", "period", "earlier")],
  ];
  return groups.filter(([, , lines]) => lines.length > 0).map(([group, title, lines]) => ({
    group,
    title,
    folded: group === "segment" || group === "other",
    lines,
  }));
}

/** How a kind reads in a count ("medians and averages" from the statistics its figures have). */
function kindWords(kind: Kind, figures: readonly Figure[]): string {
  const has = (statistic: Figure["statistic"]) => figures.some((f) => f.statistic === statistic);
  if (kind === "average") {
    return has("mean") ? has("median") ? "medians and averages" : "averages" : "medians";
  }
  return KIND_WORDS[kind];
}

const KIND_WORDS: Record<Kind, string> = {
  rule: "targets and rules of thumb",
  average: "medians",
  range: "typical ranges",
  quartile: "quartile and percentile figures",
  target: "targets and rules of thumb",
  warning: "warning lines",
  extreme: "top-10% figures",
  reported: "reported figures",
};

/** The verb of a count, by kind and side: "is better than 3 of the 5 medians". */
function countVerb(kind: Kind, better: boolean): string {
  if (kind === "warning") return better ? "is clear of" : "is past";
  if (kind === "target" || kind === "rule") return better ? "meets" : "is short of";
  if (better) return "is better than";
  return kind === "quartile" || kind === "extreme" ? "is short of" : "is worse than";
}

/**
 * One thing a lead says: a verb, its object, which way it points, and whether it is an `aside`
 * ("though it is …"), `relief` (clearing a warning line), or `named` a segment (no list after it).
 */
interface Said {
  verb: string;
  object: string;
  better: boolean | undefined;
  aside?: boolean;
  relief?: boolean;
  named?: boolean;
}

function asAside(item: Said): Said {
  return { ...item, aside: true };
}

/**
 * The segment of a figure a lead names: its keys the reader did not give or gave another value
 * for, when one of them narrows the population more than the study's own (a market, a region).
 */
function narrowerWords(context: Context, figure: Figure, placement: Placement): string {
  const extra = Object.entries(figure.segment).filter(([key]) =>
    placement.keys[key] === undefined || placement.keys[key] === "part" ||
    placement.keys[key] === "closest"
  );
  if (extra.every(([key]) => context.vocabulary[key]?.role === "study")) return "";
  return segmentWords(Object.fromEntries(extra), context.vocabulary);
}

/** One or two figures of a kind, named: two of one source and meaning are said at once. */
function named(context: Context, group: readonly Placement[]): Said[] {
  const said = group.flatMap((placement) => {
    const figure = figureOf(context, placement.figure);
    if (!figure) return [];
    const segment = narrowerWords(context, figure, placement);
    const name = figureName(context, figure, placement);
    return [{
      verb: verbOf(figure, placement, context.comparison.direction),
      object: `${name}${segment ? ` for ${segment}` : ""}`,
      named: segment !== "",
      better: placement.better,
      relief: placement.kind === "warning" || placement.kind === "reported",
      same: `${
        figureName(context, { ...figure, value: 0, low: 0, high: 0 }, placement)
      } ${segment}`,
      figure,
      segment,
    }];
  });
  const [one, two] = said;
  if (!one || !two || one.verb !== two.verb || one.same !== two.same) return said;
  // "Aleph's medians (80% on software revenue and 76% on total revenue)".
  const amount = ({ figure }: typeof one) =>
    `${figureAmount(figure)}${
      figure.label && one.figure.label !== two.figure.label &&
        figureMeaning(figure) === figureMeaning({ ...figure, label: undefined })
        ? ` ${figure.label}`
        : ""
    }`;
  return [{
    verb: one.verb,
    object: `${possessive(authorOfFigure(context, one.figure))} ${figureMeaning(one.figure)}s (${
      amount(one)
    } and ${amount(two)})${one.segment ? ` for ${one.segment}` : ""}`,
    better: one.better,
    relief: one.relief,
  }];
}

/** What a lead says of one kind: each figure named when it has one or two, else counted. */
function saidOf(context: Context, kind: Kind, group: readonly Placement[]): Said[] {
  if (group.length <= 2) return named(context, group);
  const words = kindWords(kind, group.flatMap((item) => figureOf(context, item.figure) ?? []));
  // The side most of the figures are on is counted: better, worse, or neither (inside a range).
  const sides = [true, false, undefined].map((side) => ({
    side,
    items: group.filter((item) => item.better === side),
  })).sort((a, b) => b.items.length - a.items.length);
  const [most] = sides;
  if (!most) return [];
  const count = most.items.length;
  const within = most.items.some((item) => item.position === "within");
  const said: Said[] = [{
    verb: most.side === undefined
      ? within ? "is within" : "is in line with"
      : countVerb(kind, most.side),
    object: `${count === group.length ? "all" : `${count} of the`} ${group.length} ${words}`,
    better: most.side,
    relief: kind === "warning" || kind === "reported",
  }];
  // One figure on another side is named: it is the exception.
  const other = group.filter((item) => item.better !== most.side);
  return other.length === 1 ? [...said, ...named(context, other).map(asAside)] : said;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A sentence of the lead: its opening, then how the value stands against a group of placements,
 * in the order of {@linkcode KINDS}, with as many kinds as fit in {@linkcode LEAD_WORDS} words.
 */
function standing(context: Context, opening: string, placements: readonly Placement[]): string {
  const rank = (placement: Placement) =>
    placement.kind === "warning" && placement.better === false
      ? 0.5
      : KINDS.indexOf(placement.kind);
  const ranks = [...new Set(placements.map(rank))].sort((a, b) => a - b);
  const said = ranks.flatMap((at) => {
    const group = placements.filter((placement) => rank(placement) === at);
    return saidOf(context, group[0]?.kind ?? "reported", group);
  });
  // Clearing a warning line or beating a reported worst case goes without saying when something
  // better is said; alone, it follows what the value falls short of, as an aside.
  const relief = (item: Said) => item.better === true && item.relief === true;
  const strong = said.some((item) => item.better === true && !relief(item));
  const ordered = strong
    ? said.filter((item) => !relief(item))
    : [...said.filter((item) => !relief(item)), ...said.filter(relief).map(asAside)];
  const kept: Said[] = [];
  for (const item of ordered) {
    const text = `${opening} ${phrases([...kept, item])}`;
    if (kept.length > 0 && wordCount(text) > LEAD_WORDS) break;
    kept.push(item);
  }
  return `${opening} ${phrases(kept)}.`;
}

/**
 * Things said, as a list: one verb for a run of the same verb, an aside after its count, and
 * "but" where the side turns.
 */
function phrases(said: readonly Said[]): string {
  const runs: (Said & { asides: string[] })[] = [];
  for (const item of said) {
    const last = runs.at(-1);
    if (item.aside && last) last.asides.push(`${item.verb} ${item.object}`);
    else if (last && last.verb === item.verb && last.asides.length === 0 && !last.named) {
      last.object = `${last.object} and ${item.object}`;
    } else runs.push({ ...item, asides: [] });
  }
  // "but" where the side first turns, "and" before the last, commas between.
  const turn = runs.findIndex((run, index) => {
    const next = runs[index + 1];
    return next && next.better !== undefined && run.better !== undefined &&
      next.better !== run.better;
  });
  return runs.map((run, index) => {
    const text = `${run.verb} ${run.object}${
      run.asides.map((aside) => `, though it ${aside}`).join("")
    }`;
    if (index === runs.length - 1) return text;
    if (index === turn) return `${text}, but `;
    return index === runs.length - 2
      ? `${text}${run.asides.length > 0 ? "," : ""} and `
      : `${text}, `;
  }).join("");
}

/** The value as a lead opens with it, and where placements were converted, what it is there. */
function valueWords({ comparison }: Context, placements: readonly Placement[]): string {
  const { counted } = comparison;
  if (counted && !(counted.months && [1, 3, 12].includes(counted.months))) {
    const as = `${formatValue(counted.value, comparison.unit)} ${spanWords(counted)}`;
    if (!counted.by || !comparison.per) return as;
    return `${as} (${formatValue(comparison.value, comparison.unit)} ${
      perWords(comparison.per)
    } compounded)`;
  }
  const value = `${formatValue(comparison.value, comparison.unit)}${
    comparison.per ? ` ${perWords(comparison.per)}` : ""
  }`;
  const at = placements.find((placement) => placement.converted);
  if (!at?.converted) return value;
  return `${value} (${formatValue(at.value, comparison.unit)} ${
    perWords(at.converted.to)
  } compounded)`;
}

/**
 * The lead, after a sentence for the keys the reader gave that no figure is split by: "No figure
 * of DAU/MAU Ratio is split by business model."
 */
function leadOf(context: Context): string {
  const { comparison, metric, vocabulary } = context;
  const unsplit = (comparison.unsplit ?? []).map((key) => lower(vocabulary[key]?.label ?? key));
  if (unsplit.length === 0) return placedLead(context);
  // "DAU/MAU Ratio (Stickiness)" is named without its aside.
  const name = metric.name.replace(/\s*\([^)]*\)$/, "");
  const keys = unsplit.length > 1
    ? `${unsplit.slice(0, -1).join(", ")} or ${unsplit.at(-1)}`
    : unsplit[0];
  return `No figure of ${name} is split by ${keys}. ${placedLead(context)}`;
}

/** One or two sentences: the reader's own segment (or the closest) first, then the rest. */
function placedLead(context: Context): string {
  const { comparison, metric } = context;
  const of = (...matches: Match[]) =>
    comparison.placements.filter((item) => matches.includes(item.match));
  const segment = askedWords(context);
  const own = metric.comparison?.per;
  if (comparison.counted && !comparison.per && own) {
    return `No figure of ${metric.name} is quoted ${
      spanWords(comparison.counted)
    }, and it states no way to convert one to ${perWords(own)}: count over ${
      perWords(own)
    } to place ${valueWords(context, [])}.`;
  }
  if (comparison.placements.length === 0) {
    return `No figure of ${metric.name} is for ${segment || "that period"}; ${
      valueWords(context, [])
    } cannot be placed.`;
  }
  const rest = of("wider", "all");
  if (segment === "") {
    const placed = rest.length > 0 ? rest : of("company");
    const only = rest.length > 0 ? "" : "Only individual companies' figures apply: ";
    return standing(context, `${only}${valueWords(context, placed)}`, placed);
  }
  const yours = of("yours");
  const closest = of("closest");
  const sentences: string[] = [];
  if (yours.length > 0) {
    sentences.push(standing(context, `For ${segment}, ${valueWords(context, yours)}`, yours));
  } else if (closest.length > 0) {
    const opening = `No figure is for ${segment}; against the closest, ${
      valueWords(context, closest)
    }`;
    sentences.push(standing(context, opening, closest));
  } else {
    sentences.push(`No figure is for ${segment}.`);
  }
  const first = yours.length + closest.length === 0;
  const others = [...(yours.length > 0 ? closest : []), ...rest];
  const placed = others.length > 0 ? others : first ? of("company") : [];
  if (placed.length > 0) {
    const count = placed.length === 1 ? "" : `${placed.length} `;
    const noun = placed.length === 1 ? "figure" : "figures";
    // The value is said again where the first sentence did not, or not in this period.
    const converted = (list: Placement[]) => list.some((item) => item.converted);
    const value = first || (converted(placed) && !converted([...yours, ...closest]))
      ? valueWords(context, placed)
      : "it";
    sentences.push(standing(
      context,
      `Against the ${count}${first ? "" : "other "}${noun} that may apply, ${value}`,
      placed,
    ));
  }
  return sentences.join(" ");
}

/** The keys left out that the figures placed differ by, as one line, or nothing. */
function hintOf({ comparison, metric, vocabulary }: Context): string | undefined {
  const placed = comparison.placements.filter((placement) => placement.match !== "company");
  const keys = segmentChoices(metric, vocabulary)
    .filter((choice) =>
      !Object.hasOwn(comparison.segment, choice.key) &&
      vocabulary[choice.key]?.role !== "study"
    )
    .filter((choice) =>
      new Set(
        placed.flatMap((placement) =>
          metric.figures?.[placement.figure - 1]?.segment[choice.key] ?? []
        ),
      ).size > 1
    );
  if (keys.length === 0) return undefined;
  const names = keys.map((choice) => vocabulary[choice.key]?.short ?? lower(choice.label));
  const listed = names.length > 1
    ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`
    : names[0];
  return `These figures differ by ${listed}: give ${keys.length === 1 ? "it" : "them"} (${
    keys.map((choice) => choice.key).join(", ")
  }) for a closer answer.`;
}

/** What a target band asks of a value, where a sentence says it whole. */
const BAND_REASON = "neither too low nor too high";

/**
 * Which way a metric's value is better, in the words every surface uses: `phrase` inside a line
 * (the MCP tools, the CLI), `sentence` on its own (the MCP App view), `aim` where the compare form
 * says what a reader aims for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { directionWords } from "./compare_words.ts";
 * assert.equal(directionWords("lower-is-better").sentence, "Lower is better.");
 * assert.equal(directionWords("target-band").phrase, "best inside a target band");
 * ```
 */
export function directionWords(
  direction: Direction,
): { phrase: string; sentence: string; aim: string } {
  if (direction === "target-band") {
    return {
      phrase: "best inside a target band",
      sentence: `Best inside a target band, ${BAND_REASON}.`,
      aim: `the aim is to stay inside a target band, ${BAND_REASON}`,
    };
  }
  const phrase = direction === "higher-is-better" ? "higher is better" : "lower is better";
  return { phrase, sentence: `${phrase[0]?.toUpperCase()}${phrase.slice(1)}.`, aim: phrase };
}
