/**
 * The page for people about the API, where the nav's "API" leads: what it answers, an example of
 * each address, how to call it, and the machine-readable descriptions (`/api/openapi.json`, and
 * `/api`, the endpoints as JSON).
 *
 * @module
 */
import { markup, sitePath } from "./html.ts";
import type { IndexedPage } from "./layout.ts";
import type { ReadModel } from "../../read/model.ts";
import { API_GUIDE_PATH, DATA_PATHS, FORMULAS_PATH, SQL_INDEX_PATH } from "../paths.ts";

/** `/developers`: the JSON API and the data files, for people. */
export function developersPage(model: ReadModel, baseUrl: string): IndexedPage {
  const [metric] = model.metrics({ order: "name" });
  const [framework] = model.frameworks({ order: "name" });
  const counts = model.counts();
  const example = (path: string) => markup`<a href="${path}"><code>${path}</code></a>`;
  const row = (address: string, what: string, path?: string) =>
    markup`<tr><th scope="row"><code>GET ${address}</code></th><td>${what}</td><td>${
      path ? example(path) : ""
    }</td></tr>\n`;
  const metricPath = metric ? sitePath("/api/metrics", metric.slug) : undefined;
  const frameworkPath = framework ? sitePath("/api/frameworks", framework.slug) : undefined;
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">API</li></ol></nav>
<h1>The JSON API</h1>
<p class="lead">Every record of the catalog is also JSON: public, read-only, no key, no rate limit, open to requests from any origin. A page at <code>/metrics/&lt;slug&gt;</code> is served as JSON at <code>/api/metrics/&lt;slug&gt;</code>.</p>
<section aria-labelledby="endpoints">
<h2 id="endpoints">Endpoints</h2>
<div class="table-wrap"><table class="endpoints">
<caption>The API's addresses, each with an example</caption>
<thead><tr><th scope="col">Address</th><th scope="col">What it answers</th><th scope="col">Example</th></tr></thead>
<tbody>
${
      row(
        "/api/metrics",
        `Every metric (${counts.metrics}) with every field`,
        "/api/metrics",
      )
    }${row("/api/metrics/{slug}", "One metric, by its slug", metricPath)}${
      row(
        "/api/frameworks",
        `Every framework (${counts.frameworks}) with every field`,
        "/api/frameworks",
      )
    }${row("/api/frameworks/{slug}", "One framework, by its slug", frameworkPath)}${
      row(
        "/api/openapi.json",
        "The OpenAPI 3.1 description of every address and schema",
        "/api/openapi.json",
      )
    }${row("/api", "These addresses as JSON, for a program to start from", "/api")}</tbody>
</table></div>
<p>The machine-readable description is <a href="/api/openapi.json" type="application/json">the OpenAPI document</a>: every address, its answers and the schema of each record. An unknown slug answers <code>404</code> with <code>{"error": "…"}</code>, which names the closest slugs. Every answer carries a strong <code>ETag</code>; send it back in <code>If-None-Match</code> to get <code>304 Not Modified</code>.</p>
</section>
<section aria-labelledby="try">
<h2 id="try">Try it</h2>
<pre class="sql" tabindex="0"><code>curl -s ${baseUrl}${metricPath ?? "/api/metrics"}</code></pre>
</section>
<section aria-labelledby="files">
<h2 id="files">The data as files</h2>
<p>Every benchmark figure, each row with its sentence and source: <a href="${DATA_PATHS.csv}" type="text/csv">CSV</a>, <a href="${DATA_PATHS.json}" type="application/json">JSON</a> and a <a href="${DATA_PATHS.datapackage}" type="application/json">Data Package</a>. Every calculator: <a href="${FORMULAS_PATH}" type="application/json"><code>${FORMULAS_PATH}</code></a>. The SQL recipes that compute the metrics from your own tables: <a href="${SQL_INDEX_PATH}" type="application/json">their index</a>. For agents: <a href="/llms.txt">/llms.txt</a>. The text and figures are under CC BY 4.0: carry each figure's citation along with it.</p>
</section>`;
  return {
    title: "The JSON API",
    description:
      "The catalog's public, read-only JSON API: its addresses, an example of each, and its OpenAPI description.",
    path: API_GUIDE_PATH,
    main,
  };
}
