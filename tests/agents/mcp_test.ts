import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createHandler, createReadModel, loadCatalog } from "../../lib/mod.ts";
import { citedSources } from "../../lib/catalog/citations.ts";
import { toApiMetric } from "../../lib/catalog/records.ts";
import { MCP_STDIO_TOOLS, MCP_TOOLS, stdioClient } from "../_mcp.ts";
import { FRAMEWORK_DEFAULT_FIELDS, METRIC_DEFAULT_FIELDS } from "../../lib/agents/mcp_tools.ts";
import { childEnv, ROOT, taskArgs } from "../_spawn.ts";
import { recipeText } from "../../lib/sql/recipe.ts";

const catalog = await loadCatalog();

/** A connected client, and the tools its server offers. */
type Connected = { client: Client; close: () => Promise<void>; tools: readonly string[] };

async function overStdio(): Promise<Connected> {
  // The task's own flags.
  const client = await stdioClient(Deno.execPath(), taskArgs("mcp"), { cwd: ROOT });
  return { client, close: () => client.close(), tools: MCP_STDIO_TOOLS };
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
    tools: MCP_TOOLS,
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

async function exerciseTools({ client, tools: offered }: Connected) {
  const { tools: all } = await client.listTools();
  assert.deepEqual(all.map((tool: { name: string }) => tool.name).sort(), offered);
  for (const tool of all) {
    assert.ok(tool.description && tool.description.length > 20, tool.name);
    assert.equal(tool.inputSchema.type, "object");
    assert.equal(tool.outputSchema?.type, "object", tool.name);
    assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    assert.notEqual(tool.annotations?.idempotentHint, false, tool.name);
    assert.equal(tool.annotations?.openWorldHint, false, tool.name);
  }
  const getBenchmark = all.find((tool: { name: string }) => tool.name === "get_benchmark");
  assert.deepEqual(getBenchmark?.inputSchema.required, ["slug"]);
  assert.deepEqual(Object.keys(getBenchmark?.inputSchema.properties ?? {}).sort(), [
    "per",
    "segment",
    "slug",
    "value",
  ]);

  const metric = await client.callTool({ name: "get_metric", arguments: { slug: "churn-rate" } });
  assert.equal(metric.isError, undefined);
  const churn = catalog.metrics.find((record) => record.slug === "churn-rate");
  assert.ok(churn);
  const whole = toApiMetric(churn) as unknown as Record<string, unknown>;
  assert.deepEqual(
    metric.structuredContent,
    Object.fromEntries(
      ["name", "slug", ...METRIC_DEFAULT_FIELDS].flatMap((key) =>
        key in whole ? [[key, whole[key]]] : []
      ),
    ),
  );
  // The text is the structured content as compact JSON, once.
  assert.equal(text(metric), JSON.stringify(metric.structuredContent));
  const some = await client.callTool({
    name: "get_metric",
    arguments: { slug: "churn-rate", fields: ["vanityRisk", "formula"] },
  });
  assert.deepEqual(some.structuredContent, {
    name: churn.name,
    slug: "churn-rate",
    formula: whole.formula,
    vanityRisk: whole.vanityRisk,
  });

  const benchmark = await client.callTool({
    name: "get_benchmark",
    arguments: { slug: "churn-rate" },
  });
  const benchmarks = benchmark.structuredContent as {
    benchmarks: { text: string; sources: number[] }[];
  };
  assert.deepEqual(
    benchmark.structuredContent,
    JSON.parse(JSON.stringify(createReadModel(catalog).benchmarks(churn))),
  );
  assert.match(
    text(benchmark),
    new RegExp(
      `^Customer Churn Rate \\(lower is better, a month\\): ${churn.figures?.length} benchmark`,
    ),
  );
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
  const heartRecord = catalog.frameworks.find((f) => f.slug === "heart");
  assert.ok(heartRecord);
  assert.deepEqual(heart.structuredContent, {
    name: heartRecord.name,
    slug: "heart",
    ...Object.fromEntries(FRAMEWORK_DEFAULT_FIELDS.map((key) => [key, heartRecord[key]])),
  });
  const heartExamples = await client.callTool({
    name: "get_framework",
    arguments: { slug: "heart", fields: ["examples"] },
  });
  assert.deepEqual(heartExamples.structuredContent, {
    name: heartRecord.name,
    slug: "heart",
    examples: heartRecord.examples,
  });

  const missing = await client.callTool({ name: "get_metric", arguments: { slug: "chrun-rate" } });
  assert.equal(missing.isError, true);
  assert.match(text(missing), /No metric has the slug "chrun-rate"\. Did you mean "churn-rate"/);
  const wrongKind = await client.callTool({ name: "get_framework", arguments: { slug: "aarr" } });
  assert.equal(wrongKind.isError, true);
  assert.match(text(wrongKind), /Did you mean "aarrr"/);

  const { resources } = await client.listResources();
  // 44 metrics, 4 frameworks, the schema of 3 engines, 38 recipes, their 38 ClickHouse texts
  // and the benchmark view.
  assert.equal(resources.length, 128);
  const view = resources.find((item: { uri: string }) => item.uri.startsWith("ui://"));
  assert.equal(view?.mimeType, "text/html;profile=mcp-app");
  const recipe = await client.readResource({ uri: "sql://recipes/churn-rate" });
  assert.deepEqual(recipe.contents, [{
    uri: "sql://recipes/churn-rate",
    mimeType: "application/sql",
    text: await Deno.readTextFile(new URL("../../lib/sql/recipes/churn-rate.sql", import.meta.url)),
  }]);
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
      "sql://clickhouse/recipes/{slug}",
      "sql://recipes/{slug}",
      "sql://schema/{dialect}",
    ],
  );
}

