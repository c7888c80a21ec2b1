/**
 * The service's configuration, read and checked in this one place for the Deno server, the Node
 * server, the CLI and the static export: `PORT` (or `--port`), `HOSTNAME`, `BASE_URL` and
 * `CATALOG_DIR`; the one line a server ends with when it cannot start; and the address and line it
 * logs once it listens.
 *
 * @module
 */
import type { ReadModel } from "../read/model.ts";
import { Problem } from "../problem.ts";

/** Reads an environment variable; `undefined` when it is unset or may not be read. */
export type Env = (name: string) => string | undefined;

/** The setting a port came from. */
type PortFrom = "PORT" | "--port";

/** The address a listener is bound to. */
type Address = { hostname: string; port: number };

/**
 * The address the server listens on when `HOSTNAME` is unset: this machine only. Set `HOSTNAME`
 * (`0.0.0.0` for every interface) to serve other machines.
 */
export const DEFAULT_HOSTNAME = "127.0.0.1";

/** Where and how the server listens. */
export interface ServeOptions {
  /** The port to listen on; 0 picks a free one. */
  port?: number;
  /** The setting the port came from, which the line for a port in use names. */
  portFrom?: PortFrom;
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

/** The catalog folder `CATALOG_DIR` names, or `undefined` for the one the tool ships with. */
export function catalogDirFrom(env: Env): string | undefined {
  return env("CATALOG_DIR") || undefined;
}

/**
 * Reads where and how to serve: the port from `PORT` (8000 when unset), or from `--port` when
 * given; `HOSTNAME` ({@linkcode DEFAULT_HOSTNAME} when unset), `BASE_URL` and `CATALOG_DIR`. The first value that is not
 * valid is a {@linkcode Problem} with exit code 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serveOptionsFromEnv } from "./config.ts";
 * const env = { PORT: "8080", BASE_URL: "https://metrics.example/" } as Record<string, string>;
 * assert.deepEqual(serveOptionsFromEnv((name) => env[name]), {
 *   port: 8080,
 *   hostname: "127.0.0.1",
 *   baseUrl: "https://metrics.example",
 * });
 * assert.throws(() => serveOptionsFromEnv(() => "eighty"), /PORT: "eighty" must be a port number/);
 * ```
 */
export function serveOptionsFromEnv(
  env: Env,
  flags: { port?: string | undefined } = {},
): ServeOptions {
  const options: ServeOptions = { port: 8000, hostname: DEFAULT_HOSTNAME };
  if (flags.port !== undefined) {
    options.port = parsePort(flags.port, "--port");
    options.portFrom = "--port";
  }
  const port = env("PORT");
  if (port !== undefined && port !== "") {
    const checked = parsePort(port, "PORT");
    if (flags.port === undefined) options.port = checked;
  }
  const hostname = env("HOSTNAME");
  if (hostname) options.hostname = hostname;
  const catalogDir = catalogDirFrom(env);
  if (catalogDir !== undefined) options.catalogDir = catalogDir;
  const baseUrl = env("BASE_URL");
  if (baseUrl) options.baseUrl = parseBaseUrl(baseUrl);
  return options;
}

/**
 * Reads a port number from 0 to 65535, or throws a {@linkcode Problem} that names where it came
 * from: an environment variable as `PORT: "value"`, an option as the CLI names its options.
 */
export function parsePort(value: string, from: PortFrom): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    const given = from === "PORT" ? `${from}: "${value}"` : `${from} "${value.slice(0, 20)}"`;
    throw new Problem(`${given} must be a port number from 0 to 65535`, { exitCode: 2 });
  }
  return Number(value);
}

/**
 * Reads the public base address (`BASE_URL`): an http(s) address, returned without its trailing
 * slashes; otherwise a {@linkcode Problem} that quotes it.
 */
export function parseBaseUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new Problem(`BASE_URL: "${value}" must be an http(s) address`, { exitCode: 2 });
  }
  return value.replace(/\/+$/, "");
}

/**
 * The {@linkcode Problem} for an address the runtime refused to listen on (Deno's and Node's
 * errors carry the same `code`), or `undefined` for any other error. `portFrom` names the setting
 * the port came from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listenError } from "./config.ts";
 * const busy = Object.assign(new Error("Address already in use"), { code: "EADDRINUSE" });
 * assert.equal(
 *   listenError(busy, { hostname: "0.0.0.0", port: 8000 })?.message,
 *   "Port 8000 is already in use on 0.0.0.0: stop the program listening there, " +
 *     "or choose another port with PORT (0 picks a free one)",
 * );
 * ```
 */
export function listenError(
  error: unknown,
  address: Address,
  { portFrom = "PORT" }: { portFrom?: PortFrom } = {},
): Problem | undefined {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  const { hostname, port } = address;
  if (code === "EADDRINUSE") {
    return new Problem(
      `Port ${port} is already in use on ${hostname}: stop the program listening there, ` +
        `or choose another port with ${portFrom} (0 picks a free one)`,
    );
  }
  if (code === "EADDRNOTAVAIL") {
    return new Problem(
      `HOSTNAME: "${hostname}" is not an address of this machine: ` +
        "set it to one of its addresses, or 0.0.0.0 for all of them",
    );
  }
  if (code === "EACCES") {
    return new Problem(
      `Port ${port} on ${hostname} needs privileges this user lacks: ` +
        `choose a port from 1024 up with ${portFrom}`,
    );
  }
  return undefined;
}

/** The base address a listener is reachable at, for links when no `BASE_URL` is set. */
export function baseUrlFor(address: Address): string {
  const wildcard = address.hostname === "0.0.0.0" || address.hostname === "::";
  const host = wildcard
    ? "localhost"
    : address.hostname.includes(":")
    ? `[${address.hostname}]`
    : address.hostname;
  return `http://${host}:${address.port}`;
}

/**
 * The line a server logs after it: how to stop it, by this process's own number, which is what
 * to stop when a launcher (`npx`) does not pass a signal on.
 */
export function stopLine(pid: number): string {
  return `To stop it: Ctrl+C, or kill ${pid} (the serving process)`;
}

/** The line a server logs once it listens: the address to open, then the one it listens on. */
export function listeningLine(
  counts: ReturnType<ReadModel["counts"]>,
  { baseUrl, address }: { baseUrl: string; address: Address },
): string {
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
  return `Serving ${counts.metrics} metrics and ${counts.frameworks} frameworks ` +
    `at ${baseUrl} (listening on ${host}:${address.port})`;
}
