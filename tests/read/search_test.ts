import assert from "node:assert/strict";
import { createReadModel, loadCatalog } from "../../lib/mod.ts";
import { createSearch, searchDocuments, searchOver } from "../../lib/read/search.ts";
import { QUERIES, QUESTIONS } from "../_search_queries.ts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createHandler } from "../../lib/mod.ts";
import { createMcpServer } from "../../lib/agents/mcp.ts";
import { runCli } from "../../lib/cli/main.ts";

const catalog = await loadCatalog();
const search = createSearch(catalog);

Deno.test(`search finds the expected record in the top 3 for at least 95% of ${QUERIES.length} queries`, () => {
  const misses: string[] = [];
  for (const [query, slug] of QUERIES) {
    const top = search.search(query, { limit: 3 }).map((hit) => hit.slug);
    if (!top.includes(slug)) misses.push(`"${query}" → wanted ${slug}, got ${top.join(", ")}`);
  }
  const rate = (QUERIES.length - misses.length) / QUERIES.length;
  console.log(`top-3 hit rate: ${(rate * 100).toFixed(1)}% (${misses.length} misses)`);
  for (const miss of misses) console.log(`  miss: ${miss}`);
  assert.ok(QUERIES.length >= 40);
  assert.ok(rate >= 0.95, misses.join("\n"));
});

Deno.test("search ranks an exact abbreviation match first", () => {
  for (const [query, slug] of QUERIES.slice(0, 20)) {
    assert.equal(search.search(query)[0]?.slug, slug, query);
  }
});

