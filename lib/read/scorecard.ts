/**
 * A scorecard: every metric a data run computed, placed against its benchmark figures for the
 * reader's segment, grouped the way readers think of them (revenue, retention, engagement,
 * acquisition, satisfaction), then the metrics it could not compute with what each needs. As
 * data, with each lead in words from `compare_words.ts`; the CLI's `report`, its HTML page and the
 * MCP tool print it.
 *
 * @module
 */
import type { Vocabulary } from "../catalog/figures.ts";
import type { MetricRecord } from "../catalog/records.ts";
import { Problem, problemOr } from "../problem.ts";
import type { FromData, Outcome } from "../sql/run.ts";
import { calculate, type Calculation, type FewToCount, fewToCount } from "./calculate.ts";
import { compareValue, type Placement, segmentChoices, type ValueComparison } from "./compare.ts";
import { comparisonWords } from "./compare_words.ts";
import { perWords, spanWords } from "./words.ts";

/** The groups a scorecard lists its metrics in, in order. */
export const GROUPS = [
  "revenue",
  "retention",
  "engagement",
  "acquisition",
  "satisfaction",
] as const;

/** A group of a scorecard. */
export type Group = typeof GROUPS[number];

/** Each group's heading. */
export const GROUP_TITLES: Readonly<Record<Group, string>> = {
  revenue: "Revenue",
  retention: "Retention",
  engagement: "Engagement",
  acquisition: "Acquisition and conversion",
  satisfaction: "Satisfaction",
};

/** One metric computed from the data, placed. */
export interface ScoreEntry {
  slug: string;
  name: string;
  group: Group;
  /** The value, in `unit`. */
  value: number;
  unit: Calculation["unit"];
  /** The value as people read it ("4.5%"). */
  written: string;
  /** The period a rate is per, as counted: "month", "quarter", "2 months"; null for no rate. */
  per: string | null;
  /** The period or cohort the rows were counted over. */
  counted?: FromData["counted"];
  /** Every parameter the recipe ran with. */
  parameters: Record<string, string | number>;
  /** The parameters that took their default, each with how. */
  defaults: Record<string, string>;
  /** The instant the data is complete up to. */
  asOf: string;
  /** The calculator's inputs the data gave. */
  inputs: Record<string, number>;
  /** The formula with the numbers put in. */
  formula: string;
  /** Where it stands, in one or two sentences; absent for a metric with no figure to compare. */
  lead?: string;
  /** Each figure compared (see `compareValue`). */
  placements: Placement[];
  /** The comparison, when the metric has figures to compare with. */
  comparison?: ValueComparison;
  /** When the result divides by few, and how far one more moves it. */
  few?: FewToCount;
  /** How it stands against the medians and averages it is compared with. */
  standing: Standing;
}

/** Better or worse than most medians and averages compared, even, or none to compare. */
export type Standing = "better" | "worse" | "even" | "none";

/** A metric the run could not compute, with what it needs or why. */
export interface MissingEntry {
  slug: string;
  name: string;
  group: Group;
  /** What the folder lacks: a table's file, or an option with no default; empty for a problem. */
  needs: string[];
  /** Why it gave no answer, when the folder has what it reads. */
  problem?: string;
}

/** A scorecard, as data. */
export interface Scorecard {
  data: {
    folder: string;
    engine: "duckdb";
    schemaVersion: string;
    /** The reader's segment, by key. */
    segment: Record<string, string>;
    /** How many metrics were computed, of how many have a recipe. */
    computed: number;
    of: number;
    /** How many computed metrics are better or worse than most of their medians. */
    better: number;
    worse: number;
    /** The three that most need attention, worst first. */
    attention: string[];
  };
  metrics: ScoreEntry[];
  missing: MissingEntry[];
}

/**
 * The group a metric is read in: satisfaction for a survey, acquisition for getting and
 * converting customers, engagement for product use, retention for keeping customers' revenue,
 * revenue for the rest.
 */
