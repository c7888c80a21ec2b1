/**
 * The home page: every metric grouped by tag, the frameworks, and the ways to use the data.
 *
 * @module
 */
import { markup } from "./html.ts";
import { frameworkEntry, metricEntry, recordList } from "./parts.ts";
import { byName } from "../../read/model.ts";
import type { IndexedPage } from "./layout.ts";
import { type Catalog, type Tag, TAGS } from "../../catalog/schema.ts";

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

/** The home page. */
export function homePage(catalog: Catalog): IndexedPage {
  const tags = TAGS.map((tag) => ({
    tag,
    metrics: byName(catalog.metrics).filter((metric) => metric.tags.includes(tag)).map(
      metricEntry,
    ),
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
${recordList(byName(catalog.frameworks).map(frameworkEntry))}
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
