/**
 * Page pieces shared by the record pages and lists: sections, lists, dates, the numbered sources,
 * and the links to a record's other formats.
 *
 * @module
 */
import { externalLink, Html, markup, sitePath } from "./html.ts";
import { equationMathml, splitUnit } from "./mathml.ts";
import {
  displayName,
  type Framework,
  type MetricRecord,
  type Source,
} from "../../catalog/records.ts";
import { firstSentence } from "../../read/text.ts";
import { LICENCE, SITE_NAME } from "../../policy.ts";
import type { IndexedPage } from "./layout.ts";

// Made when the first date is written: the first `Intl` formatter loads ICU's locale data.
let dateFormat: Intl.DateTimeFormat | undefined;

/**
 * "2026-11-22" as "22 November 2026" (`Intl.DateTimeFormat("en-GB")`); any other text, or a day
 * the calendar lacks, as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readableDate } from "./parts.ts";
 * assert.equal(readableDate("2026-11-22"), "22 November 2026");
 * ```
 */
export function readableDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const parsed = new Date(`${date}T00:00:00Z`);
  // A day the calendar lacks ("2026-02-30") stays as written rather than roll into the next month.
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return date;
  dateFormat ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return dateFormat.format(parsed);
}

/**
 * A titled section of a record page, labelled by its heading, which has a stable id and an anchor
 * link to it (shown on hover and focus).
 */
export function section(
  title: string,
  { id, body }: { id: string; body: Html | undefined },
): Html {
  if (body === undefined) return markup``;
  return markup`<section aria-labelledby="${id}">
<div class="heading"><h2 id="${id}">${title}</h2><a class="anchor" href="#${id}" aria-label="Link to the section ${title}">#</a></div>
${body}
</section>
`;
}

/** The "On this page" list: a sticky rail on wide screens, a folded list on narrow ones. */
export function pageRail(sections: readonly { id: string; heading: string }[]): {
  wide: Html;
  narrow: Html;
} {
  const links = sections.map((item) =>
    markup`<li><a href="#${item.id}">${item.heading}</a></li>\n`
  );
  return {
    wide: markup`<nav class="rail" aria-label="On this page">
<p class="rail-title">On this page</p>
<ul>
${links}</ul>
</nav>
`,
    narrow: markup`<details class="toc-narrow">
<summary>On this page</summary>
<ul>
${links}</ul>
</details>
`,
  };
}

/**
 * A formula with the equation first and its conditions after it: the text up to the first
 * semicolon outside parentheses is the equation (drawn in MathML when it reads as one), the rest are notes. The
 * record's text stays as it is, separators included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formulaBlock } from "./parts.ts";
 * const html = formulaBlock("lost ÷ start × 100; per month").value;
 * assert.match(html, /<mfrac><mrow><mtext>lost<\/mtext><\/mrow><mrow><mtext>start<\/mtext>/);
 * assert.match(html, /<span class="visually-hidden">lost ÷ start × 100<\/span>/);
 * assert.match(html, /<span class="conditions">per month<\/span>/);
 * ```
 */
export function formulaBlock(formula: string): Html {
  const split = equationEnd(formula);
  const equation = (split < 0 ? formula : formula.slice(0, split)).trim();
  const conditions = split < 0 ? "" : formula.slice(split + 1).trim();
  const tail = conditions === ""
    ? ""
    : markup`<span class="sep">; </span><span class="conditions">${conditions}</span>`;
  return markup`<p class="formula">${equationBlock(equation)}${tail}</p>`;
}

/**
 * Where a formula's equation ends: its first semicolon outside parentheses, or -1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { equationEnd } from "./parts.ts";
 * assert.equal(equationEnd("a ÷ b (L28; or L30) × 100; notes"), 25);
 * assert.equal(equationEnd("a ÷ b"), -1);
 * ```
 */
export function equationEnd(formula: string): number {
  let depth = 0;
  for (let index = 0; index < formula.length; index++) {
    const char = formula[index];
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (char === ";" && depth === 0) return index;
  }
  return -1;
}

/**
 * The equation in MathML when it reads as one (fractions, powers), with its unit after it and the
 * record's own words for screen readers; the words alone otherwise.
 */
function equationBlock(equation: string): Html {
  const { math, unit } = splitUnit(equation);
  const mathml = equationMathml(math);
  if (mathml === undefined) return markup`<span class="equation">${equation}</span>`;
  return markup`<span class="equation"><span class="math" aria-hidden="true">${new Html(mathml)}${
    unit === "" ? "" : markup`<span class="unit">${unit.replace(/^,\s*/, "")}</span>`
  }</span><span class="visually-hidden">${equation}</span></span>`;
}

/** A list without bullets. */
export function plainList(items: readonly Html[]): Html {
  return markup`<ul class="plain">
${items.map((item) => markup`<li>${item}</li>\n`)}</ul>`;
}

/** A link to a record page when the record exists, its slug as text otherwise. */
export function recordLink(
  prefix: "/metrics" | "/frameworks",
  { slug, name }: { slug: string; name: string | undefined },
): Html {
  return name === undefined
    ? markup`${slug}`
    : markup`<a href="${sitePath(prefix, slug)}">${name}</a>`;
}

/** The numbered list of a record's sources, each an anchor that benchmarks link to. */
export function sourceList(sources: readonly Source[]): Html {
  if (sources.length === 0) return markup`<p>No sources cited.</p>`;
  const items = sources.map((source, index) =>
    markup`<li id="source-${index + 1}">${externalLink(source.label, source.url)}</li>\n`
  );
  return markup`<ol class="sources">
${items}</ol>`;
}

/** Links to the record's JSON and Markdown copies. */
export function recordFormats(path: string, json: string): Html {
  return markup`<p>As JSON: <a href="${json}" type="application/json">${json}</a>. As Markdown: <a href="${path}.md" type="text/markdown">${path}.md</a>.</p>`;
}

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

/** What a record page says about itself to crawlers and link previews. */
export interface RecordMeta {
  /** The page's path, such as `/metrics/churn-rate`. */
  path: string;
  /** The path of its JSON. */
  json: string;
  name: string;
  slug: string;
  description: string;
  /** The name of the set of terms it belongs to, such as "metrics". */
  set: string;
  /** Further schema.org properties, such as `alternateName`, given the base address. */
  extra?: (baseUrl: string) => Record<string, unknown>;
}

/** A record page's JSON and Markdown alternates and its schema.org `DefinedTerm`. */
export function recordMeta(meta: RecordMeta): Pick<IndexedPage, "alternates" | "structuredData"> {
  return {
    alternates: [
      { type: "application/json", href: meta.json },
      { type: "text/markdown", href: `${meta.path}.md` },
    ],
    structuredData: (baseUrl) => ({
      "@context": "https://schema.org",
      "@type": "DefinedTerm",
      "@id": `${baseUrl}${meta.path}`,
      name: meta.name,
      ...meta.extra?.(baseUrl),
      termCode: meta.slug,
      description: meta.description,
      url: `${baseUrl}${meta.path}`,
      inDefinedTermSet: {
        "@type": "DefinedTermSet",
        name: `${SITE_NAME}: ${meta.set}`,
        url: `${baseUrl}/`,
      },
      license: LICENCE.url,
    }),
  };
}
