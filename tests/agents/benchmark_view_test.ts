// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createHandler, loadCatalog } from "../../lib/mod.ts";
import { BENCHMARK_VIEW_URI } from "../../lib/agents/benchmark_view.ts";
import { MCP_STDIO_TOOLS, MCP_TOOLS, stdioClient } from "../_mcp.ts";
import { systemBinary } from "../_system.ts";
import { childEnv, ROOT, runDeno, taskArgs } from "../_spawn.ts";

const SCREENSHOTS = fileURLToPath(new URL("../../test-output/screenshots/", import.meta.url));
const catalog = await loadCatalog();
const browserBinary = systemBinary("chromium", ["/usr/bin/chromium"]);

type Result = { content: { type: string; text: string }[]; structuredContent?: unknown };

/** Reads tools/list and the view over one connection, and calls get_benchmark with a value. */
async function viewOver(client: Client, offered: readonly string[]) {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool: { name: string }) => tool.name).sort(), offered);
  const tool = tools.find((item: { name: string }) => item.name === "get_benchmark") as
    | { _meta?: { ui?: unknown } }
    | undefined;
  const { contents } = await client.readResource({ uri: BENCHMARK_VIEW_URI });
  const [content] = contents;
  assert.ok(content && "text" in content);
  const result = await client.callTool({
    name: "get_benchmark",
    arguments: { slug: "net-revenue-retention", value: "104%", segment: { acv: 30000 } },
  }) as Result;
  return { tool, content, html: String(content.text), result };
}

Deno.test("get_benchmark points at its MCP App view, served over stdio and /mcp alike", async () => {
  const stdio = await stdioClient(Deno.execPath(), taskArgs("mcp"), { cwd: ROOT });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createHandler(catalog, { baseUrl: "http://localhost:8000" }),
  );
  const http = new Client({ name: "test", version: "1.0.0" });
  try {
    await http.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.addr.port}/mcp`)),
    );
    const overStdio = await viewOver(stdio, MCP_STDIO_TOOLS);
    const overHttp = await viewOver(http, MCP_TOOLS);
    for (const seen of [overStdio, overHttp]) {
      assert.deepEqual(seen.tool?._meta?.ui, { resourceUri: BENCHMARK_VIEW_URI });
      assert.equal(seen.content.mimeType, "text/html;profile=mcp-app");
      // One self-contained document: no address to fetch, no viewport height, no font files.
      assert.doesNotMatch(seen.html, /\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
      assert.doesNotMatch(seen.html, /@import|url\(\s*["']?(?:https?:)?\/\//i);
      assert.doesNotMatch(seen.html, /<link\b/i);
      assert.doesNotMatch(seen.html, /100vh/);
      // The figures are sent once: plain lines as text, the data as structured content.
      assert.equal(seen.result.content.length, 1);
      const [words] = seen.result.content;
      assert.match(words?.text ?? "", /^For ACV \$30,000, 104% a year /);
      assert.doesNotMatch(words?.text ?? "", /^\{/m);
      assert.ok(seen.result.structuredContent);
    }
    assert.equal(overStdio.html, overHttp.html, "the same view both ways");
    assert.deepEqual(overStdio.result, overHttp.result);
    const error = await stdio.callTool({ name: "get_benchmark", arguments: { slug: "nope-rate" } });
    assert.equal(error.isError, true);
    assert.equal(error.structuredContent, undefined, "an error carries no structured content");
  } finally {
    await stdio.close();
    await http.close();
    await server.shutdown();
  }
});

/** The host's script: the extension's AppBridge, bundled for the browser once. */
let hostScript: Promise<string> | undefined;

function bundleHostScript(): Promise<string> {
  hostScript ??= runDeno([
    "bundle",
    "--quiet",
    "--lock=tests/deno.lock",
    "--platform",
    "browser",
    "tests/testdata/app_host.ts",
  ]).then((output) => {
    assert.equal(output.code, 0, output.stderr);
    return output.stdout.replaceAll("</script", "<\\/script");
  });
  return hostScript;
}

/** The host page: the host's script and a sandboxed frame for the view. */
async function hostPage(width: number): Promise<string> {
  const script = await bundleHostScript();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>
<body style="margin:0"><iframe id="app" title="Benchmark chart" sandbox="allow-scripts"
style="border:0;width:${width}px;height:100px;display:block"></iframe>
<script type="module">${script}</script></body></html>`;
}

