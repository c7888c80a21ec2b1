/**
 * The terminal entry: parse the arguments, call the library, print.
 *
 * @module
 */
import { parseArgs } from "node:util";
import {
  CatalogError,
  EMBEDDED_CATALOG,
  loadCatalog,
  loadCatalogOrExit,
  parsePort,
  serve,
  serveOptionsFromEnv,
} from "./lib/mod.ts";

const USAGE = `Usage: metrics-catalog <command> [options]

Commands:
  validate              Check every catalog record; print each problem and exit 1 if any
  serve [--port N]      Start the HTTP service (PORT, HOSTNAME, BASE_URL also apply)

Options:
  -h, --help            Show help`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  Deno.exit(2);
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    console.log(USAGE);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { port: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  switch (command) {
    case "validate":
      try {
        const catalog = await loadCatalog();
        console.log(
          `The catalog is valid: ${catalog.metrics.length} metrics, ${catalog.frameworks.length} frameworks`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof CatalogError)) throw error;
        console.error(error.message);
        return 1;
      }
    case "serve": {
      const options = serveOptionsFromEnv();
      if (parsed.values.port !== undefined) options.port = parsePort(parsed.values.port, "--port");
      const catalog = await loadCatalogOrExit(options.catalogDir ?? EMBEDDED_CATALOG);
      serve(catalog, { ...options, exitOnSignal: true });
      return -1;
    }
    default:
      fail(`Unknown command "${command}"`);
  }
}

const code = await main(Deno.args);
if (code >= 0) Deno.exit(code);
