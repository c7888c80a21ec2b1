/**
 * The JSON documents of the catalog API, keyed by path.
 *
 * @module
 */
import { type Asset, createAsset, TYPES } from "./assets.ts";
import type { Catalog } from "../catalog/load.ts";
import { buildOpenApi } from "./openapi.ts";
import { toApiMetric } from "../catalog/schema.ts";

/** Serializes a value as the API sends it. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Builds every API response of the catalog once. */
export function apiAssets(catalog: Catalog, baseUrl: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const add = (path: string, value: unknown) =>
    assets.set(path, createAsset(toJson(value), TYPES.json));
  const metrics = catalog.metrics.map(toApiMetric);
  add("/api/metrics", metrics);
  for (const metric of metrics) add(`/api/metrics/${metric.slug}`, metric);
  add("/api/frameworks", catalog.frameworks);
  for (const framework of catalog.frameworks) {
    add(`/api/frameworks/${framework.slug}`, framework);
  }
  add(
    "/api/openapi.json",
    buildOpenApi(baseUrl, {
      metrics: catalog.metrics.length,
      frameworks: catalog.frameworks.length,
    }),
  );
  return assets;
}
