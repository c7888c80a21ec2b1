/**
 * The metrics' SQL recipes as every surface shows them: each recipe read once from the files the
 * code carries, a metric's recipe or why it has none, and a recipe looked up by what someone typed.
 * The recipes belong to the code, not to the catalog: they are the same whichever catalog is
 * served, each names its metric by slug, and a page, a Markdown copy or a resource shows it where
 * the catalog has that metric.
 *
 * @module
 */
import { RECIPE_FILES } from "../sql/files.ts";
import { parseRecipe, type Recipe, WITHOUT_RECIPE } from "../sql/recipe.ts";
import type { MetricRecord } from "../catalog/records.ts";
import type { ReadModel } from "./model.ts";

export type { Recipe };

let parsed: ReadonlyMap<string, Recipe> | undefined;

/**
 * Every recipe by its metric's slug, in slug order, each read once on first use. A recipe that
 * does not read is an error in the code, which `tests/sql/recipe_test.ts` names first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recipes } from "./recipes.ts";
 * assert.deepEqual(recipes().get("churn-rate")?.returns, ["lost", "start", "result"]);
 * ```
 */
export function recipes(): ReadonlyMap<string, Recipe> {
  if (parsed === undefined) {
    const read = new Map<string, Recipe>();
    for (const [slug, text] of Object.entries(RECIPE_FILES)) {
      const recipe = parseRecipe(text);
      if (!recipe.ok) throw new Error(`lib/sql/recipes/${slug}.sql: ${recipe.problems.join("; ")}`);
      read.set(slug, recipe.recipe);
    }
    parsed = read;
  }
  return parsed;
}

/** The recipe of the metric with exactly this slug, if the code has one. */
export function recipeOf(slug: string): Recipe | undefined {
  return recipes().get(slug);
}

/**
 * Why a metric has no recipe, as a clause that follows a colon: the reason `WITHOUT_RECIPE`
 * gives, or why it has no calculator, or that none has been written (a catalog of its own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutRecipe } from "./recipes.ts";
 * assert.match(withoutRecipe({ slug: "task-success-rate" }), /^its attempts are a usability/);
 * assert.equal(withoutRecipe({ slug: "x", notComputable: "it is a curve" }), "it is a curve");
 * ```
 */
export function withoutRecipe(
  metric: Pick<MetricRecord, "slug" | "calculator" | "notComputable">,
): string {
  if (Object.hasOwn(WITHOUT_RECIPE, metric.slug)) return WITHOUT_RECIPE[metric.slug] ?? "";
  if (metric.calculator === undefined) {
    return metric.notComputable ??
      "it has no calculator, so there are no inputs for a query to count";
  }
  return "no recipe has been written for it yet";
}

/** A recipe found, with its metric's slug and the name that stood for it; or why there is none. */
export type RecipeLookup =
  | { ok: true; slug: string; recipe: Recipe; alias?: string }
  | { ok: false; message: string };

/**
 * The recipe someone asked for: by its metric's exact slug, or else (unless `exact`) by the
 * metric's abbreviation, name or everyday name, as the read model resolves them. A metric without
 * a recipe says why; an unknown one gets the read model's not-found wording, with the closest
 * slugs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findRecipe } from "./recipes.ts";
 * import { createReadModel } from "./model.ts";
 * import { loadCatalog } from "../mod.ts";
 * const model = createReadModel(await loadCatalog());
 * const found = findRecipe(model, "NRR");
 * assert.ok(found.ok && found.slug === "net-revenue-retention");
 * const none = findRecipe(model, "task-success-rate");
 * assert.ok(!none.ok && none.message.startsWith('"task-success-rate" has no SQL recipe: '));
 * ```
 */
export function findRecipe(
  model: ReadModel,
  name: string,
  { exact = false }: { exact?: boolean } = {},
): RecipeLookup {
  const recipe = recipeOf(name);
  if (recipe) return { ok: true, slug: name, recipe };
  const found = exact ? model.get("metric", name) : model.resolve("metric", name);
  if (!found.ok) return { ok: false, message: found.notFound.message };
  const { slug } = found.record;
  const named = recipeOf(slug);
  if (!named) {
    return { ok: false, message: `"${slug}" has no SQL recipe: ${withoutRecipe(found.record)}` };
  }
  const alias = "alias" in found && typeof found.alias === "string" ? found.alias : undefined;
  return { ok: true, slug, recipe: named, ...(alias === undefined ? {} : { alias }) };
}
