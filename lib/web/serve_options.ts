/**
 * Where and how the HTTP service listens, read from the environment the same way on every runtime,
 * and the line it logs once it listens.
 *
 * @module
 */
import type { Catalog } from "../catalog/records.ts";

/** Where and how the server listens. */
export interface ServeOptions {
  /** The port to listen on; 0 picks a free one. */
  port?: number;
  /** The address to listen on. */
  hostname?: string;
  /** The public base address; derived from the listening address when absent. */
  baseUrl?: string;
  /** Stop listening (gracefully) when this signal aborts. */
  signal?: AbortSignal;
  /** A catalog folder to serve instead of the embedded one (`CATALOG_DIR`). */
  catalogDir?: string;
  /** Quit the process with exit code 0 after a graceful shutdown on SIGINT or SIGTERM. */
  exitOnSignal?: boolean;
}

/**
 * Reads `PORT`, `HOSTNAME`, `BASE_URL` and `CATALOG_DIR` from an environment, reporting the first
 * invalid value as an error.
 */
export function serveOptionsFromEnv(
  env: { get(name: string): string | undefined },
): ServeOptions {
  const options: ServeOptions = { port: 8000, hostname: "0.0.0.0" };
  const port = env.get("PORT");
  if (port !== undefined && port !== "") options.port = parsePort(port, "PORT");
  const hostname = env.get("HOSTNAME");
  if (hostname) options.hostname = hostname;
  const catalog = env.get("CATALOG_DIR");
  if (catalog) options.catalogDir = catalog;
  const baseUrl = env.get("BASE_URL");
  if (baseUrl) {
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      throw new Error(`BASE_URL: "${baseUrl}" must be an http(s) address`);
    }
    options.baseUrl = baseUrl.replace(/\/+$/, "");
  }
  return options;
}

/** Reads a port number from 0 to 65535, or throws an error that names where it came from. */
export function parsePort(value: string, from = "port"): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new Error(`${from}: "${value}" must be a port number from 0 to 65535`);
  }
  return Number(value);
}

/** The base address a listener is reachable at, for links when no `BASE_URL` is set. */
export function baseUrlFor(address: { hostname: string; port: number }): string {
  const wildcard = address.hostname === "0.0.0.0" || address.hostname === "::";
  const host = wildcard
    ? "localhost"
    : address.hostname.includes(":")
    ? `[${address.hostname}]`
    : address.hostname;
  return `http://${host}:${address.port}`;
}

/** The line a server logs once it listens: the address to open, then the one it listens on. */
export function listeningLine(
  catalog: Catalog,
  baseUrl: string,
  address: { hostname: string; port: number },
): string {
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
  return `Serving ${catalog.metrics.length} metrics and ${catalog.frameworks.length} frameworks ` +
    `at ${baseUrl} (listening on ${host}:${address.port})`;
}
