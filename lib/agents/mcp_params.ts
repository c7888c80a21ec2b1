/**
 * Requests whose params the SDK's own request schemas refuse (a tool call whose arguments are not
 * an object, a resource read without a URI) are answered as invalid params (-32602) in one
 * sentence, where the SDK would answer -32603 with the schema's dump. The check sits in a
 * transport that wraps the real one, and reads each request with the SDK's public schemas before
 * the server sees it.
 *
 * @module
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  type JSONRPCMessage,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { wrapped } from "./_transport.ts";

/** The SDK's schema for each method the server answers, by method. */
const REQUESTS = new Map(
  [
    InitializeRequestSchema,
    PingRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
  ].map((schema) => [schema.shape.method.value as string, schema]),
);

/** An issue of a schema that refused a value, as zod reports it. */
type Issue = z.core.$ZodIssue;

/** A refused request's first issue in one sentence: `Invalid params: "uri" must be a string`. */
export function paramsSentence(issues: readonly Issue[]): string {
  const [issue] = issues;
  if (!issue) return "Invalid params";
  const path = issue.path.filter((part) => part !== "params").join(".");
  const expected = issue.code === "invalid_type"
    ? issue.expected === "record" ? "an object" : `a ${issue.expected}`
    : "";
  const what = expected ? `must be ${expected}` : issue.message.replace(/^Invalid input: /, "");
  return `Invalid params: "${path || "params"}" ${what}`;
}

/** Whether an error is a zod schema's refusal, whichever copy of zod threw it. */
export function isSchemaError(error: unknown): error is z.core.$ZodError {
  // zod's classes answer `instanceof` by their traits, so another copy's errors are recognised.
  return error instanceof z.core.$ZodError;
}

/** The invalid-params answer to a request the SDK's schema for its method refuses. */
function refusal(message: JSONRPCMessage): JSONRPCMessage | undefined {
  if (!("method" in message && "id" in message)) return undefined;
  const checked = REQUESTS.get(message.method)?.safeParse(message);
  if (checked === undefined || checked.success) return undefined;
  return {
    jsonrpc: "2.0",
    id: message.id,
    error: { code: ErrorCode.InvalidParams, message: paramsSentence(checked.error.issues) },
  };
}

/**
 * Wraps a transport so that a request whose params its method's schema refuses is answered
 * invalid params on that transport, and never reaches the server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 * import { checkingParams } from "./mcp_params.ts";
 * const [client, server] = InMemoryTransport.createLinkedPair();
 * const checked = checkingParams(server);
 * const reached: unknown[] = [];
 * checked.onmessage = (message: unknown) => reached.push(message);
 * const answers: unknown[] = [];
 * client.onmessage = (message: unknown) => answers.push(message);
 * await checked.start();
 * await client.start();
 * await client.send({ jsonrpc: "2.0", id: 1, method: "resources/read", params: {} });
 * assert.deepEqual(answers, [{
 *   jsonrpc: "2.0",
 *   id: 1,
 *   error: { code: -32602, message: 'Invalid params: "uri" must be a string' },
 * }]);
 * assert.deepEqual(reached, []);
 * ```
 */
export function checkingParams<T extends Transport>(inner: T): Transport {
  return wrapped(inner, {
    incoming(message, extra, outer) {
      const answer = refusal(message);
      if (answer === undefined) outer.onmessage?.(message, extra);
      else inner.send(answer).catch((error: Error) => outer.onerror?.(error));
    },
  });
}
