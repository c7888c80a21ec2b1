/**
 * `frameworks`: the measurement frameworks, each with its summary, or as the API's shapes.
 *
 * @module
 */
import type { Framework } from "../../catalog/records.ts";
import { type CliIo, type Command, NO_ARGUMENTS, parse } from "../command.ts";
import { paint, type TextStyle, wrap } from "../output.ts";

/** The `frameworks` command. */
export class FrameworksCommand implements Command {
  readonly name = "frameworks";
  readonly usage = "frameworks [--json]";
  readonly summary = "List the measurement frameworks";
  readonly options = { json: "boolean" } as const;
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { model, style, answer } = context;
    const all = (await model()).frameworks();
    answer(all, () => formatFrameworkList(all, style));
  }
}

/** The framework list. */
function formatFrameworkList(frameworks: Framework[], style: TextStyle): string {
  return frameworks.map((framework) =>
    `${paint(framework.slug, { style, format: "cyan" })}  ${
      paint(framework.name, { style, format: "bold" })
    }\n${wrap(framework.summary, { width: style.width, indent: "  " })}`
  ).join("\n\n") + "\n";
}
