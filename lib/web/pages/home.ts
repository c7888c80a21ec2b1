/**
 * The home page: every metric grouped by tag, the frameworks, and the ways to use the data.
 *
 * @module
 */
import { markup, sitePath } from "./html.ts";
import { frameworkEntry, metricEntry, recordList } from "./parts.ts";
import type { ReadModel } from "../../read/model.ts";
import type { IndexedPage } from "./layout.ts";
import { displayName, type Tag } from "../../catalog/records.ts";
import { schemaPath, SQL_INDEX_PATH, SQL_PAGE_PATH, STAND_PATH } from "../paths.ts";

/** What each tag groups, as the home page introduces it. */
export const TAG_DESCRIPTIONS: Readonly<Record<Tag, string>> = {
  acquisition: "Bringing new people and accounts in.",
  activation: "Getting new users to the first moment of value.",
  retention: "Keeping customers and users coming back.",
  revenue: "Turning use into recurring income.",
  referral: "Customers bringing in other customers.",
  leading: "Early signals that predict later outcomes.",
  health: "The overall state of the business and its customer base.",
};

/** The home page: a compact A to Z index of the metrics, the tags as filters, the frameworks. */
export function homePage(model: ReadModel): IndexedPage {
  const metrics = model.metrics({ order: "name" });
  const counts = model.counts();
  const count = `${counts.metrics} product and growth metrics and ` +
    `${counts.frameworks} measurement frameworks`;
  const letters = new Map<string, typeof metrics>();
  for (const metric of metrics) {
    const letter = metric.name.charAt(0).toUpperCase();
    letters.set(letter, [...letters.get(letter) ?? [], metric]);
  }
  const index = [...letters].map(([letter, group]) =>
    markup`<li><span class="letter" aria-hidden="true">${letter}</span><ul>${
      group.map((metric) =>
        markup`<li><a href="${sitePath("/metrics", metric.slug)}">${displayName(metric)}</a></li>`
      )
    }</ul></li>\n`
  );
  const main = markup`<h1>Product and growth metrics</h1>
<p class="lead">A reference catalog of ${count}, written in plain practitioner language. Each metric has a definition, a formula, the traps to watch, a worked example, and benchmark figures that cite their sources.</p>
<section aria-labelledby="stand">
<h2 id="stand">Is my number good?</h2>
<p>Place your own value against the sourced figures and get the answer in a sentence; the next page narrows it to your segment.</p>
${standForm(model)}
</section>
<section aria-labelledby="tags">
<h2 id="tags">Browse by tag</h2>
${tagFilters(model)}
</section>
<section aria-labelledby="metrics">
<h2 id="metrics">Metrics A to Z</h2>
<ul class="az">
${index}</ul>
</section>
<section aria-labelledby="frameworks">
<h2 id="frameworks">Frameworks</h2>
<p>Measurement frameworks group metrics into a way of running a product or a business.</p>
${recordList(model.frameworks({ order: "name" }).map(frameworkEntry))}
</section>
<section aria-labelledby="data">
<h2 id="data">Use the data</h2>
<p>Every page has a JSON twin under <a href="/api/metrics">/api/</a>, described by <a href="/api/openapi.json">an OpenAPI document</a>: open to any origin, no key needed. Agents can start from <a href="/llms.txt">/llms.txt</a>.</p>
<p>Every benchmark figure is also data, each row with its sentence and source: <a href="/benchmarks.csv" type="text/csv">CSV</a>, <a href="/benchmarks.json" type="application/json">JSON</a> and a <a href="/datapackage.json" type="application/json">Data Package</a> (CC BY 4.0).</p>
<p>The metrics you can count from your own data also come as SQL that computes them on PostgreSQL or DuckDB: <a href="${SQL_PAGE_PATH}">the reference schema</a> it reads (<a href="${
    schemaPath("postgres")
  }" type="text/plain">PostgreSQL</a>, <a href="${
    schemaPath("duckdb")
  }" type="text/plain">DuckDB</a>), and <a href="${SQL_INDEX_PATH}" type="application/json">an index</a> of one recipe per metric, each a file. They are code, under the MIT licence.</p>
</section>`;
  return {
    title: "Product and growth metrics",
    description: `A reference catalog of ${count}, with formulas, traps and cited benchmarks.`,
    path: "/",
    main,
  };
}

/**
 * "Is my number good?": a metric with comparable figures and a value, sent to {@linkcode STAND_PATH},
 * which sends the reader on to that metric's answer, where its segment can be given. A GET form:
 * it needs no script.
 */
