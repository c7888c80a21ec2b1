/**
 * The "where do you stand" form in the browser, for the static export, where no server answers
 * `/metrics/<slug>/compare`: it reads `/benchmarks.json` and places the value with the same code
 * the server uses (`compareValue`), then writes the answer under the form as text. Bundled into
 * `lib/web/pages/_compare_script.ts` by `deno task scripts`.
 *
 * @module
 */
import {
  comparedMetricFrom,
  compareInputFrom,
  compareValue,
  type DataSet,
  formatValue,
  perWords,
} from "../../read/benchmarks.ts";

/** The little of the DOM this script uses; the project's type check has no DOM library. */
interface Element {
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
  document: { createElement(tag: string): Element; querySelectorAll(s: string): Iterable<Element> };
}).document;

let data: Promise<DataSet> | undefined;

function element(tag: string, text?: string): Element {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

async function answer(form: Element, slug: string): Promise<Element> {
  const section = element("section");
  section.className = "answer";
  data ??= fetch("/benchmarks.json").then((response) => {
    if (!response.ok) throw new Error(`/benchmarks.json answered ${response.status}`);
    // The site's own data set, written by the same code (lib/web/data_files.ts).
    return response.json() as Promise<DataSet>;
  });
  const set = await data;
  const metric = comparedMetricFrom(set, slug);
  const params = new URLSearchParams();
  for (const field of form.querySelectorAll("input[name], select[name]")) {
    params.append(field.name ?? "", field.value ?? "");
  }
  const read = compareInputFrom(params, set.segments);
  const result = metric && read.ok
    ? compareValue(metric, { segments: set.segments }, read.input)
    : { ok: false as const, error: read.ok ? `No figures for "${slug}"` : read.error };
  if (!result.ok) {
    const alert = element("p", result.error);
    alert.className = "callout";
    alert.setAttribute("role", "alert");
    section.append(alert);
    return section;
  }
  const { comparison } = result;
  const per = comparison.per ? ` ${perWords(comparison.per)}` : "";
  section.append(
    element("h2", `Where ${formatValue(comparison.value, comparison.unit)}${per} stands`),
  );
  const list = element("ul");
  list.className = "plain";
  if (comparison.placements.length === 0) list.append(element("li", comparison.summary));
  for (const placement of comparison.placements) {
    const item = element("li", `${placement.sentence} `);
    const link = element("a", `[figure ${placement.figure}]`);
    link.setAttribute("href", `#figure-${placement.figure}`);
    item.append(link);
    list.append(item);
  }
  section.append(list);
  if (comparison.context.length > 0) {
    section.append(element("h3", "Not compared"));
    const context = element("ul");
    context.className = "plain";
    for (const item of comparison.context) {
      context.append(element("li", `Figure ${item.figure} ${item.reason}.`));
    }
    section.append(context);
  }
  return section;
}

for (const form of document.querySelectorAll("form.compare")) {
  const slug = form.dataset.metric;
  if (!slug) continue;
  const output = element("div");
  output.setAttribute("aria-live", "polite");
  form.after(output);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer(form, slug).then(
      (section) => output.replaceChildren(section),
      (error: unknown) => output.replaceChildren(element("p", String(error))),
    );
  });
}