Deno.test({
  name: "Chromium renders the view as a host does: handshake, figures, sources and the value, " +
    "light and dark, narrow and wide, axe clean",
  ignore: browserBinary.skip,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    Deno.env.set("__IS_WSL_TEST__", "1");
    const { chromium } = await import("npm:playwright-core@1.65.1");
    const { default: axe } = await import("npm:axe-core@4.14.1");
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    const stdio = await stdioClient(Deno.execPath(), taskArgs("mcp"), { cwd: ROOT });
    const browser = await chromium.launch({
      executablePath: browserBinary.require(),
      env: childEnv(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const { html, result } = await viewOver(stdio, MCP_STDIO_TOOLS);
      const plain = await stdio.callTool({
        name: "get_benchmark",
        arguments: { slug: "cac-payback-period" },
      });
      for (const [width, theme] of [[390, "light"], [1000, "dark"]] as const) {
        for (
          const [args, answer] of [
            [{ slug: "net-revenue-retention", value: "104%", segment: { acv: 30000 } }, result],
            [{ slug: "cac-payback-period" }, plain],
          ] as const
        ) {
          const page = await browser.newPage({ viewport: { width, height: 900 } });
          const requests: string[] = [];
          page.on("request", (request) => requests.push(request.url()));
          const problems: string[] = [];
          page.on("pageerror", (error) => problems.push(error.message));
          await page.setContent(await hostPage(width));
          const shown = await page.evaluate(
            ([html, args, answer, theme]) =>
              (globalThis as unknown as {
                showView: (...args: unknown[]) => Promise<{ initialized: boolean }>;
              }).showView(html, args, answer, theme),
            [html, args, answer, theme] as const,
          );
          assert.ok(shown.initialized, "the handshake completes");
          const frame = page.frameLocator("#app");
          await frame.locator("h1").waitFor();
          const name = `${args.slug} ${width} ${theme}`;
          assert.equal(
            await frame.locator("h1").textContent(),
            args.slug === "cac-payback-period" ? "CAC Payback Period" : "Net Revenue Retention",
          );
          assert.ok(await frame.locator("svg.figures-chart rect").count() > 3, `${name}: bars`);
          const sources = await frame.locator("ul.sources a").evaluateAll((links) =>
            links.map((link) => link.getAttribute("href") ?? "")
          );
          assert.ok(sources.length > 0 && sources.every((href) => href.startsWith("https://")));
          if ("value" in args) {
            assert.match(
              (await frame.locator("p.verdict").textContent()) ?? "",
              /^For ACV \$30,000, 104% a year/,
            );
            assert.equal(await frame.locator("svg path.you").count(), 1, `${name}: the value`);
            assert.equal(await frame.locator("svg text.you").textContent(), "You: 104% a year");
          } else {
            assert.equal(await frame.locator("svg path.you").count(), 0);
          }
          assert.match(
            (await frame.locator("main").textContent()) ?? "",
            /(Higher|Lower) is better/,
          );
          // The host's theme reaches the view.
          const look = await frame.locator("html").evaluate((root) => ({
            theme: root.getAttribute("data-theme"),
            background: root.ownerDocument.defaultView!.getComputedStyle(
              root.ownerDocument.body,
            ).backgroundColor,
            scroll: root.scrollWidth,
            height: root.scrollHeight,
          }));
          assert.equal(look.theme, theme, name);
          assert.equal(
            look.background,
            theme === "dark" ? "rgb(22, 24, 29)" : "rgb(255, 255, 255)",
            name,
          );
          assert.ok(look.scroll <= width, `${name}: ${look.scroll} px wide`);
          // The frame is as tall as the content the view reported, and grows no further.
          const frameHeight = await page.locator("#app").evaluate((frame) =>
            frame.getBoundingClientRect().height
          );
          assert.ok(
            Math.abs(frameHeight - look.height) < 40,
            `${name}: ${frameHeight} vs ${look.height}`,
          );
          const frameHandle = page.frames().find((item) => item !== page.mainFrame());
          assert.ok(frameHandle);
          await frameHandle.evaluate(axe.source);
          const violations = await frameHandle.evaluate(async () => {
            // deno-lint-ignore no-explicit-any
            const found = await (globalThis as any).axe.run();
            return found.violations.map((item: { id: string }) => item.id);
          });
          assert.deepEqual(violations, [], `${name}: axe`);
          assert.deepEqual(problems, [], `${name}: script errors`);
          assert.deepEqual(
            requests.filter((url) => !url.startsWith("about:") && !url.startsWith("data:")),
            [],
            `${name}: the view fetches nothing`,
          );
          await page.screenshot({
            path: `${SCREENSHOTS}mcp-app-${args.slug}-${width}-${theme}.png`,
            fullPage: true,
          });
          await page.close();
        }
      }
    } finally {
      await browser.close();
      await stdio.close();
    }
  },
});
