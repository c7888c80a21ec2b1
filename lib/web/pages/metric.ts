/**
 * The page of one metric: its sections in the field table's order (a reader's), the SQL recipe after
 * the benchmarks, benchmarks with their review
 * date and linked citations, related metrics, the frameworks that include it, and its JSON.
 *
 * @module
 */
import { Problem, problemOr } from "../../problem.ts";
import { type Html, markup, paragraphs, sitePath } from "./html.ts";
import type { IndexedPage, PageFrame } from "./layout.ts";
import {
  formulaBlock,
  pageRail,
  plainList,
  readableDate,
  recordFormats,
  recordLink,
  recordMeta,
  section,
  sourceList,
} from "./parts.ts";
import { firstSentence } from "../../read/text.ts";
import type { Vocabulary } from "../../catalog/figures.ts";
import { comparableFigures } from "../../catalog/figures.ts";
import { figureChart } from "./chart.ts";
import { seriesCharts } from "./series_chart.ts";
import { compareValue } from "../../read/compare.ts";
import { compareInputFrom } from "../compare_form.ts";
import { calculatorAnswer, calculatorForm, calculatorFormula } from "./calculator.ts";
import { calculate } from "../../read/calculate.ts";
import { metricBenchmarks, pairPath, type ReadModel } from "../../read/model.ts";
import { compareAnswer, compareForm, figureTable } from "./figures.ts";
import { FORMS_SCRIPT_PATH } from "../paths.ts";
import { recipeSection } from "./sql.ts";
import {
  displayName,
  METRIC_FIELDS,
  type MetricRecord,
  type Section,
  sectionsOf,
} from "../../catalog/records.ts";

/** What a metric page needs to know about the rest of the catalog. */
export interface MetricContext {
  /** The read model: the other records' names, the pairs, the frameworks that include one. */
  model: ReadModel;
  /** The segment vocabulary, to word the figures' segments. */
  segments: Vocabulary;
  /** The public base address, for the figures' citations. */
  baseUrl: string;
}

/** Splits "Lead: rest" list items so that the lead can be shown in bold. */
function leadAndRest(item: string): Html {
  const match = /^([^:]{3,80}): (.+)$/s.exec(item);
  return match ? markup`<strong>${match[1]}</strong>: ${match[2]}` : markup`${item}`;
}

function citation(numbers: readonly number[]): Html | string {
  if (numbers.length === 0) return "";
  const links = numbers.map((number, position) =>
    markup`${position === 0 ? "" : ", "}<a href="#source-${number}">[${number}]</a>`
  );
  return markup` <span class="cite">Sources: ${links}</span>`;
}

function benchmarks(metric: MetricRecord, context: MetricContext): Html {
  const reviewed = metric.benchmarksReviewed;
  const date = reviewed === undefined
    ? markup`Review date not recorded.`
    : markup`Figures last reviewed <time datetime="${reviewed}">${readableDate(reviewed)}</time>.`;
  const items = metricBenchmarks(metric).benchmarks.map((figure) =>
    markup`${figure.text}${citation(figure.sources)}`
  );
  const figures = (metric.figures ?? []).length > 0;
  const form = compareForm(metric, { vocabulary: context.segments });
  return markup`<p class="reviewed">${date}</p>
${
    form
      ? markup`<section class="stand" aria-labelledby="where-do-you-stand"><h3 id="where-do-you-stand">Where do you stand?</h3>
<p>Enter your own value to place it against these figures: the answer leads with a verdict, then each figure with its citation.</p>
${form}</section>
`
      : ""
  }${plainList(items)}
<p class="muted">Reusing a figure? Carry its citation along with it.</p>
${figures ? figureChart(metric, { vocabulary: context.segments }) : ""}${
    figures ? seriesCharts(metric, context.segments) ?? "" : ""
  }${
    figures ? figureTable(metric, { vocabulary: context.segments, baseUrl: context.baseUrl }) : ""
  }`;
}

