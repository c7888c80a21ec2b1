/**
 * `show`: every field of one metric, found by slug, name or abbreviation, or the API's shape.
 *
 * @module
 */
import { toApiMetric } from "../../catalog/records.ts";
import type { CliIo, Command, Options } from "../command.ts";
import { found, ONE_SLUG, parse } from "../command.ts";
import { formatMetric } from "../output.ts";

/** The `show` command. */
export class ShowCommand implements Command {
  readonly name = "show";
  readonly usage = "show <slug or name> [--json]";
  readonly summary = "Show every field of one metric";
  readonly options: Options = { json: { type: "boolean" } };
  arity = () => ONE_SLUG;

  async run(args: readonly string[], io: CliIo): Promise<number | "running"> {
    const context = await parse(this, args, io);
    if (context === undefined) return 0;
    const { positionals: [slug = ""], flag, print, printJson, model, style } = context;
    const metric = found((await model()).resolve("metric", slug), io);
    if (flag("json")) printJson(toApiMetric(metric));
    else print(formatMetric(metric, style));
    return 0;
  }
}