export function standForm(model: ReadModel, chosen: { metric?: string; value?: string } = {}) {
  const options = model.metrics({ comparable: true, order: "name" }).map((metric) =>
    markup`<option value="${metric.slug}"${
      metric.slug === chosen.metric ? markup` selected` : ""
    }>${displayName(metric)}</option>`
  );
  return markup`<form class="compare stand-home" method="get" action="${STAND_PATH}">
<p><label>Metric <select name="metric" required><option value="">Choose a metric</option>${options}</select></label></p>
<p><label>Your value <input name="value" autocomplete="off" required size="10" placeholder="e.g. 3%" value="${
    chosen.value ?? ""
  }"></label></p>
<p><button type="submit">Is it good?</button></p>
</form>`;
}

/**
 * The page of a "Is my number good?" that names no metric with figures: the form again, with the
 * reason. Status 400.
 */
export function standPage(model: ReadModel, params: URLSearchParams) {
  const metric = (params.get("metric") ?? "").slice(0, 100);
  const value = (params.get("value") ?? "").slice(0, 100);
  const reason = metric === ""
    ? "Choose a metric to compare your value with."
    : `No metric with benchmark figures has the slug "${metric}": choose one from the list.`;
  return {
    status: 400,
    page: {
      title: "Is my number good?",
      description: "Place your own value against a metric's sourced benchmark figures.",
      noindex: true,
      main:
        markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">Is my number good?</li></ol></nav>
<h1>Is my number good?</h1>
<p class="callout" role="alert">${reason}</p>
${standForm(model, { metric, value })}`,
    },
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The tags as links to their pages, each with how many metrics carry it. */
function tagFilters(model: ReadModel) {
  const filters = model.tags().map(({ tag, count }) =>
    markup`<li><a href="${sitePath("/tags", tag)}">${
      capitalize(tag)
    }</a> <span class="muted">(${count})</span></li>\n`
  );
  return markup`<ul class="filters">\n${filters}</ul>`;
}

/** The page of one tag: its metrics from A to Z, each with its one-sentence summary. */
export function tagPage(model: ReadModel, tag: Tag): IndexedPage {
  const metrics = model.metrics({ tag, order: "name" });
  const title = `${capitalize(tag)} metrics`;
  return {
    title,
    description: `${
      TAG_DESCRIPTIONS[tag]
    } ${metrics.length} metrics of the catalog carry this tag.`,
    path: sitePath("/tags", tag),
    main:
      markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/tags">Tags</a></li><li aria-current="page">${tag}</li></ol></nav>
<h1>${title}</h1>
<p class="lead">${TAG_DESCRIPTIONS[tag]}</p>
${recordList(metrics.map(metricEntry))}
<p><a href="/metrics">Every metric, A to Z</a></p>
`,
  };
}

/** `/metrics`: every metric from A to Z with its summary, and the tags to narrow the list. */
export function metricsIndexPage(model: ReadModel): IndexedPage {
  const metrics = model.metrics({ order: "name" });
  return {
    title: "Metrics A to Z",
    description: `All ${metrics.length} metrics of the catalog, A to Z, each with its definition.`,
    path: "/metrics",
    main:
      markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">Metrics</li></ol></nav>
<h1>Metrics A to Z</h1>
<p class="lead">All ${metrics.length} metrics of the catalog. Narrow the list by tag:</p>
${tagFilters(model)}
${recordList(metrics.map(metricEntry))}
`,
  };
}

/** `/frameworks`: every framework with its summary. */
export function frameworksIndexPage(model: ReadModel): IndexedPage {
  const frameworks = model.frameworks({ order: "name" });
  return {
    title: "Frameworks",
    description: `The ${frameworks.length} measurement frameworks of the catalog.`,
    path: "/frameworks",
    main:
      markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">Frameworks</li></ol></nav>
<h1>Frameworks</h1>
<p class="lead">Measurement frameworks group metrics into a way of running a product or a business.</p>
${recordList(frameworks.map(frameworkEntry))}
`,
  };
}

/** `/tags`: every tag with what it groups and how many metrics carry it. */
export function tagsIndexPage(model: ReadModel): IndexedPage {
  return {
    title: "Tags",
    description: "The tags that group the catalog's metrics.",
    path: "/tags",
    main:
      markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">Tags</li></ol></nav>
<h1>Tags</h1>
<p class="lead">Each metric carries one or more of these tags.</p>
<dl class="tags-index">
${
        model.tags().map(({ tag, count }) =>
          markup`<dt><a href="${sitePath("/tags", tag)}">${
            capitalize(tag)
          }</a> <span class="muted">(${count} metrics)</span></dt><dd>${TAG_DESCRIPTIONS[tag]}</dd>
`
        )
      }</dl>
`,
  };
}
