/**
 * What the benchmark loads: each case is one address with the request headers that select one
 * encoded body.
 *
 * @module
 */

/** One benchmarked request. */
export interface BenchCase {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** The status both servers must answer. */
  status: number;
  /** The content coding the answer must carry. */
  coding: "identity" | "gzip" | "br";
  /** For a POST: the body, sent by `soak.lua` (only the server answers these). */
  post?: string;
}

/** A JSON-RPC request to `/mcp`, as an MCP client sends it over Streamable HTTP. */
export function mcpBody(method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
}

/** The cases of `deno task bench`, in the order they are reported. */
export const CASES: readonly BenchCase[] = [
  {
    name: "one metric",
    path: "/api/metrics/churn-rate",
    headers: {},
    status: 200,
    coding: "identity",
  },
  { name: "metric list", path: "/api/metrics", headers: {}, status: 200, coding: "identity" },
  {
    name: "metric list, gzip",
    path: "/api/metrics",
    headers: { "Accept-Encoding": "gzip" },
    status: 200,
    coding: "gzip",
  },
  {
    name: "metric list, brotli",
    path: "/api/metrics",
    headers: { "Accept-Encoding": "br" },
    status: 200,
    coding: "br",
  },
  {
    name: "404",
    path: "/api/metrics/no-such-metric",
    headers: {},
    status: 404,
    coding: "identity",
  },
  {
    name: "metric page",
    path: "/metrics/churn-rate",
    headers: {},
    status: 200,
    coding: "identity",
  },
  {
    name: "where-do-you-stand answer",
    path: "/metrics/churn-rate/compare?value=3.2&model=b2b&arpa=200",
    headers: {},
    status: 200,
    coding: "identity",
  },
  {
    name: "MCP tools/call get_metric",
    path: "/mcp",
    headers: {},
    status: 200,
    coding: "identity",
    post: mcpBody("tools/call", { name: "get_metric", arguments: { slug: "churn-rate" } }),
  },
  {
    name: "MCP tools/list",
    path: "/mcp",
    headers: {},
    status: 200,
    coding: "identity",
    post: mcpBody("tools/list", {}),
  },
  {
    name: "OpenAPI document",
    path: "/api/openapi.json",
    headers: {},
    status: 200,
    coding: "identity",
  },
];
