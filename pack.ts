/**
 * The npm package entry: validate the catalog once, embed it as JSON, bundle the Node entry with
 * every dependency (`deno bundle`), write `package.json` and the licences into `npm-package/`,
 * and run `npm pack` there. The tarball has no runtime dependencies.
 *
 * @module
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { prebuildCatalog } from "./lib/catalog/load.ts";
import { denoFiles } from "./lib/deno/files.ts";
import { exitOnKnownError } from "./lib/deno/entry.ts";
import { LICENCE, PACKAGE_NAME, SITE_NAME, VERSION } from "./lib/policy.ts";
import { DUCKDB_PACKAGE, DUCKDB_VERSION } from "./lib/sql/duckdb.ts";

/** The server's name in the MCP Registry (reverse DNS), also the package's `mcpName`. */
export const MCP_NAME = `io.github.${PACKAGE_NAME}/${PACKAGE_NAME}`;

/** The MCP Registry's schema that `server.json` follows. */
export const SERVER_SCHEMA =
  "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/**
 * `server.json`, the MCP Registry's entry for the server: the npm package over stdio, and the
 * Streamable HTTP endpoint of a deployed service. Made from the one name and version the package,
 * OpenAPI and the MCP `serverInfo` use.
 */
export function serverJson(): Record<string, unknown> {
  return {
    $schema: SERVER_SCHEMA,
    name: MCP_NAME,
    title: SITE_NAME,
    description: "Product and growth metrics: definitions, formulas, calculators, cited benchmarks",
    version: VERSION,
    packages: [{
      registryType: "npm",
      registryBaseUrl: "https://registry.npmjs.org",
      identifier: PACKAGE_NAME,
      version: VERSION,
      runtimeHint: "npx",
      packageArguments: [{ type: "positional", value: "mcp" }],
      transport: { type: "stdio" },
    }],
    remotes: [{
      type: "streamable-http",
      url: "https://{host}/mcp",
      variables: {
        host: {
          description: "The host name of a deployed metrics catalog service (its BASE_URL's host)",
          isRequired: true,
          format: "string",
        },
      },
    }],
  };
}

/** The text of `server.json`, as `deno task pack` writes it beside deno.json. */
export function serverJsonText(): string {
  return `${JSON.stringify(serverJson(), null, 2)}\n`;
}

const ROOT = fileURLToPath(new URL("./", import.meta.url));
const OUT = `${ROOT}npm-package`;
const STAGE = `${OUT}/package`;

/**
 * The command that runs the CLI from a tarball, ready to paste in any folder: the tarball's path is
 * absolute, since npm resolves a relative one against the nearest parent folder that holds a
 * `package.json` or `node_modules`, and quoted for the shell when it needs to be.
 */
export function runCommand(tarball: string): string {
  const path = /^[\w@%+=:,./-]+$/.test(tarball) ? tarball : `'${tarball.replaceAll("'", "'\\''")}'`;
  return `npx -y --package=${path} ${PACKAGE_NAME} show churn-rate`;
}

