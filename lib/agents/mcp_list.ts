/**
 * The tool list as a client reads it, kept small: every tool's name, title, description, input
 * schema (with its descriptions) and annotations as registered, and its output schema as shape
 * alone: each field's type, and which fields every answer has. Its descriptions, the lists of
 * values a field takes (a statistic, a unit), and the bounds and formats every value meets (a
 * figure's number from 1, a slug's pattern, a URL's format, a closed object's
 * `additionalProperties: false`) are not needed to read a result, which carries its own values;
 * docs/mcp.md and the API's OpenAPI document keep them.
 *
 * @module
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { wrapped } from "./_transport.ts";

/** The keywords an output schema keeps only where they add to its shape. */
const SAID_ELSEWHERE = new Set([
  "description",
  "enum",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "minLength",
  "minItems",
  "$schema",
]);

/** Whether a keyword and value hold for every value of its type, and so say nothing. */
function idle(key: string, value: unknown, output: boolean): boolean {
  if (output && (SAID_ELSEWHERE.has(key) || key === "propertyNames")) return true;
  if (output && key === "additionalProperties" && value === false) return true;
  if ((key === "minimum" || key === "maximum") && typeof value === "number") {
    return Math.abs(value) === Number.MAX_SAFE_INTEGER;
  }
  return key === "$schema";
}

/**
 * A JSON Schema without the keywords {@linkcode idle} finds idle: for an `output` schema, its
 * descriptions and bounds too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { leanSchema } from "./mcp_list.ts";
 * const schema = {
 *   type: "object",
 *   properties: { n: { type: "integer", minimum: 1, maximum: 9007199254740991, description: "N" } },
 *   additionalProperties: false,
 * };
 * assert.deepEqual(leanSchema(schema), {
 *   type: "object",
 *   properties: { n: { type: "integer", minimum: 1, description: "N" } },
 *   additionalProperties: false,
 * });
 * assert.deepEqual(leanSchema(schema, { output: true }), {
 *   type: "object",
 *   properties: { n: { type: "integer" } },
 * });
 * ```
 */
export function leanSchema(
  schema: unknown,
  { output = false }: { output?: boolean } = {},
): unknown {
  if (Array.isArray(schema)) return schema.map((item) => leanSchema(item, { output }));
  if (schema === null || typeof schema !== "object") return schema;
  const lean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // A property named like a keyword ("description" of a record) is a name, not a keyword.
    if (key === "properties" && value && typeof value === "object") {
      lean[key] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, leanSchema(item, { output })]),
      );
    } else if (!idle(key, value, output)) lean[key] = leanSchema(value, { output });
  }
  return lean;
}

/** How long a part of a schema must be, as JSON, to be said once and referred to after. */
const SHARED_LENGTH = 40;

/**
 * A schema whose parts that recur (a unit's list of values, in four places) are said once under
 * `definitions`, named by the first property that has them, and referred to with `$ref`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sharedDefinitions } from "./mcp_list.ts";
 * const unit = { type: "string", enum: ["percent", "points", "ratio", "multiple", "usd", "count"] };
 * const schema = { type: "object", properties: { unit, per: { type: "object", properties: { unit } } } };
 * assert.deepEqual(sharedDefinitions(schema), {
 *   type: "object",
 *   properties: {
 *     unit: { $ref: "#/definitions/unit" },
 *     per: { type: "object", properties: { unit: { $ref: "#/definitions/unit" } } },
 *   },
 *   definitions: { unit },
 * });
 * ```
 */
export function sharedDefinitions(schema: Record<string, unknown>): Record<string, unknown> {
  const seen = new Map<string, { count: number; name: string }>();
  const visit = (node: unknown, name: string, root = false) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, name));
    if (node === null || typeof node !== "object") return;
    const text = JSON.stringify(node);
    if (!root && text.length >= SHARED_LENGTH) {
      const entry = seen.get(text) ?? { count: 0, name };
      seen.set(text, { ...entry, count: entry.count + 1 });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" && value && typeof value === "object") {
        for (const [property, item] of Object.entries(value)) visit(item, property);
      } else visit(value, name);
    }
  };
  visit(schema, "schema", true);
  const definitions: Record<string, unknown> = {};
  const names = new Map<string, string>();
  for (const [text, { count, name }] of seen) {
    // Said once and referred to, it must come out shorter than said each time.
    const reference = `{"$ref":"#/definitions/${name}"}`.length;
    if (count * text.length <= count * reference + text.length + name.length + 4) continue;
    let unique = name;
    for (let n = 2; Object.hasOwn(definitions, unique); n++) unique = `${name}${n}`;
    definitions[unique] = JSON.parse(text);
    names.set(text, unique);
  }
  if (names.size === 0) return schema;
  const replace = (node: unknown, root = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => replace(item));
    if (node === null || typeof node !== "object") return node;
    const name = root ? undefined : names.get(JSON.stringify(node));
    if (name !== undefined) return { $ref: `#/definitions/${name}` };
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === "properties" && value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([p, item]) => [p, replace(item)]))
          : replace(value),
      ]),
    );
  };
  return { ...(replace(schema, true) as Record<string, unknown>), definitions };
}

/** One tool as `tools/list` answers it, as far as this module reads it. */
interface ListedTool {
  inputSchema?: unknown;
  outputSchema?: unknown;
  execution?: { taskSupport?: string };
  [key: string]: unknown;
}

/** A `tools/list` result with each tool's schemas lean, and without the default `execution`. */
function leanList(result: { tools: ListedTool[] }): { tools: ListedTool[] } {
  return {
    ...result,
    tools: result.tools.map(({ execution, ...tool }) => ({
      ...tool,
      ...(execution && execution.taskSupport !== "forbidden" ? { execution } : {}),
      inputSchema: leanSchema(tool.inputSchema),
      ...(tool.outputSchema === undefined ? {} : {
        outputSchema: sharedDefinitions(
          leanSchema(tool.outputSchema, { output: true }) as Record<string, unknown>,
        ),
      }),
    })),
  };
}

/**
 * A transport that answers `tools/list` with {@linkcode leanSchema}'s schemas and without the
 * default `execution` (no task support): it notes the id of each `tools/list` request on its way
 * to the server and leans the answer with that id on its way back, so the server's tools stay as
 * registered, whatever is registered after the catalog's own.
 */
export function leaningToolList<T extends Transport>(inner: T): Transport {
  const asked = new Set<string | number>();
  return wrapped(inner, {
    incoming(message, extra, outer) {
      if ("method" in message && message.method === "tools/list" && "id" in message) {
        asked.add(message.id);
      }
      outer.onmessage?.(message, extra);
    },
    outgoing(message) {
      const listed = "id" in message && "result" in message && asked.delete(message.id);
      return listed ? { ...message, result: leanList(message.result as never) } as never : message;
    },
  });
}
