/**
 * `/llms.txt` (the llmstxt.org link map), `/llms-full.txt` (the whole corpus in one Markdown
 * document) and the Markdown copy of every page.
 *
 * @module
 */
import { frameworkMarkdown, link, metricMarkdown } from "./markdown.ts";
import { displayName } from "../catalog/records.ts";
import { firstSentence } from "../read/text.ts";
import type { ReadModel } from "../read/model.ts";
import { LICENCE, SITE_NAME } from "../policy.ts";

function summary(model: ReadModel): string {
  const counts = model.counts();
  return `A reference catalog of ${counts.metrics} product and growth metrics and ` +
    `${counts.frameworks} measurement frameworks, each with a definition, a formula, ` +
    "traps to watch, worked examples, and benchmark figures that cite their sources.";
}

/**
 * The llmstxt.org link map: an H1, a blockquote summary, and H2 sections of links to every
 * metric and framework page and JSON document, with an `## Optional` section last.
 */
export function llmsTxt(model: ReadModel, baseUrl: string): string {
  const metrics = model.metrics({ order: "name" });
  const frameworks = model.frameworks({ order: "name" });
  const lines = [
    `# ${SITE_NAME}`,
    "",
    `> ${summary(model)}`,
    "",
    `Every record is served as an HTML page, as Markdown (the page address plus \`.md\`) and as ` +
    `JSON under \`/api/\`. The data is published under ${LICENCE.name} (${LICENCE.url}). ` +
    `${LICENCE.credit} The SQL recipes and their schema are code, under the MIT licence.`,
    "",
    "## Metrics",
    "",
    ...metrics.map((metric) =>
      `- ${link(displayName(metric), `${baseUrl}/metrics/${metric.slug}.md`)}: ${
        firstSentence(metric.definition)
      }`
    ),
    "",
    "## Frameworks",
    "",
    ...frameworks.map((framework) =>
      `- ${link(framework.name, `${baseUrl}/frameworks/${framework.slug}.md`)}: ${
        firstSentence(framework.summary)
      }`
    ),
    "",
    "## Pages",
    "",
    ...metrics.map((metric) =>
      `- ${link(metric.name, `${baseUrl}/metrics/${metric.slug}`)}: HTML page of the metric`
    ),
    ...frameworks.map((framework) =>
      `- ${
        link(framework.name, `${baseUrl}/frameworks/${framework.slug}`)
      }: HTML page of the framework`
    ),
    "",
    "## Side by side",
    "",
    ...model.pairs().map(({ path, metrics: [a, b] }) =>
      `- ${link(`${a.name} vs ${b.name}`, `${baseUrl}${path}`)}: the two records side by side`
    ),
    "",
    "## JSON API",
    "",
    `- ${link("All metrics", `${baseUrl}/api/metrics`)}: every metric as a JSON array`,
    `- ${link("All frameworks", `${baseUrl}/api/frameworks`)}: every framework as a JSON array`,
    ...metrics.map((metric) =>
      `- ${link(metric.name, `${baseUrl}/api/metrics/${metric.slug}`)}: the metric as JSON`
    ),
    ...frameworks.map((framework) =>
      `- ${
        link(framework.name, `${baseUrl}/api/frameworks/${framework.slug}`)
      }: the framework as JSON`
    ),
    "",
    "## SQL recipes",
    "",
    ...sqlLinks(model, baseUrl),
    "",
    "## Optional",
    "",
    `- ${
      link("Full corpus", `${baseUrl}/llms-full.txt`)
    }: every field of every record in one Markdown document`,
    `- ${
      link("OpenAPI description", `${baseUrl}/api/openapi.json`)
    }: the JSON API contract (OpenAPI 3.1)`,
    `- ${link("Sitemap", `${baseUrl}/sitemap.xml`)}: every HTML page`,
    `- ${
      link("Benchmark figures (CSV)", `${baseUrl}/benchmarks.csv`)
    }: every benchmark figure as a row, with its sentence and source (CC BY 4.0)`,
    `- ${link("Benchmark figures (JSON)", `${baseUrl}/benchmarks.json`)}: the same figures as JSON`,
    `- ${
      link("Data Package", `${baseUrl}/datapackage.json`)
    }: the Frictionless Data Package describing the CSV`,
    `- ${
      link("Formulas (JSON)", `${baseUrl}/formulas.json`)
    }: every metric's calculator: inputs, expression, result unit and worked example`,
    "",
  ];
  return lines.join("\n");
}

