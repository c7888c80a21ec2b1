/**
 * The benchmark figures as an open data set: `/benchmarks.json` (every figure with its metric,
 * sentence, source and review date), `/benchmarks.csv` (RFC 4180, one row a figure, the same
 * columns flattened) and `/datapackage.json` (a Frictionless Tabular Data Package describing the
 * CSV, under CC BY 4.0, with the sources).
 *
 * @module
 */
import type { Calculator } from "../catalog/calculator.ts";
import type { Catalog } from "../catalog/load.ts";
import { type DataSet, type FigureRow, figureRows } from "../read/benchmarks.ts";
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

/** The CSV's columns, in order; the segment columns follow `segment`, one a vocabulary key. */
function columns(catalog: Catalog): Column[] {
  const segmentColumns: Column[] = Object.entries(catalog.segments).map(([key, spec]) => ({
    name: `segment_${key.replaceAll("-", "_")}`,
    type: "string",
    description: `Segment: ${spec.label} (a value of "${key}" in the catalog's segments.yaml)`,
    value: (row) => row.segment[key],
  }));
  return [
    {
      name: "id",
      type: "string",
      description: "Metric slug and figure number",
      value: (row) => row.id,
    },
    {
      name: "metric",
      type: "string",
      description: "The metric's slug",
      value: (row) => row.metric,
    },
    {
      name: "metric_name",
      type: "string",
      description: "The metric's name",
      value: (row) => row.metricName,
    },
    {
      name: "figure",
      type: "integer",
      description: "The figure's number in the metric (its page anchor)",
      value: (row) => row.number,
    },
    {
      name: "sentence_number",
      type: "integer",
      description: "The number of the benchmark sentence stating it",
      value: (row) => row.sentence,
    },
    {
      name: "written",
      type: "string",
      description: "The figure as its sentence writes it",
      value: (row) => row.written,
    },
    {
      name: "value",
      type: "number",
      description: "The value of a single number",
      value: (row) => row.value,
    },
    { name: "low", type: "number", description: "The low end of a range", value: (row) => row.low },
    {
      name: "high",
      type: "number",
      description: "The high end of a range",
      value: (row) => row.high,
    },
    {
      name: "bound",
      type: "string",
      description: "at-least (a floor) or at-most (a ceiling)",
      value: (row) => row.bound,
    },
    { name: "unit", type: "string", description: "The unit", value: (row) => row.unit },
    {
      name: "per",
      type: "string",
      description: "The period a rate is quoted per",
      value: (row) => row.per,
    },
    {
      name: "statistic",
      type: "string",
      description: "What kind of number it is",
      value: (row) => row.statistic,
    },
    {
      name: "percentile",
      type: "integer",
      description: "The percentile, for statistic percentile",
      value: (row) => row.percentile,
    },
    {
      name: "label",
      type: "string",
      description: "The source's own word for a threshold",
      value: (row) => row.label,
    },
    {
      name: "measures",
      type: "string",
      description: "What it measures when that is not the metric itself",
      value: (row) => row.measures,
    },
    {
      name: "segment",
      type: "string",
      description: "The population and segment in words",
      value: (row) => row.segmentLabel,
    },
    ...segmentColumns,
    {
      name: "sample",
      type: "number",
      description: "The sample size, where the sentence gives it",
      value: (row) => row.sample,
    },
    {
      name: "year",
      type: "integer",
      description: "The year the data describe, where given",
      value: (row) => row.year,
    },
    {
      name: "source_number",
      type: "integer",
      description: "The number of the source among the metric's sources",
      value: (row) => row.source.number,
    },
    {
      name: "source_label",
      type: "string",
      description: "The source",
      value: (row) => row.source.label,
    },
    {
      name: "source_url",
      type: "string",
      description: "Where the source is",
      value: (row) => row.source.url,
    },
    {
      name: "benchmarks_reviewed",
      type: "date",
      description: "When the metric's figures were last reviewed",
      value: (row) => row.benchmarksReviewed,
    },
    {
      name: "page",
      type: "string",
      description: "The figure on the metric's page",
      value: (row) => row.page,
    },
    {
      name: "citation",
      type: "string",
      description: "A citation to copy",
      value: (row) => row.citation,
    },
    {
      name: "sentence",
      type: "string",
      description: "The sentence that states the figure",
      value: (row) => row.text,
    },
  ];
}

/** A CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function csvField(value: string | number | undefined): string {
  if (value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The data set as CSV: a header, then one CRLF-terminated row a figure. */
export function benchmarksCsv(catalog: Catalog, baseUrl: string): string {
  const all = columns(catalog);
  const rows = figureRows(catalog, baseUrl).map((row) =>
    all.map((column) => csvField(column.value(row))).join(",")
  );
  return [all.map((column) => column.name).join(","), ...rows].map((line) => `${line}\r\n`)
    .join("");
}

/** The data set as JSON: what it is, its licence, the metrics and vocabulary, every figure. */
export function benchmarksJson(catalog: Catalog, baseUrl: string): DataSet {
  return {
    title: TITLE,
    description: DESCRIPTION,
    license: LICENSE,
    homepage: `${baseUrl}/`,
    metrics: catalog.metrics
      .filter((metric) => (metric.figures ?? []).length > 0)
      .map((metric) => ({
        slug: metric.slug,
        name: metric.name,
        ...(metric.comparison ? { comparison: metric.comparison } : {}),
      })),
    segments: catalog.segments,
    figures: figureRows(catalog, baseUrl),
  };
}

/** The Frictionless Data Package descriptor of the CSV. */
export function dataPackage(catalog: Catalog, baseUrl: string): unknown {
  const rows = figureRows(catalog, baseUrl);
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
        fields: columns(catalog).map(({ name, type, description }) => ({
          name,
          type,
          description,
        })),
        primaryKey: ["id"],
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
export function formulasJson(catalog: Catalog, baseUrl: string): FormulaSet {
  return {
    title: "Product and growth metric formulas",
    description: "Each metric's formula as named inputs and an arithmetic expression " +
      "(numbers, inputs, + - * /, ^ for powers, parentheses, min, max, abs), with the result's " +
      "unit and the worked example it is checked against; metrics that cannot be computed from " +
      "a few inputs say why.",
    license: LICENSE,
    homepage: `${baseUrl}/`,
    metrics: catalog.metrics.map((metric) => ({
      slug: metric.slug,
      name: metric.name,
      formula: metric.formula,
      ...(metric.calculator ? { calculator: metric.calculator } : {}),
      ...(metric.notComputable ? { notComputable: metric.notComputable } : {}),
      page: `${baseUrl}/metrics/${metric.slug}#calculator`,
    })),
  };
}
