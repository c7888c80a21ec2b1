/**
 * The benchmark figures as an open data set: `/benchmarks.json` (every figure with its metric,
 * sentence, source and review date), `/benchmarks.csv` (RFC 4180, one row a figure, the same
 * columns flattened) and `/datapackage.json` (a Frictionless Tabular Data Package describing the
 * CSV, under CC BY 4.0, with the sources).
 *
 * @module
 */
import type { Calculator } from "../catalog/calculator.ts";
import type { ReadModel } from "../read/model.ts";
import type { DataSet, FigureRow } from "../read/benchmarks.ts";
import { PACKAGE_NAME, VERSION } from "../policy.ts";
import { DATA_PATHS, SQL_INDEX_PATH } from "./paths.ts";

const LICENSE = {
  name: "CC-BY-4.0",
  path: "https://creativecommons.org/licenses/by/4.0/",
  title: "Creative Commons Attribution 4.0",
};

const TITLE = "Product and growth metric benchmarks";
const DESCRIPTION = "Every benchmark figure of the metrics catalog, each with the sentence " +
  "that states it and the source it comes from. Credit the catalog and carry each figure's " +
  "citation when you reuse it.";

/** One CSV column: its name, its Table Schema type, what it holds, and its value in a row. */
interface Column {
  name: string;
  type: "string" | "number" | "integer" | "date";
  description: string;
  value: (row: FigureRow) => string | number | undefined;
}

/**
 * The CSV's columns in order, but for the segment columns, which follow `segment`: name, type,
 * description, and the value in a row. A new column goes at the end, so that every column keeps
 * its place.
 */
const COLUMNS: Column[] = ([
  ["id", "string", "Metric slug and figure number", (row) => row.id],
  ["metric", "string", "The metric's slug", (row) => row.metric],
  ["metric_name", "string", "The metric's name", (row) => row.metricName],
  ["figure", "integer", "The figure's number in the metric (its page anchor)", (row) => row.number],
  [
    "sentence_number",
    "integer",
    "The number of the benchmark sentence stating it",
    (row) => row.sentence,
  ],
  ["written", "string", "The figure as its sentence writes it", (row) => row.written],
  ["value", "number", "The value of a single number", (row) => row.value],
  ["low", "number", "The low end of a range", (row) => row.low],
  ["high", "number", "The high end of a range", (row) => row.high],
  ["bound", "string", "at-least (a floor) or at-most (a ceiling)", (row) => row.bound],
  ["unit", "string", "The unit", (row) => row.unit],
  ["per", "string", "The period a rate is quoted per", (row) => row.per],
  ["statistic", "string", "What kind of number it is", (row) => row.statistic],
  ["percentile", "integer", "The percentile, for statistic percentile", (row) => row.percentile],
  ["label", "string", "The source's own word for a threshold", (row) => row.label],
  [
    "measures",
    "string",
    "What it measures when that is not the metric itself",
    (row) => row.measures,
  ],
  ["segment", "string", "The population and segment in words", (row) => row.segmentLabel],
  ["sample", "number", "The sample size, where the sentence gives it", (row) => row.sample],
  [
    "sample_at_least",
    "string",
    'true where the sample is a floor ("more than 1,500"), not a count',
    (row) => row.sampleAtLeast ? "true" : undefined,
  ],
  [
    "year",
    "integer",
    "The year the figure was published; for an undated source, the year its data describe; " +
    "undated (a missing value) where neither is known",
    (row) => row.year,
  ],
  [
    "source_number",
    "integer",
    "The number of the source among the metric's sources",
    (row) => row.source.number,
  ],
  ["source_label", "string", "The source", (row) => row.source.label],
  ["source_url", "string", "Where the source is", (row) => row.source.url],
  [
    "benchmarks_reviewed",
    "date",
    "When the metric's figures were last reviewed",
    (row) => row.benchmarksReviewed,
  ],
  ["page", "string", "The figure on the metric's page", (row) => row.page],
  ["citation", "string", "A citation to copy", (row) => row.citation],
  ["sentence", "string", "The sentence that states the figure", (row) => row.text],
  [
    "data_year",
    "integer",
    "The year the figure's data describe, where that is not the year it was published",
    (row) => row.dataYear,
  ],
  [
    "series",
    "string",
    "The series the figure is a point of: the same source, statistic and segment in other years",
    (row) => row.series,
  ],
] satisfies [string, Column["type"], string, Column["value"]][]).map(
  ([name, type, description, value]) => ({ name, type, description, value }),
);

