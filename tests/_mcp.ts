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

/** An MCP server's command as a client's configuration gives it. */
export interface ServerConfig {
  command: string;
  args: string[];
}

/** The folder docs/mcp.md's configurations stand for a checkout with. */
export const CHECKOUT_PLACEHOLDER = "/path/to/metrics-catalog";

/**
 * The servers of docs/mcp.md's `mcpServers` blocks, in order, with the checkout placeholder
 * replaced by `checkout` (a path without a trailing slash).
 */
export async function documentedServers(checkout: string): Promise<ServerConfig[]> {
  const markdown = await Deno.readTextFile(new URL("../docs/mcp.md", import.meta.url));
  return [...markdown.matchAll(/^```json\n([\s\S]*?)^```/gm)]
    .map((block) => JSON.parse(block[1] ?? "{}"))
    .filter((config) => config.mcpServers)
    .flatMap((config) => Object.values(config.mcpServers) as ServerConfig[])
    .map(({ command, args }) => ({
      command: command.replaceAll(CHECKOUT_PLACEHOLDER, checkout),
      args: args.map((arg) => arg.replaceAll(CHECKOUT_PLACEHOLDER, checkout)),
    }));
}

/** Calls get_metric on a connected client and checks it answers the metric; closes the client. */
export async function callsATool(client: Client): Promise<void> {
  try {
    const result = await client.callTool({ name: "get_metric", arguments: { slug: "churn-rate" } });
    if (result.isError) throw new Error(`get_metric failed: ${JSON.stringify(result.content)}`);
    const metric = result.structuredContent as { slug?: string } | undefined;
    if (metric?.slug !== "churn-rate") throw new Error(`get_metric answered ${metric?.slug}`);
  } finally {
    await client.close();
  }
}
