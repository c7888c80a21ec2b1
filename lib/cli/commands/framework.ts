/**
 * `framework`: every field of one framework, its components naming their metrics, or the API's
 * shape.
 *
 * @module
 */
import { type CliIo, type Command, found, ONE_SLUG, parse } from "../command.ts";
import { formatFramework } from "../output.ts";

/** The `framework` command. */
export class FrameworkCommand implements Command {
  readonly name = "framework";
  readonly usage = "framework <slug or name> [--json]";
  readonly summary = "Show every field of one framework";
  readonly options = { json: "boolean" } as const;
  arity = () => ONE_SLUG;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { positionals: [slug = ""], model, style, answer } = context;
    const read = await model();
    const record = found(read.resolve("framework", slug), io);
    answer(record, () => formatFramework(record, style, { metricNames: read.names("metric") }));
  }
}
