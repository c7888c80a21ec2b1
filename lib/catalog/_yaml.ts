/**
 * Parses YAML with the core schema (strings, numbers, booleans and null; dates stay strings),
 * refusing repeated keys. A syntax error comes back as a message and a line instead of a throw.
 *
 * @module
 */
import { CORE_SCHEMA, load, YAMLException } from "js-yaml";

/** The parsed value, or the first syntax error with its 1-based line in `text`. */
export type YamlResult = { ok: true; value: unknown } | {
  ok: false;
  message: string;
  line?: number;
};

/** Parses one YAML document. */
export function parseYaml(text: string): YamlResult {
  try {
    return { ok: true, value: load(text, { schema: CORE_SCHEMA }) };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const reason = error.reason || "Malformed YAML";
    const message = reason.charAt(0).toUpperCase() + reason.slice(1);
    return error.mark ? { ok: false, message, line: error.mark.line + 1 } : { ok: false, message };
  }
}
