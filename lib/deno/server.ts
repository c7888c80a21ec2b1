/**
 * Runs the handler with `Deno.serve`: configuration from the environment, the base address,
 * and a graceful shutdown on SIGINT and SIGTERM.
 *
 * @module
 */
import type { Catalog } from "../catalog/load.ts";
import { createHandler, type Handler } from "../web/handler.ts";
import { exitOnKnownError, readEnv } from "./entry.ts";

import {
  baseUrlFor,
  listenError,
  listeningLine,
  parsePort,
  type ServeOptions,
  serveOptionsFromEnv as optionsFromEnv,
} from "../cli/serve_options.ts";

export { baseUrlFor, parsePort, type ServeOptions };

/** Reads `PORT`, `HOSTNAME`, `BASE_URL` and `CATALOG_DIR` within the permissions granted. */
export function serveOptionsFromEnv(
  env: { get(name: string): string | undefined } = { get: readEnv },
): ServeOptions {
  return optionsFromEnv(env);
}

/**
 * Serves the catalog. The handler (which plans every answer) is created when the listener is
 * bound, so that absolute links use the real port; no request is answered before that. An address
 * it cannot listen on throws a `ServeError` that says what to do.
 */
export function serve(catalog: Catalog, options: ServeOptions = {}): Deno.HttpServer<Deno.NetAddr> {
  const { port = 8000, hostname = "0.0.0.0", signal, exitOnSignal = false, portFrom } = options;
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
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      port,
      hostname,
      ...(signal ? { signal } : {}),
      onListen(address) {
        const baseUrl = options.baseUrl ?? baseUrlFor(address);
        // Deno.serve sends each response and reads nothing of it: the answers may lend their bytes.
        handler = createHandler(catalog, { baseUrl, lendBodies: true });
        console.error(listeningLine(catalog, baseUrl, address));
      },
    }, (request) => {
      const answer = handler(request);
      // An answer already made is complete when returned; only pending ones are tracked for
      // shutdown (dynamic routes, and answers being made by their first request).
      if (answer instanceof Promise) {
        inFlight.add(answer);
        answer.finally(() => inFlight.delete(answer)).catch(() => {});
      }
      return answer;
    });
  } catch (error) {
    throw listenError(error, { hostname, port }, portFrom ? { portFrom } : {}) ?? error;
  }
  return server;
}

/** Reads the configuration from the environment, or prints the problem and exits with code 2. */
export function serveOptionsFromEnvOrExit(): ServeOptions {
  try {
    return serveOptionsFromEnv();
  } catch (error) {
    exitOnKnownError(error);
  }
}
