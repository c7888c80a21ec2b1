/**
 * `show`: every field of one metric, found by slug, name or abbreviation, or the API's shape.
 *
 * @module
 */
import { toApiMetric } from "../../catalog/records.ts";
import { type CliIo, type Command, ONE_SLUG, parseNamed } from "../command.ts";
import { formatMetric } from "../output.ts";

/** The `show` command. */
export class ShowCommand implements Command {
  readonly name = "show";
  readonly usage = "show <slug or name> [--json]";
  readonly summary = "Show every field of one metric";
  readonly options = { json: "boolean" } as const;
  arity = () => ONE_SLUG;

  async run(args: readonly string[], io: CliIo) {
    const named = await parseNamed(this, { args, io, kind: "metric" });
    if (named === undefined) return;
    const { record: metric, style, answer } = named;
    answer(toApiMetric(metric), () => formatMetric(metric, style));
  }
}
