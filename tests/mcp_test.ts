import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { citedSources, createHandler, loadCatalog, toApiMetric } from "../lib/mod.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const catalog = await loadCatalog();
const TOOLS = [
  "get_benchmark",
  "get_framework",
  "get_metric",
  "list_frameworks",
  "list_metrics",
  "search",
];

type Connected = { client: Client; close: () => Promise<void> };

async function overStdio(): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "--allow-read=.", "--allow-env", "cli.ts", "mcp"],
    cwd: ROOT,
    stderr: "pipe",
  });
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

async function overHttp(): Promise<Connected & { port: number }> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createHandler(catalog, { baseUrl: "http://localhost:8000" }),
  );
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.addr.port}/mcp`)),
  );
  return {
    client,
    port: server.addr.port,
    close: async () => {
      await client.close();
      await server.shutdown();
    },
  };
}

function text(result: unknown): string {
  assert.ok(result && typeof result === "object" && "content" in result);
  const content = result.content;
  assert.ok(Array.isArray(content));
  const [block] = content;
  assert.equal(block.type, "text");
  return block.text;
}

async function exerciseTools({ client }: Connected) {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool: { name: string }) => tool.name).sort(), TOOLS);
  for (const tool of tools) {
    assert.ok(tool.description && tool.description.length > 20, tool.name);
    assert.equal(tool.inputSchema.type, "object");
    assert.equal(tool.outputSchema?.type, "object", tool.name);
    assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    assert.equal(tool.annotations?.idempotentHint, true, tool.name);
    assert.equal(tool.annotations?.openWorldHint, false, tool.name);
  }

  const metric = await client.callTool({ name: "get_metric", arguments: { slug: "churn-rate" } });
  assert.equal(metric.isError, undefined);
  const churn = catalog.metrics.find((record) => record.slug === "churn-rate");
  assert.ok(churn);
  assert.deepEqual(metric.structuredContent, toApiMetric(churn));
  assert.deepEqual(JSON.parse(text(metric)), metric.structuredContent);

  const benchmark = await client.callTool({
    name: "get_benchmark",
    arguments: { slug: "churn-rate" },
  });
  const benchmarks = benchmark.structuredContent as {
    benchmarks: { text: string; sources: number[] }[];
  };
  assert.deepEqual(benchmark.structuredContent, {
    slug: "churn-rate",
    name: churn.name,
    benchmarks: benchmarks.benchmarks,
    benchmarksReviewed: churn.benchmarksReviewed,
    sources: churn.sources,
  });
  assert.deepEqual(benchmarks.benchmarks.map((figure) => figure.text), churn.benchmarks);
  assert.deepEqual(
    benchmarks.benchmarks.map((figure) =>
      citedSources(figure.text, churn.sources).map((i) => i + 1)
    ),
    benchmarks.benchmarks.map((figure) => figure.sources),
  );
  assert.ok(benchmarks.benchmarks.some((figure) => figure.sources.length > 0));

  const byAlias = await client.callTool({ name: "get_metric", arguments: { slug: "NRR" } });
  assert.equal((byAlias.structuredContent as { slug: string }).slug, "net-revenue-retention");

  const listed = await client.callTool({ name: "list_metrics", arguments: { tag: "referral" } });
  const { metrics } = listed.structuredContent as { metrics: { slug: string }[] };
  assert.deepEqual(metrics.map((item) => item.slug), [
    "net-promoter-score",
    "referral-rate",
    "viral-coefficient",
  ]);

  const found = await client.callTool({
    name: "search",
    arguments: { query: "net dollar retention", limit: 3 },
  });
  const { hits } = found.structuredContent as { hits: { slug: string; type: string }[] };
  assert.equal(hits[0]?.slug, "net-revenue-retention");
  assert.equal(hits.length, 3);

  const frameworks = await client.callTool({ name: "list_frameworks", arguments: {} });
  const list = (frameworks.structuredContent as { frameworks: { slug: string }[] }).frameworks;
  assert.equal(list.length, 4);
  const heart = await client.callTool({ name: "get_framework", arguments: { slug: "heart" } });
  assert.deepEqual(heart.structuredContent, catalog.frameworks.find((f) => f.slug === "heart"));

  const missing = await client.callTool({ name: "get_metric", arguments: { slug: "chrun-rate" } });
  assert.equal(missing.isError, true);
  assert.match(text(missing), /No metric has the slug "chrun-rate"\. Did you mean "churn-rate"/);
  const wrongKind = await client.callTool({ name: "get_framework", arguments: { slug: "aarr" } });
  assert.equal(wrongKind.isError, true);
  assert.match(text(wrongKind), /Did you mean "aarrr"/);

  const { resources } = await client.listResources();
  assert.equal(resources.length, 48);
  const resource = await client.readResource({ uri: "catalog://metrics/churn-rate" });
  const [contents] = resource.contents;
  assert.ok(contents && "text" in contents);
  assert.deepEqual(JSON.parse(String(contents.text)), toApiMetric(churn));
  const templates = await client.listResourceTemplates();
  assert.deepEqual(
    templates.resourceTemplates.map((template: { uriTemplate: string }) => template.uriTemplate)
      .sort(),
    [
      "catalog://frameworks/{slug}",
      "catalog://metrics/{slug}",
    ],
  );
}

Deno.test("the MCP server over stdio offers the six read-only tools and the resources", async () => {
  const connected = await overStdio();
  try {
    await exerciseTools(connected);
  } finally {
    await connected.close();
  }
});

Deno.test("the MCP server over Streamable HTTP at /mcp answers the same", async () => {
  const connected = await overHttp();
  try {
    await exerciseTools(connected);
  } finally {
    await connected.close();
  }
});

Deno.test("/mcp refuses a foreign Host or Origin (DNS-rebinding protection)", async () => {
  const handler = createHandler(catalog, { baseUrl: "http://localhost:8000" });
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    },
  });
  const post = (headers: Record<string, string>) =>
    handler(
      new Request("http://localhost:8000/mcp", {
        method: "POST",
        body: initialize,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      }),
    );
  const rebound = await post({ host: "attacker.example" });
  assert.equal(rebound.status, 403);
  assert.equal(rebound.headers.get("access-control-allow-origin"), "*");
  await rebound.body?.cancel();
  const foreign = await post({ host: "localhost:8000", origin: "https://attacker.example" });
  assert.equal(foreign.status, 403);
  await foreign.body?.cancel();
  const local = await post({ host: "localhost:8000" });
  assert.equal(local.status, 200);
  assert.match(await local.text(), /"serverInfo"/);
});
