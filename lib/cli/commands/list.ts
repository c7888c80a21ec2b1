/**
 * `list`: the metrics from A to Z, optionally by tag or kind, as aligned rows or as the API's
 * metric shapes.
 *
 * @module
 */
import { displayName, type MetricRecord, toApiMetric } from "../../catalog/records.ts";
import { Problem } from "../../problem.ts";
import { type CliIo, type Command, knownTag, NO_ARGUMENTS, parse } from "../command.ts";
import { paint, type TextStyle, wrap } from "../output.ts";

/** The `list` command. */
export class ListCommand implements Command {
  readonly name = "list";
  readonly usage = "list [--tag TAG] [--kind composite] [--json]";
  readonly summary = "List the metrics from A to Z, optionally by tag or kind";
  readonly options = { tag: "string", kind: "string", json: "boolean" } as const;
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { text, model, style, answer } = context;
    const tag = knownTag(text("tag"), "list");
    const kind = text("kind")?.toLowerCase();
    if (kind !== undefined && kind !== "composite") {
      throw new Problem(`--kind "${kind.slice(0, 40)}" must be "composite"`, {
        exitCode: 2,
        usage: "list",
      });
    }
    const metrics = (await model()).metrics({ tag, kind, order: "name" });
    answer(metrics.map(toApiMetric), () => formatMetricList(metrics, style));
  }
}

/** The metric list as aligned rows. */
export function formatMetricList(metrics: MetricRecord[], style: TextStyle): string {
  const slugWidth = Math.max(0, ...metrics.map((metric) => metric.slug.length));
  const hang = " ".repeat(slugWidth + 2);
  return metrics.map((metric) => {
    const name = displayName(metric);
    const tags = `[${metric.tags.join(", ")}]`;
    const slug = paint(metric.slug.padEnd(slugWidth), { style, format: "cyan" });
    // Within the width: the tags go to a line of their own when the row would be too long, and
    // on a narrow terminal the name and tags go under the slug.
    if (slugWidth + 2 + name.length + 1 + tags.length <= style.width) {
      return `${slug}  ${name} ${paint(tags, { style, format: "dim" })}`;
    }
    if (slugWidth + 2 + Math.max(name.length, tags.length) <= style.width) {
      return `${slug}  ${name}\n${hang}${paint(tags, { style, format: "dim" })}`;
    }
    return `${paint(metric.slug, { style, format: "cyan" })}\n${
      wrap(`${name} ${tags}`, { width: style.width, indent: "    " })
    }`;
  }).join("\n") + (metrics.length > 0 ? "\n" : "");
}
