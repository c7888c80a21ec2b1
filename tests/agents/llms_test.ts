import assert from "node:assert/strict";
import { createHandler, loadCatalog } from "../../lib/mod.ts";
import { metricBenchmarks } from "../../lib/read/model.ts";
import { WITHOUT_RECIPE } from "../../lib/sql/recipe.ts";
import { recipes, withoutRecipe } from "../../lib/read/recipes.ts";

const BASE = "https://metrics.example";
const catalog = await loadCatalog();
const handler = createHandler(catalog, { baseUrl: BASE });
const get = (path: string) => Promise.resolve(handler(new Request(`http://127.0.0.1${path}`)));

interface ParsedLlms {
  title: string;
  summary: string | undefined;
  info: string;
  sections: Map<string, { title: string; url: string; desc: string | undefined }[]>;
}

/**
 * Parses an llms.txt file with the rules of the llmstxt.org reference parser: an H1 title, an
 * optional blockquote summary, free text, then `## ` sections whose lines are
 * `- [title](url): description` links. Throws where the file breaks the format.
 */
function parseLlmsTxt(text: string): ParsedLlms {
  const [head = "", ...rest] = text.split(/^##\s*(.*?)$/m);
  const title = /^# (.+)$/m.exec(head);
  assert.ok(title, "an H1 title is required");
  assert.equal(head.trimStart().indexOf("# "), 0, "the H1 comes first");
  const afterTitle = head.slice(head.indexOf(title[0]) + title[0].length);
  const summary = /^\s*>\s*(.+)$/m.exec(afterTitle);
  const info = afterTitle.replace(/^\s*>.*$/m, "").trim();
  assert.ok(!/^#\s/m.test(info), "no other headings before the first H2");
  const sections = new Map<string, { title: string; url: string; desc: string | undefined }[]>();
  for (let index = 0; index < rest.length; index += 2) {
    const name = rest[index] ?? "";
    const body = rest[index + 1] ?? "";
    const links = [];
    for (const line of body.split("\n").map((item) => item.trim()).filter(Boolean)) {
      const link = /^-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?$/.exec(line);
      assert.ok(link?.groups, `section "${name}" has a line that is not a link: ${line}`);
      links.push({
        title: link.groups.title ?? "",
        url: link.groups.url ?? "",
        desc: link.groups.desc,
      });
    }
    sections.set(name, links);
  }
  return { title: title[1] ?? "", summary: summary?.[1], info, sections };
}

Deno.test("/llms.txt follows the llmstxt.org format with absolute links to every record", async () => {
  const response = await get("/llms.txt");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  const parsed = parseLlmsTxt(await response.text());
  assert.equal(parsed.title, "Metrics Catalog");
  assert.match(parsed.summary ?? "", /44 product and growth metrics and 4/);
  const names = [...parsed.sections.keys()];
  assert.equal(names.at(-1), "Optional");
  const urls = [...parsed.sections.values()].flat().map((link) => link.url);
  for (const url of urls) assert.ok(url.startsWith(`${BASE}/`), url);
  for (const metric of catalog.metrics) {
    assert.ok(urls.includes(`${BASE}/metrics/${metric.slug}`), metric.slug);
    assert.ok(urls.includes(`${BASE}/metrics/${metric.slug}.md`), metric.slug);
    assert.ok(urls.includes(`${BASE}/api/metrics/${metric.slug}`), metric.slug);
  }
  for (const framework of catalog.frameworks) {
    assert.ok(urls.includes(`${BASE}/frameworks/${framework.slug}`), framework.slug);
    assert.ok(urls.includes(`${BASE}/api/frameworks/${framework.slug}`), framework.slug);
  }
  assert.ok(urls.includes(`${BASE}/llms-full.txt`));
});

Deno.test("/llms.txt lists the metrics A to Z by the name people see", async () => {
  const text = await (await get("/llms.txt")).text();
  const section = text.split("## Metrics")[1]?.split("## ")[0] ?? "";
  const names = [...section.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1] ?? "");
  assert.equal(names.length, catalog.metrics.length);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
  );
  assert.ok(names[0]?.startsWith("Activation Rate"), names[0]);
});

