/**
 * `calc`: a metric computed from the inputs typed as options (or from the reader's data,
 * `--data`), its formula with the numbers, and where it stands; with a slug alone, the inputs it
 * takes; alone, the metrics that have a calculator.
 *
 * @module
 */
import { calculate } from "../../read/calculate.ts";
import { type CliIo, type Command, found, parse, type Parsed, TOOL } from "../command.ts";
import { DATA_DETAILS, DATA_OPTION, fromData } from "../from_data.ts";
import { dataJson, formatCalculation, formatCalculatorInputs, formatFromData } from "../output.ts";
import { formatMetricList } from "./list.ts";

/** The `calc` command. */
export class CalcCommand implements Command {
  readonly name = "calc";
  readonly usage =
    "calc [<slug or name> [--INPUT VALUE …] | --data DIR [--PARAMETER VALUE …]] [--json]";
  readonly listed = "calc <slug or name> [--INPUT VALUE …]";
  readonly summary =
    "Compute a metric from its inputs, show the formula with your numbers, and place " +
    "the result against the benchmark figures; without inputs, list the inputs; alone, list " +
    "the metrics it computes";
  readonly details = [
    "Each input is an option named as the metric's calculator names it; percentages are typed " +
    "as numbers (12 for 12%).",
    "",
    "Options:",
    "  --json               Print the result as JSON",
    DATA_OPTION,
    "",
    ...DATA_DETAILS,
    "",
    `Example: ${TOOL} calc churn-rate --lost 90 --start 2000`,
    `From your data: ${TOOL} calc net-revenue-retention --data exports/`,
  ];
  readonly options = { json: "boolean", data: "string" } as const;
  openOptions = () => true;

  arity({ values }: Parsed) {
    return [...values.keys()].some((key) => key !== "json")
      ? { min: 1, max: 1, says: "takes exactly one slug" }
      : { min: 0, max: 1, says: "takes one slug, or none to list the metrics it computes" };
  }

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { positionals, values, text, model, style, answer } = context;
    const read = await model();
    const segments = read.vocabulary();
    if (positionals.length === 0) {
      const metrics = read.metrics({ order: "name" }).filter((metric) => metric.calculator);
      answer(
        metrics.map((metric) => ({ metric: metric.slug, ...metric.calculator })),
        () =>
          `Metrics with a calculator (their inputs: ${TOOL} calc <slug>):\n\n` +
          formatMetricList(metrics, style),
      );
      return;
    }
    const metric = found(read.resolve("metric", positionals[0] ?? ""), io);
    const data = text("data");
    if (data !== undefined) {
      const { run, calculation } = await fromData(metric, context, { folder: data, own: [], read });
      answer(
        { ...calculation, data: dataJson(run, metric) },
        () =>
          `${formatFromData(run, style, { metric })}\n` +
          formatCalculation(calculation, style, { metric, segments }),
      );
      return;
    }
    const typed: Record<string, string> = {};
    for (const [key, value] of values) {
      // --gross-margin and --grossMargin name the same input.
      const name = key.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
      if (key !== "json" && typeof value === "string") typed[name] = value;
    }
    if (metric.calculator && Object.keys(typed).length === 0) {
      answer(
        { metric: metric.slug, ...metric.calculator },
        () => formatCalculatorInputs(metric, style),
      );
      return;
    }
    const calculation = calculate(metric, typed, { segments });
    answer(calculation, () => formatCalculation(calculation, style, { metric, segments }));
  }
}