/** The CSV's columns: {@linkcode COLUMNS}, with a column a segment key after `segment`. */
function columns(model: ReadModel): Column[] {
  const segments = Object.entries(model.vocabulary()).map(([key, spec]): Column => ({
    name: `segment_${key.replaceAll("-", "_")}`,
    type: "string",
    description: `Segment: ${spec.label} (a value of "${key}" in the catalog's segments.yaml)`,
    value: (row) => row.segment[key],
  }));
  const at = COLUMNS.findIndex((column) => column.name === "segment") + 1;
  return [...COLUMNS.slice(0, at), ...segments, ...COLUMNS.slice(at)];
}

/** A CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function csvField(value: string | number | undefined): string {
  if (value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The data set as CSV: a header, then one CRLF-terminated row a figure. */
export function benchmarksCsv(model: ReadModel, baseUrl: string): string {
  const all = columns(model);
  const rows = model.figureRows(baseUrl).map((row) =>
    all.map((column) => csvField(column.value(row))).join(",")
  );
  return [all.map((column) => column.name).join(","), ...rows].map((line) => `${line}\r\n`)
    .join("");
}

/** The data set as JSON: what it is, its licence, the metrics and vocabulary, every figure. */
export function benchmarksJson(model: ReadModel, baseUrl: string): DataSet {
  return {
    title: TITLE,
    description: DESCRIPTION,
    license: LICENSE,
    homepage: `${baseUrl}/`,
    metrics: model.metrics()
      .filter((metric) => (metric.figures ?? []).length > 0)
      .map((metric) => ({
        slug: metric.slug,
        name: metric.name,
        ...(metric.comparison ? { comparison: metric.comparison } : {}),
      })),
    segments: model.vocabulary(),
    figures: model.figureRows(baseUrl),
  };
}

/** The Frictionless Data Package descriptor of the CSV. */
export function dataPackage(model: ReadModel, baseUrl: string): unknown {
  const rows = model.figureRows(baseUrl);
  const sources = new Map<string, string>();
  for (const row of rows) sources.set(row.source.url, row.source.label);
  return {
    profile: "tabular-data-package",
    name: `${PACKAGE_NAME}-benchmarks`,
    title: TITLE,
    // The SQL recipes are not tabular data, which a Tabular Data Package's resources must be.
    description: `${DESCRIPTION} The SQL that computes the metrics from your own tables is ` +
      `listed at ${baseUrl}${SQL_INDEX_PATH}: code under the MIT licence, not part of this ` +
      "package.",
    homepage: `${baseUrl}/`,
    version: VERSION,
    licenses: [LICENSE],
    sources: [...sources].map(([path, title]) => ({ title, path })),
    resources: [{
      profile: "tabular-data-resource",
      name: "benchmarks",
      path: DATA_PATHS.csv.slice(1),
      title: TITLE,
      format: "csv",
      mediatype: "text/csv",
      encoding: "utf-8",
      dialect: { delimiter: ",", doubleQuote: true, lineTerminator: "\r\n", header: true },
      schema: {
        fields: columns(model).map(({ name, type, description }) => ({
          name,
          type,
          description,
        })),
        primaryKey: ["id"],
        // A figure whose year is not known says so in the year column.
        missingValues: ["", "undated"],
      },
    }],
  };
}

/** `/formulas.json`: every metric's calculator, as data. */
export interface FormulaSet {
  /** Its title. */
  title: string;
  /** What it is. */
  description: string;
  /** Its licence. */
  license: { name: string; path: string; title: string };
  /** The site it comes from. */
  homepage: string;
  /** Every metric: its prose formula, and its calculator or why it has none. */
  metrics: {
    slug: string;
    name: string;
    formula: string;
    calculator?: Calculator;
    notComputable?: string;
    page: string;
  }[];
}

/** Every metric's calculator as data: inputs, expression, result unit, worked example. */
export function formulasJson(model: ReadModel, baseUrl: string): FormulaSet {
  return {
    title: "Product and growth metric formulas",
    description: "Each metric's formula as named inputs and an arithmetic expression " +
      "(numbers, inputs, + - * /, ^ for powers, parentheses, min, max, abs), with the result's " +
      "unit and the worked example it is checked against; metrics that cannot be computed from " +
      "a few inputs say why.",
    license: LICENSE,
    homepage: `${baseUrl}/`,
    metrics: model.metrics().map((metric) => ({
      slug: metric.slug,
      name: metric.name,
      formula: metric.formula,
      ...(metric.calculator ? { calculator: metric.calculator } : {}),
      ...(metric.notComputable ? { notComputable: metric.notComputable } : {}),
      page: `${baseUrl}/metrics/${metric.slug}#calculator`,
    })),
  };
}
