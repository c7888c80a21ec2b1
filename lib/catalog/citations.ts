/**
 * How a benchmark figure cites its sources: by naming their author in its own words, as
 * `(KeyBanc Capital Markets, 2020)`. A catalog file gives each source's author and year as fields;
 * the label is checked against them here when the catalog is validated, so that a reader of the
 * label alone (an API client, a page) finds the same author and year in it.
 *
 * @module
 */
import type { Source } from "./records.ts";
import type { FileSource } from "./schema.ts";

/** A source's author and dates, as its label gives them. */
export interface SourceParts {
  /** The author: the label up to the first comma, quote or parenthesis. */
  author: string;
  /** The year of publication, from the label's closing parenthesis, when it gives one. */
  year?: string;
  /** The year the source was read (`accessed 2026` in the closing parenthesis), if given. */
  accessed?: string;
}

/**
 * A source's author and dates, read from its label: `Recurly, "Churn" (2020, accessed 2026)` is
 * by Recurly, of 2020, read in 2026.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceParts } from "./citations.ts";
 * assert.deepEqual(sourceParts({ label: 'Recurly, "Churn" (2020, accessed 2026)', url: "" }), {
 *   author: "Recurly",
 *   year: "2020",
 *   accessed: "2026",
 * });
 * ```
 */
export function sourceParts(source: Source): SourceParts {
  const author = source.label.split(/,|\s"|\s\(|\s“/)[0]?.trim() ?? "";
  const last = source.label.match(/\(([^()]*)\)\s*$/)?.[1] ?? "";
  // "accessed 2026" or "accessed March 2026" is when it was read; any other year, when published.
  const access = /\baccessed\s+(?:\p{L}+\s+)?((?:19|20)\d{2})\b/iu;
  const accessed = last.match(access)?.[1];
  const year = last.replace(access, "").match(/\b(?:19|20)\d{2}\b/)?.[0];
  return {
    author,
    ...(year === undefined ? {} : { year }),
    ...(accessed === undefined ? {} : { accessed }),
  };
}

/**
 * A source's author: its `author` field where the catalog file gives it, else its label up to the
 * first comma, quote or parenthesis (the same name, which the catalog's validation holds).
 */
export function authorOf(source: Source & { author?: string }): string {
  return source.author ?? sourceParts(source).author;
}

/**
 * What is wrong with a source's author and year, one line each, under `at`: the author must be a
 * name, the label must open with it and give the same year of publication in its closing
 * parenthesis (or none when the year is absent), and the source cannot be published after the
 * year it was read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceProblems } from "./citations.ts";
 * const label = 'Recurly, "Churn" (2020, accessed 2026)';
 * assert.deepEqual(sourceProblems({ label, url: "", author: "Recurly", year: 2020 }, "s"), []);
 * assert.deepEqual(sourceProblems({ label, url: "", author: "Recurly", year: 2021 }, "s"), [
 *   's.year: 2021, but the label gives 2020',
 * ]);
 * ```
 */
export function sourceProblems(source: FileSource, at: string): string[] {
  const { author, year, accessed } = sourceParts(source);
  const given = source.year === undefined ? undefined : String(source.year);
  return [
    ...(!/^[\p{L}\p{N}]/u.test(source.author)
      ? [`${at}.author: "${source.author}" must be a name, opening with a letter or digit`]
      : author !== source.author
      ? [
        `${at}.label: "${source.label}" must open with its author "${source.author}", then a comma`,
      ]
      : []),
    ...(given !== year
      ? [
        given === undefined
          ? `${at}.year: missing, but the label gives ${year}`
          : `${at}.year: ${given}, but the label gives ${
            year ?? "none in its closing parenthesis"
          }`,
      ]
      : []),
    ...(yearBeforeTheEnd(source.label)
      ? [
        `${at}.label: "${source.label}" gives a year before its end; the year goes in the closing parenthesis`,
      ]
      : []),
    ...(year !== undefined && accessed !== undefined && year > accessed
      ? [`${at}.label: published in ${year}, after it was accessed in ${accessed}`]
      : []),
  ];
}

/**
 * Whether a label gives a year in a parenthesis other than its closing one, outside its quoted
 * title (`"…" (2024), summarizing WordStream`), where a reader of the label would not find it.
 */
function yearBeforeTheEnd(label: string): boolean {
  const unquoted = label.replace(/"[^"]*"|“[^”]*”/g, '""').replace(/\([^()]*\)\s*$/, "");
  return /\([^()]*\b(?:19|20)\d{2}\b[^()]*\)/.test(unquoted);
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
export function citedSources(
  benchmark: string,
  sources: readonly (Source & { author?: string })[],
): number[] {
  const byAuthor = new Map<string, number[]>();
  sources.forEach((source, index) => {
    const author = authorOf(source);
    if (author.length >= 3) byAuthor.set(author, [...byAuthor.get(author) ?? [], index]);
  });
  const cited: number[] = [];
  for (const [author, indexes] of byAuthor) {
    const tails = mentionTails(benchmark, author);
    if (tails === undefined) continue;
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

/** A letter or a digit in any script: what may not stand right before or after an author. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Where the code point that ends just before `index` starts (a surrogate pair is one). */
function pointBefore(text: string, index: number): number {
  const unit = text.charCodeAt(index - 1);
  const high = text.charCodeAt(index - 2);
  const pair = unit >= 0xdc00 && unit <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return pair ? index - 2 : index - 1;
}

/** Whether the text has a letter or digit at `index`. */
function wordAt(text: string, index: number): boolean {
  const point = text.codePointAt(index);
  return point !== undefined && LETTER_OR_DIGIT.test(String.fromCodePoint(point));
}

/**
 * Where the text names `author` as a whole name (no letter or digit right before or after), each
 * mention with its tail: what follows up to a closing parenthesis with no parenthesis between
 * (`, 2020)` in `(KeyBanc Capital Markets, 2020)`), or "" when there is none. `undefined` when the
 * author is not named. Mentions do not overlap: a search goes on after the previous tail, as a
 * global regular expression would, without a pattern made for each author.
 */
function mentionTails(text: string, author: string): string[] | undefined {
  const tails: string[] = [];
  let from = 0;
  for (let at = text.indexOf(author, from); at !== -1; at = text.indexOf(author, at + 1)) {
    // The character before the name is part of the match, so it must not be in an earlier one.
    const start = at === 0 ? 0 : pointBefore(text, at);
    if (at === 0 ? from !== 0 : start < from || wordAt(text, start)) continue;
    const after = at + author.length;
    if (wordAt(text, after)) continue;
    let end = after;
    while (end < text.length && text[end] !== "(" && text[end] !== ")") end++;
    const closed = text[end] === ")";
    tails.push(closed ? text.slice(after, end + 1) : "");
    from = closed ? end + 1 : after;
    at = from - 1;
  }
  return tails.length > 0 ? tails : undefined;
}
