/**
 * A reader's number as typed, read the same way on every surface: the answer page, the export's
 * script, the CLI and the MCP server all read a value and a band number with {@linkcode readAmount}
 * and word its refusal with the same line.
 *
 * @module
 */
import { parsePlainNumber, type Unit } from "../catalog/figures.ts";
import { UNIT_NAMES } from "./words.ts";

/** A value read, or the one line that says what is wrong with it. */
export type Amount = { ok: true; value: number } | { ok: false; error: string };

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9 };

/** Words a value in a unit may end with, besides the unit's sign. */
const UNIT_WORDS: Partial<Record<Unit, RegExp>> = {
  months: /\s*(?:months?|mo)$/i,
  days: /\s*days?$/i,
  minutes: /\s*(?:minutes?|mins?)$/i,
  seconds: /\s*(?:seconds?|secs?|s)$/i,
  points: /\s*(?:points?|pts?)$/i,
  multiple: /\s*[x×]$/i,
};

/**
 * Reads a number in a unit as people type it: `3`, `3%`, `$200`, `30k`, `$1.2M`, `14 months`,
 * `3x`. A percentage written without `%` between 0 and 2 with a decimal part (`1.04`, `0.5`)
 * could be a share or a percentage, so it is refused with a question rather than guessed; a
 * number given as a number is read as its decimal text would be.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAmount } from "./amount.ts";
 * assert.deepEqual(readAmount("3%", "percent"), { ok: true, value: 3 });
 * assert.deepEqual(readAmount("$30k", "usd"), { ok: true, value: 30000 });
 * assert.equal(readAmount("1.04", "percent").ok, false);
 * ```
 */
export function readAmount(
  raw: string | number,
  unit: Unit,
  { what = "The value" }: { what?: string } = {},
): Amount {
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) return { ok: false, error: `${what} must be a finite number` };
    return readAmount(String(raw).includes("e") ? raw.toFixed(20) : String(raw), unit, { what });
  }
  const typed = raw.trim().slice(0, 100);
  if (typed === "") return { ok: false, error: `${what} is missing` };
  const refuse = (): Amount => ({
    ok: false,
    error: `${what} must be ${unit === "percent" ? "a percentage" : UNIT_NAMES[unit]}, such as ${
      EXAMPLES[unit]
    }, not "${typed.slice(0, 40)}"`,
  });
  let text = typed;
  const percent = /\s*%$/.test(text);
  if (percent) {
    if (unit !== "percent") return refuse();
    text = text.replace(/\s*%$/, "");
  }
  const words = UNIT_WORDS[unit];
  if (words) text = text.replace(words, "");
  const sign = /^[-+−]/.test(text) ? (text[0] === "+" ? "" : "-") : "";
  if (sign || text.startsWith("+")) text = text.slice(1).trimStart();
  if (/^(?:US)?\$/i.test(text)) {
    if (unit !== "usd") return refuse();
    text = text.replace(/^(?:US)?\$\s*/i, "");
  }
  let scale = 1;
  const scaled = /^(.*?\d)\s*(k|m|mm|b|bn)$/i.exec(text);
  if (scaled) {
    if (unit !== "usd" && unit !== "count") return refuse();
    text = scaled[1] ?? "";
    scale = SCALE[(scaled[2] ?? "").toLowerCase()] ?? 1;
  }
  const number = parsePlainNumber(`${sign}${text}`);
  if (number === undefined) return refuse();
  const value = number * scale;
  if (!Number.isFinite(value) || Math.abs(value) > 1e15) {
    return { ok: false, error: `${what} must be a finite number` };
  }
  if (
    unit === "percent" && !percent && /\./.test(text) && Math.abs(value) > 0 && Math.abs(value) < 2
  ) {
    const share = groupedShare(value);
    return {
      ok: false,
      error: `Is ${typed} ${typed}% or ${share}%? Write the value with a % sign`,
    };
  }
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

const EXAMPLES: Record<Unit, string> = {
  percent: '"3%" or "3"',
  points: '"42"',
  ratio: '"0.2"',
  multiple: '"3x" or "3"',
  usd: '"$200" or "30k"',
  count: '"1500" or "1.5k"',
  months: '"14" or "14 months"',
  days: '"7"',
  minutes: '"5"',
  seconds: '"30"',
};

/** A share written as a percentage: 1.04 → "104", 0.5 → "50". */
function groupedShare(value: number): string {
  return String(Number((value * 100).toPrecision(12)));
}
