/**
 * Small text helpers shared by the renderers.
 *
 * @module
 */

/** The first sentence of a prose field, on one line. */
export function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text);
  return (match?.[0] ?? text).replace(/\s+/g, " ").trim();
}

/** The number of single-character edits between two strings (Levenshtein distance). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known slugs closest to an unknown one, best first: by edit distance, with slugs that
 * contain the whole input ranked as close, and slugs that contain one of its words as closer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closestSlugs } from "./text.ts";
 * assert.equal(closestSlugs("churn", ["churn-rate", "gross-margin"])[0], "churn-rate");
 * ```
 */
export function closestSlugs(
  input: string,
  slugs: Iterable<string>,
  { limit = 3 }: { limit?: number } = {},
): string[] {
  const wanted = input.toLowerCase().slice(0, 100);
  const words = wanted.split(/[^a-z0-9]+/).filter((word) => word.length >= 3);
  return [...slugs].map((slug) => {
    let distance = editDistance(wanted, slug);
    if (slug.includes(wanted)) distance = Math.min(distance, 1);
    else if (words.some((word) => slug.includes(word))) distance = Math.floor(distance / 2);
    return { slug, distance };
  }).filter(({ distance, slug }) => distance <= Math.max(3, Math.floor(slug.length / 2)))
    .sort((a, b) => a.distance - b.distance || a.slug.localeCompare(b.slug))
    .slice(0, limit)
    .map(({ slug }) => slug);
}
