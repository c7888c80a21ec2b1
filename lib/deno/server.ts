/**
 * Runs the handler with `Deno.serve`: the base address, and a graceful shutdown on SIGINT and
 * SIGTERM. The configuration comes from `lib/server/config.ts`.
 *
 * @module
 */
import type { ReadModel } from "../read/model.ts";
import { createModelHandler, type Handler } from "../web/handler.ts";
import { exitOnKnownError, readEnv } from "./entry.ts";
import { streamCompress } from "./compress.ts";
import {
  baseUrlFor,
  DEFAULT_HOSTNAME,
  listenError,
  listeningLine,
  type ServeOptions,
  serveOptionsFromEnv,
  stopLine,
} from "../server/config.ts";
import { InFlight } from "../server/drain.ts";

/**
 * Serves a catalog's read model. The handler (which plans every answer) is created when the listener is
 * bound, so that absolute links use the real port; no request is answered before that. An address
 * it cannot listen on throws a `Problem` that says what to do.
 */
export function serve(model: ReadModel, options: ServeOptions = {}): Deno.HttpServer<Deno.NetAddr> {
  const { port = 8000, hostname = DEFAULT_HOSTNAME, signal, exitOnSignal = false, portFrom } =
    options;
  let handler: Handler = () => Promise.resolve(new Response("Starting", { status: 503 }));
  const inFlight = new InFlight();
  if (exitOnSignal) {
    // Listen for signals before binding, so that a signal right after start-up is not lost;
    // the listener runs from the event loop, after `server` below is assigned. Deno's graceful
    // shutdown closes the listener, then each connection once its answer is written.
    const stop = async () => {
      await inFlight.shutdown(() => server.shutdown());
      Deno.exit(0);
    };
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
    // Under npx, a signal to npx does not reach this process, and its permissions do not reach
    // /proc to watch npx go (lib/server/launchers.ts, which the Node entry uses): it logs its PID.
  }
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      port,
      hostname,
      ...(signal ? { signal } : {}),
      onListen(address) {
        const baseUrl = options.baseUrl ?? baseUrlFor(address);
        // Deno's own compression streams spare the process node:zlib.
        handler = createModelHandler(model, { baseUrl, compress: streamCompress });
        console.error(listeningLine(model.counts(), { baseUrl, address }));
        if (exitOnSignal) console.error(stopLine(Deno.pid));
      },
    }, (request) => inFlight.track(handler(request)));
  } catch (error) {
    throw listenError(error, { hostname, port }, portFrom ? { portFrom } : {}) ?? error;
  }
  return server;
}

/** Reads the configuration from the environment, or prints the problem and exits with code 2. */
export function serveOptionsFromEnvOrExit(): ServeOptions {
  try {
    return serveOptionsFromEnv(readEnv);
  } catch (error) {
    exitOnKnownError(error);
  }
}