/** Runs a command to its end and returns its stdout; throws with its output if it fails. */
export async function run(command: string, args: string[], cwd = ROOT): Promise<string> {
  const output = await new Deno.Command(command, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const stdout = new TextDecoder().decode(output.stdout);
  if (!output.success) {
    throw new Error(
      `${command} ${args.join(" ")} failed:\n${new TextDecoder().decode(output.stderr)}${stdout}`,
    );
  }
  return stdout;
}

/**
 * Bundles the Node entry (`lib/node/main.ts`) with `catalog`, the validated artifact's text,
 * embedded into one minified script at `output`, working in the folder `build`: an ES module for
 * the npm package, or CommonJS (`format: "cjs"`) for the single binary, which then says that
 * `--data` cannot load DuckDB there.
 */
export async function bundleNodeEntry(
  output: string,
  { catalog, build, format = "esm" }: { catalog: string; build: string; format?: "esm" | "cjs" },
): Promise<void> {
  await mkdir(build, { recursive: true });
  await writeFile(`${build}/catalog.json`, catalog);
  // CommonJS has no top-level await: there the entry starts main and lets it set the exit code.
  await writeFile(
    `${build}/entry.ts`,
    `import { main } from "${relative(build, `${ROOT}lib/node/main.ts`)}";\n` +
      `import artifact from "./catalog.json" with { type: "json" };\n` +
      (format === "cjs"
        ? "void main(artifact, { singleBinary: true });\n"
        : "await main(artifact);\n"),
  );
  await run(Deno.execPath(), [
    "bundle",
    "--quiet",
    "--platform",
    "deno",
    ...(format === "cjs" ? ["--format", "cjs"] : []),
    "--minify",
    "--output",
    output,
    `${build}/entry.ts`,
  ]);
}

const README = `# ${PACKAGE_NAME}

The reference catalog of product and growth metrics: 44 metrics and 4 measurement frameworks
(AARRR, HEART, North Star, growth accounting), each with a definition, a formula, traps to watch,
a worked example and benchmark figures that cite their sources. One command, three ways in:

\`\`\`sh
npx -y ${PACKAGE_NAME} show churn-rate        # the CLI (list, show, search, benchmarks, calc, sql, …)
npx -y ${PACKAGE_NAME} mcp                    # the MCP server over stdio, for AI assistants
npx -y ${PACKAGE_NAME} serve --port 8000      # the JSON API, pages and llms files over HTTP
\`\`\`

Add the MCP server to a client that uses \`mcpServers\` (Claude Desktop, Cursor):

\`\`\`json
{ "mcpServers": { "${PACKAGE_NAME}": { "command": "npx", "args": ["-y", "${PACKAGE_NAME}", "mcp"] } } }
\`\`\`

Runs on Node.js 20 or later with no other dependency; Deno users can run
\`deno run -A npm:${PACKAGE_NAME} mcp\`. \`compare\` and \`calc\` with \`--data DIR\` run a metric's SQL
recipe on your own CSV files with DuckDB, installed beside the package:
\`npx -y -p ${PACKAGE_NAME} -p ${DUCKDB_PACKAGE}@${DUCKDB_VERSION} ${PACKAGE_NAME} compare churn-rate --data exports/\`.

Licences: the code is under the MIT licence (\`LICENSE\`); the catalog's text and figures are under
${LICENCE.name} (\`LICENSE-CONTENT.md\`, ${LICENCE.url}): credit the ${SITE_NAME} and carry each
figure's citation along with the figure.
`;

if (import.meta.main) await pack();

async function pack(): Promise<void> {
  try {
    // The artifact that catalog/artifact.json holds, made afresh from the Markdown files.
    const { text } = await prebuildCatalog(undefined, { files: denoFiles });
    await rm(OUT, { recursive: true, force: true });
    await mkdir(`${STAGE}/bin`, { recursive: true });
    const bin = `${STAGE}/bin/${PACKAGE_NAME}.mjs`;
    await bundleNodeEntry(bin, { catalog: text, build: `${OUT}/.build` });
    const bundled = await Deno.readTextFile(bin);
    await writeFile(bin, `#!/usr/bin/env node\n${bundled.replace(/^#!.*\n/, "")}`);
    await Deno.chmod(bin, 0o755);
    const manifest = {
      name: PACKAGE_NAME,
      version: VERSION,
      description: "The reference catalog of product and growth metrics: CLI, MCP server and " +
        "HTTP service, with cited benchmarks",
      license: "MIT AND CC-BY-4.0",
      type: "module",
      bin: { [PACKAGE_NAME]: `bin/${PACKAGE_NAME}.mjs` },
      files: ["bin/", "LICENSE", "LICENSE-CONTENT.md", "README.md"],
      engines: { node: ">=20" },
      mcpName: MCP_NAME,
      keywords: ["metrics", "product analytics", "growth", "saas", "mcp", "cli"],
    };
    await writeFile(`${STAGE}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(`${STAGE}/README.md`, README);
    await writeFile(`${STAGE}/LICENSE`, await Deno.readTextFile(`${ROOT}LICENSE`));
    await writeFile(
      `${STAGE}/LICENSE-CONTENT.md`,
      await Deno.readTextFile(`${ROOT}catalog/LICENSE.md`),
    );
    await writeFile(`${ROOT}server.json`, serverJsonText());
    const packed = await run("npm", ["pack", "--json", "--pack-destination", OUT], STAGE);
    const [info] = JSON.parse(packed) as { filename: string; size: number; unpackedSize: number }[];
    if (!info) throw new Error("npm pack printed no tarball");
    const tarball = `${OUT}/${info.filename}`;
    console.error(
      `Packed ${tarball}: ${(info.size / 1024).toFixed(0)} KiB ` +
        `(${(info.unpackedSize / 1024).toFixed(0)} KiB unpacked). Run it from any folder:\n` +
        `  ${runCommand(tarball)}`,
    );
    console.log(tarball);
  } catch (error) {
    exitOnKnownError(error);
  }
}
