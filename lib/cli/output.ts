/**
 * What the CLI prints for people: readable sections wrapped to the terminal width, with colour
 * only when asked for.
 *
 * @module
 */
import {
  type Benchmarks,
  displayName,
  type Framework,
  FRAMEWORK_FIELDS,
  METRIC_FIELDS,
  type MetricRecord,
  type Section,
  sectionsOf,
  type Source,
} from "../catalog/records.ts";
import type { Vocabulary } from "../catalog/figures.ts";
import { formatValue, perWords, spanWords } from "../read/words.ts";
import type { ValueComparison } from "../read/compare.ts";
import { citedText, comparisonWords, directionWords } from "../read/compare_words.ts";
import { metricBenchmarks } from "../read/model.ts";
import { type Calculation, type FewToCount, fewToCount } from "../read/calculate.ts";
import type { Calculator } from "../catalog/calculator.ts";
import { groupedNumber } from "../read/text.ts";
import type { FromData } from "../sql/run.ts";

/** How to print: the line width in columns and whether to use ANSI colour. */
export interface TextStyle {
  /** The line width, in columns. */
  width: number;
  /** Whether to use ANSI colour. */
  color: boolean;
}

/**
 * The ANSI codes that open and close each style, as `node:util`'s `styleText` writes them; spelled
 * out here so that printing needs no Node compatibility module on Deno.
 */
const ANSI = {
  bold: ["\x1b[1m", "\x1b[22m"],
  dim: ["\x1b[2m", "\x1b[22m"],
  cyan: ["\x1b[36m", "\x1b[39m"],
  yellow: ["\x1b[33m", "\x1b[39m"],
} as const;

/** How {@linkcode paint} styles text. */
export interface PaintOptions {
  /** The output's style, which says whether it has colour. */
  style: TextStyle;
  /** The ANSI style the text is in. */
  format: keyof typeof ANSI;
}

/** Text in an ANSI style when the style has colour, else as it is. */
export function paint(text: string, { style, format }: PaintOptions): string {
  const [open, close] = ANSI[format];
  return style.color ? `${open}${text}${close}` : text;
}

/** Wraps text to a width, keeping paragraphs, with an indent on every line. */
export function wrap(
  text: string,
  { width, indent = "" }: { width: number; indent?: string },
): string {
  const room = Math.max(20, width - indent.length);
  return text.split(/\n\s*\n/).map((paragraph) =>
    pack(paragraph.split(/\s+/).filter(Boolean), room).map((text) => indent + text).join("\n")
  ).join("\n\n");
}

