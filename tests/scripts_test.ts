import assert from "node:assert/strict";
import { bundledModule, SCRIPT_FILE } from "../scripts.ts";
import { childEnv } from "./_spawn.ts";

Deno.test("the committed browser scripts are the bundles of lib/web/browser/ (deno task scripts)", async () => {
  const fresh = await bundledModule(childEnv());
  const committed = await Deno.readTextFile(SCRIPT_FILE);
  assert.ok(
    fresh === committed,
    "lib/web/pages/_browser_scripts.ts is out of date: run deno task scripts",
  );
});
