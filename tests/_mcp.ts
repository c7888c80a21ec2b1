/**
 * What the MCP tests share: the tools every server offers, and a client of a server started over
 * stdio.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { pathToFileURL } from "node:url";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { childEnv } from "./_spawn.ts";

/** The MCP tools every server offers, by name in sorted order. */
export const MCP_TOOLS = [
  "get_benchmark",
  "get_framework",
  "get_metric",
  "list_frameworks",
  "list_metrics",
  "search",
];

/** The tools a server over stdio offers where it can load DuckDB: the six, and the scorecard. */
export const MCP_STDIO_TOOLS = [...MCP_TOOLS, "report_from_data"].sort();

/**
 * An MCP client connected to `command args` over stdio; the caller closes it. The server gets an
 * explicit environment (`childEnv` and `env`): the SDK passes it only a few variables of its own
 * choosing otherwise, and drops DENO_DIR.
 */
export async function stdioClient(
  command: string,
  args: string[],
  { cwd, env = {}, roots }: {
    cwd: string;
    env?: Record<string, string>;
    /** The folders the client declares as its roots; without, it declares no roots. */
    roots?: readonly string[];
  },
): Promise<Client> {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd,
    env: childEnv(env),
    stderr: "pipe",
  });
  const client = new Client(
    { name: "test", version: "1.0.0" },
    roots ? { capabilities: { roots: {} } } : {},
  );
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((folder) => ({ uri: pathToFileURL(folder).href, name: folder })),
    }));
  }
  await client.connect(transport);
  return client;
}
