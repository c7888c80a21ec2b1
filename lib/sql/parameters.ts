/**
 * A recipe's parameters for a run on someone's own data (the CLI's `--data`): the values given as
 * options, each checked against its type, and a default for every other one, worked out from the
 * instant the data is complete up to. {@linkcode PARAMETER_KINDS} says what each parameter is and
 * how it takes its default: a period the last full one before that instant, as long as its start
 * declares (`:period_start timestamp = 3 months`); a snapshot the end of the last full month; a
 * week the last full week; a whole number the default its header declares (`= 7`). An event name
 * has no default: each product names its own events.
 *
 * @module
 */
import { literal, timestampText } from "./dialect.ts";
import type { Recipe, RecipeParameter } from "./recipe.ts";
import { Problem } from "../problem.ts";

const DAY = 86_400_000;

/** A recipe's parameters, given or by default. */
export interface Parameters {
  /** Every parameter's value: a timestamp as `YYYY-MM-DD HH:MM:SS` in UTC, a whole number, text. */
  values: Record<string, string | number>;
  /** The parameters that took their default, in the recipe's order. */
  defaulted: string[];
}

/** The option that gives a parameter: `--period-start` for `period_start`. */
export function optionName(parameter: string): string {
  return `--${parameter.replaceAll("_", "-")}`;
}

/**
 * The value given for a parameter, checked against its type: a timestamp read in UTC
 * (`2024-03-01`, `2024-03-01 14:30:00`), a whole number not below zero, or text that is not empty.
 * Throws a one-line usage {@linkcode Problem} that names the option.
 */
export function givenValue(parameter: RecipeParameter, given: string): string | number {
  const option = optionName(parameter.name);
  const shown = `"${given.slice(0, 40)}"`;
  if (parameter.type === "timestamp") {
    try {
      return timestampText(given);
    } catch {
      throw new Problem(
        `${option} ${shown} is not a timestamp: write 2024-03-01 or ` +
          `2024-03-01 14:30:00, in UTC`,
        { exitCode: 2 },
      );
    }
  }
  if (parameter.type === "integer") {
    let value: number;
    try {
      value = Number(literal(given.trim(), "integer"));
    } catch {
      throw new Problem(`${option} ${shown} is not a whole number`, { exitCode: 2 });
    }
    if (value < 0) throw new Problem(`${option} ${shown} is below zero`, { exitCode: 2 });
    return value;
  }
  if (given.trim() === "") throw new Problem(`${option} needs a value`, { exitCode: 2 });
  return given;
}

/** The example a parameter's header line gives in its first parentheses, as text. */
function exampleOf(parameter: RecipeParameter): string {
  return /\(([^)]*)\)/.exec(parameter.means)?.[1] ?? "";
}

/**
 * A parameter with no default as a run needs it: "--activation-event: the event that marks the
 * activation milestone (such as created_project)".
 */
export function neededWords(parameter: RecipeParameter): string {
  return `${optionName(parameter.name)}: ${parameter.means.replace(/\s*\(([^)]*)\)/, "")} ` +
    `(such as ${exampleOf(parameter)})`;
}

/** The instant `months` calendar months after `at` (the month's last day when shorter). */
function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) + (at % DAY);
}

