/**
 * The entry of the npm package on Node.js (20 or later): the command line with the catalog it
 * embeds, the MCP server over stdio, and the HTTP service through `@hono/node-server`, which turns
 * the web-standard handler into a Node HTTP server. No `Deno` namespace here.
 *
 * @module
 */
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { createServer } from "node:http";
import process from "node:process";
import type { AddressInfo } from "node:net";
import { catalogFromArtifact } from "../catalog/artifact.ts";
import { createReadModel, type ReadModel } from "../read/model.ts";
import { errorLine, outputError, runCli } from "../cli/main.ts";
import { PACKAGE_NAME } from "../policy.ts";
import { Problem } from "../problem.ts";
import { createModelHandler, type Handler } from "../web/handler.ts";
import {
  baseUrlFor,
  DEFAULT_HOSTNAME,
  listenError,
  listeningLine,
  type ServeOptions,
  stopLine,
} from "../server/config.ts";
import { InFlight } from "../server/drain.ts";
import { stopWithLaunchers } from "../server/launchers.ts";

/**
 * Serves a catalog's read model over HTTP on Node, with the same handler as the Deno server. An
 * address it cannot listen on rejects with the `Problem` runCli reports.
 */
function serveHttp(model: ReadModel, options: ServeOptions): Promise<void> {
  const { port = 8000, hostname = DEFAULT_HOSTNAME, portFrom } = options;
  let handler: Handler = () => Promise.resolve(new Response("Starting", { status: 503 }));
  const inFlight = new InFlight();
  const listener = getRequestListener(
    (request: Request, bindings: HttpBindings | Http2Bindings) =>
      // The adapter resolves dot segments in request.url; the handler checks the raw target.
      inFlight.track(handler(request, { rawTarget: bindings.incoming.url })),
  );
  const server = createServer((incoming, outgoing) => {
    // A raw backslash would make the adapter refuse the request before the handler sees it;
    // encoded, the handler refuses it with the same JSON 400 as the Deno server.
    if (incoming.url?.includes("\\")) incoming.url = incoming.url.replaceAll("\\", "%5C");
    listener(incoming, outgoing);
  });
  const stop = async () => {
    await inFlight.shutdown(() => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      return closed;
    });
    process.exit(0);
  };
  // Every signal, as on Deno: a second one (SIGTERM after Ctrl+C, a parent that passes Ctrl+C on)
  // waits for the same shutdown, where Node's default after a once listener would cut the drain.
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Under npx, a signal to npx does not reach this process: npx going away stops it instead.
  stopWithLaunchers(stop);
  return new Promise((resolve, reject) => {
    server.once("error", (error) => {
      reject(listenError(error, { hostname, port }, portFrom ? { portFrom } : {}) ?? error);
    });
    server.listen(port, hostname, () => {
      const info: AddressInfo | string | null = server.address();
      const address = typeof info === "object" && info !== null
        ? { hostname: info.address, port: info.port }
        : { hostname, port };
      const baseUrl = options.baseUrl ?? baseUrlFor(address);
      handler = createModelHandler(model, { baseUrl });
      console.error(listeningLine(model.counts(), { baseUrl, address }));
      console.error(stopLine(process.pid));
      resolve();
    });
  });
}

/**
 * Imports an npm package installed beside this one (DuckDB, for `--data`), as Node resolves it
 * from the bundle's folder; when it is not installed, one line says how to run with it.
 */
async function importPackage(name: string, version: string): Promise<unknown> {
  // A name only known at run time, so that the bundler leaves the import to Node.
  try {
    return await import(name);
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    const reason = code === "ERR_MODULE_NOT_FOUND"
      ? `${name} is not installed beside ${PACKAGE_NAME}`
      : `Node could not load ${name} (${String(error).split("\n")[0]?.slice(0, 200)})`;
    throw new Problem(
      `--data runs the recipe on DuckDB, and ${reason}: run npx -y -p <package> -p ` +
        `${name}@${version} ${PACKAGE_NAME} <command> --data <folder>, where <package> is the ` +
        `tarball's absolute path (${PACKAGE_NAME} once it is published), or install both ` +
        "in a project",
    );
  }
}

/**
 * Runs the package's command line on Node with the embedded catalog artifact (parsed JSON).
 * `CATALOG_DIR` loads and validates another catalog folder instead. `singleBinary` is set by the
 * single executable, whose one script cannot import a package from beside it.
 */
export async function main(
  artifact: unknown,
  { singleBinary = false }: { singleBinary?: boolean } = {},
): Promise<void> {
  const terminal = process.stdout.isTTY === true;
  // Node reports a closed or full stdout as an event after the write: one line, as on Deno.
  process.stdout.on("error", (error) => {
    const failure = outputError(error);
    if (failure === undefined) throw error;
    process.stderr.write(errorLine(failure));
    process.exit(failure.exitCode);
  });
  const code = await runCli(process.argv.slice(2), {
    env: (name) => process.env[name],
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTerminal: terminal,
    columns: terminal ? process.stdout.columns : undefined,
    async loadCatalog(dir, options) {
      if (dir === undefined) return catalogFromArtifact(artifact);
      const { loadCatalog } = await import("../catalog/load.ts");
      return await loadCatalog(dir, { onFallback: (reason) => console.error(reason), ...options });
    },
    async writeArtifact(dir) {
      if (dir === undefined) {
        throw new Problem("validate --write needs CATALOG_DIR: the package's catalog is built in", {
          exitCode: 2,
        });
      }
      const { prebuildCatalog } = await import("../catalog/load.ts");
      const { writeFile } = await import("node:fs/promises");
      const { catalog, text, file } = await prebuildCatalog(dir);
      await writeFile(file, text);
      return { catalog, file: String(file) };
    },
    serve: (catalog, options) => serveHttp(createReadModel(catalog), options),
    async scorecardPage(scorecard, model) {
      const { scorecardPage } = await import("../web/pages/scorecard.ts");
      return scorecardPage(scorecard, model);
    },
    async serveMcp(catalog, options) {
      const { serveMcpStdio } = await import("../agents/mcp.ts");
      await serveMcpStdio(createReadModel(catalog), options);
      // Under npx, a signal to npx does not reach this process: npx going away ends it instead.
      stopWithLaunchers(() => process.exit(0));
    },
    importPackage: singleBinary ? undefined : importPackage,
  });
  if (code !== "running") {
    // Let the writes drain before the exit code is set.
    process.exitCode = code;
  }
}
