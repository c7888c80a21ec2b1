/**
 * The page of one framework: its components drawn as numbered cards with their metrics, then
 * every other field, the examples with their sources, and its JSON.
 *
 * @module
 */
import { externalLink, type Html, markup, paragraphs, sitePath } from "./html.ts";
import type { IndexedPage } from "./layout.ts";
import { recordFormats, sourceList } from "./metric.ts";
import { firstSentence } from "../../read/text.ts";
import type { Framework } from "../../catalog/schema.ts";

type FrameworkComponent = Framework["components"][number];

/** What a framework page needs to know about the rest of the catalog. */
export interface FrameworkContext {
  metricNames: ReadonlyMap<string, string>;
  frameworkNames: ReadonlyMap<string, string>;
}

function section(title: string, id: string, body: Html): Html {
  return markup`<section aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
${body}
</section>
`;
}

function metricLink(slug: string, context: FrameworkContext): Html {
  const name = context.metricNames.get(slug);
  return name === undefined
    ? markup`<span class="chip">${slug}</span>`
    : markup`<a class="chip" href="${sitePath("/metrics", slug)}">${name}</a>`;
}

function component(part: FrameworkComponent, context: FrameworkContext): Html {
  const metrics = part.metricSlugs.length === 0
    ? markup`<p class="muted">No catalog metric: measured with product-specific numbers.</p>`
    : markup`<ul aria-label="Metrics for ${part.name}">${
      part.metricSlugs.map((slug) => markup`<li>${metricLink(slug, context)}</li>`)
    }</ul>`;
  return markup`<li>
<h3>${part.name}</h3>
${paragraphs(part.description)}${metrics}
</li>
`;
}

function examples(framework: Framework): Html {
  const items = framework.examples.map((example) => {
    const source = example.source
      ? markup`<p class="cite">Source: ${
        externalLink(example.source.label, example.source.url)
      }</p>\n`
      : "";
    return markup`<article>
<h3>${example.company}</h3>
${paragraphs(example.detail)}${source}</article>
`;
  });
  return markup`<div class="examples">
${items}</div>`;
}

function pairsWith(framework: Framework, context: FrameworkContext): Html {
  if (framework.pairsWith.length === 0) return markup`<p>No pairing recorded.</p>`;
  const items = framework.pairsWith.map((pair) => {
    const name = context.frameworkNames.get(pair.slug);
    const target = name === undefined
      ? markup`${pair.slug}`
      : markup`<a href="${sitePath("/frameworks", pair.slug)}">${name}</a>`;
    return markup`<li>${target}: ${pair.reason}</li>\n`;
  });
  return markup`<ul class="plain">
${items}</ul>`;
}

/** Everything the framework page shows, in reading order. */
export function frameworkPage(framework: Framework, context: FrameworkContext): IndexedPage {
  const path = sitePath("/frameworks", framework.slug);
  const json = sitePath("/api/frameworks", framework.slug);
  const parts = framework.components.map((part) => component(part, context));
  const steps = framework.implementation.map((step) => markup`<li>${step}</li>\n`);
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#frameworks">Frameworks</a></li><li aria-current="page">${framework.name}</li></ol></nav>
<article>
<h1>${framework.name}</h1>
${paragraphs(framework.summary, "lead")}
${[
      section("Components", "components", markup`<ol class="components">\n${parts}</ol>`),
      section("Origin", "origin", paragraphs(framework.origin)),
      section("How it works", "how-it-works", paragraphs(framework.howItWorks)),
      section("Best for", "best-for", paragraphs(framework.bestFor)),
      section("Limitations", "limitations", paragraphs(framework.limitations)),
      section("When to avoid", "when-to-avoid", paragraphs(framework.whenToAvoid)),
      section("Implementation", "implementation", markup`<ol>\n${steps}</ol>`),
      section("Examples", "examples", examples(framework)),
      section("Pairs with", "pairs-with", pairsWith(framework, context)),
      section("Sources", "sources", sourceList(framework.sources)),
      section("Use this record", "use", recordFormats(path, json)),
    ]}</article>`;
  return {
    title: framework.name,
    description: firstSentence(framework.summary),
    path,
    alternates: [
      { type: "application/json", href: json },
      { type: "text/markdown", href: `${path}.md` },
    ],
    main,
  };
}
