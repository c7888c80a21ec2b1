/**
 * The terminal entry on Deno: runs the portable command line (`lib/cli/main.ts`) with Deno's
 * standard streams, environment and server. Commands load only what they use.
 *
 * @module
 */
import { outputError, runCli } from "./lib/cli/main.ts";
import { Problem } from "./lib/problem.ts";
import { exitOnKnownError, readEnv } from "./lib/deno/entry.ts";
import { denoFiles } from "./lib/deno/files.ts";
import { EMBEDDED_CATALOG, loadCatalogWith, prebuildCatalog } from "./lib/catalog/load.ts";
import { createReadModel } from "./lib/read/model.ts";
import { isPermissionError } from "./lib/deno/permission.ts";

const encoder = new TextEncoder();
const fromFileUrl = (url: URL) => decodeURIComponent(url.pathname);
const write = (stream: { writeSync(bytes: Uint8Array): number }) => (text: string) => {
  const bytes = encoder.encode(text);
  let written = 0;
  while (written < bytes.length) written += stream.writeSync(bytes.subarray(written));
};
const toStdout = write(Deno.stdout);
const isTerminal = Deno.stdout.isTerminal();

try {
  const code = await runCli(Deno.args, {
    env: readEnv,
    stdout(text) {
      try {
        toStdout(text);
      } catch (error) {
        // A closed or full stdout ends the command with one line on stderr, through runCli.
        throw outputError(error) ?? error;
      }
    },
    stderr: write(Deno.stderr),
    isTerminal,
    columns: isTerminal ? Deno.consoleSize().columns : undefined,
    loadCatalog: (dir, options) =>
      loadCatalogWith(denoFiles, dir ?? EMBEDDED_CATALOG, {
        onFallback: (reason) => console.error(reason),
        ...options,
      }),
    async writeArtifact(dir) {
      const { catalog, text, file } = await prebuildCatalog(dir ?? EMBEDDED_CATALOG, {
        files: denoFiles,
      });
      await Deno.writeTextFile(file, text);
      return { catalog, file: file instanceof URL ? fromFileUrl(file) : file };
    },
    async serve(catalog, options) {
      // An address in use is a Problem that runCli reports.
      const { serve } = await import("./lib/deno/server.ts");
      serve(createReadModel(catalog), { ...options, exitOnSignal: true });
    },
    async scorecardPage(scorecard, model) {
      const { scorecardPage } = await import("./lib/web/pages/scorecard.ts");
      return scorecardPage(scorecard, model);
    },
    async serveMcp(catalog, options) {
      const { serveMcpStdio } = await import("./lib/agents/mcp.ts");
      await serveMcpStdio(createReadModel(catalog), options);
      // Under npx, a signal to npx does not reach this process: npx going away ends it instead
      // (where the permissions reach /proc).
      const { stopWithLaunchers } = await import("./lib/server/launchers.ts");
      stopWithLaunchers(() => Deno.exit(0));
    },
    async importPackage(name, version) {
      // Built at run time, so that no module graph names the package: a lockfile that does not
      // hold it (deno.lock, which deno task start caches whole) is then no error until here.
      const specifier = `npm:${name}@${version}`;
      try {
        return await import(specifier);
      } catch (error) {
        if (isPermissionError(error)) throw error;
        const reason = error instanceof Error ? error.message.split("\n")[0] ?? "" : "";
        const unlocked = /lockfile is out of date/i.test(reason);
        throw new Problem(
          `--data runs the recipe on DuckDB, which ${
            unlocked ? "this command's lockfile does not pin" : `Deno could not load (${reason})`
          }: run it with deno task cli, whose cli.lock pins ${name}@${version}`,
        );
      }
    },
  });
  if (code !== "running") Deno.exit(code);
} catch (error) {
  exitOnKnownError(error);
}
