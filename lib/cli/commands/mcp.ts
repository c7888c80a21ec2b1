/**
 * `mcp`: the MCP server over stdio, for AI assistants.
 *
 * @module
 */
import { type CliIo, type Command, NO_ARGUMENTS, parse } from "../command.ts";

/** The `mcp` command. */
export class McpCommand implements Command {
  readonly name = "mcp";
  readonly usage = "mcp";
  readonly summary = "Run the MCP server over stdio (for AI assistants)";
  readonly options = {} as const;
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, args, io);
    if (context === undefined) return;
    const { catalogDir } = context;
    await io.serveMcp(await io.loadCatalog(catalogDir));
    return "running" as const;
  }
}
