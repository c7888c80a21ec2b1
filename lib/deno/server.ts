/**
 * Runs the handler with `Deno.serve`: configuration from the environment, the base address,
 * and a graceful shutdown on SIGINT and SIGTERM.
 *
 * @module
 */
import type { Catalog } from "../catalog/load.ts";
import { createHandler, type Handler } from "../web/handler.ts";
import { readEnv } from "./entry.ts";

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

/** Reads `PORT`, `HOSTNAME` and `BASE_URL`, reporting the first invalid value as an error. */
export function serveOptionsFromEnv(
  env: { get(name: string): string | undefined } = { get: readEnv },
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
export function baseUrlFor(address: Deno.NetAddr): string {
  const wildcard = address.hostname === "0.0.0.0" || address.hostname === "::";
  const host = wildcard
    ? "localhost"
    : address.hostname.includes(":")
    ? `[${address.hostname}]`
    : address.hostname;
  return `http://${host}:${address.port}`;
}

/**
 * Serves the catalog. The handler (with every prebuilt response) is created when the listener
 * is bound, so that absolute links use the real port; no request is answered before that.
 */
export function serve(catalog: Catalog, options: ServeOptions = {}): Deno.HttpServer<Deno.NetAddr> {
  const { port = 8000, hostname = "0.0.0.0", signal, exitOnSignal = false } = options;
  let handler: Handler = () => new Response("Starting", { status: 503 });
  const inFlight = new Set<Promise<Response>>();
  if (exitOnSignal) {
    // Listen for signals before binding, so that a signal right after start-up is not lost.
    // The listener runs from the event loop, after `server` below is assigned.
    const stop = async () => {
      console.error("Shutting down: finishing in-flight requests");
      // Deno's shutdown can close a connection whose handler is still awaiting (a lazy import,
      // say), so the answers in progress are awaited first, then the server is shut down.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await server.shutdown();
      Deno.exit(0);
    };
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
  }
  const server = Deno.serve({
    port,
    hostname,
    ...(signal ? { signal } : {}),
    onListen(address) {
      const baseUrl = options.baseUrl ?? baseUrlFor(address);
      handler = createHandler(catalog, { baseUrl });
      const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
      console.error(
        `Serving ${catalog.metrics.length} metrics and ${catalog.frameworks.length} frameworks ` +
          `at ${baseUrl} (listening on ${host}:${address.port})`,
      );
    },
  }, (request) => {
    const answer = Promise.resolve(handler(request));
    inFlight.add(answer);
    answer.finally(() => inFlight.delete(answer)).catch(() => {});
    return answer;
  });
  return server;
}

/** Reads the configuration from the environment, or prints the problem and exits with code 2. */
export function serveOptionsFromEnvOrExit(): ServeOptions {
  try {
    return serveOptionsFromEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