/** The body of one section of a metric page. */
function sectionBody(
  part: Section,
  metric: MetricRecord,
  context: MetricContext,
): Html | undefined {
  switch (part.content) {
    case "text":
      return paragraphs(part.value);
    case "formula": {
      const drawn = calculatorFormula(metric);
      if (!drawn) return formulaBlock(part.value);
      return markup`${drawn}
<h3 id="calculator">Calculate it</h3>
${calculatorForm(metric)}`;
    }
    case "benchmarks":
      return part.value.length === 0 ? undefined : benchmarks(metric, context);
    case "list":
    case "steps":
      return part.value.length === 0 ? undefined : plainList(part.value.map(leadAndRest));
    case "labelled":
      return markup`<dl class="watch">
${
        part.value.map((item) =>
          markup`<dt>${item.label}</dt>
<dd>${item.text}</dd>
`
        )
      }</dl>`;
    case "related":
      return plainList(
        part.value.map((item) => {
          const pair = pairPath(metric.slug, item.slug);
          const sideBySide = context.model.pairs().some(({ path }) => path === pair)
            ? markup` <a class="pair-link" href="${pair}">Side by side</a>`
            : "";
          return markup`${
            recordLink("/metrics", {
              slug: item.slug,
              name: context.model.name("metric", item.slug),
            })
          }: ${item.text}${sideBySide}`;
        }),
      );
    case "sources":
      return sourceList(part.value);
    default:
      throw new Error(`A metric page cannot show "${part.content}" content`);
  }
}

function frameworks(metric: MetricRecord, context: MetricContext): Html | undefined {
  const including = context.model.frameworksIncluding(metric.slug);
  if (including.length === 0) return undefined;
  return plainList(including.map((framework) => {
    const link = markup`<a href="${sitePath("/frameworks", framework.slug)}">${framework.name}</a>`;
    return markup`${link}, in ${framework.components.join(", ")}`;
  }));
}

/** Everything the metric page shows, in the field table's order. */
export function metricPage(metric: MetricRecord, context: MetricContext): IndexedPage {
  const path = sitePath("/metrics", metric.slug);
  const json = sitePath("/api/metrics", metric.slug);
  const tags = metric.tags.map((tag) =>
    markup`<li><a href="${sitePath("/tags", tag)}">${tag}</a></li>`
  );
  const composite = metric.kind === "composite"
    ? markup`<p class="callout"><strong>A tool-defined score.</strong> This is a composite analytics score defined by the tools that compute it, not an industry-standard metric: its inputs and scale differ from one tool to the next.</p>\n`
    : "";
  const parts = sectionsOf(metric, METRIC_FIELDS);
  const lead = parts.filter((part) => part.field.lead && part.content === "text")
    .map((part) => paragraphs(String(part.value), "lead"));
  const body = parts.filter((part) => !part.field.lead && part.content !== "sources");
  // Counting it from your own data follows the benchmarks (or, without them, what it measures):
  // a reader first learns what the metric is and how good numbers look.
  const sql = { id: "sql", heading: "Compute it from your data" };
  const sqlAfter = body.some((part) => part.field.key === "benchmarks")
    ? "benchmarks"
    : "whatItMeasures";
  const render = (part: Section) => [
    section(part.field.heading, { id: part.id, body: sectionBody(part, metric, context) }),
    part.field.key === sqlAfter
      ? section(sql.heading, { id: sql.id, body: recipeSection(metric) })
      : "",
  ];
  const cited = parts.filter((part) => part.content === "sources");
  const included = frameworks(metric, context);
  // The two forms are listed under the sections that hold them.
  const forms: Record<string, { id: string; heading: string }> = {
    ...(compareForm(metric, { vocabulary: context.segments })
      ? { benchmarks: { id: "where-do-you-stand", heading: "Where do you stand?" } }
      : {}),
    ...(metric.calculator ? { formula: { id: "calculator", heading: "Calculate it" } } : {}),
  };
  const rail = pageRail([
    ...body.flatMap((part) => {
      const entry = { id: part.id, heading: part.field.heading };
      const form = forms[part.field.key];
      return [entry, ...(form ? [form] : []), ...(part.field.key === sqlAfter ? [sql] : [])];
    }),
    ...(included ? [{ id: "frameworks", heading: "Frameworks that include it" }] : []),
    ...cited.map((part) => ({ id: part.id, heading: part.field.heading })),
    { id: "use", heading: "Use this record" },
  ]);
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/metrics">Metrics</a></li><li aria-current="page">${metric.name}</li></ol></nav>
<div class="doc">
<article>
<h1>${displayName(metric)}</h1>
<ul class="tags" aria-label="Tags">${tags}</ul>
${composite}${lead}
${rail.narrow}${body.map(render)}${
      section("Frameworks that include it", { id: "frameworks", body: included })
    }${cited.map(render)}${
      section("Use this record", { id: "use", body: recordFormats(path, json) })
    }</article>
${rail.wide}</div>`;
  return {
    title: displayName(metric),
    description: firstSentence(metric.definition),
    path,
    ...recordMeta({
      path,
      json,
      name: metric.name,
      slug: metric.slug,
      description: firstSentence(metric.definition),
      set: "metrics",
      ...(metric.abbreviation ? { extra: () => ({ alternateName: metric.abbreviation }) } : {}),
    }),
    main,
    ...(hasForm(metric) ? { script: FORMS_SCRIPT_PATH } : {}),
  };
}

/**
 * The answer page of "where do you stand": the reader's value placed against the metric's figures,
 * or the one-line reason it cannot be, with the form filled in again. `status` is 400 for bad
 * input.
 */
export function metricComparePage(
  metric: MetricRecord,
  { context, params }: { context: MetricContext; params: URLSearchParams },
): { status: number; page: PageFrame } {
  const read = compareInputFrom(params);
  let error = read.ok ? undefined : read.error;
  let answer: Html | undefined;
  if (read.ok) {
    const comparison = problemOr(() =>
      compareValue(metric, read.input, { segments: context.segments })
    );
    if (comparison instanceof Problem) error = comparison.message;
    else answer = compareAnswer(metric, { vocabulary: context.segments, comparison });
  }
  const fields = read.fields;
  const form = compareForm(metric, { vocabulary: context.segments, values: fields });
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="${
      sitePath("/metrics", metric.slug)
    }">${metric.name}</a></li><li aria-current="page">Where do you stand</li></ol></nav>
<h1>${displayName(metric)}: where do you stand?</h1>
${error ? markup`<p class="callout" role="alert">${error}</p>` : ""}${answer ?? ""}
${form ?? ""}
${figureTable(metric, { vocabulary: context.segments, baseUrl: context.baseUrl })}
<p><a href="${
      sitePath("/metrics", metric.slug)
    }#benchmarks">Back to the figures and their sentences</a></p>`;
  return {
    status: error ? 400 : 200,
    page: {
      title: `${displayName(metric)}: where do you stand`,
      description: firstSentence(metric.definition),
      noindex: true,
      main,
    },
  };
}

