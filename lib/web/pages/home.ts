/**
 * The home page: every metric grouped by tag, the frameworks, and the ways to use the data.
 *
 * @module
 */
import { type Html, markup, sitePath } from "./html.ts";
import type { IndexedPage } from "./layout.ts";
import { displayName } from "../../catalog/schema.ts";
import { firstSentence } from "../../read/text.ts";
import type { Catalog } from "../../catalog/load.ts";
import { type Framework, type MetricRecord, type Tag, TAGS } from "../../catalog/schema.ts";

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

/** One entry of a list of records: a link, an optional kind, and a one-sentence summary. */
export interface RecordEntry {
  href: string;
  title: string;
  summary: string;
  kind?: string;
}

/** A grid of record links with their summaries. */
export function recordList(entries: readonly RecordEntry[], tag: "ul" | "ol" = "ul"): Html {
  const items = entries.map((entry) => {
    const kind = entry.kind ? markup`<span class="kind">${entry.kind}</span>` : "";
    return markup`<li><a href="${entry.href}">${entry.title}</a>${kind}<p>${entry.summary}</p></li>\n`;
  });
  return tag === "ol"
    ? markup`<ol class="records">\n${items}</ol>`
    : markup`<ul class="records">\n${items}</ul>`;
}

/** The list entry of a metric. */
export function metricEntry(metric: MetricRecord): RecordEntry {
  return {
    href: sitePath("/metrics", metric.slug),
    title: displayName(metric),
    summary: firstSentence(metric.definition),
  };
}

/** The list entry of a framework. */
export function frameworkEntry(framework: Framework): RecordEntry {
  return {
    href: sitePath("/frameworks", framework.slug),
    title: framework.name,
    summary: firstSentence(framework.summary),
  };
}

/** The home page. */
export function homePage(catalog: Catalog): IndexedPage {
  const tags = TAGS.map((tag) => ({
    tag,
    metrics: catalog.metrics.filter((metric) => metric.tags.includes(tag)).map(metricEntry),
  })).filter((group) => group.metrics.length > 0);
  const count = `${catalog.metrics.length} product and growth metrics and ` +
    `${catalog.frameworks.length} measurement frameworks`;
  const toc = tags.map((group) => markup`<li><a href="#tag-${group.tag}">${group.tag}</a></li>`);
  const groups = tags.map((group) =>
    markup`<section aria-labelledby="tag-${group.tag}">
<h3 id="tag-${group.tag}">${
      capitalize(group.tag)
    } <span class="muted">(${group.metrics.length})</span></h3>
<p class="muted">${TAG_DESCRIPTIONS[group.tag]}</p>
${recordList(group.metrics)}
</section>
`
  );
  const main = markup`<h1>Product and growth metrics</h1>
<p class="lead">A reference catalog of ${count}, written in plain practitioner language. Each metric has a definition, a formula, the traps to watch, a worked example, and benchmark figures that cite their sources.</p>
<nav class="toc" aria-label="Metrics by tag">
<ul>${toc}<li><a href="#frameworks">frameworks</a></li></ul>
</nav>
<section aria-labelledby="metrics">
<h2 id="metrics">Metrics by tag</h2>
<p>A metric can carry several tags, so it can appear under more than one.</p>
${groups}</section>
<section aria-labelledby="frameworks">
<h2 id="frameworks">Frameworks</h2>
<p>Measurement frameworks group metrics into a way of running a product or a business.</p>
${recordList(catalog.frameworks.map(frameworkEntry))}
</section>
<section aria-labelledby="data">
<h2 id="data">Use the data</h2>
<p>Every page has a JSON twin under <a href="/api/metrics">/api/</a>, described by <a href="/api/openapi.json">an OpenAPI document</a>: open to any origin, no key needed. Agents can start from <a href="/llms.txt">/llms.txt</a>.</p>
</section>`;
  return {
    title: "Product and growth metrics",
    description: `A reference catalog of ${count}, with formulas, traps and cited benchmarks.`,
    path: "/",
    main,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
