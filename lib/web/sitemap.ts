/**
 * `/sitemap.xml`: the address of every page, for search engines.
 *
 * @module
 */
import { escapeHtml } from "./pages/html.ts";

/**
 * The sitemap (sitemaps.org protocol) of the given page paths under a base address.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sitemapXml } from "./sitemap.ts";
 * const xml = sitemapXml("https://metrics.example", ["/", "/metrics/churn-rate"]);
 * assert.ok(xml.includes("<loc>https://metrics.example/metrics/churn-rate</loc>"));
 * ```
 */
export function sitemapXml(baseUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(baseUrl + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
