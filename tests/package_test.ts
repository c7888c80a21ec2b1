/**
 * The npm package as a user gets it: `deno task pack` builds the tarball, `npm install --offline`
 * installs it into an empty folder, and Node runs its one `bin`: the CLI, the MCP server over
 * stdio (with the official SDK client) and the HTTP service (against the HTTP contract and, byte
 * for byte, against the Deno server).
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { CONTRACT } from "./_contract.ts";
import { callsATool, documentedServers, MCP_STDIO_TOOLS, stdioClient } from "./_mcp.ts";
import { rawRequest } from "./_raw_http.ts";
import { leftAfter, portFree, processTree, running, spawnUntil, within } from "./_process.ts";
import {
  childEnv,
  FIXTURE,
  onlyLine,
  ROOT,
  runDeno,
  runTask,
  runWithBrokenStdout,
  type Spawned,
  spawnServer,
  taskArgs,
} from "./_spawn.ts";
import { systemBinary } from "./_system.ts";

const node = systemBinary("nodejs", ["/usr/bin/node", "/usr/local/bin/node"]);
const npm = systemBinary("npm", ["/usr/bin/npm", "/usr/local/bin/npm"]);

interface Installed {
  dir: string;
  bin: string;
  tarball: string;
}

let installed: Promise<Installed> | undefined;

/** Packs the project once and installs the tarball, offline, into an empty folder. */
function install(): Promise<Installed> {
  installed ??= (async () => {
    const packed = await runTask("pack");
    assert.equal(packed.code, 0, packed.stderr);
    const tarball = packed.stdout.trim();
    const dir = await mkdtemp(`${tmpdir()}/metrics catalog npm `);
    await writeFile(`${dir}/package.json`, JSON.stringify({ name: "try-it", private: true }));
    const output = await runDeno(["install", "--offline", "--no-audit", "--no-fund", tarball], {
      cwd: dir,
      command: npm.require(),
    });
    assert.equal(output.code, 0, output.stderr);
    return { dir, tarball, bin: `${dir}/node_modules/metrics-catalog/bin/metrics-catalog.mjs` };
  })();
  return installed;
}

async function runNode(args: string[], env: Record<string, string> = {}) {
  const { bin, dir } = await install();
  return await runDeno([bin, ...args], { cwd: dir, env, command: node.require() });
}

const skip = node.skip || npm.skip;
const options = { ignore: skip, sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...options,
  name: "docs/binary.md states the tarball's packed size within a tenth",
  async fn() {
    const { tarball } = await install();
    const docs = await readFile(new URL("../docs/binary.md", import.meta.url), "utf8");
    const stated = Number(/about (\d+) KiB packed/.exec(docs)?.[1]);
    const packed = (await Deno.stat(tarball)).size / 1024;
    assert.ok(
      Math.abs(packed - stated) <= stated / 10,
      `${packed.toFixed(0)} KiB, docs say ${stated}`,
    );
  },
});

Deno.test({
  ...options,
  name: "the tarball has no dependencies, one bin, the version, and both licence files",
  async fn() {
    const { tarball, dir } = await install();
    const listing = await new Deno.Command("tar", { args: ["-tzf", tarball], stdout: "piped" })
      .output();
    const files = new TextDecoder().decode(listing.stdout).trim().split("\n").sort();
    assert.deepEqual(files, [
      "package/LICENSE",
      "package/LICENSE-CONTENT.md",
      "package/README.md",
      "package/bin/metrics-catalog.mjs",
      "package/package.json",
    ]);
    const manifest = JSON.parse(
      await readFile(`${dir}/node_modules/metrics-catalog/package.json`, "utf8"),
    );
    assert.equal(manifest.name, "metrics-catalog");
    assert.equal(manifest.version, (await import("../lib/policy.ts")).VERSION);
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(Object.keys(manifest.bin), ["metrics-catalog"]);
    assert.equal(manifest.license, "MIT AND CC-BY-4.0");
    const content = await readFile(
      `${dir}/node_modules/metrics-catalog/LICENSE-CONTENT.md`,
      "utf8",
    );
    assert.match(content, /CC BY 4\.0/);
    assert.match(await readFile(`${dir}/node_modules/metrics-catalog/LICENSE`, "utf8"), /MIT/);
  },
});

