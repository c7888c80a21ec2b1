/**
 * The metric pages' forms in the browser, for the static export, where no server answers
 * `/metrics/<slug>/compare` or `/metrics/<slug>/calc`: "where do you stand" reads
 * `/benchmarks.json` and places the value with the server's own `compareValue`; the calculator
 * reads `/formulas.json` too and computes with the server's own `computeMetric`. Each writes its
 * answer under the form as text. Bundled into `lib/web/pages/_browser_scripts.ts` by
 * `deno task scripts`.
 *
 * @module
 */
import { comparedMetricFrom, type DataSet } from "../../read/benchmarks.ts";
import { compareValue, comparisonGroups, type ValueComparison } from "../../read/compare.ts";
import { formatValue, perWords } from "../../read/words.ts";
import { compareInputFrom } from "../compare_form.ts";
import { computeMetric, type FormulaSet } from "../../read/calc.ts";

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

const SVG = "http://www.w3.org/2000/svg";

/**
 * Marks the reader's value on the page's chart, as the server's answer page draws it: a line
 * across the bars at the value (at the chart's edge, said so, when it is off the scale).
 */
function markChart(value: number, label: string): void {
  const chart = document.querySelector("svg.figures-chart");
  const [low, high, left, right] = (chart?.getAttribute("data-scale") ?? "").split(" ").map(
    Number,
  );
  if (
    !chart || [low, high, left, right].some((item) => item === undefined || !Number.isFinite(item))
  ) {
    return;
  }
  chart.querySelector(".you-mark")?.remove();
  const span = (high ?? 0) - (low ?? 0) || 1;
  const clamped = Math.min(Math.max(value, low ?? 0), high ?? 0);
  const x = (left ?? 0) + ((clamped - (low ?? 0)) / span) * ((right ?? 0) - (left ?? 0));
  const height = Number(chart.getAttribute("height") ?? 0);
  const group = document.createElementNS(SVG, "g");
  group.setAttribute("class", "you-mark");
  const line = document.createElementNS(SVG, "line");
  for (const [name, at] of [["x1", x], ["x2", x], ["y1", 0], ["y2", height]] as const) {
    line.setAttribute(name, at.toFixed(1));
  }
  line.setAttribute("class", "you");
  const text = document.createElementNS(SVG, "text");
  text.setAttribute("class", "you");
  text.setAttribute("x", Math.min(x + 3, (right ?? 0) - 120).toFixed(1));
  text.setAttribute("y", "13");
  text.textContent = clamped === value ? label : `${label} (off the scale)`;
  group.append(line, text);
  chart.append(group);
}

let data: Promise<DataSet> | undefined;

function element(tag: string, text?: string): Element {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

let formulas: Promise<FormulaSet> | undefined;

/**
 * The verdict, the hint and the placements grouped as the server's answer page groups them, each
 * line linked to its figure in the page's table; the figures not compared are folded away.
 */
function comparisonParts(comparison: ValueComparison): Element[] {
  const verdict = element("p", comparison.summary);
  verdict.className = "verdict";
  const parts = [verdict];
  if (comparison.hint) {
    const hint = element("p", comparison.hint);
    hint.className = "muted";
    parts.push(hint);
  }
  for (const group of comparisonGroups(comparison)) {
    const list = element("ul");
    list.className = "plain";
    for (const line of group.lines) {
      const item = element("li", `${line.text} `);
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
  return parts;
}

/** One of the site's own JSON files, written by the same code (lib/web/data_files.ts). */
function fetchJson<T>(path: string): Promise<T> {
  return fetch(path).then((response) => {
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json() as Promise<T>;
  });
}

function alertOf(error: string): Element {
  const section = element("section");
  section.className = "answer";
  const alert = element("p", error);
  alert.className = "callout";
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
  const typed: Record<string, string> = {};
  for (const [key, value] of fieldsOf(form)) typed[key] = value;
  const result = computeMetric(metric, set.segments, typed);
  if (!result.ok) return alertOf(result.error);
  const { computed } = result;
  const per = computed.per ? ` ${perWords(computed.per)}` : "";
  const section = element("section");
  section.className = "answer";
  section.append(element("h2", `Result: ${computed.written}${per}`));
  const formula = element("p", computed.formula);
  formula.className = "formula-numbers";
  section.append(formula);
  if (computed.comparison && computed.comparison.placements.length > 0) {
    section.append(element("h3", "Against the benchmark figures"));
    section.append(...comparisonParts(computed.comparison));
  }
  return section;
}

async function answer(form: Element, slug: string): Promise<Element> {
  const section = element("section");
  section.className = "answer";
  data ??= fetchJson<DataSet>("/benchmarks.json");
  const set = await data;
  const metric = comparedMetricFrom(set, slug);
  const read = compareInputFrom(fieldsOf(form), set.segments);
  const result = metric && read.ok
    ? compareValue(metric, { segments: set.segments }, read.input)
    : { ok: false as const, error: read.ok ? `No figures for "${slug}"` : read.error };
  if (!result.ok) return alertOf(result.error);
  const { comparison } = result;
  const per = comparison.per ? ` ${perWords(comparison.per)}` : "";
  const sameUnit = comparison.placements.find((placement) => !placement.converted);
  if (sameUnit) {
    markChart(sameUnit.value, `You: ${formatValue(comparison.value, comparison.unit)}${per}`);
  }
  section.append(
    element("h2", `Where ${formatValue(comparison.value, comparison.unit)}${per} stands`),
    ...comparisonParts(comparison),
  );
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
      (section) => output.replaceChildren(section),
      (error: unknown) => output.replaceChildren(element("p", String(error))),
    );
  });
}
