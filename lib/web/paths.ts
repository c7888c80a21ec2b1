/**
 * Addresses the site serves beyond the records' own: the data set's files, the SQL recipes and
 * their schema, the "where do you stand" answers, and the browser scripts and what they read.
 * Kept apart so that planning the site loads nothing else.
 *
 * @module
 */

/** Where the data set's files are served. */
export const DATA_PATHS = {
  json: "/benchmarks.json",
  csv: "/benchmarks.csv",
  datapackage: "/datapackage.json",
} as const;

/** Where the page for people about the API is; `/api` answers the endpoints as JSON. */
export const API_GUIDE_PATH = "/developers";

/** Where the "where do you stand" script is served. */
export const FORMS_SCRIPT_PATH = "/assets/forms.js";

/** Where the search page's script is served. */
export const SEARCH_SCRIPT_PATH = "/assets/search.js";

/** Where the script that searches and shows the results is served; the search script loads it. */
export const SEARCH_RESULTS_SCRIPT_PATH = "/assets/search-results.js";

/** Where the search script's documents are served, from which it builds the server's index. */
export const SEARCH_INDEX_PATH = "/assets/search-index.json";

/**
 * Where the home page's "Is my number good?" form goes: it sends the reader on to the chosen
 * metric's "where do you stand" answer ({@linkcode comparePath}).
 */
export const STAND_PATH = "/compare";

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

/** The page of the reference schema the SQL recipes read, and how to map data onto it. */
export const SQL_PAGE_PATH = "/sql";

/** Where the index of the SQL recipes is published. */
export const SQL_INDEX_PATH = "/sql/index.json";

/** The address of the reference schema's DDL for an engine. */
export function schemaPath(dialect: string): string {
  return `/sql/schema.${dialect}.sql`;
}

/**
 * The address of a metric's SQL recipe: the file itself, which PostgreSQL and DuckDB run, or
 * ClickHouse's text of it.
 */
export function recipePath(slug: string, dialect?: string): string {
  return dialect === "clickhouse" ? `/sql/${slug}.clickhouse.sql` : `/sql/${slug}.sql`;
}