export function groupOf(metric: Pick<MetricRecord, "tags">, tables: readonly string[]): Group {
  const [first] = metric.tags;
  if (tables.includes("survey_responses")) return "satisfaction";
  if (first === "acquisition" || first === "referral") return "acquisition";
  if (first === "activation" && metric.tags.includes("revenue")) return "acquisition";
  if (tables.includes("events")) return "engagement";
  return first === "retention" ? "retention" : "revenue";
}

/** What a scorecard is made from: the run's outcomes, the metrics and the reader's segment. */
export interface ScorecardInput {
  folder: string;
  outcomes: readonly Outcome[];
  metrics: readonly MetricRecord[];
  /** The tables each metric's recipe reads, by slug. */
  tables: ReadonlyMap<string, readonly string[]>;
  vocabulary: Vocabulary;
  segment?: Readonly<Record<string, string>>;
}

/**
 * Checks a reader's segment for a scorecard: each key one that a metric's figures split by, each
 * value one that key takes; else a usage {@linkcode Problem} (exit code 2) in one line.
 */
export function checkSegment(
  segment: Readonly<Record<string, string>>,
  { metrics, vocabulary }: { metrics: readonly MetricRecord[]; vocabulary: Vocabulary },
): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [typed, wanted] of Object.entries(segment)) {
    const key = typed.trim().toLowerCase();
    const value = wanted.trim().toLowerCase();
    const metric = metrics.find((each) =>
      segmentChoices(each, vocabulary).some((choice) => choice.key === key)
    );
    if (metric === undefined) {
      const keys = metrics.flatMap((each) => segmentChoices(each, vocabulary))
        .map((choice) => choice.key);
      throw new Problem(
        `Unknown segment "${key.slice(0, 40)}"; the metrics compare on ${
          [...new Set(keys)].sort().join(", ")
        }`,
        { exitCode: 2 },
      );
    }
    const placed = problemOr(() =>
      compareValue(metric, { value: 0, segment: { [key]: value } }, { segments: vocabulary })
    );
    if (placed instanceof Problem) throw new Problem(placed.message, { exitCode: 2 });
    checked[key] = value;
  }
  return checked;
}

/** The scorecard as the JSON `report --json` and the MCP tool give: data, metrics, missing. */
export function scorecardJson(scorecard: Scorecard) {
  return {
    data: scorecard.data,
    metrics: scorecard.metrics.map((entry) => ({
      slug: entry.slug,
      name: entry.name,
      group: entry.group,
      value: entry.value,
      unit: entry.unit,
      written: entry.written,
      per: entry.per,
      ...(entry.counted ? { counted: entry.counted } : {}),
      parameters: entry.parameters,
      defaults: entry.defaults,
      asOf: entry.asOf,
      inputs: entry.inputs,
      lead: entry.lead ?? null,
      placements: entry.placements,
      standing: entry.standing,
      ...(entry.few ? { few: entry.few } : {}),
    })),
    missing: scorecard.missing,
  };
}

/** The scorecard of a data run: each outcome calculated and placed, or listed as missing. */
export function scorecardOf(input: ScorecardInput): Scorecard {
  const { outcomes, vocabulary } = input;
  const segment = { ...input.segment };
  const bySlug = new Map(input.metrics.map((metric) => [metric.slug, metric]));
  const entries: ScoreEntry[] = [];
  const missing: MissingEntry[] = [];
  let schemaVersion = "";
  for (const outcome of outcomes) {
    const metric = bySlug.get(outcome.metric);
    if (metric === undefined) continue;
    const group = groupOf(metric, input.tables.get(metric.slug) ?? []);
    const base = { slug: metric.slug, name: metric.name, group };
    if (!outcome.ok) {
      const problem = outcome.problem?.message;
      missing.push({ ...base, needs: outcome.needs ?? [], ...(problem ? { problem } : {}) });
      continue;
    }
    schemaVersion = outcome.run.schemaVersion;
    const entry = problemOr(() => entryOf(metric, outcome.run, { group, vocabulary, segment }));
    if (entry instanceof Problem) missing.push({ ...base, needs: [], problem: entry.message });
    else entries.push(entry);
  }
  const order = (item: { group: Group }) => GROUPS.indexOf(item.group);
  entries.sort((a, b) => order(a) - order(b));
  missing.sort((a, b) => order(a) - order(b));
  return {
    data: {
      folder: input.folder,
      engine: "duckdb",
      schemaVersion,
      segment,
      computed: entries.length,
      of: outcomes.length,
      better: entries.filter((entry) => entry.standing === "better").length,
      worse: entries.filter((entry) => entry.standing === "worse").length,
      attention: attentionOf(entries),
    },
    metrics: entries,
    missing,
  };
}

