/**
 * `mcp`: the MCP server over stdio, for AI assistants.
 *
 * @module
 */
import type { CliIo, Command, Options } from "../command.ts";
import { NO_ARGUMENTS, parse } from "../command.ts";

/** The `mcp` command. */
export class McpCommand implements Command {
  readonly name = "mcp";
  readonly usage = "mcp";
  readonly summary = "Run the MCP server over stdio (for AI assistants)";
  readonly options: Options = {};
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo): Promise<number | "running"> {
    const context = await parse(this, args, io);
    if (context === undefined) return 0;
    const { catalogDir } = context;
    await io.serveMcp(await io.loadCatalog(catalogDir));
    return "running";
  }
}