/** The first instant of the calendar month `at` falls in. */
function monthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The whole calendar months from `from` to `to`, both first days of a month. */
function monthsBetween(from: number, to: number): number {
  const a = new Date(from);
  const b = new Date(to);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

/** An instant as the engines read it. */
const text = (at: number) => timestampText(at);
const instant = (value: string | number) =>
  Date.parse(`${timestampText(value)}Z`.replace(" ", "T"));

/** A period a recipe is bounded by: its two parameters and how many months its example spans. */
interface Span {
  start: string;
  end: string;
  months: number;
}

/**
 * The periods of a recipe: `period_start` and `period_end`, `cohort_start` and `cohort_end`, each
 * as many months long as its start declares (`= 3 months`).
 */
function spansOf(recipe: Recipe): Span[] {
  const spans: Span[] = [];
  for (const start of recipe.parameters) {
    const spec = PARAMETER_KINDS[start.name];
    const end = spec?.kind === "start" ? spec.end : undefined;
    if (end === undefined || !recipe.parameters.some((parameter) => parameter.name === end)) {
      continue;
    }
    const months = Number(/^\d+/.exec(start.declared ?? "")?.[0] ?? 0);
    if (months < 1) throw new Error(`"${recipe.metric}": ":${start.name}" declares no months`);
    spans.push({ start: start.name, end, months });
  }
  return spans;
}

/** How a span of this many months reads: "month", "quarter", "twelve months". */
function spanWords(months: number): string {
  return months === 1
    ? "month"
    : months === 3
    ? "quarter"
    : months === 12
    ? "twelve months"
    : `${months} months`;
}

/** The unit of a setting. */
type SettingUnit = "days" | "months" | "minutes" | "times";

/** What a recipe parameter is, and how it takes its default when it is not given. */
export type ParameterKind =
  | {
    /** The start of a period or cohort: the last full one, as long as the recipe declares. */
    kind: "start";
    /** The parameter that ends it. */
    end: string;
  }
  | {
    /** The end of a period or cohort: its start's length after it. */
    kind: "end";
  }
  | {
    /** An instant worked out from where the data ends. */
    kind: "instant";
    /** The instant, from where the data ends and the parameters resolved before it. */
    rule: (asOf: number, values: Readonly<Record<string, string | number>>) => number;
    /** How it took its default, in a few words. */
    words: string;
  }
  | {
    /** A whole number, whose default the recipe declares (`= 7`). */
    kind: "setting";
    unit: SettingUnit;
  }
  | {
    /** An event name: each product names its own, so it has no default. */
    kind: "event";
  };

/** Every recipe parameter by name: what it is, and its default rule; one place for all of them. */
export const PARAMETER_KINDS: Readonly<Record<string, ParameterKind>> = {
  period_start: { kind: "start", end: "period_end" },
  period_end: { kind: "end" },
  cohort_start: { kind: "start", end: "cohort_end" },
  cohort_end: { kind: "end" },
  as_of: { kind: "instant", rule: (asOf) => asOf, words: "where the data ends" },
  snapshot_at: {
    kind: "instant",
    rule: (asOf) => monthStart(asOf),
    words: "the end of the last full month",
  },
  week_start: {
    kind: "instant",
    rule: (asOf) => {
      const day = Math.floor(asOf / DAY) * DAY;
      return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY - 7 * DAY;
    },
    words: "the last full week",
  },
  quarter_start: {
    kind: "instant",
    rule: (asOf) => {
      const month = monthStart(asOf);
      return addMonths(month, -(new Date(month).getUTCMonth() % 3) - 3);
    },
    words: "the last full quarter",
  },
  year_start: {
    kind: "instant",
    rule: (asOf) => addMonths(monthStart(asOf), -12),
    words: "the last twelve full months",
  },
  cohort_day: {
    kind: "instant",
    rule: (asOf, values) => Math.floor(asOf / DAY) * DAY - (Number(values.day_n) + 1) * DAY,
    words: "the latest day whose day N is over",
  },
  day_n: { kind: "setting", unit: "days" },
  window_days: { kind: "setting", unit: "days" },
  grace_days: { kind: "setting", unit: "days" },
  min_days: { kind: "setting", unit: "days" },
  lookback_months: { kind: "setting", unit: "months" },
  timeout_minutes: { kind: "setting", unit: "minutes" },
  pql_threshold: { kind: "setting", unit: "times" },
  activation_event: { kind: "event" },
  access_event: { kind: "event" },
  conversion_event: { kind: "event" },
  feature_event: { kind: "event" },
  pql_event: { kind: "event" },
  visit_event: { kind: "event" },
};

/**
 * What is wrong with a recipe's parameters against {@linkcode PARAMETER_KINDS}, one line each: a
 * parameter of no known kind, of another type than its kind, a setting or a start without its
 * declared default, or an end, instant or event that declares one.
 */
export function parameterProblems(recipe: Recipe): string[] {
  const problems: string[] = [];
  for (const parameter of recipe.parameters) {
    const { name, type, declared } = parameter;
    const spec = PARAMETER_KINDS[name];
    const at = `${recipe.metric}: ":${name}"`;
    if (spec === undefined) {
      problems.push(`${at} is of no kind in PARAMETER_KINDS`);
      continue;
    }
    const wanted = spec.kind === "setting"
      ? "integer"
      : spec.kind === "event"
      ? "text"
      : "timestamp";
    if (type !== wanted) problems.push(`${at} is a ${type}, where its kind is a ${wanted}`);
    const declares = spec.kind === "setting" || spec.kind === "start";
    if (declares && declared === undefined) problems.push(`${at} declares no default (= …)`);
    if (!declares && declared !== undefined) problems.push(`${at} takes no declared default`);
  }
  return problems;
}

/** When the data {@linkcode resolveParameters} defaults for is complete to. */
export interface ResolveOptions {
  /** The time the data is complete up to, in milliseconds since 1970. */
  asOf: number;
}

/**
 * Every parameter of a recipe: the values given (by parameter name, as typed), checked, and a
 * default for the rest, for data complete up to `asOf` (milliseconds since 1970). A parameter
 * without a default (an event name) that was not given is a one-line error naming its option.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RECIPE_FILES } from "./files.ts";
 * import { resolveParameters } from "./parameters.ts";
 * import { parseRecipe } from "./recipe.ts";
 * const parsed = parseRecipe(RECIPE_FILES["churn-rate"] ?? "");
 * assert.ok(parsed.ok);
 * const churn = parsed.recipe;
 * const asOf = Date.parse("2024-12-20T10:00:00Z");
 * assert.deepEqual(resolveParameters(churn, {}, { asOf }).values, {
 *   period_start: "2024-11-01 00:00:00",
 *   period_end: "2024-12-01 00:00:00",
 * });
 * assert.deepEqual(resolveParameters(churn, { period_start: "2024-03-01" }, { asOf }).values, {
 *   period_start: "2024-03-01 00:00:00",
 *   period_end: "2024-04-01 00:00:00",
 * });
 * ```
 */
export function resolveParameters(
  recipe: Recipe,
  given: Readonly<Record<string, string>>,
  { asOf }: ResolveOptions,
): Parameters {
  const values: Record<string, string | number> = {};
  const defaulted: string[] = [];
  for (const name of Object.keys(given)) {
    if (!recipe.parameters.some((parameter) => parameter.name === name)) {
      throw new Problem(`${optionName(name)} is not a parameter of ${recipe.metric}'s recipe`, {
        exitCode: 2,
      });
    }
  }
  // whole numbers and text first: a default date may depend on one (day N)
  const order = [...recipe.parameters].sort((a, b) =>
    Number(a.type === "timestamp") - Number(b.type === "timestamp")
  );
  const spans = spansOf(recipe);
  for (const parameter of order) {
    const { name } = parameter;
    const typed = given[name];
    if (typed !== undefined) {
      values[name] = givenValue(parameter, typed);
      continue;
    }
    if (spans.some((span) => span.start === name || span.end === name)) continue;
    if (parameter.type === "text") {
      throw new Problem(`${recipe.metric}'s recipe needs ${neededWords(parameter)}`, {
        exitCode: 2,
      });
    }
    defaulted.push(name);
    const spec = PARAMETER_KINDS[name];
    if (spec?.kind === "setting" && parameter.declared !== undefined) {
      values[name] = Number(parameter.declared);
    } else if (spec?.kind === "instant") {
      values[name] = text(spec.rule(asOf, values));
    } else {
      throw new Error(`"${recipe.metric}": ":${name}" has no default`);
    }
  }
  for (const span of spans) {
    const start = values[span.start];
    const end = values[span.end];
    if (start !== undefined && end !== undefined) {
      if (instant(start) >= instant(end)) {
        throw new Problem(`${optionName(span.start)} must come before ${optionName(span.end)}`, {
          exitCode: 2,
        });
      }
    } else if (start !== undefined) {
      values[span.end] = text(addMonths(instant(start), span.months));
      defaulted.push(span.end);
    } else if (end !== undefined) {
      values[span.start] = text(addMonths(instant(end), -span.months));
      defaulted.push(span.start);
    } else {
      // the last full month, calendar quarter or run of months before the data's end
      let last = monthStart(asOf);
      if (span.months === 3) last = addMonths(last, -(new Date(last).getUTCMonth() % 3));
      values[span.start] = text(addMonths(last, -span.months));
      values[span.end] = text(last);
      defaulted.push(span.start, span.end);
    }
  }
  const names = recipe.parameters.map((parameter) => parameter.name);
  return {
    values: Object.fromEntries(names.map((name) => [name, values[name] as string | number])),
    defaulted: names.filter((name) => defaulted.includes(name)),
  };
}

/**
 * The same parameters one period earlier, for a default period with nothing to count, or whose
 * cohort's window is still open (a recipe that follows it until `:as_of` answers nothing then):
 * its period moved back by its length, or its day 0 by a day. Only a period that took its
 * default moves; `undefined` when none can.
 */
export function earlierPeriod(recipe: Recipe, parameters: Parameters): Parameters | undefined {
  const values = { ...parameters.values };
  const moved = (name: string) => parameters.defaulted.includes(name);
  for (const span of spansOf(recipe)) {
    if (!moved(span.start) || !moved(span.end)) continue;
    values[span.start] = text(addMonths(instant(values[span.start] ?? ""), -span.months));
    values[span.end] = text(addMonths(instant(values[span.end] ?? ""), -span.months));
    return { values, defaulted: parameters.defaulted };
  }
  if (moved("cohort_day") && values.cohort_day !== undefined) {
    values.cohort_day = text(instant(values.cohort_day) - DAY);
    return { values, defaulted: parameters.defaulted };
  }
  return undefined;
}

/**
 * How a parameter took its default, in a few words for the CLI to print beside it ("the last full
 * month"), given the parameters that took theirs; `moved` when the period moved back because a
 * later one's window was still open.
 */
export function defaultWords(
  recipe: Recipe,
  name: string,
  { defaulted, moved = false }: {
    defaulted: readonly string[];
    moved?: false | "open" | "empty" | boolean;
  },
): string {
  const latest = moved === "empty" ? "with something to count" : "whose window has closed";
  for (const span of spansOf(recipe)) {
    const words = spanWords(span.months);
    const length = span.months === 12 ? words : `a ${words}`;
    const both = defaulted.includes(span.start) && defaulted.includes(span.end);
    if (name === span.start) {
      if (!both) return `${length} before ${optionName(span.end)}`;
      return moved ? `the latest ${words} ${latest}` : `the last full ${words}`;
    }
    if (name === span.end) return `${length} after ${optionName(span.start)}`;
  }
  const spec = PARAMETER_KINDS[name];
  if (name === "cohort_day" && moved) return `the latest day ${latest}`;
  return spec?.kind === "instant" ? spec.words : "the recipe's default";
}

/** The period or cohort a recipe's rows were counted over. */
export interface Counted {
  /** A period of activity (`period_start`, `week_start`, …), or a cohort of sign-ups. */
  of: "period" | "cohort";
  /** Its first instant, `YYYY-MM-DD HH:MM:SS` in UTC. */
  start: string;
  /** The first instant after it. */
  end: string;
  /** How many calendar months it spans, when it spans whole ones. */
  months?: number;
  /** How many days it spans. */
  days: number;
}

/** The parameters that set a counted span, in order, and how far it runs past its first one. */
const COUNTED: readonly {
  of: Counted["of"];
  names: readonly string[];
  months?: number;
  days?: number;
}[] = [
  { of: "period", names: ["period_start", "period_end"] },
  { of: "cohort", names: ["cohort_start", "cohort_end"] },
  { of: "period", names: ["week_start"], days: 7 },
  { of: "period", names: ["quarter_start"], months: 3 },
  { of: "period", names: ["year_start"], months: 12 },
];

/** The parameters of a recipe that set the span it counts over, or an empty list. */
export function countedNames(recipe: Recipe): readonly string[] {
  const names = recipe.parameters.map((parameter) => parameter.name);
  return COUNTED.find((span) => span.names.every((name) => names.includes(name)))?.names ?? [];
}

/**
 * The period or cohort a recipe counted over with these parameters, with its length in whole
 * calendar months where it has one; undefined for a recipe that counts at an instant.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RECIPE_FILES } from "./files.ts";
 * import { countedOf } from "./parameters.ts";
 * import { parseRecipe } from "./recipe.ts";
 * const parsed = parseRecipe(RECIPE_FILES["churn-rate"] ?? "");
 * assert.ok(parsed.ok);
 * const counted = countedOf(parsed.recipe, {
 *   period_start: "2025-01-01 00:00:00",
 *   period_end: "2025-03-01 00:00:00",
 * });
 * assert.deepEqual(counted, {
 *   of: "period",
 *   start: "2025-01-01 00:00:00",
 *   end: "2025-03-01 00:00:00",
 *   months: 2,
 *   days: 59,
 * });
 * ```
 */
export function countedOf(
  recipe: Recipe,
  values: Readonly<Record<string, string | number>>,
): Counted | undefined {
  const names = countedNames(recipe);
  const span = COUNTED.find((each) => each.names === names);
  const [first, second] = names.map((name) => values[name]);
  if (span === undefined || first === undefined) return undefined;
  const start = instant(first);
  const end = second !== undefined
    ? instant(second)
    : span.months !== undefined
    ? addMonths(start, span.months)
    : start + (span.days ?? 0) * DAY;
  const months = wholeMonths(start, end);
  return {
    of: span.of,
    start: text(start),
    end: text(end),
    ...(months === undefined ? {} : { months }),
    days: Math.round((end - start) / DAY * 1000) / 1000,
  };
}

/** How many calendar months run from `start` to `end`, when that is a whole number of them. */
function wholeMonths(start: number, end: number): number | undefined {
  const months = monthsBetween(monthStart(start), monthStart(end));
  return months >= 1 && addMonths(start, months) === end ? months : undefined;
}

/**
 * The whole calendar months from the first one the data covers (from `first` on) to `end`, or
 * undefined when there is none: what a default period the data cannot fill gives way to.
 */
export function filledFrom(first: number, end: number): { start: number; end: number } | undefined {
  const month = monthStart(first);
  const start = month === first ? month : addMonths(month, 1);
  const last = monthStart(end);
  return start < last ? { start, end: last } : undefined;
}
