/**
 * The SQL recipes on the pages: a metric page's "Compute it from your data" section, and the schema
 * page (`/sql`), with every table and column of the reference schema, its version and DDL files,
 * what the recipes take for granted, how Stripe, Chargebee and an event pipeline map onto it, and
 * the recipes themselves.
 *
 * @module
 */
import { type Html, markup, sitePath } from "./html.ts";
import type { IndexedPage } from "./layout.ts";
import { pageRail, plainList, section } from "./parts.ts";
import type { MetricRecord } from "../../catalog/records.ts";
import type { ReadModel } from "../../read/model.ts";
import { recipeOf, withoutRecipe } from "../../read/recipes.ts";
import { columnType, DIALECTS, ENGINE_NAMES } from "../../sql/dialect.ts";
import { MAPPINGS } from "../../sql/mappings.ts";
import { SOURCES } from "../../sql/source_files.ts";
import { REWRITES, SETTINGS, settingsOf } from "../../sql/clickhouse.ts";
import { recipeText, WITHOUT_RECIPE } from "../../sql/recipe.ts";
import { type Column, ddl, EVENT_NAMES, SCHEMA_VERSION, TABLES } from "../../sql/schema.ts";
import { recipePath, schemaPath, SQL_INDEX_PATH, SQL_PAGE_PATH } from "../paths.ts";

/** Text whose `code` is marked with backticks, with that code in `<code>` elements. */
export function withCode(text: string): Html {
  return markup`${
    text.split("`").map((part, index) => index % 2 === 1 ? markup`<code>${part}</code>` : part)
  }`;
}

/** A block of SQL, readable without a script. */
export function sqlBlock(sql: string, id?: string): Html {
  const code = id === undefined
    ? markup`<code class="language-sql">`
    : markup`<code class="language-sql" id="${id}">`;
  // Focusable, so that a keyboard can scroll a line wider than the screen.
  return markup`<pre class="sql" tabindex="0">${code}${sql.trimEnd()}</code></pre>\n`;
}

/** Names as code, joined with commas and a final "and". */
function codeList(names: readonly (string | Html)[]): Html {
  return markup`${
    names.map((name, index) =>
      markup`${index === 0 ? "" : index === names.length - 1 ? " and " : ", "}${
        typeof name === "string" ? markup`<code>${name}</code>` : name
      }`
    )
  }`;
}

/**
 * A metric page's "Compute it from your data": its recipe readable as it is, without a script,
 * with a copy button the forms' script shows, the tables it reads, its parameters, its file and a
 * link to the schema page; or why it has none.
 */
export function recipeSection(metric: MetricRecord): Html {
  const recipe = recipeOf(metric.slug);
  const schema = markup`<a href="${SQL_PAGE_PATH}">reference schema</a>`;
  if (recipe === undefined) {
    return markup`<p>No query computes it from the ${schema}: ${withoutRecipe(metric)}.</p>
`;
  }
  const tables = recipe.tables.map((table) =>
    markup`<a href="${SQL_PAGE_PATH}#${`table-${table}`}"><code>${table}</code></a>`
  );
  const inputs = recipe.returns.slice(0, -1);
  const parameters = markup`<dl class="watch">
${
    recipe.parameters.map((parameter) =>
      markup`<dt><code>:${parameter.name}</code> <span class="muted">(${parameter.type})</span></dt>
<dd>${parameter.means}</dd>
`
    )
  }</dl>`;
  return markup`<p>This query computes it from your own tables on PostgreSQL or DuckDB, and on ClickHouse through a few rewrites. It reads ${
    codeList(tables)
  } of the ${schema} (version ${recipe.schemaVersion}) and returns the calculator's inputs, ${
    codeList(inputs)
  }, then <code>result</code>: <code>${recipe.result}</code>.</p>