Deno.test({
  ...options,
  name: "npx-style CLI on Node: show --json prints the API's bytes, names resolve, typos suggest",
  async fn() {
    const server = await spawnServer(taskArgs("start"));
    try {
      const api = await (await fetch(`${server.origin}/api/metrics/churn-rate`)).text();
      const shown = await runNode(["show", "churn-rate", "--json"]);
      assert.equal(shown.code, 0, shown.stderr);
      assert.equal(shown.stdout, `${api}\n`);
      const deno = await runTask("cli", ["show", "churn-rate", "--json"]);
      assert.equal(deno.stdout, shown.stdout, "the same output as deno task cli");
    } finally {
      await server.stop();
    }
    const alias = await runNode(["show", "NRR", "--json"]);
    assert.equal(JSON.parse(alias.stdout).slug, "net-revenue-retention");
    const missing = await runNode(["show", "churn-rat"]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Did you mean "churn-rate"/);
    const version = await runNode(["--version"]);
    assert.match(version.stdout, /^metrics-catalog \d+\.\d+\.\d+\n$/);
    const usage = await runNode(["lst"]);
    assert.equal(usage.code, 2);
    const text = await runNode(["list"], { COLUMNS: "100" });
    assert.equal(text.code, 0);
    assert.equal(text.stdout.trim().split("\n").length, 44);
    const recipe = await runNode(["sql", "churn-rate", "--dialect", "duckdb"]);
    assert.equal(recipe.code, 0, recipe.stderr);
    assert.equal(
      recipe.stdout,
      await readFile(new URL("../lib/sql/recipes/churn-rate.sql", import.meta.url), "utf8"),
    );
    const schema = await runNode(["sql", "--schema"]);
    assert.equal(
      schema.stdout,
      await readFile(new URL("../lib/sql/schema.postgres.sql", import.meta.url), "utf8"),
    );
    const none = await runNode(["sql", "return-on-ad-spend"]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /^metrics-catalog: "return-on-ad-spend" has no SQL recipe: /);
  },
});

Deno.test({
  ...options,
  name:
    "--data on Node without DuckDB installed beside the package says how to run it, in one line",
  async fn() {
    const data = await mkdtemp(`${tmpdir()}/metrics data `);
    try {
      const result = await runNode(["compare", "churn-rate", "--data", data]);
      assert.equal(result.code, 1);
      assert.equal(result.stdout, "");
      assert.equal(
        result.stderr,
        "metrics-catalog: --data runs the recipe on DuckDB, and @duckdb/node-api is not " +
          "installed beside metrics-catalog: run npx -y -p <package> -p " +
          "@duckdb/node-api@1.5.6-r.1 metrics-catalog <command> --data <folder>, where " +
          "<package> is the tarball's absolute path (metrics-catalog once it is published), or " +
          "install both in a project\n",
      );
    } finally {
      await rm(data, { recursive: true });
    }
  },
});

Deno.test({
  ...options,
  name:
    "the MCP server on Node over stdio offers the six tools with their schemas, and answers each",
  async fn() {
    const { bin, dir } = await install();
    const client = await stdioClient(node.require(), [bin, "mcp"], { cwd: dir });
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool: { name: string }) => tool.name).sort(), MCP_STDIO_TOOLS);
      for (const tool of tools) {
        assert.equal(tool.outputSchema?.type, "object", tool.name);
        assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      }
      const calls: [string, Record<string, unknown>][] = [
        ["list_metrics", { tag: "referral" }],
        ["get_metric", { slug: "churn-rate" }],
        ["search", { query: "net dollar retention", limit: 3 }],
        ["list_frameworks", {}],
        ["get_framework", { slug: "heart" }],
        ["get_benchmark", { slug: "net-revenue-retention" }],
      ];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        assert.equal(result.isError, undefined, name);
        assert.ok(result.structuredContent, name);
      }
      const unknown = await client.callTool({
        name: "get_metric",
        arguments: { slug: "chrun-rate" },
      });
      assert.equal(unknown.isError, true);
      assert.match(JSON.stringify(unknown.content), /Did you mean \\"churn-rate\\"/);
      const resource = await client.readResource({ uri: "catalog://metrics/churn-rate" });
      assert.equal(
        JSON.parse(String((resource.contents[0] as { text: string }).text)).slug,
        "churn-rate",
      );
      // The chart's script loads when the view is first read: the bundle must carry it.
      const view = await client.readResource({ uri: "ui://metrics-catalog/benchmark.html" });
      const html = String((view.contents[0] as { text: string }).text);
      const script = html.slice(
        html.indexOf('<script type="module">'),
        html.lastIndexOf("</script>"),
      );
      assert.ok(script.length > 10000 && script.includes("ontoolresult"), html.slice(-300));
    } finally {
      await client.close();
    }
  },
});

function decode(body: Uint8Array, coding: string | null): Uint8Array {
  if (coding === "gzip") return new Uint8Array(gunzipSync(body));
  if (coding === "br") return new Uint8Array(brotliDecompressSync(body));
  return body;
}

/** Starts the package's `serve` on Node with the fixture catalog, on port 0. */
async function serveOnNode(): Promise<Spawned> {
  const { bin, dir } = await install();
  return await spawnServer([bin, "serve"], {
    cwd: dir,
    env: { CATALOG_DIR: FIXTURE, BASE_URL: "https://metrics.example" },
    command: node.require(),
  });
}