Deno.test("/llms.txt links the SQL schema of each engine, the recipes' index and every recipe, by metric name", async () => {
  const parsed = parseLlmsTxt(await (await get("/llms.txt")).text());
  const links = parsed.sections.get("SQL recipes") ?? [];
  const urls = links.map((link) => link.url);
  assert.deepEqual(urls.slice(0, 5), [
    `${BASE}/sql`,
    `${BASE}/sql/schema.postgres.sql`,
    `${BASE}/sql/schema.duckdb.sql`,
    `${BASE}/sql/schema.clickhouse.sql`,
    `${BASE}/sql/index.json`,
  ]);
  const withRecipe = catalog.metrics.filter((metric) =>
    metric.calculator && !Object.hasOwn(WITHOUT_RECIPE, metric.slug)
  );
  assert.equal(links.length - 5, withRecipe.length);
  for (const metric of withRecipe) {
    const link = links.find((item) => item.url === `${BASE}/sql/${metric.slug}.sql`);
    assert.equal(link?.title, metric.name, metric.slug);
    assert.match(link?.desc ?? "", /MIT licence/, metric.slug);
  }
  assert.match(parsed.info, /The SQL recipes and their schema are code, under the MIT licence\./);
});

Deno.test("every link of /llms.txt is an address the site answers", async () => {
  const parsed = parseLlmsTxt(await (await get("/llms.txt")).text());
  for (const { url } of [...parsed.sections.values()].flat()) {
    const response = await get(url.slice(BASE.length));
    assert.equal(response.status, 200, url);
    await response.body?.cancel();
  }
});

Deno.test("the llms.txt parser in this test rejects a file that breaks the format", () => {
  assert.throws(() => parseLlmsTxt("no title\n## Links\n- [a](https://x)"));
  assert.throws(() => parseLlmsTxt("# T\n\n## Links\n\nnot a link line\n"));
});

// Every field of every record on /llms-full.txt: tests/fields_test.ts walks the API records.
Deno.test("/llms-full.txt carries the licence, each metric's review date and numbered citations", async () => {
  const response = await get("/llms-full.txt");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
  const text = await response.text();
  assert.match(text, /CC BY 4\.0 \(https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/\)/);
  for (const metric of catalog.metrics) {
    if (metric.benchmarks) {
      assert.ok(text.includes(`Benchmarks last reviewed: ${metric.benchmarksReviewed}.`));
    }
  }
  const cited = catalog.metrics.flatMap((metric) => metricBenchmarks(metric).benchmarks)
    .filter((figure) => figure.sources.length > 0);
  assert.ok(cited.length > 100, `${cited.length} cited figures`);
  for (const figure of cited) {
    const numbers = figure.sources.map((number) => `[${number}]`).join(", ");
    assert.ok(text.includes(`${figure.text} Sources: ${numbers}.`), figure.text.slice(0, 60));
  }
});

