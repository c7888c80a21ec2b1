/**
 * `compare`: where a reader's value (or one computed from their data, `--data`) stands against a
 * metric's benchmark figures, for their segment and period; its help lists the segment keys.
 *
 * @module
 */
import { Problem } from "../../problem.ts";
import { type CompareInput, compareValue, segmentChoices } from "../../read/compare.ts";
import type { ReadModel } from "../../read/model.ts";
import {
  type CliIo,
  type Command,
  type Context,
  found,
  parse,
  type Parsed,
  TOOL,
} from "../command.ts";
import { DATA_DETAILS, DATA_OPTION, fromData, givesData } from "../from_data.ts";
import { dataJson, formatComparison, formatFromData } from "../output.ts";

/** The `compare` command. */
export class CompareCommand implements Command {
  readonly name = "compare";
  readonly usage =
    "compare <slug or name> <value> | --data DIR [--per PERIOD] [--segment key=value …] " +
    "[--json]";
  readonly listed = "compare <slug or name> <value> [options]";
  readonly summary = "Where your value stands against a metric's benchmark figures, with their " +
    "sources, and why any figure is not compared";
  readonly details = [
    "Options:",
    "  --per PERIOD         The period your value is quoted per: day, week, month, quarter or " +
    "year (the metric's own when left out); month and year convert where the metric states how",
    "  --segment key=value  Your segment, once per key, such as model=b2b, acv=30k or arpa=$200 " +
    "(a band key takes a number); a figure that names no value for a key still applies, as a " +
    "broader one; figures for another segment are listed apart, not compared",
    "  --json               Print the comparison as JSON",
    DATA_OPTION,
    "",
    "The value is read as typed: 3, 3% and 3 % are 3%; $200, 200 and 0.2k are $200; a " +
    'percentage between 0 and 2 with a decimal part (1.04) must carry its % sign ("104%" ' +
    'or "1.04%")',
    "",
    ...DATA_DETAILS,
    "",
    `Example: ${TOOL} compare churn-rate 3% --segment model=b2b --segment arpa=200`,
    `From your data: ${TOOL} compare churn-rate --data exports/ --period-start 2024-03-01`,
    `The segment keys of one metric: ${TOOL} compare <slug> --help`,
  ];
  readonly options = { per: "string", segment: "string", json: "boolean", data: "string" } as const;
  openOptions = givesData;

  arity({ values }: Parsed) {
    return values.has("data")
      ? { min: 1, max: 1, says: "takes exactly one slug with --data, which gives the value" }
      : { min: 2, max: 2, says: "takes a slug and a value" };
  }

  async moreHelp({ model, positionals }: Context): Promise<string> {
    return segmentHelp(await model(), positionals[0]);
  }

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { positionals, repeated, text, model, style, answer } = context;
    const data = text("data");
    if (data !== undefined && text("per") !== undefined) {
      throw new Problem(
        "--per does not go with --data: the value is per the period the recipe counts",
        { exitCode: 2 },
      );
    }
    const input = compareInput(positionals[1] ?? "", text("per"), repeated.get("segment") ?? []);
    const read = await model();
    const metric = found(read.resolve("metric", positionals[0] ?? ""), io);
    const computed = data === undefined
      ? undefined
      : await fromData(metric, context, { folder: data, own: ["segment"], read });
    if (computed) {
      input.value = computed.calculation.value;
      const { per } = metric.calculator?.result ?? {};
      if (per !== undefined) input.counted = computed.run.counted;
      if (per !== undefined && input.counted === undefined) input.per = per;
    }
    const segments = read.vocabulary();
    const comparison = compareValue(metric, input, { segments });
    answer(
      computed ? { ...comparison, data: dataJson(computed.run, metric) } : comparison,
      () =>
        (computed ? `${formatFromData(computed.run, style, { metric })}\n` : "") +
        formatComparison(comparison, style, { metric, segments }),
    );
  }
}

/**
 * The segment keys `compare --help` lists: a metric's keys with their values when a slug is
 * given, else each metric's keys on a line.
 */
function segmentHelp(model: ReadModel, slug: string | undefined): string {
  const vocabulary = model.vocabulary();
  if (slug !== undefined) {
    const lookup = model.resolve("metric", slug);
    if (!lookup.ok) return lookup.notFound.message;
    const choices = segmentChoices(lookup.record, vocabulary);
    if (choices.length === 0) return `${lookup.record.slug} takes no segment.`;
    return [
      `Segment keys of ${lookup.record.slug}:`,
      ...choices.map((choice) =>
        `  ${choice.key.padEnd(10)}  ${choice.label}: ${
          choice.band ? "a number in US dollars, or " : ""
        }${choice.values.map((value) => value.slug).join(", ")}`
      ),
    ].join("\n");
  }
  const rows = model.metrics().flatMap((metric) => {
    const keys = segmentChoices(metric, vocabulary).map((choice) => choice.key);
    return keys.length > 0 ? [`  ${metric.slug.padEnd(34)}  ${keys.join(", ")}`] : [];
  });
  return ["Segment keys by metric (their values: compare <slug> --help):", ...rows].join("\n");
}

/**
 * What `compare` places: the value as typed, the period it is quoted per and the segment from
 * `key=value` pairs. A pair that is not one is a usage problem, without usage.
 */
function compareInput(
  value: string,
  per: string | undefined,
  pairs: readonly string[],
): CompareInput {
  // The period and the segment are read by compareValue, which words their errors for every surface.
  const segment = new Map<string, string>();
  for (const pair of pairs) {
    const [key = "", wanted = ""] = pair.toLowerCase().split(/=(.*)/s).map((part) => part.trim());
    if (key === "" || wanted === "") {
      throw new Problem(`--segment "${pair.slice(0, 40)}" must be key=value, such as model=b2b`, {
        exitCode: 2,
      });
    }
    if (segment.has(key)) {
      throw new Problem(`Give segment "${key.slice(0, 40)}" once`, { exitCode: 2 });
    }
    segment.set(key, wanted);
  }
  return { value, per, segment: Object.fromEntries(segment) };
}