/** Exercises the tools over a new connection, and closes it whatever happens. */
async function exerciseToolsOver(connect: () => Promise<Connected>) {
  const connected = await connect();
  try {
    await exerciseTools(connected);
  } finally {
    await connected.close();
  }
}

Deno.test("the MCP server over stdio offers the six read-only tools and the resources", () =>
  exerciseToolsOver(overStdio));

Deno.test("the MCP server over Streamable HTTP at /mcp answers the same", () =>
  exerciseToolsOver(overHttp));

Deno.test("/mcp refuses a foreign Host or Origin (DNS-rebinding protection)", async () => {
  const handler = createHandler(catalog, { baseUrl: "http://localhost:8000" });
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: initialize("2025-06-18"),
  });
  const post = (headers: Record<string, string>) =>
    handler(
      new Request("http://localhost:8000/mcp", {
        method: "POST",
        body,
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
  const shouting = await post({ host: "LOCALHOST:8000", origin: "HTTP://LocalHost:8000" });
  assert.equal(shouting.status, 200, "host names compare without case");
  await shouting.body?.cancel();
});

/** Posts one JSON-RPC message to /mcp in-process and reads the JSON answer. */
async function rpc(method: string, params: Record<string, unknown>, id = 1) {
  const handler = createHandler(catalog, { baseUrl: "http://localhost:8000" });
  const response = await handler(
    new Request("http://localhost:8000/mcp", {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
    }),
  );
  assert.equal(response.status, 200, method);
  return await response.json();
}

/**
 * Calls get_benchmark in-process, checking that the text is plain lines for a reader, not the
 * JSON, which is the structured content's.
 */
async function getBenchmark(args: Record<string, unknown>) {
  const { result, error } = await rpc("tools/call", { name: "get_benchmark", arguments: args });
  assert.equal(error, undefined);
  if (!result.isError) assert.doesNotMatch(text(result), /^\{/);
  return result;
}

Deno.test("get_benchmark gives a metric's figures as data, with segment labels and its direction", async () => {
  const { isError, structuredContent } = await getBenchmark({ slug: "churn-rate" });
  assert.equal(isError, undefined);
  assert.equal(structuredContent.direction, "lower-is-better");
  assert.equal(structuredContent.comparison, undefined);
  const figures: { number: number; segment: Record<string, string>; segmentLabel: string }[] =
    structuredContent.figures;
  assert.ok(figures.length > 0);
  assert.deepEqual(figures.map((figure) => figure.number), figures.map((_, i) => i + 1));
  const b2b = figures.find((figure) => figure.segment.model === "b2b");
  assert.match(b2b?.segmentLabel ?? "", /\bB2B\b/);
  assert.deepEqual(
    structuredContent.figures.map((figure: { year: unknown }) => figure.year).slice(0, 4),
    ["undated", "undated", "undated", "undated"],
    "each figure gives its year, or says it is undated",
  );
});

Deno.test("get_benchmark gives a metric's series over the years, as data and as a line of its text", async () => {
  const result = await getBenchmark({ slug: "annual-recurring-revenue" });
  assert.equal(result.isError, undefined);
  const { series, figures } = result.structuredContent;
  assert.equal(series.length, 1);
  assert.equal(series[0].id, "chartmogul-top-quartile-arr-growth");
  assert.deepEqual(
    series[0].points.map((point: { year: number; figure: number }) => [point.year, point.figure]),
    [[2020, 7], [2021, 8], [2022, 6]],
  );
  for (const point of series[0].points) {
    const figure = figures[point.figure - 1];
    assert.equal(figure.series, series[0].id);
    assert.equal(figure.dataYear, point.year);
    assert.equal(figure.year, 2023, "the year it was published stays the report's");
    assert.equal(figure.source, series[0].source);
  }
  assert.match(
    text(result),
    /^Series over the years:\nARR growth, top quartile, SaaS companies, ARR \$1M–\$30M, 2020–2022 \(ChartMogul\): 2020 93\.4% \(#7\) → 2021 78\.9% \(#8\) → 2022 62\.1% \(#6\) \[4\]$/m,
  );
  assert.match(
    text(result),
    /^#7 93\.4% top-quartile figure a year \(ARR growth\), .*, data for 2020 \(ChartMogul, 2023\)$/m,
  );
  const none = await getBenchmark({ slug: "activation-rate" });
  assert.equal(none.structuredContent.series, undefined);
  assert.doesNotMatch(text(none), /Series over the years/);
});

Deno.test("get_benchmark compares a value with the figures for its segment, verdict first", async () => {
  const result = await getBenchmark({
    slug: "net-revenue-retention",
    value: "104%",
    segment: { customers: "mid-market", acv: 30000 },
  });
  assert.equal(result.isError, undefined);
  const { comparison } = result.structuredContent;
  assert.match(
    comparison.summary,
    /^For mid-market companies, ACV \$30,000, 104% a year meets Bessemer Venture Partners' 2019 target \(90–120% a year\)\./,
  );
  assert.equal(text(result).split("\n")[0], comparison.summary, "the text opens with the verdict");
  assert.equal(comparison.metric, "net-revenue-retention");
  assert.deepEqual(comparison.segment, { customers: "mid-market", acv: "30000" });
  const same = await getBenchmark({
    slug: "net-revenue-retention",
    value: 104,
    segment: { customers: "mid-market", acv: "30k" },
  });
  assert.deepEqual(same.structuredContent.comparison, comparison, "numbers and typed text agree");
  const yearly = await getBenchmark({ slug: "churn-rate", value: 30, per: "year" });
  assert.equal(yearly.structuredContent.comparison.per, "year");
  for (const placement of comparison.placements) {
    const figure = result.structuredContent.figures[placement.figure - 1];
    assert.equal(placement.year, figure.year, "a placement carries its figure's year");
  }
  assert.match(text(result), /^#12 meets .* \[3, 2019, old\]$/m);
  assert.match(text(result), /^old: published more than five years old\.$/m);
});

Deno.test("get_benchmark's text stays under 4 KB for the metric with the most figures", async () => {
  const largest =
    [...catalog.metrics].sort((a, b) => (b.figures?.length ?? 0) - (a.figures?.length ?? 0))[0];
  assert.ok(largest);
  const plain = await getBenchmark({ slug: largest.slug });
  const compared = await getBenchmark({ slug: largest.slug, value: 100 });
  for (const result of [plain, compared]) {
    const bytes = new TextEncoder().encode(text(result)).length;
    assert.ok(bytes <= 4096, `${largest.slug}: ${bytes} bytes of text`);
  }
  assert.ok(compared.structuredContent.comparison.placements.length > 20, "the data is all there");
});

Deno.test("get_benchmark answers bad comparison input with an error that says what is wrong", async () => {
  const unknownValue = await getBenchmark({
    slug: "churn-rate",
    value: 3,
    segment: { model: "b3b" },
  });
  assert.equal(unknownValue.isError, true);
  assert.match(text(unknownValue), /^Segment "model" takes one of .*"b2b".*, not "b3b"$/);
  const unknownKey = await getBenchmark({ slug: "churn-rate", value: 3, segment: { colour: "x" } });
  assert.equal(unknownKey.isError, true);
  assert.match(text(unknownKey), /^Unknown segment "colour" for "churn-rate"; use "/);
  const noValue = await getBenchmark({ slug: "churn-rate", segment: { model: "b2b" } });
  assert.equal(noValue.isError, true);
  assert.match(text(noValue), /give "value" too/);
  const ambiguous = await getBenchmark({ slug: "net-revenue-retention", value: 1.04 });
  assert.equal(ambiguous.isError, true);
  assert.equal(text(ambiguous), "Is 1.04 1.04% or 104%? Write the value with a % sign");
  const notNumber = await getBenchmark({ slug: "churn-rate", value: "abc" });
  assert.equal(notNumber.isError, true);
  assert.equal(text(notNumber), 'The value must be a percentage, such as "3%" or "3", not "abc"');
  const badPeriod = await getBenchmark({ slug: "churn-rate", value: 3, per: "fortnight" });
  assert.equal(badPeriod.isError, true);
  assert.equal(
    text(badPeriod),
    'The period must be one of day, week, month, quarter, year, not "fortnight"',
  );
  // Arguments outside the input schema are the SDK's invalid params (-32602), sent as a tool
  // error so that the model can correct them (MCP 2025-11-25, tool execution errors).
  const badType = await getBenchmark({ slug: "churn-rate", value: 3, per: 12 });
  assert.equal(badType.isError, true);
  assert.match(text(badType), /-32602/);
});

Deno.test("/mcp negotiates the newest protocol revision and does not promise list changes", async () => {
  const newest = await rpc("initialize", initialize("2025-11-25"));
  assert.equal(newest.result.protocolVersion, "2025-11-25");
  assert.notEqual(newest.result.capabilities.tools?.listChanged, true);
  assert.notEqual(newest.result.capabilities.resources?.listChanged, true);
  const unknown = await rpc("initialize", initialize("1999-01-01"));
  assert.equal(unknown.result.protocolVersion, "2025-11-25", "an unknown revision gets the newest");
  const older = await rpc("initialize", initialize("2024-11-05"));
  assert.equal(older.result.protocolVersion, "2024-11-05");
});

Deno.test("the SQL recipes and the schema of each engine are resources: listed by name, read as application/sql", async () => {
  const listed = (await rpc("resources/list", {})).result.resources as {
    uri: string;
    name: string;
    title: string;
    mimeType: string;
  }[];
  const sql = listed.filter((resource) => resource.uri.startsWith("sql://"));
  assert.deepEqual(sql.slice(0, 3).map((resource) => [resource.uri, resource.title]), [
    ["sql://schema/postgres", "Reference schema (PostgreSQL)"],
    ["sql://schema/duckdb", "Reference schema (DuckDB)"],
    ["sql://schema/clickhouse", "Reference schema (ClickHouse)"],
  ]);
  const folder = new URL("../../lib/sql/recipes/", import.meta.url);
  const slugs = [...Deno.readDirSync(folder)].map((entry) => entry.name.replace(/\.sql$/, ""))
    .sort();
  assert.deepEqual(
    sql.slice(3).map((resource) => resource.uri),
    [
      ...slugs.map((slug) => `sql://recipes/${slug}`),
      ...slugs.map((slug) => `sql://clickhouse/recipes/${slug}`),
    ],
  );
  const churn = sql.find((resource) => resource.uri === "sql://recipes/churn-rate");
  assert.equal(churn?.title, "Customer Churn Rate: SQL recipe");
  assert.ok(sql.every((resource) => resource.mimeType === "application/sql"));
  for (const dialect of ["postgres", "duckdb", "clickhouse"]) {
    const read = await rpc("resources/read", { uri: `sql://schema/${dialect}` });
    const file = new URL(`../../lib/sql/schema.${dialect}.sql`, import.meta.url);
    assert.deepEqual(read.result.contents, [{
      uri: `sql://schema/${dialect}`,
      mimeType: "application/sql",
      text: await Deno.readTextFile(file),
    }]);
  }
  const uri = "sql://clickhouse/recipes/conversion-rate";
  const clickhouse = await rpc("resources/read", { uri });
  assert.deepEqual(clickhouse.result.contents, [{
    uri,
    mimeType: "application/sql",
    text: recipeText(
      await Deno.readTextFile(new URL("conversion-rate.sql", folder)),
      "clickhouse",
    ),
  }]);
  assert.match(clickhouse.result.contents[0].text, /\nSETTINGS join_use_nulls = 1;\n$/);
  const tools = (await rpc("tools/list", {})).result.tools as { name: string }[];
  assert.deepEqual(tools.map((tool) => tool.name).sort(), MCP_TOOLS, "still six tools");
});

Deno.test("reading a recipe a metric lacks, an unknown one or an unknown engine is invalid params that says why", async () => {
  const cases: [string, RegExp][] = [
    ["sql://recipes/task-success-rate", /^"task-success-rate" has no SQL recipe: its attempts are/],
    [
      "sql://clickhouse/recipes/task-success-rate",
      /^"task-success-rate" has no SQL recipe: its attempts are/,
    ],
    [
      "sql://recipes/chrun-rate",
      /^No metric has the slug "chrun-rate"\. Did you mean "churn-rate"/,
    ],
    [
      "sql://schema/mysql",
      /^No reference schema for "mysql"; the engines are postgres, duckdb, clickhouse$/,
    ],
  ];
  for (const [uri, message] of cases) {
    const { error } = await rpc("resources/read", { uri });
    assert.equal(error.code, -32602, uri);
    assert.match(error.message, message, uri);
  }
});

Deno.test("reading an unknown record as a resource is invalid params with the closest slugs", async () => {
  const { error } = await rpc("resources/read", { uri: "catalog://metrics/chrun-rate" });
  assert.equal(error.code, -32602);
  assert.match(error.message, /No metric has the slug "chrun-rate"\. Did you mean "churn-rate"/);
  const framework = await rpc("resources/read", { uri: "catalog://frameworks/churn-rate" });
  assert.equal(framework.error.code, -32602);
  assert.match(framework.error.message, /"churn-rate" is a metric/);
});

Deno.test("/mcp is stateless: GET and DELETE get 405 with Allow", async () => {
  const handler = createHandler(catalog, { baseUrl: "http://localhost:8000" });
  for (const method of ["GET", "DELETE"]) {
    const response = await handler(
      new Request("http://localhost:8000/mcp", {
        method,
        headers: { accept: "text/event-stream" },
      }),
    );
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    await response.body?.cancel();
  }
});

/**
 * Posts one JSON-RPC body to an MCP HTTP handler, as a client would: with its length stated, as
 * a server hands it on, or (`stream`) as a stream of no stated length.
 */
async function post(
  handler: (request: Request) => Response | Promise<Response>,
  body: string,
  headers: Record<string, string> = {},
  { stream = false } = {},
) {
  const bytes = new TextEncoder().encode(body);
  const response = await handler(
    new Request("http://localhost:8000/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(stream ? {} : { "content-length": String(bytes.byteLength) }),
        ...headers,
      },
      body: stream ? new Blob([bytes]).stream() : bytes,
    }),
  );
  const text = await response.text();
  // A JSON answer is compared as JSON: the order of its keys says nothing.
  const json = /json/.test(response.headers.get("content-type") ?? "") && text !== ""
    ? JSON.parse(text)
    : undefined;
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    json,
    text: json === undefined ? text : "",
  };
}

/** A client's initialize, with the capabilities and description it sends. */
function initialize(protocolVersion: unknown, capabilities: unknown = {}, clientInfo: unknown = {
  name: "test",
  version: "1.0.0",
}) {
  return { protocolVersion, capabilities, clientInfo };
}

/** Requests a client sends in the normal course, and unusual ones the SDK must word. */
const SAMPLE_CALLS: [string, unknown][] = [
  ["initialize", initialize("2025-11-25")],
  ["initialize", initialize("2025-06-18", { roots: { listChanged: true }, sampling: {} })],
  ["initialize", initialize("2024-11-05", { elicitation: {} }, { name: "c", version: "2" })],
  ["initialize", initialize("1999-01-01")],
  ["initialize", initialize("2025-11-25", { roots: { listChanged: "yes" } })],
  ["initialize", initialize("2025-11-25", { elicitation: { form: 1 } })],
  ["initialize", initialize("2025-11-25", {}, { name: "no version" })],
  ["initialize", initialize(20251125)],
  ["tools/list", {}],
  ["tools/list", undefined],
  ["tools/list", { cursor: "x" }],
  ["resources/list", {}],
  ["resources/templates/list", {}],
  ["ping", undefined],
  ["ping", {}],
  ["ping", { _meta: { progressToken: 1 } }],
  ["resources/read", { uri: "catalog://metrics/churn-rate" }],
  ["resources/read", { uri: "catalog://frameworks/heart" }],
  ["resources/read", { uri: "catalog://metrics/chrun-rate" }],
  ["resources/read", { uri: "catalog://metrics/Churn-Rate" }],
  ["resources/read", { uri: "catalog://metrics/churn-rate/extra" }],
  ["resources/read", { uri: "catalog://metrics/churn%2Drate" }],
  ["resources/read", { uri: 7 }],
  ["resources/read", { uri: "sql://recipes/churn-rate" }],
  ["resources/read", { uri: "sql://schema/duckdb" }],
  ["resources/read", { uri: "sql://recipes/task-success-rate" }],
  ["resources/read", { uri: "sql://recipes/NRR" }],
  ["resources/read", { uri: "sql://schema/mysql" }],
  ["tools/call", { name: "list_metrics", arguments: {} }],
  ["tools/call", { name: "list_metrics", arguments: { tag: "retention" } }],
  ["tools/call", { name: "list_metrics", arguments: { kind: "composite" } }],
  ["tools/call", { name: "list_metrics", arguments: { tag: "nope" } }],
  ["tools/call", { name: "list_metrics" }],
  ["tools/call", { name: "get_metric", arguments: { slug: "churn-rate" } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "NRR" } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "no-such-metric" } }],
  ["tools/call", { name: "get_metric", arguments: { slug: 12 } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "" } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "churn-rate", extra: 1 } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "churn-rate" }, _meta: {} }],
  ["tools/call", { name: "search", arguments: { query: "stickiness", limit: 3 } }],
  ["tools/call", { name: "search", arguments: { query: "how do I measure retention?" } }],
  ["tools/call", { name: "search", arguments: { query: "x", limit: 0 } }],
  ["tools/call", { name: "search", arguments: { query: "x", limit: 2.5 } }],
  ["tools/call", { name: "list_frameworks", arguments: {} }],
  ["tools/call", { name: "list_frameworks" }],
  ["tools/call", { name: "get_framework", arguments: { slug: "aarrr" } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "churn-rate", fields: ["sources"] } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "churn-rate", fields: ["nope"] } }],
  ["tools/call", { name: "get_metric", arguments: { slug: "churn-rate", fields: [] } }],
  ["tools/call", { name: "get_framework", arguments: { slug: "churn-rate" } }],
  ["tools/call", { name: "get_benchmark", arguments: { slug: "churn-rate" } }],
  ["tools/call", {
    name: "get_benchmark",
    arguments: { slug: "churn-rate", value: 3, segment: { model: "b2b" } },
  }],
  ["tools/call", {
    name: "get_benchmark",
    arguments: { slug: "churn-rate", value: 30, per: "year" },
  }],
  ["tools/call", { name: "get_benchmark", arguments: { slug: "churn-rate", per: "year" } }],
  ["tools/call", { name: "get_benchmark", arguments: { slug: "churn-rate", per: "fortnight" } }],
  ["tools/call", {
    name: "get_benchmark",
    arguments: { slug: "churn-rate", value: 3, segment: { model: "x".repeat(101) } },
  }],
  ["tools/call", { name: "get_benchmark", arguments: { slug: "nps", value: 200 } }],
  ["tools/call", { name: "no_such_tool", arguments: {} }],
];