Deno.test("the Markdown copies and /llms-full.txt carry each metric's recipe after its formula, or why it has none", async () => {
  const full = await (await get("/llms-full.txt")).text();
  assert.match(full, /The SQL recipes in it are code, under the MIT licence\./);
  for (const metric of catalog.metrics) {
    const copy = await (await get(`/metrics/${metric.slug}.md`)).text();
    const headings = [...copy.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.equal(
      headings[headings.indexOf("Formula") + 1],
      "Compute it from your data",
      metric.slug,
    );
    const section = copy.split("## Compute it from your data\n\n")[1]?.split("\n## ")[0] ?? "";
    const recipe = recipes().get(metric.slug);
    if (recipe === undefined) {
      assert.match(
        section,
        /^No query computes it from the reference schema \(https:\/\/metrics\.example\/sql\): /,
      );
      assert.ok(section.includes(withoutRecipe(metric)), metric.slug);
      continue;
    }
    assert.ok(section.includes(`\`\`\`sql\n${recipe.text.trimEnd()}\n\`\`\``), metric.slug);
    assert.ok(section.includes(`${BASE}/sql/${metric.slug}.sql`), metric.slug);
    for (const parameter of recipe.parameters) {
      assert.ok(section.includes(`- \`:${parameter.name}\` (${parameter.type}): `), metric.slug);
    }
    // llms-full.txt holds the same section, its headings one level down.
    assert.ok(full.includes(`### Compute it from your data\n\n${section.trimEnd()}`), metric.slug);
  }
});

Deno.test("every page has a Markdown copy at its address plus .md", async () => {
  for (const metric of catalog.metrics) {
    const response = await get(`/metrics/${metric.slug}.md`);
    assert.equal(response.status, 200, metric.slug);
    assert.equal(response.headers.get("content-type"), "text/markdown; charset=utf-8");
    const text = await response.text();
    assert.ok(text.startsWith(`# ${metric.name}`));
    assert.ok(text.includes(metric.definition));
  }
  for (const framework of catalog.frameworks) {
    const response = await get(`/frameworks/${framework.slug}.md`);
    assert.equal(response.status, 200, framework.slug);
    assert.ok((await response.text()).startsWith(`# ${framework.name}`));
  }
  const missing = await get("/metrics/no-such-metric.md");
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
});

Deno.test("llms-full.txt and the Markdown copies table each metric's figures after the sentences", async () => {
  const handler = createHandler(await loadCatalog(), { baseUrl: "https://metrics.example" });
  const markdown = await (await handler(
    new Request("https://metrics.example/metrics/churn-rate.md"),
  )).text();
  const table = markdown.indexOf("| # | Figure | Statistic | Per | Segment | Year | Source |");
  assert.ok(table > markdown.indexOf("Across more than 1,500 subscription sites"));
  assert.match(
    markdown,
    /\| 4 \| 6\.8% \| median \| month \| SaaS companies, ARPA \$0–10 a month \| undated \| \[3\] \|/,
  );
  assert.match(markdown, /\| 9 \| ≤ 2% \| “target for the best companies” mark \| month \|/);
  assert.match(markdown, /\| 12 \| 20–40% \| .* \| 2020 \| \[7\] \|/);
  const full = await (await handler(new Request("https://metrics.example/llms-full.txt"))).text();
  assert.match(full, /\| 4 \| 6\.8% \| median \| month \| SaaS companies, ARPA \$0–10 a month \|/);
  const map = await (await handler(new Request("https://metrics.example/llms.txt"))).text();
  assert.match(map, /\[Benchmark figures \(CSV\)\]\(https:\/\/metrics\.example\/benchmarks\.csv\)/);
  const home = await (await handler(new Request("https://metrics.example/"))).text();
  assert.match(home, /<a href="\/benchmarks\.csv" type="text\/csv">CSV<\/a>/);
});

Deno.test("a metric's Markdown copy lists its series over the years and each figure's data year", async () => {
  const withSeries = catalog.metrics.filter((metric) =>
    (metric.figures ?? []).some((figure) => figure.series !== undefined)
  );
  assert.ok(withSeries.length > 0);
  for (const metric of withSeries) {
    const copy = await (await get(`/metrics/${metric.slug}.md`)).text();
    const list = copy.split("\nOver the years:\n\n")[1]?.split("\n\n")[0] ?? "";
    const series = metricBenchmarks(metric).series ?? [];
    assert.equal(list.split("\n").length, series.length, metric.slug);
    for (const item of series) {
      const points = item.points.map((point) =>
        `${point.year} ${point.written} (#${point.figure})`
      );
      assert.ok(list.includes(`${points.join(" → ")} [${item.source}]`), `${metric.slug}: ${list}`);
    }
    for (const [index, figure] of (metric.figures ?? []).entries()) {
      if (figure.dataYear === undefined) continue;
      assert.match(
        copy,
        new RegExp(
          `^\\| ${index + 1} \\|.*\\| ${figure.year} \\(data ${figure.dataYear}\\) \\|`,
          "m",
        ),
      );
    }
  }
});
