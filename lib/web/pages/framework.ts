/**
 * The page of one framework: its sections in the field table's order, the components as numbered
 * cards with their metrics, the examples with their sources, and its JSON.
 *
 * @module
 */
import { externalLink, Html, markup, paragraphs, sitePath } from "./html.ts";
import { LICENCE } from "../../policy.ts";
import type { IndexedPage } from "./layout.ts";
import { pageRail, recordFormats, recordLink, recordMeta, section, sourceList } from "./parts.ts";
import {
  componentId,
  type DiagramContext,
  diagramDescription,
  frameworkDiagram,
} from "./diagram.ts";
import { firstSentence } from "../../read/text.ts";
import type { ReadModel } from "../../read/model.ts";
import {
  type ContentValues,
  type Framework,
  FRAMEWORK_FIELDS,
  type Section,
  sectionsOf,
} from "../../catalog/records.ts";

/** What a framework page needs to know about the rest of the catalog. */
export interface FrameworkContext {
  /** The read model, for the other records' names. */
  model: ReadModel;
  /** What the diagram needs: short metric labels and the base address. */
  diagram: DiagramContext;
}

function metricLink(slug: string, context: FrameworkContext): Html {
  const name = context.model.name("metric", slug);
  return name === undefined
    ? markup`<span class="chip">${slug}</span>`
    : markup`<a class="chip" href="${sitePath("/metrics", slug)}">${name}</a>`;
}

function component(part: ContentValues["components"][number], context: FrameworkContext): Html {
  const metrics = part.metricSlugs.length === 0
    ? markup`<p class="muted">No catalog metric: measured with product-specific numbers.</p>`
    : markup`<ul aria-label="Metrics for ${part.name}">${
      part.metricSlugs.map((slug) => markup`<li>${metricLink(slug, context)}</li>`)
    }</ul>`;
  return markup`<li id="${componentId(part.name)}">
<h3>${part.name}</h3>
${paragraphs(part.description)}${metrics}
</li>
`;
}

function examples(list: ContentValues["examples"]): Html {
  const items = list.map((example) => {
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

function pairsWith(pairs: ContentValues["pairs"], context: FrameworkContext): Html {
  if (pairs.length === 0) return markup`<p>No pairing recorded.</p>`;
  const items = pairs.map((pair) =>
    markup`<li>${
      recordLink("/frameworks", {
        slug: pair.slug,
        name: context.model.name("framework", pair.slug),
      })
    }: ${pair.reason}</li>\n`
  );
  return markup`<ul class="plain">
${items}</ul>`;
}

/** The body of one section of a framework page. */
function sectionBody(part: Section, context: FrameworkContext): Html {
  switch (part.content) {
    case "text":
      return paragraphs(part.value);
    case "components":
      return markup`<ol class="components">\n${
        part.value.map((item) => component(item, context))
      }</ol>`;
    case "steps":
    case "list":
      return markup`<ol>\n${part.value.map((step) => markup`<li>${step}</li>\n`)}</ol>`;
    case "examples":
      return examples(part.value);
    case "pairs":
      return pairsWith(part.value, context);
    case "sources":
      return sourceList(part.value);
    default:
      throw new Error(`A framework page cannot show "${part.content}" content`);
  }
}

/** Everything the framework page shows, in reading order. */
export function frameworkPage(framework: Framework, context: FrameworkContext): IndexedPage {
  const path = sitePath("/frameworks", framework.slug);
  const json = sitePath("/api/frameworks", framework.slug);
  const parts = sectionsOf(framework, FRAMEWORK_FIELDS);
  const lead = parts.filter((part) => part.field.lead && part.content === "text")
    .map((part) => paragraphs(String(part.value), "lead"));
  const shown = parts.filter((part) => !part.field.lead);
  const sections = shown.map((part) =>
    section(part.field.heading, { id: part.id, body: sectionBody(part, context) })
  );
  const rail = pageRail([
    ...shown.map((part) => ({ id: part.id, heading: part.field.heading })),
    { id: "use", heading: "Use this record" },
  ]);
  const svg = sitePath("/frameworks", `${framework.slug}.svg`);
  const figure = markup`<figure class="diagram">
${new Html(frameworkDiagram(framework, context.diagram))}${new Html(
    frameworkDiagram(framework, context.diagram, { narrow: true }),
  )}<figcaption>${framework.name} drawn from its components. <a href="${svg}" type="image/svg+xml">The diagram as an SVG file</a> (${LICENCE.name}).</figcaption>
<p class="visually-hidden">${diagramDescription(framework, context.diagram)}</p>
</figure>
`;
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/frameworks">Frameworks</a></li><li aria-current="page">${framework.name}</li></ol></nav>
<div class="doc">
<article>
<h1>${framework.name}</h1>
${lead}
${figure}${rail.narrow}${sections}${
      section("Use this record", { id: "use", body: recordFormats(path, json) })
    }</article>
${rail.wide}</div>`;
  return {
    title: framework.name,
    description: firstSentence(framework.summary),
    path,
    ...recordMeta({
      path,
      json,
      name: framework.name,
      slug: framework.slug,
      description: firstSentence(framework.summary),
      set: "measurement frameworks",
      extra: (baseUrl) => ({ image: `${baseUrl}${svg}` }),
    }),
    main,
  };
}