/**
 * The handler the /mcp tests ask (`route`), and a server that has answered nothing yet (`fresh`,
 * a new handler for each request): whatever a request leaves behind must not change the answer
 * to another.
 */
function routeAndFresh() {
  const options = { baseUrl: "http://localhost:8000" };
  return {
    route: createHandler(catalog, options),
    fresh: (request: Request) => createHandler(catalog, options)(request),
  };
}

Deno.test("/mcp answers every tool, resource and list call as a fresh server does: again, streamed, under another id", async () => {
  const { route, fresh } = routeAndFresh();
  for (const [index, [method, params]] of SAMPLE_CALLS.entries()) {
    const message = (id: number | string) =>
      JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    const expected = await post(fresh, message(index));
    const first = await post(route, message(index));
    const again = await post(route, message(index));
    const streamed = await post(route, message(index), {}, { stream: true });
    const otherId = await post(route, message(`call-${index}`));
    const label = `${method} ${JSON.stringify(params)}`;
    assert.deepEqual(first, expected, `${label}: after the calls before it`);
    assert.deepEqual(again, expected, `${label}: the same request again`);
    assert.deepEqual(streamed, expected, `${label}: a body of no stated length`);
    assert.equal(otherId.json.id, `call-${index}`, `${label}: its own id`);
    assert.deepEqual(
      { ...otherId.json, id: index },
      expected.json,
      `${label}: the same answer under another id`,
    );
  }
});

