/**
 * The rules that keep a metric's benchmark sentences and its figures in step: each figure's
 * number, sample, year and data year appear in its sentence as written, its source is one the
 * sentence cites, its segment comes from the vocabulary, a range is not inverted, a unit fits what
 * is written, a series holds together (`series.ts`). Used when the Markdown files are validated.
 *
 * @module
 */
import type { z } from "zod";
import { citedSources } from "./citations.ts";
import {
  type Comparison,
  type Figure,
  findWritten,
  readWritten,
  type Unit,
  type Vocabulary,
} from "./figures.ts";
import type { Source } from "./records.ts";
import { contradiction } from "./segments.ts";
import { seriesProblems } from "./series.ts";
import type { BenchmarkEntrySchema, FigureInputSchema } from "./schema.ts";

type Entry = z.infer<typeof BenchmarkEntrySchema>;
type FigureInput = z.infer<typeof FigureInputSchema>;

/** What {@linkcode structureBenchmarks} gives: the sentences the API serves, and the figures. */
export interface Structured {
  /** The sentences, as the API serves them. */
  benchmarks: string[];
  /** Every figure, in sentence order. */
  figures: Figure[];
}

/** The start of a sentence, to name it in a problem. */
function quote(sentence: string): string {
  return `"${sentence.length > 60 ? `${sentence.slice(0, 57).trimEnd()}…` : sentence}"`;
}

/**
 * Reads a metric file's benchmark entries into sentences and figures, pushing one problem a line
 * (`<path>: benchmarks[0].figures[1].value: …`) for each figure that breaks a rule.
 */
export function structureBenchmarks(
  entries: readonly Entry[],
  { path, sources, comparison, vocabulary, problems }: {
    path: string;
    sources: readonly (Source & { author?: string })[];
    comparison: Comparison | undefined;
    vocabulary: Vocabulary;
    problems: string[];
  },
): Structured {
  const benchmarks: string[] = [];
  const figures: Figure[] = [];
  entries.forEach((entry, sentenceIndex) => {
    if (typeof entry === "string") return void benchmarks.push(entry);
    const sentence = entry.text;
    benchmarks.push(sentence);
    const cited = citedSources(sentence, sources).map((index) => index + 1);
    const at = `${path}: benchmarks[${sentenceIndex}]`;
    const report = (field: string, message: string) =>
      problems.push(`${at}${field}: ${message} (sentence ${quote(sentence)})`);
    (entry.context ?? []).forEach((written, index) => {
      if (findWritten(sentence, written) === -1) {
        report(`.context[${index}]`, `"${written}" does not appear in the sentence as written`);
      }
    });
    (entry.figures ?? []).forEach((input, index) => {
      const figure = structureFigure(input, {
        sentence,
        sentenceIndex,
        cited,
        sources,
        comparison,
        vocabulary,
        report: (field, message) => report(`.figures[${index}]${field}`, message),
      });
      if (figure) figures.push(figure);
    });
  });
  problems.push(...seriesProblems(figures, path));
  return { benchmarks, figures };
}