<h3 id="sql-parameters">Its parameters</h3>
<p>Bind each as a parameter, or write a literal in its place (<code>TIMESTAMP '2024-03-01 00:00:00'</code>).</p>
${parameters}
<h3 id="sql-query">The query</h3>
<p class="sql-tools"><button type="button" class="copy" data-copy="sql-code" data-status="sql-copied" hidden>Copy the SQL</button> <span id="sql-copied" class="muted" role="status"></span> The file: <a href="${
    recipePath(metric.slug)
  }" type="text/plain">${
    recipePath(metric.slug)
  }</a>. It is code, under the MIT licence: copy, adapt and paste it.</p>
${sqlBlock(recipe.text, "sql-code")}${clickhouseRecipe(metric.slug, recipe.text)}`;
}

/**
 * A recipe's ClickHouse text, folded until asked for: the file through the rewrites, the settings
 * it ends with, and its own file.
 */
function clickhouseRecipe(slug: string, text: string): Html {
  const settings = settingsOf(text).map((setting) => setting.text);
  return markup`<details class="sql-dialect" id="sql-clickhouse">
<summary>The query on ClickHouse</summary>
<p>The same query through the rewrites ClickHouse needs (<a href="${SQL_PAGE_PATH}#clickhouse">what they change</a>)${
    settings.length === 0
      ? ""
      : markup`, ending with the settings it relies on, ${codeList(settings)}`
  }. The file: <a href="${recipePath(slug, "clickhouse")}" type="text/plain">${
    recipePath(slug, "clickhouse")
  }</a>. Bind a parameter as a query parameter (<code>{p1:DateTime64(3, 'UTC')}</code>) or write a literal in its place (<code>toDateTime64('2024-03-01 00:00:00', 3, 'UTC')</code>).</p>
${sqlBlock(recipeText(text, "clickhouse"))}</details>
`;
}

/** What a column may hold beyond its type: empty, a word from a list, a range, a sign. */
function columnRules(column: Column): string {
  const rules = [
    column.nullable ? "May be null." : "",
    column.values ? `One of: ${column.values.join(", ")}.` : "",
    column.range ? `From ${column.range[0]} to ${column.range[1]}.` : "",
    column.type === "usd" && !column.negative ? "Not below zero." : "",
    column.references ? `The key of ${column.references}.` : "",
  ];
  return rules.filter(Boolean).join(" ");
}

function tableBlock(table: (typeof TABLES)[number]): Html {
  const rows = table.columns.map((column) => {
    const rules = columnRules(column);
    return markup`<tr id="${`column-${table.name}-${column.name}`}"><th scope="row"><code>${column.name}</code></th>${
      DIALECTS.map((dialect) =>
        markup`<td data-label="${ENGINE_NAMES[dialect]}"><code>${
          columnType(column.type, dialect)
        }</code></td>`
      )
    }<td data-label="Meaning">${column.means}${rules ? ` ${rules}` : ""}</td></tr>\n`;
  });
  const key = table.key ? markup` Key: <code>${table.key.join(", ")}</code>.` : "";
  const checks = (table.checks ?? []).map((check) => markup` Check: <code>${check}</code>.`);
  return markup`<h3 id="${`table-${table.name}`}"><code>${table.name}</code></h3>
<p>${table.means}${key}${checks}</p>
<div class="table-wrap"><table class="figures columns">
<caption>The columns of <code>${table.name}</code></caption>
<thead><tr><th scope="col">Column</th>${
    DIALECTS.map((dialect) => markup`<th scope="col">${ENGINE_NAMES[dialect]}</th>`)
  }<th scope="col">Meaning</th></tr></thead>
