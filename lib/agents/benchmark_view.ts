/**
 * The MCP App view of `get_benchmark`: one self-contained HTML document (its script and styles
 * inline, no fonts, images or connections from anywhere), served as the `ui://` resource the
 * tool's description points at. The script is `lib/web/browser/benchmark_view.ts`, bundled into
 * `_benchmark_view.ts` by `deno task scripts`; the catalog's segment vocabulary rides along as
 * JSON, so the view words segments as the pages do.
 *
 * @module
 */
import type { Vocabulary } from "../catalog/figures.ts";

/** The view's address, which `get_benchmark`'s `_meta.ui.resourceUri` names. */
export const BENCHMARK_VIEW_URI = "ui://metrics-catalog/benchmark.html";

/**
 * Light and dark, from the host's theme (`data-theme`, set by the extension's
 * `applyDocumentTheme`) or else the reader's system; the host's own colours and fonts when it
 * passes them as style variables. No height of the viewport's: the document is as tall as its
 * content, which the extension reports to the host.
 */
const STYLE = `
:root { color-scheme: light dark; --bg: var(--color-background-primary, #fff);
  --text: var(--color-text-primary, #1b1f24); --muted: var(--color-text-secondary, #4b5563);
  --link: #0b57d0; --accent: #9a3412; --line: var(--color-border-primary, #d0d7de); }
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) {
  --bg: var(--color-background-primary, #16181d); --text: var(--color-text-primary, #e6e8eb);
  --muted: var(--color-text-secondary, #a8b0bb); --link: #8ab4f8; --accent: #fdba74;
  --line: var(--color-border-primary, #3a3f47); } }
:root[data-theme="dark"] { --bg: var(--color-background-primary, #16181d);
  --text: var(--color-text-primary, #e6e8eb); --muted: var(--color-text-secondary, #a8b0bb);
  --link: #8ab4f8; --accent: #fdba74; --line: var(--color-border-primary, #3a3f47); }
html, body { margin: 0; background: var(--bg); color: var(--text); }
body { font: 15px/1.5 var(--font-sans, system-ui, -apple-system, "Segoe UI", sans-serif);
  padding: 0.75rem 1rem 1rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.05rem; margin: 1rem 0 0.25rem; }
h3 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; color: var(--muted); }
a { color: var(--link); }
a:focus-visible, summary:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
.verdict { font-size: 1.05rem; border-left: 4px solid var(--accent); padding-left: 0.75rem; }
.muted { color: var(--muted); }
.callout { border-left: 4px solid var(--accent); padding-left: 0.75rem; }
ul, ol { padding-left: 1.25rem; margin: 0.25rem 0; }
ul.sources { list-style: none; padding-left: 0; }
li { margin: 0.15rem 0; }
.n { color: var(--muted); }
.chart figcaption { color: var(--muted); font-size: 0.85rem; }
`;

/** `<`, `>` and `&` as JSON escapes, so that the JSON cannot close the script element. */
function scriptSafe(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The view's whole document, for one catalog's vocabulary. Its script, the largest part, loads
 * when a host first reads the view rather than with every MCP server.
 */
export async function benchmarkViewHtml(vocabulary: Vocabulary): Promise<string> {
  const { BENCHMARK_VIEW_SCRIPT } = await import("./_benchmark_view.ts");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Benchmark figures</title>
<style>${STYLE}</style>
</head>
<body>
<main id="answer" aria-live="polite"><p class="muted" role="status">Waiting for the figures…</p></main>
<script type="application/json" id="vocabulary">${scriptSafe(JSON.stringify(vocabulary))}</script>
<script type="module">${BENCHMARK_VIEW_SCRIPT.replaceAll("</script", "<\\/script")}</script>
</body>
</html>
`;
}