Deno.test({
  ...options,
  name: "serve on Node passes the HTTP contract that main.ts and the nginx export pass",
  async fn(t) {
    const server = await serveOnNode();
    try {
      for (const item of CONTRACT) await t.step(item.name, () => item.run(server.origin));
    } finally {
      assert.equal(await server.stop(), 0);
    }
  },
});

Deno.test({
  ...options,
  name: "serve on Node answers every address byte for byte as the Deno server does",
  async fn() {
    const onNode = await serveOnNode();
    const onDeno = await spawnServer(taskArgs("start"), {
      env: { CATALOG_DIR: FIXTURE, BASE_URL: "https://metrics.example" },
    });
    try {
      const sitemap = await (await fetch(`${onDeno.origin}/sitemap.xml`)).text();
      const pages = [...sitemap.matchAll(/<loc>https:\/\/metrics\.example([^<]*)<\/loc>/g)]
        .map((match) => match[1] || "/");
      const targets = [
        ...pages,
        "/api/metrics",
        "/api/metrics/alpha-rate",
        "/api/frameworks",
        "/api/frameworks/sample-framework",
        "/api/openapi.json",
        "/llms.txt",
        "/llms-full.txt",
        "/metrics/alpha-rate.md",
        "/frameworks/sample-framework.svg",
        "/robots.txt",
        "/search?q=alpha",
        "/api/metrics/nope",
        "/nope",
        "/api/metrics/%2e%2e/x",
      ];
      const compared = ["content-type", "content-length", "etag", "cache-control", "vary", "allow"];
      for (const target of targets) {
        for (const encoding of ["identity", "gzip", "br"]) {
          const headers = { "Accept-Encoding": encoding };
          const [a, b] = await Promise.all([
            rawRequest(onDeno.origin, target, { headers }),
            rawRequest(onNode.origin, target, { headers }),
          ]);
          assert.equal(b.status, a.status, `${target} ${encoding}`);
          // Node's and Deno's zlib may compress the same bytes a few bytes apart: compressed
          // answers are compared once decoded, identity answers byte for byte.
          const coded = a.headers.get("content-encoding");
          assert.equal(b.headers.get("content-encoding"), coded, `${target} ${encoding}`);
          for (const name of compared) {
            if (coded && name === "content-length") continue;
            assert.equal(
              b.headers.get(name),
              a.headers.get(name),
              `${target} ${encoding}: ${name}`,
            );
          }
          assert.deepEqual(decode(b.body, coded), decode(a.body, coded), `${target} ${encoding}`);
        }
      }
    } finally {
      await onNode.stop();
      await onDeno.stop();
    }
  },
});

Deno.test({
  ...options,
  name:
    "serve on Node refuses a bad PORT, --port or BASE_URL, and a port in use, in the Deno server's line " +
    "and exit code",
  async fn() {
    const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    try {
      const cases: [string[], Record<string, string>][] = [
        [[], { PORT: "abc" }],
        [["--port", "abc"], {}],
        [[], { BASE_URL: "notaurl" }],
        [[], { PORT: String(taken.addr.port), HOSTNAME: "127.0.0.1" }],
      ];
      for (const [args, env] of cases) {
        const onDeno = await runTask("cli", ["serve", ...args], { env });
        const onNode = await runNode(["serve", ...args], env);
        assert.ok(onNode.code === 1 || onNode.code === 2, onNode.stderr);
        assert.equal(onNode.code, onDeno.code, JSON.stringify(env));
        assert.equal(onlyLine(onNode), onlyLine(onDeno));
        assert.match(
          onlyLine(onNode),
          /^metrics-catalog: (PORT|--port|BASE_URL|Port \d+ is already)/,
        );
      }
    } finally {
      taken.close();
    }
  },
});

Deno.test({
  ...options,
  name: "the CLI on Node ends in the Deno CLI's one line and exit 1 when stdout is closed or full",
  async fn() {
    const { bin, dir } = await install();
    for (const stdout of ["closed", "full"] as const) {
      const onNode = await runWithBrokenStdout([bin, "show", "churn-rate"], stdout, {
        cwd: dir,
        command: node.require(),
      });
      const onDeno = await runWithBrokenStdout(taskArgs("cli", "show", "churn-rate"), stdout);
      assert.equal(onNode.code, 1, onNode.stderr);
      assert.equal(onNode.code, onDeno.code);
      assert.equal(onlyLine(onNode), onlyLine(onDeno));
      assert.match(onlyLine(onNode), /^metrics-catalog: The output was cut short: /);
    }
  },
});

Deno.test({
  ...options,
  name: "the package's bin also runs under Deno (as deno run -A npm:metrics-catalog would)",
  async fn() {
    const { bin, dir } = await install();
    const output = await runDeno(["run", "-A", bin, "show", "churn-rate", "--json"], { cwd: dir });
    assert.equal(output.code, 0, output.stderr);
    assert.equal(JSON.parse(output.stdout).slug, "churn-rate");
  },
});

