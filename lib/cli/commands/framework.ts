/**
 * `framework`: every field of one framework, its components naming their metrics, or the API's
 * shape.
 *
 * @module
 */
import type { CliIo, Command, Options } from "../command.ts";
import { found, ONE_SLUG, parse } from "../command.ts";
import { formatFramework } from "../output.ts";

/** The `framework` command. */
export class FrameworkCommand implements Command {
  readonly name = "framework";
  readonly usage = "framework <slug or name> [--json]";
  readonly summary = "Show every field of one framework";
  readonly options: Options = { json: { type: "boolean" } };
  arity = () => ONE_SLUG;

  async run(args: readonly string[], io: CliIo): Promise<number | "running"> {
    const context = await parse(this, args, io);
    if (context === undefined) return 0;
    const { positionals: [slug = ""], flag, print, printJson, model, style } = context;
    const read = await model();
    const record = found(read.resolve("framework", slug), io);
    if (flag("json")) printJson(record);
    else {
      print(formatFramework(record, style, { metricNames: read.names("metric") }));
    }
    return 0;
  }
}
