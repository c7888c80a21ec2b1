/**
 * `benchmarks`: a metric's benchmark sentences with the sources each cites, its figures as a
 * table, its series over the years and the review date, or the API's benchmarks shape.
 *
 * @module
 */
import { type Benchmarks, displayName, type MetricRecord } from "../../catalog/records.ts";
import type { Vocabulary } from "../../catalog/figures.ts";
import { seriesPointsWords, seriesWords, statisticWords } from "../../read/words.ts";
import { type CliIo, type Command, ONE_SLUG, parseNamed } from "../command.ts";
import { bullet, figures, heading, pack, paint, sources, type TextStyle, wrap } from "../output.ts";

/** The `benchmarks` command. */
export class BenchmarksCommand implements Command {
  readonly name = "benchmarks";
  readonly usage = "benchmarks <slug or name> [--json]";
  readonly summary = "A metric's benchmark figures with the sources each cites and the review date";
  readonly options = { json: "boolean" } as const;
  arity = () => ONE_SLUG;

  async run(args: readonly string[], io: CliIo) {
    const named = await parseNamed(this, { args, io, kind: "metric" });
    if (named === undefined) return;
    const { record: metric, read, style, answer } = named;
    const benchmarks = read.benchmarks(metric);
    answer(
      benchmarks,
      () => formatBenchmarks(metric, benchmarks, { style, vocabulary: read.vocabulary() }),
    );
  }
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
        { marker: `${kept[0]?.title ?? ""}${first}` },
      )
    );
  }
  const line = (texts: readonly string[]) =>
    (indent + texts.map((text, index) => text.padEnd(widths[index] ?? 0)).join("  ")).trimEnd();
  return [
    paint(line(kept.map((column) => column.title)), { style, format: "dim" }),
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
    `${figure.year}${figure.dataYear === undefined ? "" : ` (data ${figure.dataYear})`}`,
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

/** A metric's series over the years: what each is, then its points oldest first and its source. */
function seriesList(benchmarks: Benchmarks, vocabulary: Vocabulary, style: TextStyle): string[] {
  const items = (benchmarks.series ?? []).flatMap((series) => {
    const figure = benchmarks.figures?.[(series.points[0]?.figure ?? 0) - 1];
    if (!figure) return [];
    return [
      bullet(
        `${seriesWords(series, { metric: benchmarks, figure, vocabulary })}: ${
          seriesPointsWords(series)
        } [${series.source}]`,
        style,
      ),
    ];
  });
  return items.length > 0 ? ["", heading(style, "Over the years"), ...items] : [];
}

/**
 * A metric's benchmarks (the read model's, segments worded with the catalog's vocabulary), each
 * with the numbers of the sources it cites, then its figures as a table and the review date.
 */
function formatBenchmarks(
  metric: MetricRecord,
  benchmarks: Benchmarks,
  { style, vocabulary }: { style: TextStyle; vocabulary: Vocabulary },
): string {
  const title = displayName(metric);
  if (!metric.benchmarks) {
    return `${paint(title, { style, format: "bold" })}\n\n${
      wrap(
        "No benchmark figures: no credible public source was found for this metric.",
        { width: style.width, indent: "  " },
      )
    }\n`;
  }
  return [
    paint(`${title}: benchmarks`, { style, format: "bold" }),
    paint(`Last reviewed ${metric.benchmarksReviewed ?? "(not recorded)"}`, {
      style,
      format: "dim",
    }),
    "",
    ...figures(benchmarks, style),
    ...figureTable(benchmarks, style),
    ...seriesList(benchmarks, vocabulary, style),
    "",
    heading(style, "Sources"),
    ...sources(metric.sources, style),
    "",
    wrap("Carry the citation along with any figure you reuse (CC BY 4.0).", { width: style.width }),
  ].join("\n") + "\n";
}
