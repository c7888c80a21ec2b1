/**
 * Where the server's start-up time goes: module loading, catalog validation, and each part of
 * the site built before the first answer. Each step is timed once, in the order `main.ts` runs it.
 *
 *   deno run --allow-read=. --allow-env=LOG_TOKENS,LOG_STREAM bench/startup_profile.ts
 *
 * @module
 */
const steps: [string, number][] = [];
let last = performance.now();
const step = (name: string) => {
  const now = performance.now();
  steps.push([name, now - last]);
  last = now;
};
steps.push(["Deno start-up, before the first line", last]);
const { loadCatalog } = await import("../lib/catalog/load.ts");
step("import lib/catalog.ts (zod, js-yaml)");
const { apiAssets } = await import("../lib/web/api.ts");
const { llmsDocuments } = await import("../lib/agents/llms.ts");
const { buildPages } = await import("../lib/web/pages/mod.ts");
const { createSearch } = await import("../lib/read/search.ts");
const { createAsset, TYPES } = await import("../lib/web/assets.ts");
step("import the rest of lib/");
const catalog = await loadCatalog();
step("read and validate the catalog");
const search = createSearch(catalog);
step("build the search index");
const api = apiAssets(catalog, "http://localhost:8000");
step("build the API documents (with their compressed variants)");
const llms = new Map(
  [...llmsDocuments(catalog, "http://localhost:8000")].map(([path, document]) =>
    [path, createAsset(document.text, TYPES[document.kind])] as const
  ),
);
step("build the llms files");
const pages = buildPages(catalog, { baseUrl: "http://localhost:8000", search });
step("build the pages");
const bodies = [...api.values(), ...llms.values(), ...pages.assets.values()].map((asset) =>
  asset.variants.identity.body
);
last = performance.now();
for (const body of bodies) createAsset(body, "text/plain");
step(`hashing and compressing the ${bodies.length} answers (part of the three steps above)`);
const kib = bodies.reduce((sum, body) => sum + body.byteLength, 0) / 1024;
for (const [name, ms] of steps) console.log(`${ms.toFixed(0).padStart(5)} ms  ${name}`);
console.log(`${bodies.length} answers, ${kib.toFixed(0)} KiB before compression`);
