/**
 * `report --data DIR`: the whole scorecard from a folder of exports, every metric whose recipe's
 * tables are there placed against its benchmark figures, then the metrics it could not compute
 * with what each needs; as text, `--json`, or a page of its own (`--html FILE`).
 *
 * @module
 */
import type { Calculator } from "../../catalog/calculator.ts";
import { Problem } from "../../problem.ts";
import type { ReadModel } from "../../read/model.ts";
import {
  checkSegment,
  GROUP_TITLES,
  GROUPS,
  type Scorecard,
  scorecardJson,
  type ScoreEntry,
} from "../../read/scorecard.ts";
import { groupedNumber } from "../../read/text.ts";
import { type CliIo, type Command, NO_ARGUMENTS, parse, TOOL } from "../command.ts";
import { DATA_DETAILS, scorecardFromData } from "../from_data.ts";
import { fewWords, heading, paint, type TextStyle, wrap } from "../output.ts";

/** The `report` command. */
export class ReportCommand implements Command {
  readonly name = "report";
  readonly usage = "report --data DIR [--from SOURCES] [--segment …] [--PARAMETER VALUE …] " +
    "[--json | --html FILE]";
  readonly listed = "report --data DIR [options]";
  readonly summary = "Every metric your data can give, in one run, placed against the " +
    "benchmark figures for your segment, then what the others need";
  readonly details = [
    "Options:",
    "  --data DIR           The folder of your tables (required), as for compare --data",
    "  --segment key=value  Your segment, once per key, such as model=b2b or arpa=200; each " +
    "metric is compared on the keys its figures split by",
    "  --from SOURCES       Read the folder's files as stripe, chargebee, segment or posthog " +
    "export them (several separated by commas, such as stripe,posthog)",
    "  --json               Print the scorecard as JSON",
    "  --html FILE          Write the scorecard as one self-contained HTML page to FILE",
    "",
    "Every recipe's parameters are options too, and each recipe takes those it has: " +
    "--period-start 2024-03-01 sets the period of every recipe counted over a period. An event " +
    "name has no default: a metric whose recipe needs one (--activation-event) is listed with " +
    "what it needs until it is given.",
    "",
    ...DATA_DETAILS,
    "",
    `Example: ${TOOL} report --data exports/ --segment model=b2b`,
    `From Stripe's tables: ${TOOL} report --data examples/stripe --from stripe`,
  ];
  readonly options = {
    data: "string",
    segment: "string",
    json: "boolean",
    html: "string",
  } as const;
  openOptions = () => true;

  arity() {
    return NO_ARGUMENTS;
  }

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { values, repeated, text, model, style, answer } = context;
    const folder = text("data");
    if (folder === undefined) {
      throw new Problem(`report needs --data DIR, the folder of your tables`, { exitCode: 2 });
    }
    const html = text("html");
    if (html !== undefined && context.flag("json")) {
      throw new Problem("Give --json or --html, not both", { exitCode: 2 });
    }
    const read = await model();
    const segment = readSegment(read, repeated.get("segment") ?? []);
    const options: Record<string, string> = {};
    for (const [key, value] of values) {
      if (!(key in this.options) && typeof value === "string") options[key] = value;
    }
    const scorecard = await scorecardFromData(folder, {
      options,
      segment,
      read,
      importPackage: io.importPackage,
    });
    if (scorecard.metrics.length === 0) throw new Problem(nothingComputed(scorecard));
    if (html !== undefined) {
      if (io.scorecardPage === undefined) {
        throw new Problem("This build cannot draw the page: run report --html from a checkout");
      }
      // node:fs loads Node's compatibility layer: only for the page, never at the CLI's start
      const { writeFile } = await import("node:fs/promises");
      await writeFile(html, await io.scorecardPage(scorecard, read));
      context.print(`Wrote ${html}: ${scorecard.data.computed} of ${scorecard.data.of} metrics.\n`);
      return;
    }
    answer(scorecardJson(scorecard), () => formatScorecard(scorecard, style, read));
  }
}

