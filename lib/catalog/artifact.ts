/**
 * The catalog as one JSON document, validated once when it is written: what the npm package
 * embeds, so that it needs no Markdown or YAML parsing at run time.
 *
 * @module
 */
import type { Catalog } from "./schema.ts";

/** The JSON form of a catalog: its records, and the everyday names as pairs. */
export interface CatalogArtifact {
  /** The format, so that a reader can refuse one it does not know. */
  format: "metrics-catalog/1";
  /** Every metric, with its benchmarks' review date. */
  metrics: Catalog["metrics"];
  /** Every framework. */
  frameworks: Catalog["frameworks"];
  /** Everyday names by record slug. */
  synonyms: [string, string[]][];
}

/**
 * The artifact of a loaded, validated catalog.
 *
 * @example Round trip
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "./load.ts";
 * import { catalogArtifact, catalogFromArtifact } from "./artifact.ts";
 * const catalog = await loadCatalog();
 * assert.deepEqual(catalogFromArtifact(JSON.parse(JSON.stringify(catalogArtifact(catalog)))), catalog);
 * ```
 */
export function catalogArtifact(catalog: Catalog): CatalogArtifact {
  return {
    format: "metrics-catalog/1",
    metrics: catalog.metrics,
    frameworks: catalog.frameworks,
    synonyms: [...catalog.synonyms],
  };
}

/** The catalog an artifact holds; throws when the value is not an artifact this code wrote. */
export function catalogFromArtifact(value: unknown): Catalog {
  if (
    typeof value !== "object" || value === null || !("format" in value) ||
    value.format !== "metrics-catalog/1" || !("metrics" in value) ||
    !Array.isArray(value.metrics) ||
    !("frameworks" in value) || !Array.isArray(value.frameworks) || !("synonyms" in value) ||
    !Array.isArray(value.synonyms)
  ) {
    throw new Error("The embedded catalog is not a metrics-catalog/1 artifact");
  }
  const artifact = value as CatalogArtifact;
  return {
    metrics: artifact.metrics,
    frameworks: artifact.frameworks,
    synonyms: new Map(artifact.synonyms),
  };
}
