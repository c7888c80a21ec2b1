// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
/**
 * Reading pages as a browser parses them (parse5, the WHATWG HTML parser), so tests check the
 * elements and attributes that exist, not strings that look like them.
 *
 * @module
 */
import { defaultTreeAdapter, type DefaultTreeAdapterTypes, parse } from "npm:parse5@8.1.1";

/** An element of a parsed page. */
export type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/** A parsed page. */
export interface Page {
  /** Every element, in document order (template contents included). */
  elements: Element[];
  /** The elements with a tag name. */
  all(tag: string): Element[];
  /** The one element matching a test; fails when there is none. */
  one(test: (element: Element) => boolean, what: string): Element;
}

function childrenOf(node: Node): Node[] {
  const children = "childNodes" in node ? [...node.childNodes] : [];
  if ("content" in node) children.push(...node.content.childNodes);
  return children;
}

/** Parses an HTML document. */
export function parsePage(html: string): Page {
  const elements: Element[] = [];
  const walk = (node: Node) => {
    if (defaultTreeAdapter.isElementNode(node)) elements.push(node);
    for (const child of childrenOf(node)) walk(child);
  };
  walk(parse(html));
  return {
    elements,
    all: (tag) => elements.filter((element) => element.tagName === tag),
    one(test, what) {
      const found = elements.find(test);
      if (found === undefined) throw new Error(`The page has no ${what}`);
      return found;
    },
  };
}

/** The value of an attribute, or `undefined`. */
export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

/** The text inside an element, whitespace collapsed. */
export function textOf(element: Element): string {
  return rawTextOf(element).replace(/\s+/g, " ").trim();
}

/** The text inside an element exactly as the page holds it, whitespace kept (a `<pre>` block). */
export function rawTextOf(element: Element): string {
  let text = "";
  const walk = (node: Node) => {
    if (defaultTreeAdapter.isTextNode(node)) text += node.value;
    for (const child of childrenOf(node)) walk(child);
  };
  walk(element);
  return text;
}
