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
  readonly summary = "Run the MCP server over stdio (for AI assistants), with report_from_data " +
    "for folders inside the client's roots";
  readonly options = {} as const;
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { catalogDir } = context;
    const catalog = await io.loadCatalog(catalogDir);
    const { importPackage } = io;
    // The tool that reads the user's own folders needs DuckDB, which the single binary lacks.
    const { registerReportTool } = await import("../mcp_report.ts");
    await io.serveMcp(catalog, {
      extend: importPackage &&
        ((server, model) => registerReportTool(server, { model, importPackage })),
    });
    return "running" as const;
  }
}
