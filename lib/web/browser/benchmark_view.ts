/**
 * The MCP App view of `get_benchmark`, run in the host's sandboxed frame: it connects to the host
 * with the extension's own `App`, and on the tool's result draws the answer as the metric page
 * does: the verdict, the chart (the pages' own SVG code, with the reader's value marked), which
 * way is better, the placements and the sources with their links. It follows the host's light or
 * dark theme and sizes itself to its content. Bundled into `lib/agents/_benchmark_view.ts` by
 * `deno task scripts`.
 *
 * @module
 */
import { App, applyDocumentTheme, applyHostStyleVariables } from "@modelcontextprotocol/ext-apps";
import type { Vocabulary } from "../../catalog/figures.ts";
import type { Benchmarks } from "../../catalog/records.ts";
import type { ComparedMetric } from "../../read/compare.ts";
import { citedText, comparisonWords, directionWords } from "../../read/compare_words.ts";
import type { ValueComparisonAnswer } from "../../catalog/schema.ts";
import { perWords } from "../../read/words.ts";
import { CHART_STYLE, figureChart } from "../pages/chart.ts";
import { escapeHtml } from "../pages/html.ts";

/** The little of the DOM this script uses; the project's type check has no DOM library. */
interface Node {
  innerHTML: string;
  insertAdjacentHTML(position: "beforeend", html: string): void;
  textContent: string | null;
  setAttribute(name: string, value: string): void;
}
const document = (globalThis as unknown as {
  document: { getElementById(id: string): Node | null; head: Node };
}).document;

// The chart's styles are the pages' own.
document.head.insertAdjacentHTML("beforeend", `<style>${CHART_STYLE}</style>`);

/** What the tool answers: the metric's benchmarks and, given a value, where it stands. */
type Answer = Benchmarks & { comparison?: ValueComparisonAnswer };

/** The metric as the chart reads it, rebuilt from the answer's figures. */
function comparedMetric(answer: Answer): ComparedMetric {
  return {
    slug: answer.slug,
    name: answer.name,
    sources: answer.sources,
    figures: (answer.figures ?? []).map(({ number: _number, segmentLabel: _label, ...figure }) => ({
      ...figure,
      sentence: figure.sentence - 1,
    })),
    ...(answer.direction && answer.unit
      ? {
        comparison: {
          direction: answer.direction,
          unit: answer.unit,
          ...(answer.per ? { per: answer.per } : {}),
        },
      }
      : {}),
  };
}

/** The answer as HTML: every text escaped, the chart from the pages' own code. */
function render(answer: Answer, vocabulary: Vocabulary): string {
  const metric = comparedMetric(answer);
  const comparison = answer.comparison;
  const chart = figureChart(metric, {
    vocabulary,
    comparison,
    linkOf: (figure) => `#source-${figure.source}`,
  });
  const per = answer.per ? ` (quoted ${perWords(answer.per)})` : "";
  const words = comparison && comparisonWords(comparison, { metric, vocabulary });
  const lines = words
    ? words.groups.map((group) => {
      const items = group.lines.map((line) =>
        `<li><span class="n">#${line.figure}</span> ${escapeHtml(citedText(line))}</li>`
      ).join("");
      return group.folded
        ? `<details><summary>${
          escapeHtml(group.title)
        } (${group.lines.length})</summary><ul>${items}</ul></details>`
        : `<h2>${escapeHtml(group.title)}</h2><ul>${items}</ul>`;
    }).join("")
    : "";
  const cited = new Set((answer.figures ?? []).map((figure) => figure.source));
  const sources = answer.sources.map((source, index) =>
    cited.has(index + 1)
      ? `<li id="source-${index + 1}">[${index + 1}] <a href="${
        escapeHtml(source.url)
      }" target="_blank" rel="noopener">${escapeHtml(source.label)}</a></li>`
      : ""
  ).join("");
  return `<h1>${escapeHtml(answer.name)}</h1>
${words ? `<p class="verdict">${escapeHtml(words.lead)}</p>` : ""}
${words?.hint ? `<p class="muted">${escapeHtml(words.hint)}</p>` : ""}
<p class="muted">${answer.direction ? directionWords(answer.direction).sentence : ""}${
    escapeHtml(per)
  }${
    answer.benchmarksReviewed ? ` Figures reviewed ${escapeHtml(answer.benchmarksReviewed)}.` : ""
  }</p>
${chart?.value ?? ""}
${lines}
<h2>Sources</h2><ul class="sources">${sources}</ul>
<p class="muted">Carry the citation along with any figure you reuse (CC BY 4.0).</p>`;
}

/** The answer from a tool result: its structured content (its text is plain lines). */
function answerOf(result: {
  structuredContent?: Record<string, unknown> | undefined;
  content?: { type: string; text?: string }[] | undefined;
  isError?: boolean | undefined;
}): Answer | string {
  if (result.isError) {
    return result.content?.find((item) => item.type === "text")?.text ?? "The tool failed";
  }
  if (result.structuredContent && "slug" in result.structuredContent) {
    return result.structuredContent as unknown as Answer;
  }
  return "The tool's result carried no figures";
}

const vocabulary = JSON.parse(
  document.getElementById("vocabulary")?.textContent ?? "{}",
) as Vocabulary;
const main = document.getElementById("answer");
const show = (html: string) => {
  if (main) main.innerHTML = html;
};

const app = new App({ name: "metrics-catalog-benchmark", version: "1.0.0" }, {}, {
  autoResize: true,
});
app.ontoolinput = ({ arguments: args }) => {
  const slug = typeof args?.slug === "string" ? args.slug : "the metric";
  show(`<p class="muted" role="status">Looking up the figures for ${escapeHtml(slug)}…</p>`);
};
app.ontoolresult = (result) => {
  const answer = answerOf(result);
  show(
    typeof answer === "string"
      ? `<p class="callout" role="alert">${escapeHtml(answer)}</p>`
      : render(answer, vocabulary),
  );
};
app.onhostcontextchanged = (context) => {
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
};
await app.connect();
const context = app.getHostContext();
if (context?.theme) applyDocumentTheme(context.theme);
if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
