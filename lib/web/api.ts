/**
 * The JSON documents of the catalog API, keyed by path.
 *
 * @module
 */
import { type AnswerPlan, planAnswer, TYPES } from "./answer.ts";
import type { Catalog } from "../catalog/load.ts";
import { toApiMetric } from "../catalog/records.ts";

/**
 * Every API response of the catalog, by path, each serialized on first use. The OpenAPI document
 * loads its generator (zod's JSON Schema output) with the first request for it.
 */
export function apiAnswers(catalog: Catalog, baseUrl: string): Map<string, AnswerPlan> {
  const answers = new Map<string, AnswerPlan>();
  const add = (path: string, value: () => unknown) =>
    answers.set(path, planAnswer(async () => JSON.stringify(await value()), TYPES.json));
  add("/api/metrics", () => catalog.metrics.map(toApiMetric));
  for (const metric of catalog.metrics) {
    add(`/api/metrics/${metric.slug}`, () => toApiMetric(metric));
  }
  add("/api/frameworks", () => catalog.frameworks);
  for (const framework of catalog.frameworks) {
    add(`/api/frameworks/${framework.slug}`, () => framework);
  }
  const counts = { metrics: catalog.metrics.length, frameworks: catalog.frameworks.length };
  add("/api", async () => (await import("./openapi.ts")).apiIndex(baseUrl, counts));
  add("/api/openapi.json", async () => {
    const { buildOpenApi } = await import("./openapi.ts");
    return buildOpenApi(baseUrl, {
      metrics: catalog.metrics.length,
      frameworks: catalog.frameworks.length,
    });
  });
  return answers;
}
