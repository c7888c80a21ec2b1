/**
 * What renders the pages, loaded with the first page a request or the export asks for, so that
 * the server starts without it: each page's file, the diagrams, the stylesheet and icon, the
 * search page and the sitemap. `mod.ts` plans the pages and calls these.
 *
 * @module
 */
export {
  frameworksIndexPage,
  homePage,
  metricsIndexPage,
  standPage,
  tagPage,
  tagsIndexPage,
} from "./home.ts";
export { metricCalcPage, metricComparePage, metricPage } from "./metric.ts";
export { developersPage } from "./developers.ts";
export { pairPage } from "./pair.ts";
export { sqlPage } from "./sql.ts";
export { frameworkPage } from "./framework.ts";
export { type DiagramContext, frameworkDiagram } from "./diagram.ts";
export { FAVICON_SVG, SITE_CSS } from "./css.ts";
export { pageResponse, searchRoute } from "./search.ts";
export { sitemapXml } from "../sitemap.ts";
export { renderPage } from "./layout.ts";