function structureFigure(
  input: FigureInput,
  { sentence, sentenceIndex, cited, sources, comparison, vocabulary, report }: {
    sentence: string;
    sentenceIndex: number;
    cited: number[];
    sources: readonly (Source & { author?: string })[];
    comparison: Comparison | undefined;
    vocabulary: Vocabulary;
    report: (field: string, message: string) => void;
  },
): Figure | undefined {
  let ok = true;
  const fail = (field: string, message: string) => {
    ok = false;
    report(field, message);
  };
  if (findWritten(sentence, input.value) === -1) {
    fail(".value", `"${input.value}" does not appear in the sentence as written`);
  }
  const read = readWritten(input.value);
  if (!read.ok) fail(".value", read.problem);
  if (read.ok && "low" in read && read.low > read.high) {
    fail(".value", `"${input.value}" is an inverted range: the low end is above the high end`);
  }
  if (read.ok && "low" in read && input.bound) {
    fail(".bound", "a range cannot also be a floor or a ceiling");
  }
  const unit: Unit | undefined = input.unit ?? (input.measures ? undefined : comparison?.unit);
  if (unit === undefined) {
    fail(
      ".unit",
      input.measures
        ? "is required for a figure that measures something else"
        : "is required when the metric has no comparison",
    );
  } else {
    const mismatch = unitMismatch(input.value, unit);
    if (mismatch) fail(".unit", mismatch);
  }
  const per = input.per ??
    (input.unit === undefined && !input.measures ? comparison?.per : undefined);
  if (input.statistic === "percentile" && input.percentile === undefined) {
    fail(".percentile", "is required when the statistic is a percentile");
  }
  if (input.statistic !== "percentile" && input.percentile !== undefined) {
    fail(".percentile", 'is given only with statistic "percentile"');
  }
  if (input.role !== undefined && input.statistic !== "threshold") {
    fail(".role", 'is given only with statistic "threshold"');
  }
  const segment = input.segment ?? {};
  for (const [key, value] of Object.entries(segment)) {
    const known = Object.hasOwn(vocabulary, key) ? vocabulary[key] : undefined;
    if (!known) {
      fail(`.segment.${key}`, `"${key}" is not a segment key in segments.yaml`);
    } else if (!Object.hasOwn(known.values, value)) {
      fail(`.segment.${key}`, `"${value}" is not a value of "${key}" in segments.yaml`);
    }
  }
  const contradicts = contradiction(segment, vocabulary);
  if (contradicts) {
    const { key, stated, implied, by } = contradicts;
    fail(
      `.segment.${key}`,
      `"${stated}" contradicts "${by.key}: ${by.slug}", which implies "${key}: ${implied}"`,
    );
  }
  let sample: number | undefined;
  let sampleAtLeast = false;
  if (input.sample !== undefined) {
    const count = atLeastCount(input.sample);
    const readSample = readWritten(count ?? input.sample);
    const at = findWritten(sentence, input.sample);
    const floor = count === undefined && at !== -1
      ? atLeastWording(sentence, at, input.sample)
      : "";
    if (at === -1) {
      fail(".sample", `"${input.sample}" does not appear in the sentence as written`);
    } else if (!readSample.ok || !("value" in readSample)) {
      fail(".sample", `"${input.sample}" must be one number`);
    } else if (floor !== "") {
      fail(
        ".sample",
        `"${input.sample}" is an at-least sample: the sentence writes "${floor}"; write the ` +
          "sample as the sentence does",
      );
    } else {
      sample = readSample.value;
      sampleAtLeast = count !== undefined;
    }
  }
  if (typeof input.year === "number" && findWritten(sentence, String(input.year)) === -1) {
    fail(".year", `${input.year} does not appear in the sentence`);
  }
  if (input.dataYear !== undefined) {
    const dataYear = input.dataYear;
    if (input.year === "undated") {
      fail(".dataYear", "is given with year `undated`: write the year the data describe as year");
    } else if (dataYear > input.year) {
      fail(".dataYear", `${dataYear} is after ${input.year}, the year the figure was published`);
    } else if (dataYear === input.year) {
      fail(".dataYear", "is given only where it differs from year");
    }
    if (findWritten(sentence, String(dataYear)) === -1) {
      fail(".dataYear", `${dataYear} does not appear in the sentence`);
    }
  }
  let source = input.source;
  if (source === undefined) {
    if (cited.length === 1) source = cited[0];
    else {
      fail(
        ".source",
        cited.length === 0
          ? "the sentence cites none of the record's sources"
          : `is required: the sentence cites sources ${cited.join(", ")}`,
      );
    }
  } else if (source > sources.length) {
    fail(".source", `there is no source ${source}; the record has ${sources.length}`);
  } else if (!cited.includes(source)) {
    fail(
      ".source",
      `source ${source} is not one the sentence cites (it cites ${cited.join(", ") || "none"})`,
    );
  }
  const labelYear = source === undefined ? undefined : yearOfLabel(sources[source - 1]?.label);
  if (input.year === "undated" && labelYear !== undefined) {
    fail(".year", `is undated, but its source's label gives ${labelYear}`);
  }
  if (!ok || !read.ok || unit === undefined || source === undefined) return undefined;
  return {
    sentence: sentenceIndex,
    written: input.value,
    ...("value" in read ? { value: read.value } : { low: read.low, high: read.high }),
    ...(input.bound ? { bound: input.bound } : {}),
    unit,
    ...(per ? { per } : {}),
    statistic: input.statistic,
    ...(input.percentile !== undefined ? { percentile: input.percentile } : {}),
    ...(input.label ? { label: input.label } : {}),
    ...(input.measures ? { measures: input.measures } : {}),
    ...(input.role ? { role: input.role } : {}),
    segment,
    ...(sample !== undefined ? { sample } : {}),
    ...(sampleAtLeast ? { sampleAtLeast: true as const } : {}),
    year: input.year,
    source,
    ...(input.dataYear !== undefined ? { dataYear: input.dataYear } : {}),
    ...(input.series !== undefined ? { series: input.series } : {}),
  };
}