Deno.test("search returns hits with slug, name, type and a summary, best first", () => {
  const hits = search.search("retention");
  assert.ok(hits.length > 3);
  for (const hit of hits) {
    assert.ok(hit.slug && hit.name && hit.summary);
    assert.ok(hit.type === "metric" || hit.type === "framework");
  }
  const scores = hits.map((hit) => hit.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
});

Deno.test("search scores never increase down the returned order, for every query of the test sets", () => {
  for (const [query] of [...QUERIES, ...QUESTIONS]) {
    const scores = search.search(query, { limit: 20 }).map((hit) => hit.score);
    for (let index = 1; index < scores.length; index++) {
      assert.ok((scores[index] ?? 0) <= (scores[index - 1] ?? 0), `${query}: ${scores.join(", ")}`);
    }
  }
});

Deno.test("search respects the limit and answers empty or odd queries without throwing", () => {
  assert.equal(search.search("churn", { limit: 2 }).length, 2);
  assert.deepEqual(search.search(""), []);
  assert.deepEqual(search.search("   "), []);
  assert.deepEqual(search.search("churn", { limit: 0 }), []);
  for (const odd of ["*", "(((", "\u0000", "a".repeat(10_000), "🙂 churn", "__proto__"]) {
    assert.ok(Array.isArray(search.search(odd)), JSON.stringify(odd.slice(0, 20)));
  }
});

Deno.test("a one-word query forgives a slip or two in a name, an abbreviation or a tag", () => {
  const cases: [string, string][] = [
    ["chrun", "churn-rate"],
    ["retnetion", "retention-rate"],
    ["stickyness", "dau-mau-ratio"],
    ["activaton", "activation-rate"],
  ];
  for (const [query, slug] of cases) {
    const slugs = search.search(query, { limit: 5 }).map((hit) => hit.slug);
    assert.ok(slugs.includes(slug), `${query}: ${slugs.join(", ")}`);
  }
});

Deno.test("searching does not teach the index the query's words: a word two slips off finds its record every time", () => {
  const fresh = createSearch(catalog);
  for (let time = 0; time < 3; time++) {
    const slugs = fresh.search("chrnu", { limit: 5 }).map((hit) => hit.slug);
    assert.ok(slugs.includes("churn-rate"), `search ${time + 1}: ${slugs.join(", ")}`);
  }
});

Deno.test("a query that is a tag ranks every record with that tag above those without", () => {
  for (const tag of ["retention", "referral", "activation"]) {
    const withTag = new Set(
      catalog.metrics.filter((metric) => metric.tags.some((item) => item === tag)).map((m) =>
        m.slug
      ),
    );
    const hits = search.search(tag, { limit: 50 });
    const firsts = hits.slice(0, withTag.size).map((hit) => hit.slug);
    assert.deepEqual(new Set(firsts), withTag, `${tag}: ${firsts.join(", ")}`);
  }
});

Deno.test("a word that names a record ranks it first and drops records that only mention it in passing", () => {
  const first = (query: string) => search.search(query, { limit: 20 }).map((hit) => hit.slug);
  const activation = first("activation");
  assert.equal(activation[0], "activation-rate");
  for (const monetary of ["monthly-recurring-revenue", "customer-acquisition-cost"]) {
    assert.ok(!activation.includes(monetary), `activation: ${activation.join(", ")}`);
  }
  const onboarding = first("onboarding");
  assert.equal(onboarding[0], "onboarding-completion-rate");
  assert.ok(!onboarding.slice(0, 3).includes("gross-margin"), onboarding.join(", "));
  assert.equal(first("chrun")[0], "churn-rate");
  assert.equal(first("churn")[0], "churn-rate");
});

Deno.test("search filters by tag and shows the sentence where the words match", () => {
  const tagged = search.search("churn", { limit: 50, tag: "revenue" });
  assert.ok(tagged.length > 0);
  const revenue = new Set(
    catalog.metrics.filter((metric) => metric.tags.includes("revenue")).map((m) => m.slug),
  );
  for (const hit of tagged) assert.ok(revenue.has(hit.slug), hit.slug);
  assert.ok(!tagged.some((hit) => hit.slug === "churn-rate"));
  const [first] = search.results("chrun");
  assert.equal(first?.hit.slug, "churn-rate");
  assert.ok(first?.snippet?.words.some((word) => word.toLowerCase() === "churn"));
  assert.match(first?.snippet?.text ?? "", /churn/i);
  const [hit] = search.results("hosting");
  assert.match(hit?.snippet?.text ?? "", /hosting/);
  assert.equal(hit?.snippet?.summary, false);
});

Deno.test("an index built from searchDocuments() sent as JSON answers every query of the test set as createSearch() does", () => {
  const sent = searchOver(JSON.parse(JSON.stringify(searchDocuments(catalog))));
  for (const [query] of [...QUERIES, ...QUESTIONS]) {
    for (const options of [{ limit: 20 }, { limit: 20, tag: "revenue" as const }]) {
      assert.deepEqual(sent.results(query, options), search.results(query, options), query);
    }
  }
});

/** Each question whose metric is not in a surface's first three answers, with what came instead. */
async function questionMisses(top3: (question: string) => Promise<string[]>): Promise<string[]> {
  const misses: string[] = [];
  for (const [question, slug] of QUESTIONS) {
    const top = await top3(question);
    if (!top.includes(slug)) misses.push(`"${question}" → wanted ${slug}, got ${top.join(", ")}`);
  }
  return misses;
}

Deno.test(`each of ${QUESTIONS.length} plain-language questions finds its metric in the first three hits`, async () => {
  assert.ok(QUESTIONS.length >= 30);
  // Written from the records' own words, each question names no metric by its name.
  for (const [question, slug] of QUESTIONS) {
    const metric = catalog.metrics.find((item) => item.slug === slug);
    assert.ok(metric, slug);
    assert.ok(!question.toLowerCase().includes(metric.name.toLowerCase()), question);
  }
  const misses = await questionMisses((question) =>
    Promise.resolve(search.search(question, { limit: 3 }).map((hit) => hit.slug))
  );
  assert.deepEqual(misses, []);
});

Deno.test("the CLI's search, the /search page and the MCP search tool answer each question with its metric in the first three", async () => {
  const cli = async (question: string) => {
    let stdout = "";
    const code = await runCli(["search", question, "--limit", "3", "--json"], {
      env: () => undefined,
      stdout: (text) => stdout += text,
      stderr: () => {},
      isTerminal: false,
      loadCatalog: () => Promise.resolve(catalog),
      writeArtifact: () => Promise.reject(new Error("not used")),
      serve: () => {},
      serveMcp: () => Promise.resolve(),
    });
    assert.equal(code, 0, question);
    return (JSON.parse(stdout) as { slug: string }[]).map((hit) => hit.slug);
  };
  assert.deepEqual(await questionMisses(cli), [], "cli search");

  const handler = createHandler(catalog);
  const page = async (question: string) => {
    const response = await handler(
      new Request(`http://localhost/search?q=${encodeURIComponent(question)}`),
    );
    const html = await response.text();
    const list = html.slice(html.indexOf('<ol class="records">'));
    return [...list.matchAll(/<li><a href="\/(?:metrics|frameworks)\/([a-z0-9-]+)"/g)]
      .slice(0, 3).map((match) => match[1] ?? "");
  };
  assert.deepEqual(await questionMisses(page), [], "/search");

  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(createReadModel(catalog));
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const tool = async (question: string) => {
      const result = await client.callTool({
        name: "search",
        arguments: { query: question, limit: 3 },
      });
      const hits = (result.structuredContent as { hits: { slug: string }[] }).hits;
      return hits.map((hit) => hit.slug);
    };
    assert.deepEqual(await questionMisses(tool), [], "MCP search");
  } finally {
    await client.close();
    await server.close();
  }
});
