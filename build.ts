/**
 * The static export entry: load and validate the catalog, build the site once, and write it
 * with its host configuration to `dist/` (or `--out <folder>`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { buildSite } from "./lib/web/site.ts";
import { createReadModel } from "./lib/read/model.ts";
import { exportSite } from "./lib/export/export.ts";
import { Problem } from "./lib/problem.ts";
import { catalogDirFrom, parseBaseUrl, parsePort } from "./lib/server/config.ts";
import { exitOnKnownError, loadCatalogOrExit, readEnv } from "./lib/deno/entry.ts";

const USAGE = `Usage: deno task build [--out dist] [--port 8080]

Writes the static export: every page and API answer as a file with .gz and .br siblings,
and nginx.conf (listening on --port). Links use BASE_URL.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  Deno.exit(2);
}

let values;
try {
  values = parseArgs({
    args: Deno.args,
    options: {
      out: { type: "string", default: "dist" },
      port: { type: "string", default: "8080" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  console.log(USAGE);
  Deno.exit(0);
}
let nginxPort: number;
let baseUrl: string;
try {
  nginxPort = parsePort(values.port, "--port");
  if (nginxPort === 0) {
    throw new Problem("--port: nginx needs a fixed port, not 0", { exitCode: 2 });
  }
  baseUrl = parseBaseUrl(readEnv("BASE_URL") ?? `http://localhost:${nginxPort}`);
} catch (error) {
  if (!(error instanceof Problem)) throw error;
  fail(error.message);
}

const model = createReadModel(await loadCatalogOrExit(catalogDirFrom(readEnv)));
try {
  const report = await exportSite(await buildSite(model, baseUrl), values.out, { nginxPort });
  const kib = Math.round(report.bytes / 1024);
  console.error(
    `Wrote ${values.out}/: ${report.answers} answers (${report.pages} pages), ${report.files} files, ` +
      `${kib} KiB; links use ${baseUrl}`,
  );
  if (report.serverOnly.length > 0) {
    console.error(`Only the Deno server answers ${report.serverOnly.join(", ")}`);
  }
} catch (error) {
  exitOnKnownError(error);
}