/**
 * The SQL data set's files: the schema's DDL for each engine, the index, and each recipe by its
 * metric's name (its slug where the catalog lacks the metric), A to Z. Code, under MIT.
 */
function sqlLinks(model: ReadModel, baseUrl: string): string[] {
  return [
    `- ${
      link("SQL recipes and their schema", `${baseUrl}/sql`)
    }: HTML page of the reference schema's tables and columns, and how to map Stripe, ` +
    "Chargebee, Segment and PostHog data onto it",
    `- ${
      link("Reference schema (PostgreSQL)", `${baseUrl}/sql/schema.postgres.sql`)
    }: the DDL of the tables the recipes read, with a comment on every column (MIT licence)`,
    `- ${
      link("Reference schema (DuckDB)", `${baseUrl}/sql/schema.duckdb.sql`)
    }: the same tables for DuckDB`,
    `- ${
      link("Reference schema (ClickHouse)", `${baseUrl}/sql/schema.clickhouse.sql`)
    }: the same tables for ClickHouse; each recipe's ClickHouse text is its file's name with ` +
    "`.clickhouse.sql`",
    `- ${
      link("SQL recipes index", `${baseUrl}/sql/index.json`)
    }: every recipe with its inputs, parameters, tables and engines`,
    ...model.recipes({ order: "name" }).map((recipe) =>
      `- ${
        link(recipe.name, `${baseUrl}/sql/${recipe.slug}.sql`)
      }: the SQL that computes it from your own tables, on PostgreSQL or DuckDB (MIT licence)`
    ),
  ];
}

/** The whole corpus as one Markdown document, with the licence and credit line. */
export function llmsFullTxt(model: ReadModel, baseUrl: string): string {
  const context = { model, baseUrl };
  const demote = (markdown: string) => markdown.replace(/^(#{1,5}) /gm, "#$1 ");
  return [
    `# ${SITE_NAME}`,
    "",
    `> ${summary(model)}`,
    "",
    `Source: ${baseUrl}. Licence: ${LICENCE.name} (${LICENCE.url}). ${LICENCE.credit} ` +
    "The SQL recipes in it are code, under the MIT licence.",
    "",
    "# Metrics",
    "",
    ...model.metrics().map((metric) => demote(metricMarkdown(metric, context))),
    "# Frameworks",
    "",
    ...model.frameworks().map((framework) => demote(frameworkMarkdown(framework, context))),
  ].join("\n");
}

/** A text document of the llms files, with the kind of text it is; written on first use. */
export interface LlmsDocument {
  text: () => string;
  kind: "text" | "markdown";
}

/** `/llms.txt`, `/llms-full.txt` and the `.md` copy of every page, by path. */
export function llmsDocuments(model: ReadModel, baseUrl: string): Map<string, LlmsDocument> {
  const links = { model, baseUrl };
  const footer =
    `\n---\n\nFrom the ${SITE_NAME} (${baseUrl}), ${LICENCE.name}. ${LICENCE.credit}\n`;
  const documents = new Map<string, LlmsDocument>([
    ["/llms.txt", { text: () => llmsTxt(model, baseUrl), kind: "text" }],
    ["/llms-full.txt", { text: () => llmsFullTxt(model, baseUrl), kind: "text" }],
  ]);
  for (const metric of model.metrics()) {
    documents.set(`/metrics/${metric.slug}.md`, {
      text: () => metricMarkdown(metric, links) + footer,
      kind: "markdown",
    });
  }
  for (const framework of model.frameworks()) {
    documents.set(`/frameworks/${framework.slug}.md`, {
      text: () => frameworkMarkdown(framework, links) + footer,
      kind: "markdown",
    });
  }
  return documents;
}