<tbody>
${rows}</tbody>
</table></div>
`;
}

/** What every recipe takes for granted, so that a mapping must provide it. */
const RULES = [
  "Timestamps are in UTC, without a time zone; days, weeks and months are UTC calendar days.",
  "Internal, test and bot accounts are left out of every table.",
  "`events` holds only actions that count as activity: every recipe counts any event as " +
  "activity, so notification deliveries and opens, email clicks and background syncs stay out.",
  "`account_id` in `events` is `customer_id` in `subscriptions` once the account pays.",
  "`subscription_states` is a history of spans: `valid_to` is when the next state began, null " +
  "for the state in force now.",
  "`mrr` is what a state counts: the recurring price for one month after recurring discounts, 0 " +
  "while trialing or canceled and while a first charge fails; a paying subscription keeps its " +
  "MRR while a renewal is retried (`past_due`).",
  "Periods are half-open: `:period_start` is in the period, `:period_end` is the first instant " +
  "after it.",
  "A recipe that follows a cohort for N days takes `:as_of`, the instant the data is complete " +
  "up to, and returns no row until the cohort's window has closed.",
];

/** The schema page: its tables and columns, DDL files, rules, mappings and recipes. */
export function sqlPage(model: ReadModel): IndexedPage {
  const all = model.recipes({ order: "name" }).flatMap((entry) => {
    const recipe = recipeOf(entry.slug);
    return recipe ? [{ ...entry, recipe }] : [];
  });
  const downloads = plainList([
    ...DIALECTS.map((dialect) =>
      markup`The schema for ${ENGINE_NAMES[dialect]}: <a href="${
        schemaPath(dialect)
      }" type="text/plain">${schemaPath(dialect)}</a>`
    ),
    markup`Every recipe, with its inputs, parameters, tables and engines: <a href="${SQL_INDEX_PATH}" type="application/json">${SQL_INDEX_PATH}</a>`,
  ]);
  const events = markup`<dl class="watch">
${
    Object.entries(EVENT_NAMES).map(([name, means]) =>
      markup`<dt><code>${name}</code></dt>
