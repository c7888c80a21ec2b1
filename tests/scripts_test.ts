import assert from "node:assert/strict";
import { bundledModule, SCRIPT_FILE, VIEW_FILE, viewModule } from "../scripts.ts";
import { childEnv } from "./_spawn.ts";

Deno.test("the committed browser scripts are the bundles of lib/web/browser/ (deno task scripts)", async () => {
  const fresh = await bundledModule(childEnv());
  const committed = await Deno.readTextFile(SCRIPT_FILE);
  assert.ok(
    fresh === committed,
    "lib/web/pages/_browser_scripts.ts is out of date: run deno task scripts",
  );
});

Deno.test("the committed MCP App view is the bundle of lib/web/browser/benchmark_view.ts", async () => {
  const fresh = await viewModule(childEnv());
  const committed = await Deno.readTextFile(VIEW_FILE);
  assert.ok(
    fresh === committed,
    "lib/agents/_benchmark_view.ts is out of date: run deno task scripts",
  );
});