/** Whether a metric page has a form a script answers on the static export. */
function hasForm(metric: MetricRecord): boolean {
  return metric.calculator !== undefined || comparableFigures(metric).length > 0;
}

/**
 * The calculator's answer page: the result, the formula with the reader's numbers and where the
 * result stands, or the one-line reason there is none, with the form filled in again. `status` is
 * 400 for bad input.
 */
export function metricCalcPage(
  metric: MetricRecord,
  { context, params }: { context: MetricContext; params: URLSearchParams },
): { status: number; page: PageFrame } {
  const typed: Record<string, string> = {};
  for (const key of Object.keys(metric.calculator?.inputs ?? {})) {
    typed[key] = (params.get(key) ?? "").slice(0, 100);
  }
  const result = problemOr(() => calculate(metric, typed, { segments: context.segments }));
  const problem = result instanceof Problem ? result : undefined;
  const main =
    markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/metrics">Metrics</a></li><li><a href="${
      sitePath("/metrics", metric.slug)
    }">${metric.name}</a></li><li aria-current="page">Calculator</li></ol></nav>
<h1>${displayName(metric)}: calculator</h1>
${
      result instanceof Problem
        ? markup`<p class="callout" role="alert">${result.message}</p>`
        : calculatorAnswer(result, { metric, vocabulary: context.segments })
    }
${calculatorFormula(metric) ?? ""}
${calculatorForm(metric, typed) ?? ""}
${
      metric.figures
        ? figureTable(metric, { vocabulary: context.segments, baseUrl: context.baseUrl })
        : ""
    }
<p><a href="${sitePath("/metrics", metric.slug)}">Back to ${metric.name}</a></p>`;
  return {
    status: problem?.status ?? 200,
    page: {
      title: `${displayName(metric)}: calculator`,
      description: firstSentence(metric.definition),
      noindex: true,
      main,
    },
  };
}
