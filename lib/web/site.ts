/**
 * Everything the service answers, planned from the read model: the API documents, the pages and
 * llms files by address (each made on first use), and the handlers of the few paths that are not
 * static. The static export builds the whole plan at once.
 *
 * @module
 */
import { apiAnswers } from "./api.ts";
import { DATA_PATHS, FORMULAS_PATH } from "./paths.ts";
import { type AnswerPlan, buildAnswer, type BuiltAnswer, planAnswer, TYPES } from "./answer.ts";
import { llmsDocuments } from "../agents/llms.ts";
import { planPages } from "./pages/mod.ts";
import type { ReadModel } from "../read/model.ts";
import { Problem } from "../problem.ts";
import type { Route } from "./http_error.ts";
import { onFirstUse } from "./lazy.ts";
import { benchmarksCsv, benchmarksJson, dataPackage, formulasJson } from "./data_files.ts";
import { sqlFiles } from "./sql_files.ts";

/** The site as planned: every answer by address, made when it is first needed. */
export interface SitePlan {
  /** The answers of the prebuilt addresses, by path. */
  answers: Map<string, AnswerPlan>;
  /** The addresses that are not (only) prebuilt, with their methods and handlers. */
  routes: Map<string, Route>;
  /** The HTML answer for an unknown page outside `/api/`. */
  notFoundPage: AnswerPlan;
  /** The read model the dynamic answers and not-found messages use. */
  model: ReadModel;
}

/** The site built whole: every answer made, with its compressed bodies (the static export). */
export interface BuiltSite {
  /** The prebuilt answers by path. */
  answers: Map<string, BuiltAnswer>;
  /** The addresses that are not (only) prebuilt, with their methods and handlers. */
  routes: Map<string, Route>;
  /** The HTML answer for an unknown page outside `/api/`. */
  notFoundPage: BuiltAnswer;
  /** The read model the dynamic answers and not-found messages use. */
  model: ReadModel;
}

/**
 * Plans every response that depends only on the catalog and the base address. Nothing is
 * rendered, serialized or compressed here; the search index is made by the first search.
 */
export function planSite(model: ReadModel, baseUrl: string): SitePlan {
  const pages = planPages(model, baseUrl);
  const answers = new Map([
    ...apiAnswers(model, baseUrl),
    ...[...llmsDocuments(model, baseUrl)].map(([path, document]) =>
      [path, planAnswer(document.text, TYPES[document.kind])] as const
    ),
    ...pages.answers,
    ...dataFiles(model, baseUrl),
    ...sqlFiles(model, baseUrl),
  ]);
  const routes = new Map<string, Route>([
    ["/search", { methods: ["GET", "HEAD"], handle: pages.search }],
    ["/mcp", { methods: ["POST"], handle: mcpRoute(model, baseUrl) }],
    ...[...pages.compare].map(([path, handle]): [string, Route] => [
      path,
      { methods: ["GET", "HEAD"], handle },
    ]),
  ]);
  return { answers, routes, notFoundPage: pages.notFoundPage, model };
}

/**
 * Builds every answer at once, with all its bodies: what the static export writes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSite } from "./site.ts";
 * import { createReadModel, loadCatalog } from "../mod.ts";
 * const site = await buildSite(createReadModel(await loadCatalog()), "https://metrics.example");
 * assert.ok(site.answers.get("/api/metrics")?.bodies.br);
 * ```
 */
export async function buildSite(model: ReadModel, baseUrl: string): Promise<BuiltSite> {
  const plan = planSite(model, baseUrl);
  const answers = new Map<string, BuiltAnswer>();
  for (const [path, answer] of plan.answers) answers.set(path, await buildAnswer(answer));
  return {
    answers,
    routes: plan.routes,
    notFoundPage: await buildAnswer(plan.notFoundPage),
    model: plan.model,
  };
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The `/mcp` route, stateless: POST only (no stream to GET, no session to DELETE). Its module
 * loads with the first MCP request, so that start-up and the other routes do not pay for it.
 * DNS-rebinding protection: the `Host` header must be the base address's host or a loopback name,
 * and a browser `Origin`, when sent, must be one of those too; host names compare without case.
 */
function mcpRoute(model: ReadModel, baseUrl: string) {
  const baseHost = new URL(baseUrl).host.toLowerCase();
  const allowed = (host: string) => {
    const lower = host.toLowerCase();
    return lower === baseHost || LOOPBACK.test(lower);
  };
  const handler = onFirstUse(() =>
    import("../agents/mcp_http.ts").then(({ createMcpHttpHandler }) => createMcpHttpHandler(model))
  );
  return async (request: Request) => {
    const host = request.headers.get("host") ?? new URL(request.url).host;
    const origin = request.headers.get("origin");
    const originHost = origin === null
      ? undefined
      : URL.canParse(origin)
      ? new URL(origin).host
      : "invalid";
    if (!allowed(host) || (originHost !== undefined && !allowed(originHost))) {
      throw new Problem(
        "Host or Origin not allowed for /mcp (DNS-rebinding protection); set BASE_URL",
        { status: 403 },
      );
    }
    return (await handler())(request);
  };
}

/** The data set's files, each made on first use. */
function dataFiles(model: ReadModel, baseUrl: string): [string, AnswerPlan][] {
  const text = {
    [DATA_PATHS.json]: () => JSON.stringify(benchmarksJson(model, baseUrl)),
    [DATA_PATHS.csv]: () => benchmarksCsv(model, baseUrl),
    [DATA_PATHS.datapackage]: () => JSON.stringify(dataPackage(model, baseUrl)),
    [FORMULAS_PATH]: () => JSON.stringify(formulasJson(model, baseUrl)),
  };
  return Object.entries(text).map(([path, make]) => [
    path,
    planAnswer(make, path.endsWith(".csv") ? TYPES.csv : TYPES.json),
  ]);
}