/** Words before a count that make it a floor: "more than 1,500", "over 500", "at least 20". */
const FLOOR_BEFORE = /(?<!\bno\s|\bnot\s)(?:more than|over|at least|upwards of|no fewer than)\s+$/i;
/** Words after a count that make it a floor: "20+", "500 or more". */
const FLOOR_AFTER = /^(?:\+|\s+or more\b)/i;

/**
 * The count of a sample written as a floor ("more than 1,500", "20+", "500 or more"), or
 * undefined when the sample is written as a plain count.
 */
function atLeastCount(written: string): string | undefined {
  const before = /^(?:more than|over|at least|upwards of|no fewer than)\s+(.+)$/i.exec(written);
  if (before) return before[1];
  const after = /^(.+?)(?:\+|\s+or more)$/i.exec(written);
  return after?.[1];
}

/**
 * How the sentence writes a plain count as a floor where it stands at `at` ("more than 1,500"
 * for "1,500"), or "" when it writes it as a count.
 */
function atLeastWording(sentence: string, at: number, written: string): string {
  const end = at + written.length;
  const before = FLOOR_BEFORE.exec(sentence.slice(Math.max(0, at - 20), at))?.[0] ?? "";
  const after = FLOOR_AFTER.exec(sentence.slice(end, end + 10))?.[0] ?? "";
  return before === "" && after === "" ? "" : `${before}${written}${after}`;
}

/**
 * The year a source's label gives for it (`(2023)`, `(2024 data)`), not counting the year it was
 * accessed; undefined when the label gives none.
 */
function yearOfLabel(label: string | undefined): number | undefined {
  const unaccessed = (label ?? "").replace(/\baccessed\s+(?:\w+\s+)?(?:19|20)\d{2}\b/gi, "");
  const year = /\b(?:19|20)\d{2}\b/.exec(unaccessed)?.[0];
  return year === undefined ? undefined : Number(year);
}

/** Why a written figure cannot be in `unit`, or undefined when it can. */
function unitMismatch(written: string, unit: Unit): string | undefined {
  if (written.includes("%") && unit !== "percent") {
    return `"${written}" is a percentage; the unit must be "percent"`;
  }
  if (written.includes("$") && unit !== "usd") {
    return `"${written}" is in dollars; the unit must be "usd"`;
  }
  if (unit === "percent" && !written.includes("%")) {
    return `"${written}" has no % sign; write the figure with its sign, as the sentence does`;
  }
  return undefined;
}

/** Problems of the vocabulary's bands: a band's ends in order, a band key's values with ends. */
export function vocabularyProblems(vocabulary: Vocabulary, path: string): string[] {
  const problems: string[] = [];
  for (const [key, spec] of Object.entries(vocabulary)) {
    for (const [slug, value] of Object.entries(spec.values)) {
      const at = `${path}: ${key}.values.${slug}`;
      const hasEnds = value.min !== undefined || value.max !== undefined;
      if (spec.band && !hasEnds) problems.push(`${at}: a band value needs "min" or "max"`);
      if (!spec.band && hasEnds) problems.push(`${at}: only a band key's values have "min"/"max"`);
      if (value.min !== undefined && value.max !== undefined && value.min >= value.max) {
        problems.push(`${at}: "min" must be below "max"`);
      }
      if (value.within !== undefined && !Object.hasOwn(spec.values, value.within)) {
        problems.push(`${at}: within: "${value.within}" is not a value of "${key}"`);
      }
      if (value.within !== undefined && spec.band) {
        problems.push(`${at}: a band value's place follows from its ends, not "within"`);
      }
      for (const [other, implied] of Object.entries(value.implies ?? {})) {
        const target = Object.hasOwn(vocabulary, other) ? vocabulary[other] : undefined;
        if (other === key) problems.push(`${at}: implies: a value cannot imply its own key`);
        else if (!target) problems.push(`${at}: implies: "${other}" is not a segment key`);
        else if (!Object.hasOwn(target.values, implied)) {
          problems.push(`${at}: implies: "${implied}" is not a value of "${other}"`);
        }
      }
      let group = value.within;
      for (let step = 0; group !== undefined && step <= Object.keys(spec.values).length; step++) {
        if (group === slug) {
          problems.push(`${at}: within: "${value.within}" leads back to "${slug}"`);
          break;
        }
        group = spec.values[group]?.within;
      }
    }
    if (spec.short !== undefined && !spec.band) {
      problems.push(`${path}: ${key}.short: only a band key has a short name`);
    }
    if (spec.role !== undefined && spec.band) {
      problems.push(`${path}: ${key}.role: a band key is a segment a reader gives, with no role`);
    }
  }
  return problems;
}
