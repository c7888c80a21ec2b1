import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createReadModel, loadCatalog } from "../lib/mod.ts";
import { connectMcp, createMcpServer } from "../lib/agents/mcp.ts";
import { METRIC_FIELD_NAMES, TEXT_BUDGET } from "../lib/agents/mcp_tools.ts";
import { toApiMetric } from "../lib/catalog/records.ts";
import { registerReportTool } from "../lib/cli/mcp_report.ts";

const catalog = await loadCatalog();

/**
 * A client of the server in this process, with the stdio server's report_from_data when `stdio`;
 * the caller closes it.
 */
async function connected({ stdio = false }: { stdio?: boolean } = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const model = createReadModel(catalog);
  const server = createMcpServer(model);
  if (stdio) registerReportTool(server, { model, importPackage: undefined });
  await connectMcp(server, serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

type Result = { content: { type: string; text: string }[]; structuredContent?: unknown };

/** The bytes of a result's text content, all blocks together. */
const textBytes = (result: Result) =>
  result.content.reduce((sum, block) => sum + bytes(block.text), 0);

Deno.test("tools/list is at most 12 KB, and keeps every input description and output's shape", async () => {
  const stdio = await connected({ stdio: true });
  try {
    const size = bytes(JSON.stringify(await stdio.listTools()));
    assert.ok(size <= 12 * 1024, `tools/list over stdio, with report_from_data: ${size} bytes`);
  } finally {
    await stdio.close();
  }
  const client = await connected();
  try {
    const list = await client.listTools();
    const size = bytes(JSON.stringify(list));
    assert.ok(size <= 12 * 1024, `tools/list: ${size} bytes`);
    for (const tool of list.tools) {
      assert.ok((tool.description ?? "").length > 40, tool.name);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok((property as { description?: string }).description, `${tool.name}.${name}`);
      }
      assert.equal(tool.outputSchema?.type, "object", tool.name);
      assert.ok(
        (tool.outputSchema?.required ?? []).includes("name") || tool.name.startsWith("list_") ||
          tool.name === "search",
        tool.name,
      );
    }
    // The client checks each answer against the listed output schema: a lean one still holds.
    for (
      const [name, args] of [
        ["get_benchmark", { slug: "churn-rate", value: "3%", segment: { model: "b2b" } }],
        ["get_metric", { slug: "churn-rate", fields: ["benchmarks", "whatToWatch", "sources"] }],
        ["get_framework", { slug: "aarrr" }],
        ["list_metrics", {}],
        ["search", { query: "churn" }],
      ] as const
    ) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal(result.isError, undefined, `${name}: ${JSON.stringify(result.content)}`);
      assert.ok(result.structuredContent, name);
    }
  } finally {
    await client.close();
  }
});

Deno.test("every tool's text is compact, at most 8 KB for every record, list_metrics at most 12 KB", async () => {
  const client = await connected();
  try {
    const call = async (name: string, args: Record<string, unknown>) =>
      await client.callTool({ name, arguments: args }) as Result;
    const largest: Record<string, { bytes: number; call: string }> = {};
    const measure = async (name: string, args: Record<string, unknown>, limit = TEXT_BUDGET) => {
      const result = await call(name, args);
      const size = textBytes(result);
      const label = `${name} ${JSON.stringify(args)}`;
      assert.ok(size <= limit, `${label}: ${size} bytes of text`);
      assert.equal(result.content.length, 1, `${label}: one text block`);
      const [block] = result.content;
      assert.doesNotMatch(block?.text ?? "", /\n {2}"/, `${label}: no indented JSON`);
      if (size > (largest[name]?.bytes ?? 0)) largest[name] = { bytes: size, call: label };
    };
    await measure("list_metrics", {}, 12 * 1024);
    await measure("list_frameworks", {});
    for (const metric of catalog.metrics) {
      await measure("get_metric", { slug: metric.slug });
      await measure("get_metric", { slug: metric.slug, fields: [...METRIC_FIELD_NAMES] });
      await measure("get_benchmark", { slug: metric.slug });
      await measure("search", { query: metric.name, limit: 20 });
      await measure("search", { query: metric.definition.slice(0, 200), limit: 20 });
    }
    for (const framework of catalog.frameworks) {
      await measure("get_framework", { slug: framework.slug });
      await measure("get_framework", {
        slug: framework.slug,
        fields: ["howItWorks", "implementation", "examples", "whenToAvoid", "pairsWith"],
      });
    }
    for (
      const [slug, value] of [
        ["net-revenue-retention", "104%"],
        ["churn-rate", "3%"],
        ["customer-acquisition-cost", "$400"],
        ["dau-mau-ratio", "25%"],
      ]
    ) await measure("get_benchmark", { slug, value });
    console.log(
      Object.entries(largest).map(([name, { bytes, call }]) => `${name}: ${bytes} B (${call})`)
        .join("\n"),
    );
  } finally {
    await client.close();
  }
});

Deno.test("get_metric answers every field across calls: those that do not fit are named in moreFields", async () => {
  const client = await connected();
  try {
    for (const metric of catalog.metrics) {
      const whole = toApiMetric(metric) as unknown as Record<string, unknown>;
      const gathered: Record<string, unknown> = {};
      let asked: string[] = [...METRIC_FIELD_NAMES];
      for (let round = 0; asked.length > 0; round++) {
        assert.ok(round < METRIC_FIELD_NAMES.length, metric.slug);
        const result = await client.callTool({
          name: "get_metric",
          arguments: { slug: metric.slug, fields: asked },
        });
        const { moreFields = [], ...part } = result.structuredContent as {
          moreFields?: string[];
        };
        assert.ok(moreFields.length < asked.length, `${metric.slug}: no progress`);
        Object.assign(gathered, part);
        asked = moreFields;
      }
      assert.deepEqual(gathered, whole, metric.slug);
    }
  } finally {
    await client.close();
  }
});

Deno.test("docs/mcp.md states the resource count the server lists", async () => {
  const client = await connected();
  try {
    const { resources } = await client.listResources();
    const docs = await Deno.readTextFile(new URL("../docs/mcp.md", import.meta.url));
    const stated = [...docs.matchAll(/`resources\/list` lists all (\d+)/g)].map((m) =>
      Number(m[1])
    );
    assert.deepEqual(stated, [resources.length]);
  } finally {
    await client.close();
  }
});