globalThis.addEventListener("unload", () => {
  installed?.then(({ dir }) => rm(dir, { recursive: true, force: true })).catch(() => {});
});

Deno.test({
  ...options,
  name: "the package's package.json names the MCP Registry entry that server.json describes",
  async fn() {
    const { dir } = await install();
    const manifest = JSON.parse(
      await readFile(`${dir}/node_modules/metrics-catalog/package.json`, "utf8"),
    );
    const server = JSON.parse(await readFile(new URL("../server.json", import.meta.url), "utf8"));
    assert.equal(manifest.mcpName, server.name);
    assert.equal(manifest.version, server.version);
    assert.equal(manifest.name, server.packages[0].identifier);
  },
});

const npxPath = systemBinary("npm", ["/usr/bin/npx", "/usr/local/bin/npx"]);

/**
 * The process a signal is sent to: npx itself for SIGTERM, which npm passes to its shell, whose
 * end stops the package; for SIGINT, which that shell keeps until its child ends, the process the
 * package names in its log, as the README says.
 */
const NAMED = /(?:kill|process) (\d+)/;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  const to = signal === "SIGTERM" ? "npx" : "the process it names";
  const target = (top: number, log: string) =>
    signal === "SIGTERM" ? top : Number(NAMED.exec(log)?.[1]);

  Deno.test({
    ...options,
    ignore: skip || npxPath.skip,
    name: `the tarball's serve under npx stops on ${signal} to ${to}: the port is free within 2 s`,
    async fn() {
      const { tarball } = await install();
      const server = await spawnServer(
        ["-y", `--package=${tarball}`, "metrics-catalog", "serve"],
        { command: npxPath.require(), cwd: tmpdir() },
      );
      await server.logged(NAMED);
      const tree = await processTree(server.process.pid);
      const pid = target(server.process.pid, server.stderr());
      assert.ok(tree.includes(pid), `${pid} is not one of ${tree}`);
      Deno.kill(pid, signal);
      assert.ok(await within(2000, () => portFree(server.port)), `port ${server.port} still taken`);
      assert.ok(
        await within(2000, async () => (await running(tree)).length === 0),
        `still running: ${await running(tree)}`,
      );
      await server.process.status;
    },
  });

  Deno.test({
    ...options,
    ignore: skip || npxPath.skip,
    name: `the tarball's mcp under npx ends on ${signal} to ${to}, every process of it within 2 s`,
    async fn() {
      const { tarball } = await install();
      const mcp = await spawnUntil(
        npxPath.require(),
        ["-y", `--package=${tarball}`, "metrics-catalog", "mcp"],
        /MCP server ready.*\n/,
        { cwd: tmpdir(), env: childEnv() },
      );
      const tree = await processTree(mcp.process.pid);
      const pid = target(mcp.process.pid, mcp.stderr());
      assert.ok(tree.includes(pid), `${pid} is not one of ${tree}`);
      Deno.kill(pid, signal);
      assert.deepEqual(await leftAfter(mcp.process, tree), [], mcp.stderr());
    },
  });
}

Deno.test({
  ...options,
  ignore: skip || npxPath.skip,
  name:
    "docs/mcp.md's tarball configuration, run as written by the MCP SDK's client, answers a tool",
  async fn() {
    const { tarball } = await install();
    const servers = await documentedServers(ROOT.replace(/\/$/, ""));
    const config = servers.find(({ args }) => args.some((arg) => arg.endsWith(".tgz")));
    assert.ok(config, "docs/mcp.md has the tarball's form");
    assert.ok(config.args.includes(`--package=${tarball}`), `${config.args} names ${tarball}`);
    const command = config.command === "npx" ? npxPath.require() : config.command;
    await callsATool(await stdioClient(command, config.args, { cwd: tmpdir() }));
  },
});

Deno.test({
  ...options,
  ignore: skip || npxPath.skip,
  name: "the command the hint gives runs --data with DuckDB beside the tarball, under npx",
  async fn() {
    const { tarball } = await install();
    const result = await runDeno([
      "-y",
      "-p",
      tarball,
      "-p",
      "@duckdb/node-api@1.5.6-r.1",
      "metrics-catalog",
      "compare",
      "churn-rate",
      "--data",
      `${ROOT}examples/reference`,
      "--json",
    ], { command: npxPath.require(), cwd: tmpdir() });
    assert.equal(result.code, 0, result.stderr);
    const answer = JSON.parse(result.stdout);
    assert.equal(answer.metric, "churn-rate");
    assert.equal(answer.data.engine, "duckdb");
    assert.ok(answer.placements.length > 0);
  },
});