/** One computed metric: calculated from the data's inputs, and placed when it has figures. */
function entryOf(
  metric: MetricRecord,
  run: FromData,
  { group, vocabulary, segment }: {
    group: Group;
    vocabulary: Vocabulary;
    segment: Record<string, string>;
  },
): ScoreEntry {
  const calculation = calculate(metric, run.inputs, { segments: vocabulary, counted: run.counted });
  const rate = metric.calculator?.result.per;
  const comparison = metric.comparison && calculation.comparison
    ? compareValue(metric, {
      value: calculation.value,
      ...(rate && run.counted ? { counted: run.counted } : rate ? { per: rate } : {}),
      segment: ownSegment(metric, vocabulary, segment),
    }, { segments: vocabulary })
    : undefined;
  const words = comparison ? comparisonWords(comparison, { metric, vocabulary }) : undefined;
  const few = metric.calculator ? fewToCount(metric.calculator, calculation.inputs) : undefined;
  const per = !rate
    ? null
    : calculation.per
    ? perWords(calculation.per).replace(/^an? /, "")
    : calculation.counted
    ? spanWords(calculation.counted).replace(/^over /, "")
    : null;
  return {
    slug: metric.slug,
    name: metric.name,
    group,
    value: calculation.value,
    unit: calculation.unit,
    written: calculation.written,
    per,
    ...(run.counted ? { counted: run.counted } : {}),
    parameters: run.parameters,
    defaults: run.defaults,
    asOf: run.asOf,
    inputs: calculation.inputs,
    formula: calculation.formula,
    ...(words ? { lead: words.lead } : {}),
    placements: comparison?.placements ?? [],
    ...(comparison ? { comparison } : {}),
    ...(few ? { few } : {}),
    standing: standingOf(comparison),
  };
}

/** The keys of the reader's segment that a metric's figures split by. */
function ownSegment(
  metric: MetricRecord,
  vocabulary: Vocabulary,
  segment: Record<string, string>,
): Record<string, string> {
  const keys = new Set(segmentChoices(metric, vocabulary).map((choice) => choice.key));
  return Object.fromEntries(Object.entries(segment).filter(([key]) => keys.has(key)));
}

/** The medians and averages a value is placed against, for the reader's segment where any is. */
function medians(comparison: ValueComparison | undefined): Placement[] {
  const averages = (comparison?.placements ?? []).filter((item) => item.kind === "average");
  const own = averages.filter((item) => item.match === "yours" || item.match === "closest");
  return own.length > 0 ? own : averages;
}

/** Better or worse than most of its medians and averages, or even, or none to say. */
function standingOf(comparison: ValueComparison | undefined): Standing {
  const placed = medians(comparison).filter((item) => item.better !== undefined);
  if (placed.length === 0) return "none";
  const better = placed.filter((item) => item.better).length;
  return better * 2 > placed.length ? "better" : better * 2 < placed.length ? "worse" : "even";
}

/**
 * The three metrics that most need attention: worse than the largest share of the figures they
 * are compared with, medians and averages first.
 */
function attentionOf(entries: readonly ScoreEntry[]): string[] {
  const share = (placements: readonly Placement[]) => {
    const judged = placements.filter((item) => item.better !== undefined);
    return judged.length === 0 ? 0 : judged.filter((item) => !item.better).length / judged.length;
  };
  return entries
    .map((entry) => ({
      slug: entry.slug,
      averages: share(medians(entry.comparison)),
      all: share(entry.placements),
    }))
    .filter((item) => item.averages > 0 || item.all > 0)
    .sort((a, b) => b.averages - a.averages || b.all - a.all)
    .slice(0, 3)
    .map((item) => item.slug);
}
