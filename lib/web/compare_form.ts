/**
 * The compare form's fields read into a comparison's input: what the server's answer page and the
 * static export's script both read, so that the same fields give the same answer or error.
 *
 * @module
 */
import type { CompareInput } from "../read/compare.ts";

/** The longest text a form or query field is read to. */
const MAX_FIELD = 100;

/** What a reader typed, to fill the form in again. */
export interface FormFields {
  /** The value as typed. */
  value: string;
  /** The period chosen. */
  per: string;
  /** The segment fields filled in. */
  segment: Record<string, string>;
}

/**
 * A comparison's input read from a form or a query (`value`, `per`, and a field per segment key),
 * or the one line that says what is wrong with the form itself. The value and the segment are
 * read as typed ("3%", "$30k"); {@linkcode compareValue} reads them as the CLI and MCP do.
 */
export function compareInputFrom(
  params: URLSearchParams,
): { ok: true; input: CompareInput; fields: FormFields } | {
  ok: false;
  error: string;
  fields: FormFields;
} {
  const read = (name: string) => (params.get(name) ?? "").slice(0, MAX_FIELD).trim();
  const names = [...new Set(params.keys())];
  const twice = names.find((name) => params.getAll(name).length > 1);
  const value = read("value");
  const per = read("per");
  // Every other field is a segment key, in any case: an unknown one is an error, as in the CLI.
  const segment: Record<string, string> = {};
  for (const name of names) {
    if (name === "value" || name === "per") continue;
    const typed = read(name);
    if (typed !== "") segment[name.slice(0, MAX_FIELD).toLowerCase()] = typed;
  }
  const fields = { value, per, segment };
  if (twice) return { ok: false, error: `Give "${twice.slice(0, 40)}" once`, fields };
  if (value === "") return { ok: false, error: "The value is missing", fields };
  return { ok: true, input: { value, ...(per === "" ? {} : { per }), segment }, fields };
}
