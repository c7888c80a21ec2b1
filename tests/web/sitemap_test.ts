import assert from "node:assert/strict";
import { sitemapXml } from "../../lib/web/sitemap.ts";

Deno.test("sitemapXml() lists each path under the base address once, escaped, in the given order", () => {
  const paths = ["/", "/metrics/churn-rate", "/search?q=a&tag=<b>"];
  const xml = sitemapXml("https://metrics.example", paths);
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  assert.deepEqual(locs, [
    "https://metrics.example/",
    "https://metrics.example/metrics/churn-rate",
    "https://metrics.example/search?q=a&amp;tag=&lt;b&gt;",
  ]);
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="[^"]+">\n/);
  assert.ok(xml.endsWith("</urlset>\n"));
  assert.equal(sitemapXml("https://metrics.example", []).match(/<url>/g), null);
});