Deno.test("/mcp answers JSON-RPC errors, batches, notifications and header checks as a fresh server does, again", async () => {
  const { route, fresh } = routeAndFresh();
  const bodies = [
    "",
    "{not json",
    JSON.stringify({ jsonrpc: "2.0", id: 1 }),
    JSON.stringify({ jsonrpc: "1.0", id: 1, method: "tools/list" }),
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method" }),
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_metric", arguments: "x" },
    }),
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/list",
    }]),
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", extra: true }),
    JSON.stringify({ jsonrpc: "2.0", id: null, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", id: 1.5, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized", params: { x: 1 } }),
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled" }),
  ];
  const codes: unknown[] = [];
  for (const body of bodies) {
    const expected = await post(fresh, body);
    assert.deepEqual(await post(route, body), expected, body);
    assert.deepEqual(await post(route, body), expected, `${body}, again`);
    codes.push(expected.json === undefined ? expected.status : expected.json.error?.code);
  }
  assert.deepEqual(codes.slice(0, 5), [-32700, -32700, -32700, -32700, -32601]);
  assert.equal(codes[6], 202, "a notification gets 202 and no body");
  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  for (
    const headers of [
      { "mcp-protocol-version": "1999-01-01" },
      { accept: "application/json" },
      { "content-type": "text/plain" },
    ]
  ) {
    const expected = await post(fresh, ping, headers);
    assert.ok(expected.status >= 400, JSON.stringify(headers));
    assert.deepEqual(await post(route, ping, headers), expected, JSON.stringify(headers));
  }
  const large = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "search", arguments: { query: "x".repeat(300 * 1024) } },
  });
  const tooLarge = await post(route, large);
  assert.equal(tooLarge.status, 413);
  assert.deepEqual(tooLarge, await post(fresh, large));
});

