/**
 * `mcp`: the MCP server over stdio, for AI assistants.
 *
 * @module
 */
import { type Command, type Context, NO_ARGUMENTS } from "../command.ts";

/** The `mcp` command. */
export class McpCommand implements Command {
  readonly name = "mcp";
  readonly usage = "mcp";
  readonly summary = "Run the MCP server over stdio (for AI assistants)";
  readonly options = {} as const;
  arity = () => NO_ARGUMENTS;

  async run({ catalogDir, io }: Context) {
    await io.serveMcp(await io.loadCatalog(catalogDir));
    return "running" as const;
  }
}
