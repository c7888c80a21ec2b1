/**
 * A metric page's calculator: the equation drawn from the calculator's expression (short input
 * names, fractions and powers in MathML, so it fits a phone's column), the inputs explained, a GET
 * form answered by the server (or by the static export's script), and the answer: the result, the
 * formula with the reader's numbers, and where the result stands against the figures.
 *
 * @module
 */
import { Html, markup } from "./html.ts";
import { expressionMathml } from "./mathml.ts";
import type { MetricRecord } from "../../catalog/records.ts";
import type { Unit, Vocabulary } from "../../catalog/figures.ts";
import { render } from "../../catalog/expression.ts";
import { type Calculation, expressionOf } from "../../read/calculate.ts";
import { perWords, UNIT_NAMES } from "../../read/words.ts";
import { comparisonWords } from "../../read/compare_words.ts";
import { placementsHtml, verdictHtml } from "./figures.ts";
import { calcPath } from "../paths.ts";

/** The equation from the expression, then what each name stands for, then the record's words. */
export function calculatorFormula(metric: MetricRecord): Html | undefined {
  const calculator = metric.calculator;
  if (!calculator) return undefined;
  const expr = expressionOf(calculator);
  const per = calculator.result.per ? ` ${perWords(calculator.result.per)}` : "";
  const legend = Object.entries(calculator.inputs).map(([key, input]) =>
    markup`<li><code>${key}</code>: ${input.name} (${UNIT_NAMES[input.unit]})</li>`
  );
  return markup`<p class="formula"><span class="equation"><span class="math" aria-hidden="true">${new Html(
    expressionMathml(expr),
  )}</span><span class="visually-hidden">${render(expr)}</span></span><span class="unit">${
    resultWords(calculator.result.unit)
  }${per}</span></p>
<ul class="legend">${legend}</ul>
<p class="conditions">${metric.formula}</p>`;
}

/** The result's unit as the equation's tail says it: "in percent", "a ratio". */
function resultWords(unit: Unit): string {
  const words = UNIT_NAMES[unit];
  return words.startsWith("a ") ? words : `in ${words}`;
}

/** The calculator form: one field a named input, prefilled with the reader's last values. */
export function calculatorForm(
  metric: MetricRecord,
  values: Readonly<Record<string, string>> = {},
): Html | undefined {
  const calculator = metric.calculator;
  if (!calculator) return undefined;
  const fields = Object.entries(calculator.inputs).map(([key, input]) =>
    markup`<p><label>${input.name} <span class="muted">(${
      UNIT_NAMES[input.unit]
    })</span><input name="${key}" inputmode="decimal" autocomplete="off" required size="14" value="${
      values[key] ?? ""
    }"></label><br><span class="muted">${input.means}</span></p>`
  );
  return markup`<form class="calc" method="get" action="${
    calcPath(metric.slug)
  }" data-metric="${metric.slug}">
${fields}
<p><button type="submit">Calculate</button></p>
</form>`;
}

/** The answer: the result, the formula with the numbers, and the comparison with the figures. */
export function calculatorAnswer(
  calculation: Calculation,
  { metric, vocabulary }: { metric: MetricRecord; vocabulary: Vocabulary },
): Html {
  const per = calculation.per ? ` ${perWords(calculation.per)}` : "";
  const comparison = calculation.comparison;
  const words = comparison && comparisonWords(comparison, { metric, vocabulary });
  return markup`<section class="answer" aria-labelledby="result">
<h2 id="result">Result: ${calculation.written}${per}</h2>
<p class="formula-numbers">${calculation.formula}</p>
${
    words && comparison && comparison.placements.length > 0
      ? markup`<h3>Against the benchmark figures</h3>${verdictHtml(words)}${placementsHtml(words)}`
      : ""
  }
</section>`;
}