<dd>${means}</dd>
`
    )
  }</dl>`;
  const mappings = MAPPINGS.map((mapping) => {
    const source = SOURCES.find((each) => each.mapping === mapping.id);
    const files = source?.tables.map((table) => markup`<code>${table.file}.csv</code>`) ?? [];
    return markup`<h3 id="${mapping.id}">${mapping.title}</h3>
${
      mapping.notes.map((note) => markup`<p>${withCode(note)}</p>\n`)
    }<p>An example: <code>${mapping.table}</code> as a view.</p>
${sqlBlock(mapping.view)}${
      (mapping.more ?? []).map((more) =>
        markup`<p>And <code>${more.table}</code> as a view, for ${
          more.engines.map((engine) => ENGINE_NAMES[engine]).join(" and ")
        }.</p>
${sqlBlock(more.view)}`
      )
    }${
      source === undefined
        ? ""
        : markup`<p>The CLI runs these views on DuckDB with <code>--data DIR --from ${source.name}</code>, over ${source.title}'s tables as files named after them: ${
          files.map((file, index) => index === 0 ? file : markup`, ${file}`)
        } (<code>examples/${source.name}/</code> holds a sample).</p>
`
    }`;
  });
  const recipeItems = all.map(({ slug, name, listed, recipe }) => {
    const page = listed
      ? markup`<a href="${sitePath("/metrics", slug)}#sql">${name}</a>`
      : markup`${name}`;
    return markup`${page}: <a href="${recipePath(slug)}" type="text/plain">${
      recipePath(slug)
    }</a>, reads ${
      recipe.tables.map((table, index) =>
        markup`${index === 0 ? "" : ", "}<a href="#${`table-${table}`}"><code>${table}</code></a>`
      )
    }`;
  });
  const without = Object.entries(WITHOUT_RECIPE).map(([slug, why]) => {
    const name = model.name("metric", slug);
    return markup`${
      name === undefined ? slug : markup`<a href="${sitePath("/metrics", slug)}">${name}</a>`
    }: ${why}.`;
  });
  const clickhouse =
    markup`<p>A recipe is one text for PostgreSQL and DuckDB. ClickHouse runs the same text through a few named rewrites, each a rule over every recipe, never a second copy; every recipe has its ClickHouse file beside it (<code>/sql/&lt;slug&gt;.clickhouse.sql</code>), proven on ClickHouse over the same data and answers as on the other two. The rewrites:</p>
${
      plainList(
        REWRITES.map((rewrite) => markup`<code>${rewrite.name}</code>: ${withCode(rewrite.why)}.`),
      )
    }
<p>A recipe that needs a setting states it in its header and ends with a <code>SETTINGS</code> clause:</p>
${
      plainList(
        SETTINGS.map((setting) => markup`<code>${setting.text}</code>, so that ${setting.why}.`),
      )
    }
<details class="sql-dialect" id="clickhouse-ddl">
<summary>The schema's DDL for ClickHouse</summary>
<p>Each table is a <code>MergeTree</code> ordered for how the recipes read it, instants are <code>DateTime64(3, 'UTC')</code>, money is <code>Decimal(14, 2)</code> and a column that may be empty is <code>Nullable</code>. The file: <a href="${
      schemaPath("clickhouse")
    }" type="text/plain">${schemaPath("clickhouse")}</a>.</p>
${sqlBlock(ddl("clickhouse"))}</details>
`;
  const sections = [
    { id: "download", heading: "Download" },
    { id: "tables", heading: "The tables" },
    { id: "event-names", heading: "Event names" },
    { id: "rules", heading: "What the recipes take for granted" },
    { id: "mapping", heading: "Mapping your data" },
    { id: "clickhouse", heading: "On ClickHouse" },
    { id: "recipes", heading: "The recipes" },
  ];
  const rail = pageRail(sections);
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">SQL</li></ol></nav>
<div class="doc">
<article>
<h1>SQL recipes and their schema</h1>
<p class="lead">${all.length} metrics come with a SQL query, a recipe, that computes them from your own data on PostgreSQL or DuckDB, and on ClickHouse through a few rewrites. Every recipe reads the reference schema below, version ${SCHEMA_VERSION}, and returns the metric's calculator inputs by the same names, then the result. Map your tables onto the schema with views of the same names and columns, and every recipe runs unchanged.</p>
<p>The schema and the recipes are code, under the MIT licence: copy them, adapt them, paste them. The catalog's text and figures stay under CC BY 4.0.</p>
${rail.narrow}${section("Download", { id: "download", body: downloads })}${
      section("The tables", {
        id: "tables",
        body:
          markup`<p>Version ${SCHEMA_VERSION}: five tables. The version changes when a table or a column is added, removed or changes meaning, and every recipe names the version it reads.</p>
${TABLES.map(tableBlock)}`,
      })
    }${
      section("Event names", {
        id: "event-names",
        body:
          markup`<p>The events the recipes look for by name. The recipes that need an action of your own product (the activation milestone, a feature, a conversion) take its name as a parameter.</p>
${events}`,
      })
    }${
      section("What the recipes take for granted", {
        id: "rules",
        body: plainList(RULES.map(withCode)),
      })
    }${
      section("Mapping your data", {
        id: "mapping",
        body:
          markup`<p>Create a view for each table, with its name and columns, over the data you have. A column your data cannot fill may be null where the schema allows it, such as <code>cancel_requested_at</code>, which no recipe reads. Four common sources, the last of them in ClickHouse:</p>
${mappings}`,
      })
    }${section("On ClickHouse", { id: "clickhouse", body: clickhouse })}${
      section("The recipes", {
        id: "recipes",
        body: markup`${plainList(recipeItems)}
<p>Without a recipe:</p>
${plainList(without)}`,
      })
    }</article>
${rail.wide}</div>`;
  return {
    title: "SQL recipes and their schema",
    description: `The reference schema, version ${SCHEMA_VERSION}, that the metrics' SQL ` +
      "recipes read, and how to map Stripe, Chargebee and event data onto it.",
    path: SQL_PAGE_PATH,
    main,
  };
}
