/**
 * How a benchmark figure cites its sources.
 *
 * @module
 */
import type { Source } from "./schema.ts";

/**
 * The sources a benchmark cites: those whose author (the label up to the first comma, quote or
 * parenthesis) is named in the benchmark's text.
 */
export function citedSources(benchmark: string, sources: readonly Source[]): number[] {
  const cited: number[] = [];
  sources.forEach((source, index) => {
    const author = source.label.split(/,|\s"|\s\(|\s“/)[0]?.trim() ?? "";
    if (author.length < 3) return;
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}])${escapeRegExp(author)}($|[^\\p{L}\\p{N}])`,
      "u",
    );
    if (pattern.test(benchmark)) cited.push(index);
  });
  return cited;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
