/**
 * `framework`: every field of one framework, its components naming their metrics, or the API's
 * shape.
 *
 * @module
 */
import { type CliIo, type Command, ONE_SLUG, parseNamed } from "../command.ts";
import { formatFramework } from "../output.ts";

/** The `framework` command. */
export class FrameworkCommand implements Command {
  readonly name = "framework";
  readonly usage = "framework <slug or name> [--json]";
  readonly summary = "Show every field of one framework";
  readonly options = { json: "boolean" } as const;
  arity = () => ONE_SLUG;

  async run(args: readonly string[], io: CliIo) {
    const named = await parseNamed(this, { args, io, kind: "framework" });
    if (named === undefined) return;
    const { record, read, style, answer } = named;
    answer(record, () => formatFramework(record, style, { metricNames: read.names("metric") }));
  }
}
