/**
 * The metric pages' forms in the browser, for the static export, where no server answers
 * `/metrics/<slug>/compare` or `/metrics/<slug>/calc`: "where do you stand" reads
 * `/benchmarks.json` and places the value with the server's own `compareValue`; the calculator
 * reads `/formulas.json` too and calculates with the server's own `calculate`. Each writes its
 * answer under the form as text. It also brings the copy button of the page's SQL recipe
 * (`copy.ts`). Bundled into `lib/web/pages/_browser_scripts.ts` by `deno task scripts`.
 *
 * @module
 */
import { Problem, problemOr } from "../../problem.ts";
import "./copy.ts";
import { comparedMetricFrom, type DataSet } from "../../read/benchmarks.ts";
import { type ComparedMetric, compareValue, type ValueComparison } from "../../read/compare.ts";
import { citedText, comparisonWords } from "../../read/compare_words.ts";
import type { Vocabulary } from "../../catalog/figures.ts";
import { formatValue, perWords } from "../../read/words.ts";
import { compareInputFrom } from "../compare_form.ts";
import { figureChart } from "../pages/chart.ts";
import { calculate } from "../../read/calculate.ts";
import type { FormulaSet } from "../data_files.ts";

/** The little of the DOM this script uses; the project's type check has no DOM library. */
interface Element {
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | null;
  remove(): void;
  textContent: string | null;
  className: string;
  name?: string;
  value?: string;
  dataset: Record<string, string | undefined>;
  setAttribute(name: string, value: string): void;
  append(...nodes: Element[]): void;
  replaceChildren(...nodes: Element[]): void;
  after(node: Element): void;
  querySelectorAll(selector: string): Iterable<Element>;
  addEventListener(type: "submit", listener: (event: { preventDefault(): void }) => void): void;
  insertAdjacentHTML(position: "beforeend", html: string): void;
  focus(): void;
}

// The browser's document, typed by the interface above.
const document = (globalThis as unknown as {
  document: {
    createElement(tag: string): Element;
    createElementNS(namespace: string, tag: string): Element;
    querySelector(selector: string): Element | null;
    querySelectorAll(selector: string): Iterable<Element>;
  };
}).document;

let data: Promise<DataSet> | undefined;
let formulas: Promise<FormulaSet> | undefined;

function element(tag: string, text?: string, className?: string): Element {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

/**
 * The lead and the hint, then the placements grouped by segment match, each linked to its figure,
 * the rest folded away: as the server's answer page writes them.
 */
function answerParts(
  comparison: ValueComparison,
  metric: ComparedMetric,
  vocabulary: Vocabulary,
): { lead: Element[]; groups: Element[] } {
  const words = comparisonWords(comparison, { metric, vocabulary });
  const lead = [
    element("p", words.lead, "verdict"),
    ...(words.hint ? [element("p", words.hint, "muted")] : []),
  ];
  const parts: Element[] = [];
  for (const group of words.groups) {
    const list = element("ul", undefined, "plain");
    for (const line of group.lines) {
      const item = element("li", `${citedText(line)} `);
      const link = element("a", `[figure ${line.figure}]`);
      link.setAttribute("href", `#figure-${line.figure}`);
      item.append(link);
      list.append(item);
    }
    if (group.folded) {
      const details = element("details");
      details.append(element("summary", `${group.title} (${group.lines.length})`), list);
      parts.push(details);
    } else {
      parts.push(element("h3", group.title), list);
    }
  }
  return { lead, groups: parts };
}

/** One of the site's own JSON files, written by the same code (lib/web/data_files.ts). */
function fetchJson<T>(path: string): Promise<T> {
  return fetch(path).then((response) => {
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json() as Promise<T>;
  });
}

function alertOf(error: string): Element {
  const section = element("section", undefined, "answer");
  const alert = element("p", error, "callout");
  alert.setAttribute("role", "alert");
  section.append(alert);
  return section;
}

function fieldsOf(form: Element): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of form.querySelectorAll("input[name], select[name]")) {
    params.append(field.name ?? "", field.value ?? "");
  }
  return params;
}

async function calculated(form: Element, slug: string): Promise<Element> {
  data ??= fetchJson<DataSet>("/benchmarks.json");
  formulas ??= fetchJson<FormulaSet>("/formulas.json");
  const [set, definitions] = await Promise.all([data, formulas]);
  const definition = definitions.metrics.find((item) => item.slug === slug);
  const compared = comparedMetricFrom(set, slug);
  const metric = {
    slug,
    name: definition?.name ?? slug,
    sources: compared?.sources ?? [],
    figures: compared?.figures ?? [],
    ...(compared?.comparison ? { comparison: compared.comparison } : {}),
    ...(definition?.calculator ? { calculator: definition.calculator } : {}),
    ...(definition?.notComputable ? { notComputable: definition.notComputable } : {}),
  };
  const calculation = problemOr(() =>
    calculate(metric, Object.fromEntries(fieldsOf(form)), { segments: set.segments })
  );
  if (calculation instanceof Problem) return alertOf(calculation.message);
  const per = calculation.per ? ` ${perWords(calculation.per)}` : "";
  const section = element("section", undefined, "answer");
  section.append(
    element("h2", `Result: ${calculation.written}${per}`),
    element("p", calculation.formula, "formula-numbers"),
  );
  if (calculation.comparison && calculation.comparison.placements.length > 0) {
    section.append(element("h3", "Against the benchmark figures"));
    const { lead, groups } = answerParts(calculation.comparison, metric, set.segments);
    section.append(...lead, ...groups);
  }
  return section;
}

async function answer(form: Element, slug: string): Promise<Element> {
  const section = element("section", undefined, "answer");
  data ??= fetchJson<DataSet>("/benchmarks.json");
  const set = await data;
  const metric = comparedMetricFrom(set, slug);
  const read = compareInputFrom(fieldsOf(form));
  if (!read.ok) return alertOf(read.error);
  if (!metric) return alertOf(`No figures for "${slug}"`);
  const comparison = problemOr(() => compareValue(metric, read.input, { segments: set.segments }));
  if (comparison instanceof Problem) return alertOf(comparison.message);
  const per = comparison.per ? ` ${perWords(comparison.per)}` : "";
  const { lead, groups } = answerParts(comparison, metric, set.segments);
  section.append(
    element("h2", `Where ${formatValue(comparison.value, comparison.unit)}${per} stands`),
    ...lead,
  );
  // The same chart as the server's answer, drawn by the same code, with the value marked.
  const chart = figureChart(metric, { vocabulary: set.segments, comparison });
  if (chart) section.insertAdjacentHTML("beforeend", chart.value);
  section.append(...groups);
  return section;
}

for (const form of document.querySelectorAll("form.compare, form.calc")) {
  const slug = form.dataset.metric;
  if (!slug) continue;
  const respond = form.className === "calc" ? calculated : answer;
  const output = element("div");
  output.setAttribute("aria-live", "polite");
  form.after(output);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    respond(form, slug).then(
      (section) => {
        output.replaceChildren(section);
        // The answer is read next: focus its heading, which brings it into view.
        const heading = section.querySelector("h2") ?? section.querySelector("p");
        heading?.setAttribute("tabindex", "-1");
        heading?.focus();
      },
      (error: unknown) => output.replaceChildren(element("p", String(error))),
    );
  });
}