/** Packs words (or phrases) into lines of a width, a space between them. */
export function pack(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** A character no record text holds, standing for a space that must not break a line. */
const KEEP_TOGETHER = "\u0001";

/** Joins the words inside each pair of parentheses, so that wrapping does not split them. */
function keepParentheses(text: string): string {
  return text.replace(/\([^()]{1,40}\)/g, (group) => group.replaceAll(" ", KEEP_TOGETHER));
}

/** How {@linkcode bullet} marks an item. */
export interface BulletOptions {
  /** What the item starts with: `-` unless given, such as `1.` or `[2]`. */
  marker?: string;
}

/** A bulleted item wrapped with a hanging indent. */
export function bullet(
  text: string,
  style: TextStyle,
  { marker = "-" }: BulletOptions = {},
): string {
  const hang = " ".repeat(marker.length + 3);
  return `  ${marker} ${wrap(text, { width: style.width, indent: hang }).trimStart()}`;
}

/** A heading: bold capitals. */
export function heading(style: TextStyle, text: string): string {
  return paint(text.toUpperCase(), { style, format: "bold" });
}

/** How {@linkcode sources} numbers the sources it lists. */
export interface SourcesOptions {
  /** The number of each source among the metric's sources: 1, 2, … unless given. */
  numbers?: readonly number[];
}

/** Sources, each under its number among the metric's sources, with its URL. */
export function sources(
  list: Source[],
  style: TextStyle,
  { numbers = list.map((_, index) => index + 1) }: SourcesOptions = {},
): string[] {
  if (list.length === 0) return ["  None cited."];
  return list.map((source, index) => {
    const marker = `[${numbers[index] ?? index + 1}]`;
    const hang = " ".repeat(marker.length + 3);
    return `${bullet(source.label, style, { marker })}\n${hang}${
      paint(source.url, { style, format: "cyan" })
    }`;
  });
}

function citations(numbers: readonly number[]): string {
  return numbers.length === 0 ? "" : ` ${numbers.map((number) => `[${number}]`).join("")}`;
}

/** A metric's benchmark sentences, each with the numbers of the sources it cites. */
export function figures(benchmarks: Benchmarks, style: TextStyle): string[] {
  return benchmarks.benchmarks.map((figure) =>
    bullet(`${figure.text}${paint(citations(figure.sources), { style, format: "cyan" })}`, style)
  );
}

/** The lines of one section: its heading, then its body; none when there is nothing to show. */
function sectionLines(part: Section, style: TextStyle, context: TextContext): string[] {
  const title = heading(style, part.field.heading);
  const prose = (text: string) => [
    "",
    title,
    wrap(part.content === "formula" ? keepParentheses(text) : text, {
      width: style.width,
      indent: "  ",
    }),
  ];
  const items = (lines: string[]) => lines.length === 0 ? [] : ["", title, ...lines];
  const labelled = (format: "bold" | "cyan", label: string, text: string) =>
    bullet(`${paint(label, { style, format })}: ${text}`, style);
  switch (part.content) {
    case "text":
    case "formula":
      // A parenthesised term such as (1 − monthly rate) stays on one line.
      return prose(part.value).map((line) => line.replaceAll(KEEP_TOGETHER, " "));
    case "benchmarks": {
      if (!context.metric || part.value.length === 0) return [];
      const reviewed = context.metric.benchmarksReviewed ?? "not recorded";
      return [
        "",
        `${title} ${paint(`(last reviewed ${reviewed})`, { style, format: "dim" })}`,
        ...figures(metricBenchmarks(context.metric), style),
      ];
    }
    case "list":
      return items(part.value.map((item) => bullet(item, style)));
    case "steps":
      return items(
        part.value.map((step, index) => bullet(step, style, { marker: `${index + 1}.` })),
      );
    case "labelled":
      return items(part.value.map((item) => labelled("bold", item.label, item.text)));
    case "related":
      return items(part.value.map((related) => labelled("cyan", related.slug, related.text)));
    case "pairs":
      return items(part.value.map((pair) => labelled("cyan", pair.slug, pair.reason)));
    case "components":
      return items(part.value.flatMap((component) => [
        labelled("bold", component.name, component.description),
        ...(component.metricSlugs.length > 0
          ? [
            wrap(
              component.metricSlugs.map((slug) =>
                `${context.metricNames.get(slug) ?? slug} (${slug})`
              ).join(", "),
              { width: style.width, indent: "      " },
            ),
          ]
          : []),
      ]));
    case "examples":
      return items(
        part.value.map(({ company, detail, source }) =>
          labelled("bold", company, source ? `${detail} (${source.label}, ${source.url})` : detail)
        ),
      );
    case "sources":
      return ["", title, ...sources(part.value, style)];
  }
}

type TextContext = { metricNames: ReadonlyMap<string, string>; metric?: MetricRecord };

/** One metric, every section in the field table's order. */
export function formatMetric(metric: MetricRecord, style: TextStyle): string {
  const kind = metric.kind === "composite" ? " · composite: a tool-defined score" : "";
  const context: TextContext = { metricNames: new Map(), metric };
  return [
    paint(displayName(metric), { style, format: "bold" }),
    paint(`${metric.slug} · ${metric.tags.join(", ")}${kind}`, { style, format: "dim" }),
    ...sectionsOf(metric, METRIC_FIELDS).flatMap((part) => sectionLines(part, style, context)),
  ].join("\n") + "\n";
}

/** The metric compared with, and the vocabulary that words its figures' segments. */
export interface StandingOptions {
  /** The metric the value was compared for. */
  metric: MetricRecord;
  /** The segment vocabulary its figures' segments are worded with. */
  segments: Vocabulary;
}

/**
 * Where a value stands: the lead first, then the figures grouped by how well their segment matches
 * the reader's, those not compared (by number when for other segments), and the sources cited.
 */
export function formatComparison(
  comparison: ValueComparison,
  style: TextStyle,
  { metric, segments }: StandingOptions,
): string {
  return [
    paint(displayName(metric), { style, format: "bold" }),
    paint(`${metric.slug} · ${directionWords(comparison.direction).phrase}`, {
      style,
      format: "dim",
    }),
    "",
    ...standingLines(comparison, style, { metric, segments }),
  ].join("\n") + "\n";
}

/** The lead, the hint, the groups of figures and the sources of a comparison, as lines. */
function standingLines(
  comparison: ValueComparison,
  style: TextStyle,
  { metric, segments }: StandingOptions,
): string[] {
  const { lead, hint, groups } = comparisonWords(comparison, { metric, vocabulary: segments });
  const cited = [
    ...new Set(
      comparison.placements.map(({ figure }) => metric.figures?.[figure - 1]?.source ?? 0),
    ),
  ].filter((number) => metric.sources[number - 1] !== undefined).sort((a, b) => a - b);
  const listed = cited.flatMap((number) => metric.sources[number - 1] ?? []);
  const numbers = (lines: { figure: number }[]) =>
    lines.map((line) => `#${line.figure}`).join(", ");
  return [
    wrap(lead, { width: style.width }),
    ...(hint ? [paint(wrap(hint, { width: style.width }), { style, format: "dim" })] : []),
    ...groups.flatMap((group) => [
      "",
      heading(style, group.title),
      ...(group.group === "segment" && group.lines.length > 4
        ? [wrap(numbers(group.lines), { width: style.width, indent: "  " })]
        : group.lines.map((line) => bullet(citedText(line), style, { marker: `#${line.figure}` }))),
    ]),
    ...(cited.length > 0
      ? ["", heading(style, "Sources"), ...sources(listed, style, { numbers: cited })]
      : []),
  ];
}

/** One framework, every section in the field table's order, naming its metrics by slug. */
export function formatFramework(
  framework: Framework,
  style: TextStyle,
  { metricNames }: { metricNames: ReadonlyMap<string, string> },
): string {
  const context: TextContext = { metricNames };
  return [
    paint(framework.name, { style, format: "bold" }),
    paint(framework.slug, { style, format: "dim" }),
    ...sectionsOf(framework, FRAMEWORK_FIELDS).flatMap((part) =>
      sectionLines(part, style, context)
    ),
  ].join("\n") + "\n";
}

/** A metric's calculator inputs: each input as an option, its unit and what counts. */
export function formatCalculatorInputs(metric: MetricRecord, style: TextStyle): string {
  const calculator = metric.calculator;
  if (!calculator) return "";
  const rows = Object.entries(calculator.inputs).map(([key, input]) =>
    bullet(`--${key} (${input.name}, ${input.unit}): ${input.means}`, style)
  );
  const example = Object.entries(calculator.example.inputs)
    .map(([key, value]) => `--${key} ${value}`).join(" ");
  return [
    paint(displayName(metric), { style, format: "bold" }),
    paint(`${metric.slug} · ${calculator.expression}`, { style, format: "dim" }),
    "",
    heading(style, "Inputs"),
    ...rows,
    "",
    wrap(
      `Example: calc ${metric.slug} ${example} (the worked example: ${calculator.example.states})`,
      { width: style.width },
    ),
  ].join("\n") + "\n";
}

/** A calculated metric: the result, the formula with the numbers, and where it stands. */
export function formatCalculation(
  calculation: Calculation,
  style: TextStyle,
  { metric, segments }: StandingOptions,
): string {
  const per = calculation.per
    ? ` ${perWords(calculation.per)}`
    : calculation.counted
    ? ` ${spanWords(calculation.counted)}`
    : "";
  const standing = calculation.comparison
    ? [...standingLines(calculation.comparison, style, { metric, segments }), ""]
    : metric.benchmarks
    ? [
      heading(style, "Benchmarks"),
      wrap("No figure is in the same unit; the benchmark sentences:", { width: style.width }),
      ...metric.benchmarks.map((sentence) => bullet(sentence, style)),
      "",
    ]
    : [];
  return [
    paint(`${displayName(metric)}: ${calculation.written}${per}`, { style, format: "bold" }),
    wrap(calculation.formula, { width: style.width, indent: "  " }),
    "",
    ...standing,
  ].join("\n").replace(/\n+$/, "") + "\n";
}

/** The note on a result computed from few, up to "read the verdict" (the caller ends it). */
export function fewWords(few: FewToCount, calculator: Calculator): string {
  const swing = calculator.result.unit === "percent"
    ? formatValue(few.swing, "points").replace("points", "percentage points")
    : formatValue(few.swing, calculator.result.unit);
  return `Few to count: ${few.input} (${calculator.inputs[few.input]?.name}) is ` +
    `${groupedNumber(few.count, 6)}, under ${few.below}, and one more of a count moves the ` +
    `result by up to ${swing}: read the verdict`;
}

/**
 * Where a value computed from someone's data came from, before the answer: the folder and the
 * engine, each parameter as the option that sets it (with how it took its default), and each
 * input the data gave, by the calculator's name for it.
 */
export function formatFromData(
  run: FromData,
  style: TextStyle,
  { metric }: { metric: MetricRecord },
): string {
  const shown = (value: string | number) => String(value).replace(/ 00:00:00$/, "");
  const noted = (name: string) =>
    run.defaults[name] === undefined ? "given" : `default: ${run.defaults[name]}`;
  const rows: [string, string, string][] = "as_of" in run.parameters
    ? []
    : [["--as-of", shown(run.asOf), run.asOfGiven ? "given" : "default: where the data ends"]];
  for (const [name, value] of Object.entries(run.parameters)) {
    rows.push([`--${name.replaceAll("_", "-")}`, shown(value), noted(name)]);
  }
  for (const [name, value] of Object.entries(run.inputs)) {
    const called = metric.calculator?.inputs[name]?.name ?? "";
    rows.push([name, groupedNumber(Number(value), 6), called]);
  }
  const first = Math.max(...rows.map(([name]) => name.length));
  const second = Math.max(...rows.map(([, value]) => value.length));
  const lines = rows.map(([name, value, note]) => {
    const lead = `  ${paint(name.padEnd(first), { style, format: "cyan" })}  ${
      value.padEnd(second)
    }  `;
    const indent = " ".repeat(first + second + 6);
    return lead + wrap(note, { width: style.width, indent }).trimStart();
  });
  const calculator = metric.calculator;
  const { few } = dataJson(run, metric);
  const warning = few && calculator
    ? ["", wrap(`${fewWords(few, calculator)} below as a rough guide.`, { width: style.width })]
    : [];
  return [
    wrap(
      `From your data in ${run.folder}, with ${metric.slug}'s SQL recipe on DuckDB ` +
        `(reference schema version ${run.schemaVersion}):`,
      { width: style.width },
    ),
    ...lines,
    ...warning,
  ].join("\n") + "\n";
}

/**
 * Where a value computed from data came from, as `--json` prints it: the inputs as numbers, and
 * `few` when the result divides by a small count.
 */
export function dataJson(run: FromData, metric: MetricRecord) {
  const inputs = Object.fromEntries(
    Object.entries(run.inputs).map(([name, value]) => [name, Number(value)]),
  );
  const few = metric.calculator ? fewToCount(metric.calculator, inputs) : undefined;
  return { ...run, inputs, ...(few ? { few } : {}) };
}
