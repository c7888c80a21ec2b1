/**
 * The side-by-side page of two metrics that name each other: definition, formula, calculator
 * inputs, what each measures and when not to use it, their benchmarks, and how each record says
 * the two relate. Built from the records alone, so there is no prose of its own to keep.
 *
 * @module
 */
import { type Html, markup, paragraphs, sitePath } from "./html.ts";
import type { IndexedPage } from "./layout.ts";
import { formulaBlock, plainList } from "./parts.ts";
import { calculatorFormula } from "./calculator.ts";
import { displayName, type MetricRecord } from "../../catalog/records.ts";
import { firstSentence } from "../../read/text.ts";
import type { MetricPair } from "../../read/model.ts";

function side(metric: MetricRecord, body: Html | string): Html {
  return markup`<div><h3><a href="${sitePath("/metrics", metric.slug)}">${
    displayName(metric)
  }</a></h3>
${body}</div>`;
}

function row(title: string, id: string, a: Html | string, b: Html | string, pair: Pair): Html {
  return markup`<section aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
<div class="pair">
${side(pair[0], a)}
${side(pair[1], b)}
</div>
</section>
`;
}

type Pair = readonly [MetricRecord, MetricRecord];

function inputs(metric: MetricRecord): Html | string {
  const calculator = metric.calculator;
  if (!calculator) return markup`<p class="muted">${metric.notComputable ?? "No calculator."}</p>`;
  return plainList(
    Object.entries(calculator.inputs).map(([key, input]) =>
      markup`<code>${key}</code>: ${input.name} (${input.unit}). ${input.means}`
    ),
  );
}

function formula(metric: MetricRecord): Html {
  return calculatorFormula(metric) ?? formulaBlock(metric.formula);
}

function relation(from: MetricRecord, to: MetricRecord): Html | string {
  const said = from.relatedMetrics.find((item) => item.slug === to.slug);
  return said ? paragraphs(said.text) : "";
}

/** The side-by-side page of a pair of metrics, in slug order. */
export function pairPage({ path, metrics: pair }: MetricPair): IndexedPage {
  const [a, b] = pair;
  const title = `${a.name} vs ${b.name}`;
  const benchmarks = (metric: MetricRecord) =>
    metric.benchmarks
      ? markup`${plainList(metric.benchmarks.map((text) => markup`${text}`))}<p><a href="${
        sitePath("/metrics", metric.slug)
      }#benchmarks">Figures and sources</a></p>`
      : markup`<p class="muted">No benchmark figures.</p>`;
  const optional = (text: string | undefined) =>
    text ? paragraphs(text) : markup`<p class="muted">Not recorded.</p>`;
  return {
    title,
    description: `${a.name} and ${b.name} side by side: ${firstSentence(a.definition)}`,
    path,
    main:
      markup`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/metrics">Metrics</a></li><li aria-current="page">${title}</li></ol></nav>
<h1>${displayName(a)} vs ${displayName(b)}</h1>
<p class="lead">Two metrics people confuse, set side by side from their records.</p>
${row("How they relate", "relate", relation(a, b), relation(b, a), pair)}
${row("Definition", "definition", paragraphs(a.definition), paragraphs(b.definition), pair)}
${row("Formula", "formula", formula(a), formula(b), pair)}
${row("Calculator inputs", "inputs", inputs(a), inputs(b), pair)}
${
        row(
          "What it measures",
          "what-it-measures",
          paragraphs(a.whatItMeasures),
          paragraphs(b.whatItMeasures),
          pair,
        )
      }
${
        row(
          "When not to use",
          "when-not-to-use",
          optional(a.whenNotToUse),
          optional(b.whenNotToUse),
          pair,
        )
      }
${row("Benchmarks", "benchmarks", benchmarks(a), benchmarks(b), pair)}`,
  };
}
