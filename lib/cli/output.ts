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
import type { Direction, Vocabulary } from "../catalog/figures.ts";
import { formatValue, statisticWords } from "../read/words.ts";
import type { ValueComparison } from "../read/compare.ts";
import { citedText, comparisonWords } from "../read/compare_words.ts";
import { metricBenchmarks } from "../read/model.ts";
import type { SearchHit, Snippet } from "../read/search.ts";
import { type Calculation, fewToCount } from "../read/calculate.ts";
import { groupedNumber } from "../read/text.ts";
import type { FromData } from "./data.ts";

/** How to print: the line width and whether to use ANSI colour. */
export interface TextStyle {
  /** The line width in columns. */
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

function paint(style: TextStyle, format: keyof typeof ANSI, text: string): string {
  // The caller decides about colour (a terminal, and no NO_COLOR).
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
function pack(words: readonly string[], width: number): string[] {
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

/** A bulleted item wrapped with a hanging indent. */
function bullet(text: string, style: TextStyle, marker = "-"): string {
  const hang = " ".repeat(marker.length + 3);
  return `  ${marker} ${wrap(text, { width: style.width, indent: hang }).trimStart()}`;
}

function heading(style: TextStyle, text: string): string {
  return paint(style, "bold", text.toUpperCase());
}

/** Sources, each under its number among the metric's sources, with its URL. */
function sources(
  list: Source[],
  style: TextStyle,
  numbers = list.map((_, index) => index + 1),
): string[] {
  if (list.length === 0) return ["  None cited."];
  return list.map((source, index) => {
    const marker = `[${numbers[index] ?? index + 1}]`;
    const hang = " ".repeat(marker.length + 3);
    return `${bullet(source.label, style, marker)}\n${hang}${paint(style, "cyan", source.url)}`;
  });
}

function citations(numbers: readonly number[]): string {
  return numbers.length === 0 ? "" : ` ${numbers.map((number) => `[${number}]`).join("")}`;
}

function figures(benchmarks: Benchmarks, style: TextStyle): string[] {
  return benchmarks.benchmarks.map((figure) =>
    bullet(`${figure.text}${paint(style, "cyan", citations(figure.sources))}`, style)
  );
}

/** A table cell's text in lines of its column's width, breaking after commas before spaces. */
function cellLines(text: string, width: number): string[] {
  return pack(text.split(/(?<=,) /), width).flatMap((line) =>
    line.length <= width ? [line] : pack(line.split(" "), width)
  );
}

/**
 * Rows under a header, columns two spaces apart, within the width; a column no row fills is left
 * out. While the rows are too wide, a column that may wrap gives up a character at a time (never
 * below its longest word): the one that adds the fewest lines, the wider on a tie. When even that
 * is too wide, each row is an item instead.
 */
function table(
  allColumns: readonly { title: string; wraps?: boolean }[],
  allRows: readonly string[][],
  style: TextStyle,
): string[] {
  const indent = "  ";
  const kept = allColumns.flatMap((column, index) =>
    allRows.some((row) => (row[index] ?? "") !== "") ? [{ ...column, index }] : []
  );
  const rows = allRows.map((row) => kept.map((column) => row[column.index] ?? ""));
  const cells = (index: number) => rows.map((row) => row[index] ?? "");
  const widths = kept.map((column, index) =>
    Math.max(column.title.length, ...cells(index).map((cell) => cell.length))
  );
  const floors = kept.map((column, index) =>
    column.wraps
      ? Math.max(
        column.title.length,
        ...cells(index).flatMap((cell) => cell.split(" ")).map((word) => word.length),
      )
      : widths[index] ?? 0
  );
  const height = (sizes: readonly number[]) =>
    rows.reduce(
      (sum, row) =>
        sum + Math.max(1, ...row.map((cell, index) => cellLines(cell, sizes[index] ?? 0).length)),
      0,
    );
  const room = style.width - indent.length - 2 * (kept.length - 1);
  while (widths.reduce((sum, width) => sum + width, 0) > room) {
    const options = widths.flatMap((width, index) => {
      if (width <= (floors[index] ?? width)) return [];
      return [{
        index,
        width,
        lines: height(widths.map((size, at) => at === index ? size - 1 : size)),
      }];
    });
    const best = options.sort((a, b) => a.lines - b.lines || b.width - a.width)[0];
    if (best === undefined) break;
    widths[best.index] = best.width - 1;
  }
  if (widths.reduce((sum, width) => sum + width, 0) > room) {
    // Too narrow for columns: each row as an item, its first cell the marker, then title: cell.
    return rows.map(([first = "", ...rest]) =>
      bullet(
        rest.flatMap((cell, index) =>
          cell === "" ? [] : [`${kept[index + 1]?.title ?? ""}: ${cell}`]
        ).join(" · "),
        style,
        `${kept[0]?.title ?? ""}${first}`,
      )
    );
  }
  const line = (texts: readonly string[]) =>
    (indent + texts.map((text, index) => text.padEnd(widths[index] ?? 0)).join("  ")).trimEnd();
  return [
    paint(style, "dim", line(kept.map((column) => column.title))),
    ...rows.flatMap((row) => {
      const wrapped = row.map((cell, index) => cellLines(cell, widths[index] ?? cell.length));
      const lines = Math.max(1, ...wrapped.map((cellLines) => cellLines.length));
      return Array.from(
        { length: lines },
        (_, at) => line(wrapped.map((cellLines) => cellLines[at] ?? "")),
      );
    }),
  ];
}

const BOUND_SIGNS = { "at-least": "≥ ", "at-most": "≤ " } as const;

/** A metric's figures as a table: number, value as written, statistic, period, segment, year, source. */
function figureTable(benchmarks: Benchmarks, style: TextStyle): string[] {
  const rows = (benchmarks.figures ?? []).map((figure) => [
    String(figure.number),
    `${figure.bound ? BOUND_SIGNS[figure.bound] : ""}${figure.written}`,
    `${statisticWords(figure)}${figure.measures ? ` (${figure.measures})` : ""}`,
    figure.per ?? "",
    figure.segmentLabel,
    figure.year === undefined ? "" : String(figure.year),
    `[${figure.source}]`,
  ]);
  if (rows.length === 0) return [];
  return [
    "",
    heading(style, "Figures"),
    ...table(
      [
        { title: "#" },
        { title: "Value" },
        { title: "Statistic", wraps: true },
        { title: "Per" },
        { title: "Segment", wraps: true },
        { title: "Year" },
        { title: "Source" },
      ],
      rows,
      style,
    ),
  ];
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
        `${title} ${paint(style, "dim", `(last reviewed ${reviewed})`)}`,
        ...figures(metricBenchmarks(context.metric), style),
      ];
    }
    case "list":
      return items(part.value.map((item) => bullet(item, style)));
    case "steps":
      return items(part.value.map((step, index) => bullet(step, style, `${index + 1}.`)));
    case "labelled":
      return items(
        part.value.map((item) =>
          bullet(`${paint(style, "bold", item.label)}: ${item.text}`, style)
        ),
      );
    case "related":
      return items(
        part.value.map((related) =>
          bullet(`${paint(style, "cyan", related.slug)}: ${related.text}`, style)
        ),
      );
    case "pairs":
      return items(
        part.value.map((pair) =>
          bullet(`${paint(style, "cyan", pair.slug)}: ${pair.reason}`, style)
        ),
      );
    case "components":
      return items(part.value.flatMap((component) => [
        bullet(`${paint(style, "bold", component.name)}: ${component.description}`, style),
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
      return items(part.value.map((example) =>
        bullet(
          `${paint(style, "bold", example.company)}: ${example.detail}${
            example.source ? ` (${example.source.label}, ${example.source.url})` : ""
          }`,
          style,
        )
      ));
    case "sources":
      return ["", title, ...sources(part.value, style)];
  }
}

interface TextContext {
  metricNames: ReadonlyMap<string, string>;
  metric?: MetricRecord;
}

/** One metric, every section in the field table's order. */
export function formatMetric(metric: MetricRecord, style: TextStyle): string {
  const kind = metric.kind === "composite" ? " · composite: a tool-defined score" : "";
  const context: TextContext = { metricNames: new Map(), metric };
  return [
    paint(style, "bold", displayName(metric)),
    paint(style, "dim", `${metric.slug} · ${metric.tags.join(", ")}${kind}`),
    ...sectionsOf(metric, METRIC_FIELDS).flatMap((part) => sectionLines(part, style, context)),
  ].join("\n") + "\n";
}

/**
 * A metric's benchmarks, each with the numbers of the sources it cites, then its figures as a
 * table, and the review date. Pass the read model's `benchmarks(metric)`, whose segments are worded
 * with the catalog's vocabulary.
 */
export function formatBenchmarks(
  metric: MetricRecord,
  style: TextStyle,
  { benchmarks = metricBenchmarks(metric) }: { benchmarks?: Benchmarks } = {},
): string {
  const title = displayName(metric);
  if (!metric.benchmarks) {
    return `${paint(style, "bold", title)}\n\n${
      wrap(
        "No benchmark figures: no credible public source was found for this metric.",
        { width: style.width, indent: "  " },
      )
    }\n`;
  }
  return [
    paint(style, "bold", `${title}: benchmarks`),
    paint(style, "dim", `Last reviewed ${metric.benchmarksReviewed ?? "(not recorded)"}`),
    "",
    ...figures(benchmarks, style),
    ...figureTable(benchmarks, style),
    "",
    heading(style, "Sources"),
    ...sources(metric.sources, style),
    "",
    wrap("Carry the citation along with any figure you reuse (CC BY 4.0).", { width: style.width }),
  ].join("\n") + "\n";
}

const DIRECTION_WORDS: Record<Direction, string> = {
  "higher-is-better": "higher is better",
  "lower-is-better": "lower is better",
  "target-band": "best inside a target band",
};

/** What {@linkcode formatComparison} words a comparison with. */
export interface ComparisonTextOptions {
  /** The metric compared with: its figures and sources. */
  metric: MetricRecord;
  /** The segment vocabulary, to word the figures' segments. */
  segments?: Vocabulary;
}

/**
 * Where a value stands: the lead first, then the figures grouped by how well their segment matches
 * the reader's, those not compared (by number when for other segments), and the sources cited.
 */
export function formatComparison(
  comparison: ValueComparison,
  style: TextStyle,
  options: ComparisonTextOptions,
): string {
  return [
    paint(style, "bold", displayName(options.metric)),
    paint(style, "dim", `${options.metric.slug} · ${DIRECTION_WORDS[comparison.direction]}`),
    "",
    ...standingLines(comparison, style, options),
  ].join("\n") + "\n";
}

/** The lead, the hint, the groups of figures and the sources of a comparison, as lines. */
function standingLines(
  comparison: ValueComparison,
  style: TextStyle,
  { metric, segments = {} }: ComparisonTextOptions,
): string[] {
  const { lead, hint, groups } = comparisonWords(comparison, metric, segments);
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
    ...(hint ? [paint(style, "dim", wrap(hint, { width: style.width }))] : []),
    ...groups.flatMap((group) => [
      "",
      heading(style, group.title),
      ...(group.group === "segment" && group.lines.length > 4
        ? [wrap(numbers(group.lines), { width: style.width, indent: "  " })]
        : group.lines.map((line) => bullet(citedText(line), style, `#${line.figure}`))),
    ]),
    ...(cited.length > 0 ? ["", heading(style, "Sources"), ...sources(listed, style, cited)] : []),
  ];
}

/** The metric list as aligned rows. */
export function formatMetricList(metrics: MetricRecord[], style: TextStyle): string {
  const slugWidth = Math.max(0, ...metrics.map((metric) => metric.slug.length));
  const hang = " ".repeat(slugWidth + 2);
  return metrics.map((metric) => {
    const name = displayName(metric);
    const tags = `[${metric.tags.join(", ")}]`;
    const slug = paint(style, "cyan", metric.slug.padEnd(slugWidth));
    // Within the width: the tags go to a line of their own when the row would be too long, and
    // on a narrow terminal the name and tags go under the slug.
    if (slugWidth + 2 + name.length + 1 + tags.length <= style.width) {
      return `${slug}  ${name} ${paint(style, "dim", tags)}`;
    }
    if (slugWidth + 2 + Math.max(name.length, tags.length) <= style.width) {
      return `${slug}  ${name}\n${hang}${paint(style, "dim", tags)}`;
    }
    return `${paint(style, "cyan", metric.slug)}\n${
      wrap(`${name} ${tags}`, { width: style.width, indent: "    " })
    }`;
  }).join("\n") + (metrics.length > 0 ? "\n" : "");
}

/** The framework list. */
export function formatFrameworkList(frameworks: Framework[], style: TextStyle): string {
  return frameworks.map((framework) =>
    `${paint(style, "cyan", framework.slug)}  ${paint(style, "bold", framework.name)}\n${
      wrap(framework.summary, { width: style.width, indent: "  " })
    }`
  ).join("\n\n") + "\n";
}

/** Options for {@linkcode formatFramework}. */
export interface FrameworkTextOptions {
  /** Metric names by slug, to name each component's metrics. */
  metricNames?: ReadonlyMap<string, string>;
}

/** One framework, every section in the field table's order. */
export function formatFramework(
  framework: Framework,
  style: TextStyle,
  { metricNames = new Map() }: FrameworkTextOptions = {},
): string {
  const context: TextContext = { metricNames };
  return [
    paint(style, "bold", framework.name),
    paint(style, "dim", framework.slug),
    ...sectionsOf(framework, FRAMEWORK_FIELDS).flatMap((part) =>
      sectionLines(part, style, context)
    ),
  ].join("\n") + "\n";
}

/** Search hits, best first. */
export function formatHits(
  hits: readonly SearchHit[],
  style: TextStyle,
  { snippets = [] }: {
    /** The passage of each hit where the query's words match, by position. */
    snippets?: readonly (Snippet | undefined)[];
  } = {},
): string {
  if (hits.length === 0) return "No matches.\n";
  const numberWidth = String(hits.length).length + 2;
  const indent = " ".repeat(numberWidth);
  return hits.map((hit, index) => {
    const name = displayName(hit);
    const number = `${index + 1}.`.padEnd(numberWidth);
    const snippet = snippets[index];
    const summary = wrap(hit.summary, { width: style.width, indent });
    const passage = snippet && !snippet.summary
      ? `\n${wrap(`“${snippet.text}”`, { width: style.width, indent })}`
      : "";
    return `${number}${paint(style, "bold", name)}  ${
      paint(style, "dim", `${hit.slug} · ${hit.type}`)
    }\n${snippet?.summary ? emphasise(summary, snippet.words, style) : summary}${
      snippet ? emphasise(passage, snippet.words, style) : ""
    }`;
  }).join("\n") + "\n";
}

/** Wrapped text with the matched words in bold (wrapping first, so colour codes take no room). */
function emphasise(text: string, words: readonly string[], style: TextStyle): string {
  if (!style.color || words.length === 0) return text;
  const wanted = new Set(words);
  return text.replace(
    /[\p{L}\p{N}]+/gu,
    (word) => wanted.has(word) ? paint(style, "bold", word) : word,
  );
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
    paint(style, "bold", displayName(metric)),
    paint(style, "dim", `${metric.slug} · ${calculator.expression}`),
    "",
    heading(style, "Inputs"),
    ...rows,
    "",
    wrap(
      `Example: calc ${metric.slug} ${example} (the worked example: ${calculator.example.states})`,
      {
        width: style.width,
      },
    ),
  ].join("\n") + "\n";
}

/** A calculated metric: the result, the formula with the numbers, and where it stands. */
export function formatCalculation(
  calculation: Calculation,
  style: TextStyle,
  { metric, segments = {} }: ComparisonTextOptions,
): string {
  const per = calculation.per ? ` a ${calculation.per}` : "";
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
    paint(style, "bold", `${displayName(metric)}: ${calculation.written}${per}`),
    wrap(calculation.formula, { width: style.width, indent: "  " }),
    "",
    ...standing,
  ].join("\n").replace(/\n+$/, "") + "\n";
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
  const noted = (name: string) => {
    const how = run.defaults[name];
    return how === undefined ? "given" : `default: ${how}`;
  };
  const rows: [string, string, string][] = [];
  if (!("as_of" in run.parameters)) {
    rows.push([
      "--as-of",
      shown(run.asOf),
      run.asOfGiven ? "given" : "default: where the data ends",
    ]);
  }
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
    const lead = `  ${paint(style, "cyan", name.padEnd(first))}  ${value.padEnd(second)}  `;
    const indent = " ".repeat(first + second + 6);
    return lead + wrap(note, { width: style.width, indent }).trimStart();
  });
  const calculator = metric.calculator;
  const few = calculator
    ? fewToCount(
      calculator,
      Object.fromEntries(Object.entries(run.inputs).map(([name, value]) => [name, Number(value)])),
    )
    : undefined;
  const warning = few && calculator
    ? [
      "",
      wrap(
        `Few to count: ${few.input} (${calculator.inputs[few.input]?.name}) is ` +
          `${groupedNumber(few.count, 6)}, under ${few.below}, and one more of a count moves ` +
          `the result by up to ${
            calculator.result.unit === "percent"
              ? `${formatValue(few.swing, "points").replace("points", "percentage points")}`
              : formatValue(few.swing, calculator.result.unit)
          }: read the ` +
          "verdict below as a rough guide.",
        { width: style.width },
      ),
    ]
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