Deno.test("/mcp answers arguments of the wrong shape as invalid params in one sentence", async () => {
  const notObject = await rpc("tools/call", { name: "get_metric", arguments: "churn-rate" });
  assert.deepEqual(notObject.error, {
    code: -32602,
    message: 'Invalid params: "arguments" must be an object',
  });
  const noUri = await rpc("resources/read", {});
  assert.deepEqual(noUri.error, {
    code: -32602,
    message: 'Invalid params: "uri" must be a string',
  });
  const unknown = await rpc("resources/read", { uri: "catalog://metrics/nope" });
  assert.doesNotMatch(unknown.error.message, /MCP error/, "the code is said once, by the client");
  const control = await rpc("tools/call", {
    name: "get_metric",
    arguments: { slug: "churn\u0000rate" },
  });
  assert.equal(control.result.isError, true, "a slug with a control character is not looked up");
  assert.match(control.result.content[0].text, /must not contain control characters/);
});

Deno.test("the stdio MCP server answers a line that is not JSON with -32700 and a non-message with -32600", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: taskArgs("mcp"),
    cwd: ROOT,
    env: childEnv(),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode('{not json\n{"jsonrpc":"2.0","id":1}\n'));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (output.split("\n").length < 3) {
    const { value, done } = await reader.read();
    if (done) break;
    output += value;
  }
  await writer.close();
  await reader.cancel();
  await child.status;
  const [parse, invalid] = output.trim().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(parse, {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32700, message: "Parse error" },
  });
  assert.deepEqual(invalid, {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: "Invalid Request" },
  });
});

