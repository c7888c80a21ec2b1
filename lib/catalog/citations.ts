/**
 * How a benchmark figure cites its sources: by naming their author in its own words, as
 * `(KeyBanc Capital Markets, 2020)`.
 *
 * @module
 */
import type { Source } from "./records.ts";

/** A source's author: its label up to the first comma, quote or parenthesis. */
function authorOf(source: Source): string {
  return source.label.split(/,|\s"|\s\(|\s“/)[0]?.trim() ?? "";
}

/**
 * The sources a benchmark cites, by their index: those whose author is named in the benchmark's
 * text. When an author has several sources, a quoted title right after the author's name (in the
 * same parenthesis) picks the source with that title, or else a year there picks that year's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { citedSources } from "./citations.ts";
 * const sources = [
 *   { label: 'KeyBanc Capital Markets, "Survey" (2021)', url: "https://a.example/" },
 *   { label: 'KeyBanc Capital Markets, "COVID edition" (2020)', url: "https://b.example/" },
 * ];
 * assert.deepEqual(citedSources("Growth was 20% (KeyBanc Capital Markets, 2020).", sources), [1]);
 * ```
 */
export function citedSources(benchmark: string, sources: readonly Source[]): number[] {
  const byAuthor = new Map<string, number[]>();
  sources.forEach((source, index) => {
    const author = authorOf(source);
    if (author.length >= 3) byAuthor.set(author, [...byAuthor.get(author) ?? [], index]);
  });
  const cited: number[] = [];
  for (const [author, indexes] of byAuthor) {
    const pattern = new RegExp(
      `(?:^|[^\\p{L}\\p{N}])${escapeRegExp(author)}(?![\\p{L}\\p{N}])([^()]*\\))?`,
      "gu",
    );
    const mentions = [...benchmark.matchAll(pattern)];
    if (mentions.length === 0) continue;
    const tails = mentions.map((match) => match[1] ?? "");
    // A quoted title in the same parenthesis picks the source with that title; else a year does.
    const titles = tails.flatMap((tail) =>
      [...tail.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((quote) => quote[1] ?? quote[2] ?? "")
    ).filter((title) => title.length > 3);
    const years = tails.flatMap((tail) => tail.match(/\b(?:19|20)\d{2}\b/g) ?? []);
    const titled = indexes.filter((index) =>
      titles.some((title) => sources[index]?.label.includes(title))
    );
    const dated = indexes.filter((index) =>
      years.some((year) => sources[index]?.label.includes(year))
    );
    const picked = indexes.length < 2
      ? indexes
      : titled.length > 0
      ? titled
      : dated.length > 0 && dated.length < indexes.length
      ? dated
      : indexes;
    cited.push(...picked);
  }
  return cited.sort((a, b) => a - b);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
