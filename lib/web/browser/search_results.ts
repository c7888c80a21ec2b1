/**
 * The search page's results in the browser, for the static export, where no server answers
 * `/search?q=`: loaded by the search page's script (`search.ts`) when the address asks for a
 * search, it reads the query as the server does, builds the server's own index from the search
 * documents with `searchOver` and shows what the server's results page shows, in the same words,
 * built with DOM methods and text only. Bundled into `lib/web/pages/_browser_scripts.ts` by
 * `deno task scripts`.
 *
 * @module
 */
import { type SearchDocuments, searchOver } from "../../read/search.ts";
import { SITE_NAME } from "../../policy.ts";
import {
  resultsTitle,
  resultView,
  SEARCH_HEADINGS,
  SEARCH_PAGE_LIMIT,
  searchRequest,
  searchStatus,
  type StatusPart,
  type TextPart,
  unknownTagStatus,
} from "../pages/search_view.ts";

/** The little of the DOM this script uses; the project's type check has no DOM library. */
interface Element {
  className: string;
  textContent: string | null;
  value?: string;
  setAttribute(name: string, value: string): void;
  append(...nodes: (Element | string)[]): void;
  replaceChildren(...nodes: Element[]): void;
}

// The browser's document, typed by the interface above.
const { document } = globalThis as unknown as {
  document: {
    title: string;
    createElement(tag: string): Element;
    querySelector(selector: string): Element | null;
  };
};

function element(tag: string, text?: string, className?: string): Element {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

/** Text with its matched words in `<mark>`, as the server's page marks them. */
function marked(parts: readonly TextPart[]): (Element | string)[] {
  return parts.map((part) => part.match ? element("mark", part.text) : part.text);
}

/** The page's main content and title replaced, as the server's page for the same address. */
function show(title: string, heading: string, status: readonly StatusPart[], list?: Element) {
  const line = element("p");
  line.setAttribute("role", "status");
  line.append(...status.map((part) => {
    if (typeof part === "string") return part;
    const link = element("a", part.text);
    link.setAttribute("href", part.href);
    return link;
  }));
  document.querySelector("main .wrap")?.replaceChildren(
    element("h1", heading),
    line,
    ...(list ? [list] : []),
  );
  document.title = `${title} · ${SITE_NAME}`;
}

/**
 * Shows the search an address's parameters ask for: the results of its query, searched in
 * `documents` (fetched only when there is a query), or the page for an unknown tag.
 */
export function showSearch(
  params: URLSearchParams,
  documents: Promise<SearchDocuments> | undefined,
): void {
  const request = searchRequest(params);
  if (request.unknownTag !== undefined) {
    show(SEARCH_HEADINGS.unknownTag, SEARCH_HEADINGS.unknownTag, [
      unknownTagStatus(request.unknownTag),
    ]);
    return;
  }
  const { query, tag } = request;
  if (query === "" || documents === undefined) return;
  const box = document.querySelector("#q");
  if (box) box.value = query;
  documents.then((documents) => {
    const results = searchOver(documents).results(query, { limit: SEARCH_PAGE_LIMIT, tag });
    const list = element("ol", undefined, "records");
    for (const result of results) {
      const { href, title, kind, summary, passage } = resultView(result);
      const link = element("a", title);
      link.setAttribute("href", href);
      const item = element("li");
      const text = element("p");
      text.append(...marked(summary));
      item.append(link, element("span", kind, "kind"), text);
      if (passage) {
        const snippet = element("p", undefined, "snippet");
        snippet.append("“", ...marked(passage), "”");
        item.append(snippet);
      }
      list.append(item);
    }
    show(
      resultsTitle(query),
      SEARCH_HEADINGS.results,
      searchStatus(query, { count: results.length, tag }),
      results.length > 0 ? list : undefined,
    );
  });
}
