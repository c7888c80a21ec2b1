/**
 * The JSON documents of the catalog API, keyed by path.
 *
 * @module
 */
import { type AnswerPlan, planAnswer, TYPES } from "./answer.ts";
import type { ReadModel } from "../read/model.ts";
import { toApiMetric } from "../catalog/records.ts";

/**
 * Every API response of the catalog, by path, each serialized on first use. The OpenAPI document
 * loads its generator (zod's JSON Schema output) with the first request for it.
 */
export function apiAnswers(model: ReadModel, baseUrl: string): Map<string, AnswerPlan> {
  const answers = new Map<string, AnswerPlan>();
  const add = (path: string, value: () => unknown) =>
    answers.set(path, planAnswer(async () => JSON.stringify(await value()), TYPES.json));
  const metrics = model.metrics();
  const frameworks = model.frameworks();
  add("/api/metrics", () => metrics.map(toApiMetric));
  for (const metric of metrics) add(`/api/metrics/${metric.slug}`, () => toApiMetric(metric));
  add("/api/frameworks", () => frameworks);
  for (const framework of frameworks) add(`/api/frameworks/${framework.slug}`, () => framework);
  add("/api", async () => (await import("./openapi.ts")).apiIndex(baseUrl, model.counts()));
  add(
    "/api/openapi.json",
    async () => (await import("./openapi.ts")).buildOpenApi(baseUrl, model.counts()),
  );
  return answers;
}
