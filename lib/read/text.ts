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

/**
 * The possessive of a name: an apostrophe alone after a final "s" ("Bessemer Venture Partners'",
 * "Sean Ellis'"), "'s" after anything else ("Recurly's", "KeyBanc's").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { possessive } from "./text.ts";
 * assert.equal(possessive("Bessemer Venture Partners"), "Bessemer Venture Partners'");
 * assert.equal(possessive("Recurly"), "Recurly's");
 * ```
 */
export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/**
 * A name or phrase reduced to lowercase letters and digits, the key under which names are looked
 * up and matched whole: "LTV:CAC", "ltv cac" and "LTV-CAC" meet.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameKey } from "./text.ts";
 * assert.equal(nameKey("LTV:CAC"), nameKey("ltv cac"));
 * assert.equal(nameKey("Rétention à 30 jours"), "rétentionà30jours");
 * ```
 */
export function nameKey(name: string): string {
  const lower = name.toLowerCase();
  // ASCII names, nearly all of them, skip the Unicode pattern, which is slow to compile.
  // deno-lint-ignore no-control-regex
  return /^[\x00-\x7f]*$/.test(lower)
    ? lower.replace(/[^a-z0-9]+/g, "")
    : lower.replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * The number of single-character slips between two strings: an insertion, a deletion, a
 * substitution or two neighbours swapped ("chrun" is one slip from "churn"). Given `atMost`, it
 * stops as soon as the answer must exceed it and returns `atMost + 1`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editDistance } from "./text.ts";
 * assert.equal(editDistance("chrun", "churn"), 1);
 * assert.equal(editDistance("retention", "revenue", { atMost: 1 }), 2);
 * ```
 */
export function editDistance(
  a: string,
  b: string,
  { atMost = Infinity }: { atMost?: number } = {},
): number {
  // Given a bound, only the band of cells within it of the diagonal can stay within it: the cells
  // either side of the band stand at one past the bound.
  const band = Math.min(atMost, Math.max(a.length, b.length));
  if (Math.abs(a.length - b.length) > band) return atMost + 1;
  if (band < a.length && band < b.length && !startsAlike(a, b, band + 1)) return atMost + 1;
  const outside = band + 1;
  // Three rows of the distance table: the one before the previous is for a swap of neighbours.
  let before: number[] = [];
  let previous: number[] = [];
  let current: number[] = [];
  for (let j = 0; j <= b.length; j++) previous[j] = j <= band ? j : outside;
  for (let i = 1; i <= a.length; i++) {
    const char = a.charCodeAt(i - 1);
    const low = Math.max(1, i - band);
    const high = Math.min(b.length, i + band);
    current[low - 1] = low === 1 ? i : outside;
    if (high < b.length) current[high + 1] = outside;
    let lowest = current[low - 1]!;
    for (let j = low; j <= high; j++) {
      const other = b.charCodeAt(j - 1);
      let best = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (char === other ? 0 : 1),
      );
      if (i > 1 && j > 1 && char === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === other) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current[j] = best;
      if (best < lowest) lowest = best;
    }
    // A row's smallest entry never falls in the rows below it.
    if (lowest > atMost) return atMost + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  const distance = previous[b.length]!;
  return distance > atMost ? atMost + 1 : distance;
}

/**
 * Whether some character among the first `width + 1` of `a` is among the first `width + 1` of
 * `b`: two strings that both go on past that, with no such pair, are more than `width - 1` slips
 * apart, since every slip before the first kept character covers at most two of them.
 */
function startsAlike(a: string, b: string, width: number): boolean {
  for (let i = 0; i <= width && i < a.length; i++) {
    for (let j = 0; j <= width && j < b.length; j++) {
      if (a.charCodeAt(i) === b.charCodeAt(j)) return true;
    }
  }
  return false;
}

/** A known name in the form `closeness` compares: kebab-case, and split into its words. */
interface Candidate {
  slug: string;
  kebab: string;
  /** Its words, as places in the finder's list of distinct words. */
  words: number[];
}

/** The most edits a typed word of this length may differ by: one in four characters. */
const allowed = (length: number) => Math.max(1, Math.floor(length / 4));

/**
 * How close a known name is to what someone typed, lower is closer; `undefined` when it is not
 * close for its length. A typo counts up to one edit in four characters; a name that starts with
 * or contains the input, or whose start is the input with one slip, comes next; last, a name whose
 * words each begin like one of the input's words (`begins`, by the input word's place and the
 * name word's). Lengths are compared before distances: an edit distance is never less than the
 * difference in length.
 */
function closeness(
  wanted: string,
  words: number,
  known: Candidate,
  begins: (word: number, part: number) => boolean,
): number | undefined {
  const { kebab } = known;
  const limit = allowed(Math.max(wanted.length, kebab.length));
  if (Math.abs(wanted.length - kebab.length) <= limit) {
    const distance = editDistance(wanted, kebab, { atMost: limit });
    if (distance <= limit) return distance;
  }
  const extra = (kebab.length - wanted.length) / 1000;
  if (wanted.length >= 3 && kebab.startsWith(wanted)) return 2 + extra;
  if (wanted.length >= 3 && kebab.includes(wanted)) return 3 + extra;
  if (
    wanted.length >= 4 && kebab.length >= wanted.length - 1 &&
    editDistance(wanted, kebab.slice(0, wanted.length), { atMost: 1 }) <= 1
  ) {
    return 4 + extra;
  }
  if (words === 0) return undefined;
  for (let word = 0; word < words; word++) {
    if (!known.words.some((part) => begins(word, part))) return undefined;
  }
  return 5 + extra;
}

/**
 * Whether a word of a name begins like a typed word: exactly under four characters, else with
 * one slip in four.
 */
function beginsLike(word: string, part: string): boolean {
  if (word.length < 4) return part.startsWith(word);
  const slips = allowed(word.length);
  return part.length >= word.length - slips &&
    editDistance(word, part.slice(0, word.length), { atMost: slips }) <= slips;
}

/**
 * A finder of the slugs of the records whose slug, name, abbreviation or everyday name is closest
 * to what someone typed, best first, each slug once, and only those close for their length: typos,
 * partial names and names that contain the input. A slip in a whole name ("chrun" for the everyday
 * name "churn") outranks a partial match, and when there is one, partial matches are left out.
 * The names' kebab-case forms and words are worked out once, when the finder is made: the read
 * model keeps one for each kind of record, so that a 404 compares and nothing more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closestFinder } from "./text.ts";
 * const closest = closestFinder([
 *   { name: "churn-rate", slug: "churn-rate" },
 *   { name: "churn", slug: "churn-rate" },
 *   { name: "revenue-churn-rate", slug: "revenue-churn-rate" },
 * ]);
 * assert.deepEqual(closest("chrun"), ["churn-rate"]);
 * ```
 */
