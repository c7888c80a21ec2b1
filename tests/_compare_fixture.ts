/**
 * A small metric and vocabulary for the comparison's tests: a lower-is-better monthly churn with
 * figures of each kind, for B2B, B2C, a band, a company and a part of B2B.
 */
import type { Figure, MetricRecord, Vocabulary } from "../lib/mod.ts";

/** Keys of each kind: a study, a category with a part, a band, one that narrows, a company. */
export const VOCABULARY: Vocabulary = {
  market: { label: "Market", role: "study", values: { saas: { label: "SaaS companies" } } },
  model: {
    label: "Business model",
    values: {
      b2b: { label: "B2B" },
      b2c: { label: "B2C" },
      "enterprise-saas": { label: "enterprise SaaS", within: "b2b" },
    },
  },
  arpa: {
    label: "ARPA",
    band: "usd",
    short: "ARPA",
    values: {
      low: { label: "ARPA under $25", max: 25 },
      high: { label: "ARPA $500+", min: 500 },
    },
  },
  vertical: { label: "Vertical", role: "narrows", values: { health: { label: "health" } } },
  company: { label: "Company", role: "company", values: { acme: { label: "Acme" } } },
};

/** A figure: a 5% monthly average of source 1, changed by `change`. */
export function figure(change: Partial<Figure>): Figure {
  return {
    sentence: 0,
    written: "5%",
    value: 5,
    unit: "percent",
    per: "month",
    statistic: "mean",
    segment: {},
    year: 2024,
    source: 1,
    ...change,
  };
}

/**
 * A point of the series "lab-churn": a median published in 2024 whose data describe `dataYear`
 * (given only where it differs from 2024).
 */
export function seriesPoint(value: number, dataYear: number): Figure {
  return figure({
    written: `${value}%`,
    value,
    statistic: "median",
    year: 2024,
    ...(dataYear === 2024 ? {} : { dataYear }),
    series: "lab-churn",
  });
}

/** The metric: its figures numbered 1 to 7 in the tests. */
export const METRIC = {
  name: "Test Churn",
  slug: "test-churn",
  benchmarks: ["Churn was 5% in B2B, 7% in B2C, 2–3% at high ARPA, under 2% at best (Lab, 2024)."],
  sources: [{ label: 'Lab, "Report" (2024)', url: "https://example.com/report" }],
  comparison: {
    direction: "lower-is-better",
    unit: "percent",
    per: "month",
    convert: "compound-loss",
  },
  figures: [
    figure({ segment: { model: "b2b" } }),
    figure({ written: "7%", value: 7, segment: { model: "b2c" } }),
    figure({
      written: "2–3%",
      value: undefined,
      low: 2,
      high: 3,
      statistic: "typical-range",
      segment: { arpa: "high" },
    }),
    figure({ written: "2%", value: 2, bound: "at-most", statistic: "threshold", label: "best" }),
    figure({ written: "30%", value: 30, measures: "share that is involuntary", per: undefined }),
    figure({ written: "4%", value: 4, statistic: "reported", segment: { company: "acme" } }),
    figure({ written: "6%", value: 6, statistic: "median", segment: { model: "enterprise-saas" } }),
  ],
} as unknown as MetricRecord;