/** The reader's segment from `key=value` pairs, each checked; else a usage problem in one line. */
function readSegment(read: ReadModel, pairs: readonly string[]): Record<string, string> {
  const segment: Record<string, string> = {};
  for (const pair of pairs) {
    const [key = "", value = ""] = pair.toLowerCase().split(/=(.*)/s).map((part) => part.trim());
    if (key === "" || value === "") {
      throw new Problem(`--segment "${pair.slice(0, 40)}" must be key=value, such as model=b2b`, {
        exitCode: 2,
      });
    }
    if (Object.hasOwn(segment, key)) {
      throw new Problem(`Give segment "${key.slice(0, 40)}" once`, { exitCode: 2 });
    }
    segment[key] = value;
  }
  return checkSegment(segment, { metrics: read.metrics(), vocabulary: read.vocabulary() });
}

/** Why a run computed no metric: each metric's need or problem, the first few, in one line. */
function nothingComputed(scorecard: Scorecard): string {
  const problems = [...new Set(scorecard.missing.flatMap((item) => item.problem ?? []))];
  if (problems.length > 0) return problems[0] ?? "";
  const needs = [...new Set(scorecard.missing.flatMap((item) => item.needs))];
  return `${scorecard.data.folder}: no metric can be computed from these files; the recipes ` +
    `need ${needs.slice(0, 6).join(", ")}`;
}

/** The scorecard as text, within the output's width. */
function formatScorecard(scorecard: Scorecard, style: TextStyle, read: ReadModel): string {
  const { data } = scorecard;
  const width = Math.min(style.width, 80);
  const at = (text: string, indent = "") => wrap(text, { width, indent });
  const names = new Map(scorecard.metrics.map((entry) => [entry.slug, entry.name]));
  const lines = [
    at(
      `Scorecard from your data in ${data.folder}: ${data.computed} of ${data.of} metrics ` +
        `computed, each with its SQL recipe on DuckDB (reference schema version ` +
        `${data.schemaVersion})${segmentWords(data.segment)}.`,
    ),
    at(
      `Better than most of their medians and averages: ${data.better}; worse: ${data.worse}.` +
        (data.attention.length > 0
          ? ` Most in need of attention: ${
            data.attention.map((slug) => names.get(slug) ?? slug).join(", ")
          }.`
          : ""),
    ),
  ];
  for (const group of GROUPS) {
    const entries = scorecard.metrics.filter((entry) => entry.group === group);
    if (entries.length === 0) continue;
    lines.push("", heading(style, GROUP_TITLES[group]));
    for (const entry of entries) {
      const found = read.resolve("metric", entry.slug);
      const calculator = found.ok ? found.record.calculator : undefined;
      lines.push("", ...entryLines(entry, style, { width, calculator }));
    }
  }
  if (scorecard.missing.length > 0) {
    lines.push("", heading(style, "Not computed"));
    for (const item of scorecard.missing) {
      const why = item.problem ?? `needs ${item.needs.join("; ")}`;
      lines.push(`  ${item.name}`, at(why, "    "));
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The reader's segment after the opening sentence, or nothing. */
function segmentWords(segment: Record<string, string>): string {
  const pairs = Object.entries(segment).map(([key, value]) => `${key}=${value}`);
  return pairs.length > 0 ? `, for the segment ${pairs.join(", ")}` : "";
}

/** One metric's lines: its value and period, the inputs, the lead, the few-to-count note. */
function entryLines(
  entry: ScoreEntry,
  style: TextStyle,
  { width, calculator }: { width: number; calculator: Calculator | undefined },
): string[] {
  const indent = "    ";
  const per = entry.per ? ` ${/^\d/.test(entry.per) ? "over" : "a"} ${entry.per}` : "";
  const span = entry.counted
    ? ` ${entry.counted.of === "cohort" ? "cohort" : "counted"} ${
      entry.counted.start.replace(/ 00:00:00$/, "")
    } to ${entry.counted.end.replace(/ 00:00:00$/, "")}`
    : ` at ${entry.asOf}`;
  const inputs = Object.entries(entry.inputs)
    .map(([name, value]) => `${name} ${groupedNumber(value, 2)}`).join(", ");
  return [
    `  ${paint(`${entry.name}: ${entry.written}${per}`, { style, format: "bold" })}`,
    wrap(`${span.trim()}; ${inputs}`, { width, indent }),
    ...(entry.lead ? [wrap(entry.lead, { width, indent })] : []),
    ...(entry.few && calculator
      ? [wrap(`${fewWords(entry.few, calculator)} as a rough guide.`, { width, indent })]
      : []),
  ];
}