Deno.test("the same input gives the same lead or the same one-line error on the page, the CLI and MCP", async () => {
  const { runCli } = await import("../../lib/cli/main.ts");
  type CliIo = Parameters<typeof runCli>[1];
  const handler = createHandler(catalog, { baseUrl: "http://localhost:8000" });
  const cases: { slug: string; value: string; per?: string; segment: Record<string, string> }[] = [
    { slug: "churn-rate", value: "3%", segment: { MODEL: "B2B", arpa: "$200" } },
    { slug: "churn-rate", value: "40", per: "Year", segment: {} },
    {
      slug: "net-revenue-retention",
      value: "104%",
      segment: { customers: "mid-market", acv: "30k" },
    },
    { slug: "net-revenue-retention", value: "1.04", segment: {} },
    { slug: "churn-rate", value: "3", segment: { colour: "red" } },
    { slug: "churn-rate", value: "3", per: "fortnight", segment: {} },
    { slug: "cac-payback-period", value: "14 months", segment: {} },
    { slug: "net-promoter-score", value: "10", segment: {} },
    { slug: "gross-margin", value: "62", segment: {} },
    { slug: "rule-of-40", value: "25", segment: {} },
    { slug: "gross-revenue-retention", value: "85", segment: { customers: "enterprise" } },
  ];
  for (const item of cases) {
    const query = new URLSearchParams({
      value: item.value,
      ...(item.per ? { per: item.per } : {}),
    });
    for (const [key, value] of Object.entries(item.segment)) query.append(key, value);
    const html = await (await handler(
      new Request(`http://localhost/metrics/${item.slug}/compare?${query}`),
    )).text();
    const page = (/<p class="verdict">([^<]*)<\/p>/.exec(html) ??
      /<p class="callout" role="alert">([^<]*)<\/p>/.exec(html))?.[1]
      ?.replaceAll("&#39;", "'").replaceAll("&quot;", '"');
    let out = "";
    let err = "";
    const io: CliIo = {
      stdout: (text) => out += text,
      stderr: (text) => err += text,
      env: () => undefined,
      isTerminal: false,
      loadCatalog: () => Promise.resolve(catalog),
      writeArtifact: () => Promise.reject(new Error("not used")),
      serve: () => Promise.reject(new Error("not used")),
      serveMcp: () => Promise.reject(new Error("not used")),
    };
    await runCli([
      "compare",
      item.slug,
      item.value,
      ...(item.per ? ["--per", item.per] : []),
      ...Object.entries(item.segment).flatMap(([key, value]) => ["--segment", `${key}=${value}`]),
    ], io);
    // The CLI's paragraph under the metric's name: the lead, then the hint.
    const paragraph = out.split("\n\n")[1]?.replace(/\s*\n\s*/g, " ") ?? "";
    const mcp = await getBenchmark({
      slug: item.slug,
      value: item.value,
      ...(item.per ? { per: item.per } : {}),
      ...(Object.keys(item.segment).length > 0 ? { segment: item.segment } : {}),
    });
    const said = mcp.isError ? text(mcp) : mcp.structuredContent.comparison.summary;
    const hint = mcp.isError ? undefined : mcp.structuredContent.comparison.hint;
    const cli = out ? paragraph : err.replace(/^metrics-catalog: /, "").trim();
    assert.equal(page, said, `${JSON.stringify(item)}: page and MCP`);
    assert.equal(cli, hint ? `${said} ${hint}` : said, `${JSON.stringify(item)}: CLI and MCP`);
    if (!mcp.isError) assert.equal(text(mcp).split("\n")[0], said, "MCP's text leads with it");
  }
});
