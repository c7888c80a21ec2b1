/**
 * Addresses the site serves beyond the records' own: the data set's files, the "where do you
 * stand" answers and their script. Kept apart so that planning the site loads nothing else.
 *
 * @module
 */

/** Where the data set's files are served. */
export const DATA_PATHS = {
  json: "/benchmarks.json",
  csv: "/benchmarks.csv",
  datapackage: "/datapackage.json",
} as const;

/** Where the "where do you stand" script is served. */
export const FORMS_SCRIPT_PATH = "/assets/forms.js";

/** The address of a metric's "where do you stand" answer. */
export function comparePath(slug: string): string {
  return `/metrics/${slug}/compare`;
}

/** Where every calculator's definition is published. */
export const FORMULAS_PATH = "/formulas.json";

/** The address of a metric's calculator answer. */
export function calcPath(slug: string): string {
  return `/metrics/${slug}/calc`;
}