export function closestFinder(
  names: Iterable<{ name: string; slug: string }>,
): (input: string, limit?: number) => string[] {
  const candidates: Candidate[] = [];
  // The names share most of their words ("rate", "revenue"): each is compared once per input.
  const parts = new Map<string, number>();
  for (const { name, slug } of names) {
    const kebab = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    if (kebab === "") continue;
    const words = kebab.split("-").map((word) => {
      if (!parts.has(word)) parts.set(word, parts.size);
      return parts.get(word)!;
    });
    candidates.push({ slug, kebab, words });
  }
  const partList = [...parts.keys()];
  return (input, limit = 3) => {
    const wanted = input.toLowerCase().slice(0, 100);
    if (wanted.length < 2) return [];
    const words = wanted.split(/[^a-z0-9]+/).filter((word) => word.length >= 3);
    // 0 not compared yet, 1 begins alike, 2 does not.
    const seen = words.map(() => new Uint8Array(partList.length));
    const begins = (word: number, part: number) => {
      const row = seen[word]!;
      if (row[part] === 0) row[part] = beginsLike(words[word]!, partList[part]!) ? 1 : 2;
      return row[part] === 1;
    };
    const best = new Map<string, number>();
    for (const candidate of candidates) {
      const score = closeness(wanted, words.length, candidate, begins);
      const { slug } = candidate;
      if (score !== undefined && score < (best.get(slug) ?? Infinity)) best.set(slug, score);
    }
    const ranked = [...best].map(([slug, score]) => ({ slug, score }))
      // Slugs are lowercase ASCII: code-unit order is A to Z, and needs no locale data.
      .sort((a, b) => a.score - b.score || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    // A slip in a whole name is what was meant; partial matches would only add noise beside it.
    const slips = ranked.filter(({ score }) => score < 2);
    return (slips.length > 0 ? slips : ranked).slice(0, limit).map(({ slug }) => slug);
  };
}

// One formatter per number of decimals, each made when first needed: the first `Intl` formatter
// loads ICU's locale data, which start-up and most commands need not wait for.
const NUMBER_FORMATS = new Map<number, Intl.NumberFormat>();

/**
 * A number as US English writes it, with thousands separators and at most `fractionDigits`
 * decimals (`Intl.NumberFormat("en-US")`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { groupedNumber } from "./text.ts";
 * assert.equal(groupedNumber(1234567.891, 2), "1,234,567.89");
 * assert.equal(groupedNumber(0.5, 0), "1");
 * ```
 */
export function groupedNumber(value: number, fractionDigits: number): string {
  let format = NUMBER_FORMATS.get(fractionDigits);
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: fractionDigits });
    NUMBER_FORMATS.set(fractionDigits, format);
  }
  return format.format(value);
}
