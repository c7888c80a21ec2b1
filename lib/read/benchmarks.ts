/**
 * Benchmark figures as the open data set: each figure a row with its citation (the read model
 * lists them all, `ReadModel.figureRows`), and a metric rebuilt from those rows so that the
 * static export's script places a value as the server does.
 *
 * @module
 */
import type { Figure, Vocabulary } from "../catalog/figures.ts";
import type { MetricRecord, Source } from "../catalog/records.ts";
import type { ComparedMetric } from "./compare.ts";
import { figureWords, segmentWords, shortCitation } from "./words.ts";

/** One figure of the open data set: the figure, numbered, with everything needed to cite it. */
export type FigureRow = Omit<Figure, "sentence" | "source"> & {
  /** `<metric slug>-<n>`: stable while the metric's figures keep their order. */
  id: string;
  /** The metric's slug. */
  metric: string;
  /** The metric's name. */
  metricName: string;
  /** The figure's number (from 1) among the metric's figures: its anchor `#figure-<n>`. */
  number: number;
  /** The number (from 1) of its sentence among the metric's benchmarks. */
  sentence: number;
  /** The sentence that states it, as the API serves it. */
  text: string;
  /** The segment as people read it. */
  segmentLabel: string;
  /** The source it comes from: its number among the metric's sources, label and URL. */
  source: { number: number; label: string; url: string };
  /** When the metric's figures were last reviewed. */
  benchmarksReviewed?: string | undefined;
  /** The figure's place on the metric's page. */
  page: string;
  /** A citation to copy. */
  citation: string;
};

/** A metric's figures as data set rows. */
export function metricFigureRows(
  metric: MetricRecord,
  { vocabulary, baseUrl }: { vocabulary: Vocabulary; baseUrl: string },
): FigureRow[] {
  return (metric.figures ?? []).map((figure, index) => {
    const source = metric.sources[figure.source - 1] ?? { label: "", url: "" };
    const page = `${baseUrl}/metrics/${metric.slug}#figure-${index + 1}`;
    return {
      id: `${metric.slug}-${index + 1}`,
      metric: metric.slug,
      metricName: metric.name,
      number: index + 1,
      sentence: figure.sentence + 1,
      text: metric.benchmarks?.[figure.sentence] ?? "",
      written: figure.written,
      value: figure.value,
      low: figure.low,
      high: figure.high,
      bound: figure.bound,
      unit: figure.unit,
      per: figure.per,
      statistic: figure.statistic,
      percentile: figure.percentile,
      label: figure.label,
      measures: figure.measures,
      role: figure.role,
      segment: figure.segment,
      segmentLabel: segmentWords(figure.segment, vocabulary),
      sample: figure.sample,
      sampleAtLeast: figure.sampleAtLeast,
      year: figure.year,
      dataYear: figure.dataYear,
      series: figure.series,
      source: { number: figure.source, ...source },
      benchmarksReviewed: metric.benchmarksReviewed,
      page,
      citation: `${figureWords(figure, vocabulary)}, ${metric.name}, ${
        shortCitation(source)
      }, via ${page}`,
    };
  });
}

/** The metrics of the data set: how each compares values, for scripts that place one. */
export interface DataSetMetric {
  /** The metric's slug. */
  slug: string;
  /** Its name. */
  name: string;
  /** How its values compare with its figures, when they can. */
  comparison?: MetricRecord["comparison"];
}

/** The data set as JSON. */
export interface DataSet {
  /** Its title. */
  title: string;
  /** What it is. */
  description: string;
  /** Its licence. */
  license: { name: string; path: string; title: string };
  /** The site it comes from. */
  homepage: string;
  /** Every metric with figures, and how its values compare. */
  metrics: DataSetMetric[];
  /** The segment vocabulary the figures use. */
  segments: Vocabulary;
  /** Every figure. */
  figures: FigureRow[];
}

/**
 * A metric as comparing a value needs it, rebuilt from the data set: what the static export's
 * script uses, so that it places a value exactly as the server does.
 */
export function comparedMetricFrom(data: DataSet, slug: string): ComparedMetric | undefined {
  const metric = data.metrics.find((item) => item.slug === slug);
  if (!metric) return undefined;
  const rows = data.figures.filter((row) => row.metric === slug);
  const sources: Source[] = [];
  for (const row of rows) {
    sources[row.source.number - 1] = { label: row.source.label, url: row.source.url };
  }
  for (let index = 0; index < sources.length; index++) sources[index] ??= { label: "", url: "" };
  return {
    slug,
    name: metric.name,
    sources,
    figures: rows.map((row) => ({
      sentence: row.sentence - 1,
      written: row.written,
      ...(row.value === undefined ? {} : { value: row.value }),
      ...(row.low === undefined ? {} : { low: row.low }),
      ...(row.high === undefined ? {} : { high: row.high }),
      ...(row.bound === undefined ? {} : { bound: row.bound }),
      unit: row.unit,
      ...(row.per === undefined ? {} : { per: row.per }),
      statistic: row.statistic,
      ...(row.percentile === undefined ? {} : { percentile: row.percentile }),
      ...(row.label === undefined ? {} : { label: row.label }),
      ...(row.measures === undefined ? {} : { measures: row.measures }),
      ...(row.role === undefined ? {} : { role: row.role }),
      segment: row.segment,
      ...(row.sample === undefined ? {} : { sample: row.sample }),
      ...(row.sampleAtLeast ? { sampleAtLeast: row.sampleAtLeast } : {}),
      year: row.year,
      source: row.source.number,
      ...(row.dataYear === undefined ? {} : { dataYear: row.dataYear }),
      ...(row.series === undefined ? {} : { series: row.series }),
    })),
    ...(metric.comparison ? { comparison: metric.comparison } : {}),
  };
}
