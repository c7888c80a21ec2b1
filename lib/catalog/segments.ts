/**
 * What a segment value says beyond itself, read from the vocabulary of `catalog/segments.yaml`:
 * the groups it sits `within`, and the values of other keys it `implies` (B2B SaaS companies are
 * B2B). The comparison and the catalog's checks both read a segment through these.
 *
 * @module
 */
import type { Vocabulary } from "./record_types.ts";

/** One value of one key of the vocabulary. */
export interface SegmentValue {
  key: string;
  slug: string;
}

/** The groups a vocabulary value sits inside (`within`), nearest first. */
export function groupsAround(vocabulary: Vocabulary, { key, slug }: SegmentValue): string[] {
  const values = Object.hasOwn(vocabulary, key) ? vocabulary[key]?.values : undefined;
  const found: string[] = [];
  let next = values && Object.hasOwn(values, slug) ? values[slug]?.within : undefined;
  while (next !== undefined && !found.includes(next) && next !== slug) {
    found.push(next);
    next = values?.[next]?.within;
  }
  return found;
}

/**
 * The values of other keys that a value implies: its own `implies`, then its groups' (a value
 * inside B2B SaaS is B2B too).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { impliedBy } from "./segments.ts";
 * const vocabulary = {
 *   market: { label: "Market", values: { "b2b-saas": { label: "B2B SaaS", implies: { model: "b2b" } } } },
 *   model: { label: "Business model", values: { b2b: { label: "B2B" } } },
 * };
 * assert.deepEqual(impliedBy(vocabulary, { key: "market", slug: "b2b-saas" }), { model: "b2b" });
 * ```
 */
export function impliedBy(
  vocabulary: Vocabulary,
  { key, slug }: SegmentValue,
): Record<string, string> {
  const values = Object.hasOwn(vocabulary, key) ? vocabulary[key]?.values : undefined;
  const implied: Record<string, string> = {};
  for (const value of [slug, ...groupsAround(vocabulary, { key, slug })]) {
    const own = values && Object.hasOwn(values, value) ? values[value]?.implies : undefined;
    for (const [other, to] of Object.entries(own ?? {})) {
      if (!Object.hasOwn(implied, other)) implied[other] = to;
    }
  }
  return implied;
}

/** A segment with the values its values imply, for each key it does not state itself. */
export function withImplied(
  segment: Readonly<Record<string, string>>,
  vocabulary: Vocabulary,
): Record<string, string> {
  const whole: Record<string, string> = { ...segment };
  for (const [key, slug] of Object.entries(segment)) {
    for (const [other, to] of Object.entries(impliedBy(vocabulary, { key, slug }))) {
      if (!Object.hasOwn(whole, other)) whole[other] = to;
    }
  }
  return whole;
}

/**
 * Whether two values of one key can describe the same population: the same value, or one
 * within the other.
 */
export function agrees(
  vocabulary: Vocabulary,
  { key, one, other }: { key: string; one: string; other: string },
): boolean {
  return one === other || groupsAround(vocabulary, { key, slug: one }).includes(other) ||
    groupsAround(vocabulary, { key, slug: other }).includes(one);
}

/** A value a segment states against the one another of its values implies. */
export interface Contradiction {
  /** The key, its value as stated, and the value implied. */
  key: string;
  stated: string;
  implied: string;
  /** The key and value that imply it. */
  by: { key: string; slug: string };
}

/** The first value a segment states that contradicts what another of its values implies. */
export function contradiction(
  segment: Readonly<Record<string, string>>,
  vocabulary: Vocabulary,
): Contradiction | undefined {
  for (const [key, slug] of Object.entries(segment)) {
    for (const [other, to] of Object.entries(impliedBy(vocabulary, { key, slug }))) {
      const stated = segment[other];
      if (stated !== undefined && !agrees(vocabulary, { key: other, one: stated, other: to })) {
        return { key: other, stated, implied: to, by: { key, slug } };
      }
    }
  }
  return undefined;
}
