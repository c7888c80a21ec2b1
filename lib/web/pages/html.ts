/**
 * Safe HTML building: a tagged template that escapes every interpolated value unless it is
 * markup built the same way, and guards for links and prose.
 *
 * @module
 */

/** Markup that is safe to insert as is: built by {@linkcode markup}, never from raw text. */
export class Html {
  /** Creates markup from text that is already safe HTML. */
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a template may interpolate: text is escaped, markup is kept, lists are joined. */
export type Content = Html | string | number | undefined | null | false | readonly Content[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for use in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function render(content: Content): string {
  if (content === undefined || content === null || content === false) return "";
  if (content instanceof Html) return content.value;
  if (Array.isArray(content)) return content.map(render).join("");
  return escapeHtml(String(content));
}

/**
 * Builds markup from a template, escaping every interpolated value that is not itself
 * {@linkcode Html}. Attribute values must stand in double quotes in the template.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markup } from "./html.ts";
 * const name = '<script>alert("hi")</script>';
 * assert.equal(
 *   markup`<p title="${name}">${name}</p>`.value,
 *   '<p title="&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;">&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;</p>',
 * );
 * ```
 */
export function markup(strings: TemplateStringsArray, ...values: Content[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(out);
}

/** The address when it is an absolute http(s) URL, otherwise `undefined` (never linked). */
export function webUrl(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
}

/** A link to an outside source, or the plain label when the address is not http(s). */
export function externalLink(label: string, url: string): Html {
  const href = webUrl(url);
  return href === undefined
    ? markup`${label}`
    : markup`<a href="${href}" rel="external">${label}</a>`;
}

/** The site path of a record: a fixed prefix and the percent-encoded slug, never off-site. */
export function sitePath(prefix: string, slug: string): string {
  return `${prefix}/${encodeURIComponent(slug)}`;
}

/** Plain prose with paragraphs separated by a blank line, as `<p>` elements. */
export function paragraphs(text: string, className?: string): Html {
  const open = className === undefined ? markup`<p>` : markup`<p class="${className}">`;
  return markup`${
    text.split(/\n\s*\n/)
      .map((part) => part.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .map((part) => markup`${open}${part}</p>\n`)
  }`;
}
