/**
 * The one stylesheet of the pages, served as `/assets/site.css` (no inline styles, so the
 * Content-Security-Policy can stay strict). Colours keep a contrast of at least 4.5:1.
 *
 * @module
 */

import { CHART_STYLE } from "./chart.ts";
import { SERIES_STYLE } from "./series_chart.ts";

/** The site's stylesheet. */
export const SITE_CSS = `:root {
  color-scheme: light dark;
  --text: #1b1f24;
  --muted: #49525e;
  --bg: #ffffff;
  --panel: #f3f5f8;
  --line: #c9d0d9;
  --link: #0b57d0;
  --accent: #7a2e0e;
  --accent-bg: #fff4e5;
  --focus: #0b57d0;
  --measure: 46rem;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.6;
  color: var(--text);
  background: var(--bg);
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e8eaed;
    --muted: #b3bac4;
    --bg: #111418;
    --panel: #1c2128;
    --line: #3b4450;
    --link: #8ab4f8;
    --accent: #ffd8a8;
    --accent-bg: #3a2a12;
    --focus: #8ab4f8;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
a { color: var(--link); text-underline-offset: 0.15em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999rem; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: 0.5rem 1rem; z-index: 1; }
.wrap { max-width: 72rem; margin: 0 auto; padding: 0 1.25rem; }
header.site { border-bottom: 1px solid var(--line); background: var(--panel); }
header.site .wrap {
  display: flex; flex-wrap: wrap; gap: 0.75rem 2rem; align-items: center;
  justify-content: space-between; padding-top: 0.75rem; padding-bottom: 0.75rem;
}
.brand { font-weight: 700; font-size: 1.15rem; color: var(--text); text-decoration: none; }
form.search { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
form.search label { font-weight: 600; }
form.search input {
  font: inherit; padding: 0.4rem 0.6rem; min-width: 14rem; border: 1px solid var(--muted);
  border-radius: 0.375rem; background: var(--bg); color: var(--text);
}
form.search button {
  font: inherit; font-weight: 600; padding: 0.4rem 0.9rem; border: 0; border-radius: 0.375rem;
  background: var(--link); color: var(--bg); cursor: pointer;
}
main { padding: 1.5rem 0 3rem; }
main p, main dl, main ul.plain, main ol:not(.components):not(.records) { max-width: var(--measure); }
h1 { font-size: clamp(1.8rem, 4vw, 2.6rem); line-height: 1.2; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.45rem; margin: 2.25rem 0 0.75rem; padding-top: 0.5rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
.lead { font-size: 1.15rem; }
.muted, .crumbs, .meta { color: var(--muted); }
.crumbs ol { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem; padding: 0; margin: 0; }
.crumbs li + li::before { content: "›"; margin: 0 0.4rem; }
.tags { list-style: none; display: flex; flex-wrap: wrap; gap: 0.4rem; padding: 0; margin: 0 0 1rem; }
.tags a, .chip {
  display: inline-block; padding: 0.1rem 0.6rem; border: 1px solid var(--line);
  border-radius: 999px; background: var(--panel); font-size: 0.9rem; text-decoration: none;
}
.callout {
  border-left: 4px solid var(--accent); background: var(--accent-bg); color: var(--text);
  padding: 0.75rem 1rem; border-radius: 0 0.375rem 0.375rem 0;
}
.formula {
  font-size: 0.95rem; background: var(--panel); border: 1px solid var(--line); border-radius: 0.375rem;
  padding: 0.75rem 1rem; overflow-wrap: anywhere;
}
dl.watch dt { font-weight: 700; margin-top: 0.75rem; }
dl.watch dd { margin: 0.15rem 0 0; }
.cite { font-size: 0.9rem; color: var(--muted); }
.reviewed { font-weight: 600; }
ol.sources li, ul.plain li { margin-bottom: 0.4rem; overflow-wrap: anywhere; }
ul.plain { padding-left: 1.1rem; }
ol.records, ul.records { list-style: none; padding: 0; display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); }
.records li { border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.75rem 1rem; background: var(--bg); }
.records a { font-weight: 600; }
.records p { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.95rem; }
.kind { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); margin-left: 0.4rem; }
nav.toc ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; padding: 0; }
ol.components {
  list-style: none; counter-reset: part; padding: 0; margin: 1rem 0;
  display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
}
ol.components > li {
  counter-increment: part; position: relative; border: 2px solid var(--link);
  border-radius: 0.75rem; padding: 1rem; background: var(--panel);
}
ol.components > li::before {
  content: counter(part); position: absolute; top: -0.9rem; left: 0.9rem;
  width: 1.8rem; height: 1.8rem; line-height: 1.8rem; text-align: center; border-radius: 50%;
  background: var(--link); color: var(--bg); font-weight: 700;
}
ol.components h3 { margin-top: 0.5rem; }
ol.components p { font-size: 0.95rem; }
ol.components ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
.examples article { border-left: 3px solid var(--line); padding-left: 1rem; margin: 1rem 0; }
.examples h3 { margin-top: 0; }
/* The header's places and the home page's compact index. */
nav.places ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0; padding: 0; }
nav.places a { font-weight: 600; text-decoration: none; }
nav.places a:hover { text-decoration: underline; }
ul.filters { list-style: none; display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; padding: 0; }
ul.az { list-style: none; padding: 0; columns: 16rem; column-gap: 2rem; }
ul.az > li { break-inside: avoid; display: flex; gap: 0.75rem; margin-bottom: 0.6rem; }
ul.az .letter { font-weight: 700; color: var(--muted); min-width: 1.2rem; }
ul.az ul { list-style: none; padding: 0; margin: 0; }
ul.az ul li { margin: 0.1rem 0; }
/* Record pages: the text column and an "On this page" rail. */
.doc { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2.5rem; }
@media (min-width: 64rem) {
  .doc { grid-template-columns: minmax(0, 1fr) 15rem; }
  .toc-narrow { display: none; }
}
@media (max-width: 63.99rem) { nav.rail { display: none; } }
nav.rail { position: sticky; top: 1rem; align-self: start; max-height: calc(100vh - 2rem); overflow-y: auto; font-size: 0.92rem; border-left: 2px solid var(--line); padding-left: 1rem; }
nav.rail ul, .toc-narrow ul { list-style: none; padding: 0; margin: 0.25rem 0 0; }
nav.rail li, .toc-narrow li { margin: 0.3rem 0; }
.rail-title { font-weight: 700; margin: 0; color: var(--muted); text-transform: uppercase; font-size: 0.8rem; letter-spacing: 0.04em; }
.toc-narrow { border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.5rem 1rem; margin: 1rem 0; background: var(--panel); max-width: var(--measure); }
.toc-narrow summary { font-weight: 600; cursor: pointer; }
.heading { display: flex; align-items: baseline; gap: 0.5rem; border-top: 1px solid var(--line); margin: 2.25rem 0 0.75rem; padding-top: 0.5rem; scroll-margin-top: 1rem; }
.heading h2 { border-top: 0; margin: 0; padding: 0; }
.anchor { opacity: 0; text-decoration: none; color: var(--muted); font-weight: 700; }
.heading:hover .anchor, .anchor:focus-visible { opacity: 1; }
section:has(> .heading > h2:target) { background: var(--accent-bg); outline: 2px solid var(--accent); outline-offset: 0.5rem; border-radius: 0.25rem; }
h2:target { scroll-margin-top: 1rem; }
.formula .equation { display: block; font-size: 1.1rem; font-weight: 600; }
.formula .math { display: block; overflow-x: auto; padding: 0.25rem 0; }
.formula math { font-size: 1.15rem; font-weight: 400; font-family: inherit; }
.formula math * { font-family: inherit; }
.formula mfrac > *, .formula mfrac > * * { math-style: normal; math-depth: 0; font-size: inherit; }
.formula .unit { display: block; font-size: 0.9rem; font-weight: 400; color: var(--muted); }
.formula .sep { display: none; }
.formula .conditions { display: block; margin-top: 0.5rem; font-size: 0.9rem; color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Framework diagrams: drawn from the record, coloured here for light and dark. */
figure.diagram { margin: 1.5rem 0; max-width: 100%; }
figure.diagram figcaption { font-size: 0.9rem; color: var(--muted); margin-top: 0.5rem; }
svg.diagram { width: 100%; height: auto; max-width: 48rem; display: block; }
/* Below the width where the wide drawing keeps 12 px text, the one laid out for a phone. */
svg.diagram.narrow { display: none; max-width: 26rem; }
@media (max-width: 47.99rem) {
  svg.diagram.wide { display: none; }
  svg.diagram.narrow { display: block; }
}
svg.diagram .d-box { fill: var(--panel); stroke: var(--line); }
svg.diagram rect.d-stage { fill: var(--accent-bg); stroke: var(--link); }
svg.diagram text.d-stage, svg.diagram .d-text { fill: var(--text); stroke: none; }
svg.diagram .d-muted { fill: var(--muted); }
svg.diagram .d-line { stroke: var(--muted); }
svg.diagram .d-link { fill: var(--link); text-decoration: underline; }
svg.diagram a:focus-visible text { outline: 2px solid var(--focus); }
svg.diagram .d-up { fill: #1e7b34; }
svg.diagram .d-down { fill: #b3261e; }
footer.site { border-top: 1px solid var(--line); background: var(--panel); padding: 1.5rem 0; font-size: 0.95rem; }
footer.site p { max-width: var(--measure); margin: 0.4rem 0; }
@media (max-width: 40rem) {
  .formula math { font-size: 1rem; }
  /* A compact header on a phone: tight rows, the search box's label kept for screen readers. */
  header.site .wrap {
    gap: 0.2rem 1rem; padding-top: 0.35rem; padding-bottom: 0.45rem; line-height: 1.25;
  }
  .brand { font-size: 1rem; }
  nav.places ul { gap: 0.25rem 1rem; font-size: 0.95rem; }
  form.search { width: 100%; flex-wrap: nowrap; }
  form.search label {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
  form.search input, form.search button { line-height: 1.25; padding-top: 0.3rem; padding-bottom: 0.3rem; }
  form.search input { min-width: 0; flex: 1; }
}
@media print {
  header.site form, .skip { display: none; }
  a[rel~="external"]::after { content: " (" attr(href) ")"; font-size: 0.85em; }
}
${CHART_STYLE}${SERIES_STYLE}.chart figcaption, .downloads { color: var(--muted); font-size: 0.9rem; }
.table-wrap { overflow-x: auto; }
table.figures { border-collapse: collapse; font-size: 0.9rem; }
table.figures caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
table.figures th, table.figures td { border-top: 1px solid var(--line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
table.figures tr:target { background: var(--accent-bg); }
.cite-text { user-select: all; font-size: 0.85rem; }
table.endpoints { border-collapse: collapse; font-size: 0.95rem; }
table.endpoints caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
table.endpoints th, table.endpoints td { border-top: 1px solid var(--line); padding: 0.4rem 0.75rem 0.4rem 0; text-align: left; vertical-align: top; }
/* On a phone each figure's row stacks, every cell under its column's name. */
@media (max-width: 40rem) {
  table.figures, table.figures tbody, table.figures tr, table.figures th, table.figures td { display: block; }
  table.figures thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.figures tr { border-top: 1px solid var(--line); padding: 0.4rem 0; }
  table.figures th, table.figures td { border: 0; padding: 0.1rem 0; }
  table.figures td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
  /* The caption reads across the width, and a field a figure does not state is left out. */
  table.figures caption { display: block; }
  table.figures td.empty { display: none; }
  table.figures td[data-label="Citation"]::before { content: none; }
  table.endpoints, table.endpoints caption, table.endpoints tbody, table.endpoints tr, table.endpoints th, table.endpoints td { display: block; }
  table.endpoints thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.endpoints th, table.endpoints td { border: 0; padding: 0.1rem 0; }
  table.endpoints tr { border-top: 1px solid var(--line); padding: 0.4rem 0; }
}
.stand { border: 1px solid var(--line); border-radius: 0.5rem; padding: 0 1rem 0.5rem; margin: 1rem 0; max-width: var(--measure); }
.verdict { font-size: 1.1rem; border-left: 4px solid var(--accent); padding-left: 0.75rem; }
form.compare label, form.calc label { display: block; margin: 0 0 0.6rem; }
form.compare input, form.compare select, form.calc input {
  font: inherit; padding: 0.4rem 0.6rem; max-width: 100%; box-sizing: border-box;
  border: 1px solid var(--muted); border-radius: 0.375rem; background: var(--bg); color: var(--text);
}
form.compare select { display: block; width: 100%; max-width: 24rem; }
form.compare button, form.calc button {
  font: inherit; font-weight: 600; padding: 0.55rem 1.2rem; border: 0; border-radius: 0.375rem;
  background: var(--link); color: var(--bg); cursor: pointer; min-height: 2.75rem;
}
.pair { display: grid; grid-template-columns: 1fr; gap: 1rem; }
@media (min-width: 48rem) { .pair { grid-template-columns: 1fr 1fr; } }
.pair h3 { margin-top: 0; }
.pair-link { font-size: 0.9rem; white-space: nowrap; }
ul.legend { list-style: none; padding: 0; margin: 0.25rem 0; font-size: 0.9rem; }
.formula-numbers { overflow-wrap: anywhere; }
/* SQL: the recipes and the schema page's views, scrolled sideways within their box on a phone. */
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
/* A shadow on the side with more to see, which goes once it is scrolled to: the covers scroll with
   the text, the shadows stay at the box's edges. */
pre.sql {
  --shadow: color-mix(in srgb, var(--text) 30%, transparent);
  background:
    linear-gradient(to right, var(--panel) 40%, transparent) left / 2rem 100% no-repeat local,
    linear-gradient(to left, var(--panel) 40%, transparent) right / 2rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, var(--shadow), transparent) left / 0.9rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, var(--shadow), transparent) right / 0.9rem 100% no-repeat scroll,
    var(--panel);
  border: 1px solid var(--line); border-radius: 0.375rem;
  padding: 0.75rem 1rem; overflow-x: auto; max-width: 100%; line-height: 1.45; margin: 0.75rem 0;
}
pre.sql code { font-size: 0.85rem; }
table.columns th code { white-space: nowrap; }
.sql-tools { max-width: none; }
button.copy {
  font: inherit; font-weight: 600; padding: 0.35rem 0.9rem; border: 1px solid var(--link);
  border-radius: 0.375rem; background: var(--bg); color: var(--link); cursor: pointer;
  min-height: 2.25rem; margin-right: 0.5rem;
}
`;

/** The site's icon: a small bar chart. */
export const FAVICON_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b57d0"/><path d="M8 24V16M16 24V8M24 24V12" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>\n`;
