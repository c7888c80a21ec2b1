/**
 * Where the server's start-up time goes, step by step in the order `main.ts` runs them, up to
 * the first answer on `/api/metrics` for a client that accepts brotli (as `fetch` does); then,
 * for scale, what the work left for later costs: the modules the server loads with the first answer
 * that needs them, validating the Markdown files (when the artifact is out of date) and building
 * every answer of the site with all its bodies (the export). Each step also shows the resident
 * memory it added.
 *
 *   deno run --allow-read=. bench/startup_profile.ts
 *
 * Each step is timed once; run it a few times, the first run of a changed file also compiles it.
 *
 * @module
 */
const steps: [string, number, number][] = [];
const mib = () => Deno.memoryUsage().rss / 1048576;
let last = performance.now();
let lastMib = mib();
const step = (name: string) => {
  const now = performance.now();
  const nowMib = mib();
  steps.push([name, now - last, nowMib - lastMib]);
  last = now;
  lastMib = nowMib;
};
steps.push(["Deno start-up, before the first line", last, lastMib]);
const { loadCatalogWith } = await import("../lib/catalog/load.ts");
const { denoFiles } = await import("../lib/deno/files.ts");
step("import the catalog loader");
const { createHandler } = await import("../lib/web/handler.ts");
const { streamCompress } = await import("../lib/deno/compress.ts");
step("import the handler (routing, the site plan, the read model)");
const catalog = await loadCatalogWith(denoFiles);
step("read catalog/artifact.json and check the digests of the Markdown files");
const handler = createHandler(catalog, {
  baseUrl: "http://localhost:8000",
  compress: streamCompress,
});
step("plan the site (every address, nothing rendered)");
const request = (accept?: string) =>
  new Request("http://localhost:8000/api/metrics", {
    headers: accept === undefined ? {} : { "accept-encoding": accept },
  });
await (await handler(request())).arrayBuffer();
step("first /api/metrics, identity: serialize, hash (ETag)");
await (await handler(request("br"))).arrayBuffer();
step("first brotli /api/metrics: Deno's compression stream, quality 6");
await (await handler(request("gzip"))).arrayBuffer();
step("first gzip /api/metrics: Deno's compression stream, level 6");
const served = performance.now();
await import("../lib/web/pages/render.ts");
step("for scale: import the page renderers (the first page)");
await import("../lib/web/openapi.ts");
step("for scale: import the OpenAPI generator (zod)");
const { createSearch } = await import("../lib/read/search.ts");
createSearch(catalog);
step("for scale: import MiniSearch and make the search index (the first search)");
await import("../lib/agents/mcp_http.ts");
step("for scale: import the MCP route (the first MCP request)");
await loadCatalogWith(denoFiles, undefined, { prebuilt: false });
step("for scale: validate the Markdown files instead (zod, js-yaml)");
const { buildSite } = await import("../lib/web/site.ts");
const { createReadModel } = await import("../lib/read/model.ts");
const site = await buildSite(createReadModel(catalog), "http://localhost:8000");
step("for scale: build every answer with its bodies, as the export does");
const kib = [...site.answers.values()].reduce(
  (sum, answer) => sum + answer.bodies.identity.bytes.byteLength,
  0,
) / 1024;
for (const [name, ms, added] of steps) {
  console.log(`${ms.toFixed(1).padStart(7)} ms ${added.toFixed(1).padStart(6)} MiB  ${name}`);
}
console.log(`${served.toFixed(1).padStart(7)} ms  in all, to the first brotli and gzip answers`);
console.log(`${site.answers.size} answers in the site, ${kib.toFixed(0)} KiB before compression`);
