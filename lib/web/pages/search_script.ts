/**
 * The search page's script, for static copies of the site (the export on nginx or a CDN), where no
 * server answers `/search?q=`: it reads the query, fetches the prebuilt index from the same origin
 * and lists the matching records in place of the full list (only those with the tag `&tag=` names,
 * when it names one). It builds the results with DOM
 * methods and text only, never HTML strings. The Deno server answers queries itself.
 *
 * @module
 */
import { type Catalog, displayName, TAGS } from "../../catalog/records.ts";
import { firstSentence } from "../../read/text.ts";

/** Where the script and its index are served. */
export const SEARCH_SCRIPT_PATH = "/assets/search.js";
/** Where the prebuilt index is served. */
export const SEARCH_INDEX_PATH = "/assets/search-index.json";

/** One record of the browser's index. */
interface Entry {
  /** The page's path. */
  p: string;
  /** The title shown. */
  n: string;
  /** "Metric" or "Framework". */
  k: string;
  /** The summary shown. */
  d: string;
  /** Words that name it: name, abbreviation, everyday names; lowercase. */
  w: string;
  /** Its tags. */
  t: string;
}

/** The browser's index: every record, with the words that name it. */
export function searchIndex(catalog: Catalog): string {
  const entries: Entry[] = [
    ...catalog.metrics.map((metric) => ({
      p: `/metrics/${metric.slug}`,
      n: displayName(metric),
      k: "Metric",
      d: firstSentence(metric.definition),
      w: [
        metric.name,
        metric.abbreviation ?? "",
        ...(catalog.synonyms.get(metric.slug) ?? []),
      ].join(" ").toLowerCase(),
      t: metric.tags.join(" "),
    })),
    ...catalog.frameworks.map((framework) => ({
      p: `/frameworks/${framework.slug}`,
      n: framework.name,
      k: "Framework",
      d: firstSentence(framework.summary),
      w: [framework.name, ...(catalog.synonyms.get(framework.slug) ?? [])].join(" ").toLowerCase(),
      t: "",
    })),
  ];
  return JSON.stringify(entries);
}

/** The script: plain JavaScript that every current browser runs. */
export const SEARCH_SCRIPT = `"use strict";
(async () => {
  const query = (new URLSearchParams(location.search).get("q") || "").trim().slice(0, 200);
  if (query === "") return;
  const box = document.getElementById("q");
  if (box) box.value = query;
  const response = await fetch(${JSON.stringify(SEARCH_INDEX_PATH)});
  if (!response.ok) return;
  const index = await response.json();
  const words = query.toLowerCase().split(/[^\\p{L}\\p{N}]+/u).filter((word) => word.length > 0);
  const tag = (new URLSearchParams(location.search).get("tag") || "").trim().toLowerCase();
  const tags = ${JSON.stringify(TAGS)};
  const known = tag === "" || tags.includes(tag);
  const scored = index.filter((entry) => known && (tag === "" || entry.t.split(" ").includes(tag)))
    .map((entry) => {
    let score = 0;
    for (const word of words) {
      if (entry.w.split(/[^\\p{L}\\p{N}]+/u).includes(word)) score += 5;
      else if (entry.w.includes(word)) score += 3;
      if (entry.t.split(" ").includes(word)) score += 2;
      if (entry.d.toLowerCase().includes(word)) score += 1;
    }
    return { entry, score };
  }).filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.entry.n.localeCompare(b.entry.n))
    .slice(0, 20);
  const main = document.querySelector("main .wrap");
  if (!main) return;
  const make = (tag, text, className) => {
    const element = document.createElement(tag);
    if (text !== undefined) element.textContent = text;
    if (className) element.className = className;
    return element;
  };
  const heading = make("h1", "Search results");
  const count = scored.length === 1 ? "1 result" : scored.length + " results";
  const status = make("p", !known
    ? "The tag \\u201c" + tag + "\\u201d must be one of: " + tags.join(", ") + "."
    : scored.length === 0
    ? "Nothing matches \\u201c" + query + "\\u201d. Try a shorter word or an abbreviation such as NRR."
    : count + " for \\u201c" + query + "\\u201d, best first.");
  status.setAttribute("role", "status");
  const list = make("ol", undefined, "records");
  for (const { entry } of scored) {
    const item = make("li");
    const link = make("a", entry.n);
    link.href = entry.p;
    item.append(link, make("span", entry.k, "kind"), make("p", entry.d));
    list.append(item);
  }
  main.replaceChildren(heading, status, ...(scored.length > 0 ? [list] : []));
  document.title = "Search: " + query + " \\u00b7 " + document.title.split(" \\u00b7 ").pop();
})();
`;
