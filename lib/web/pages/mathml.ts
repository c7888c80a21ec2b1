/**
 * A formula's equation as MathML (no script; every current browser renders it): fractions for
 * `÷`, superscripts for `^`, the operators `×`, `+`, `−`, `=` and `Σ`, words as text and numbers as
 * numbers. A parenthesis that holds no operator is part of the words ("users (or accounts)"). What
 * this small grammar cannot read is left as text: the caller shows the plain equation instead.
 *
 * @module
 */
import { escapeHtml } from "./html.ts";
import type { Expr } from "../../catalog/expression.ts";

type Token = { kind: "op"; value: string } | { kind: "text"; value: string };

const OPERATORS = new Set(["÷", "×", "+", "−", "=", "^", "(", ")", "Σ"]);

/** Splits an equation into operators and runs of words; a parenthesis of words stays a word. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let run = "";
  const flush = () => {
    if (run.trim() !== "") tokens.push({ kind: "text", value: run.trim() });
    run = "";
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? "";
    if (char === "(") {
      const close = text.indexOf(")", index);
      const inner = close < 0 ? "" : text.slice(index + 1, close);
      if (close > 0 && ![...inner].some((item) => OPERATORS.has(item))) {
        run += text.slice(index, close + 1);
        index = close;
        continue;
      }
    }
    if (OPERATORS.has(char)) {
      flush();
      tokens.push({ kind: "op", value: char });
    } else {
      run += char;
    }
  }
  flush();
  return tokens.length > 0 ? tokens : undefined;
}

class Parser {
  #at = 0;
  constructor(readonly tokens: Token[]) {}

  get done(): boolean {
    return this.#at >= this.tokens.length;
  }

  #peek(): Token | undefined {
    return this.tokens[this.#at];
  }

  #op(value: string): boolean {
    const token = this.#peek();
    if (token?.kind === "op" && token.value === value) {
      this.#at++;
      return true;
    }
    return false;
  }

  /** sum := product (("+" | "−" | "=") product)* */
  sum(): string | undefined {
    let out = this.product();
    if (out === undefined) return undefined;
    for (;;) {
      const token = this.#peek();
      if (token?.kind !== "op" || !["+", "−", "="].includes(token.value)) return out;
      this.#at++;
      const next = this.product();
      if (next === undefined) return undefined;
      out = `${out}<mo>${token.value}</mo>${next}`;
    }
  }

  /** product := power (("×" | "÷") power)*, a division drawn as a fraction */
  product(): string | undefined {
    let out = this.power();
    if (out === undefined) return undefined;
    for (;;) {
      if (this.#op("×")) {
        const next = this.power();
        if (next === undefined) return undefined;
        out = `${out}<mo>×</mo>${next}`;
      } else if (this.#op("÷")) {
        const next = this.power();
        if (next === undefined) return undefined;
        out = `<mfrac><mrow>${out}</mrow><mrow>${next}</mrow></mfrac>`;
      } else {
        return out;
      }
    }
  }

  /** power := atom ("^" atom)? */
  power(): string | undefined {
    const base = this.atom();
    if (base === undefined) return undefined;
    if (!this.#op("^")) return base;
    const exponent = this.atom();
    return exponent === undefined
      ? undefined
      : `<msup><mrow>${base}</mrow><mrow>${exponent}</mrow></msup>`;
  }

  /** atom := "(" sum ")" | "Σ" atom | words | number */
  atom(): string | undefined {
    if (this.#op("(")) {
      const inner = this.sum();
      return inner !== undefined && this.#op(")")
        ? `<mrow><mo>(</mo>${inner}<mo>)</mo></mrow>`
        : undefined;
    }
    if (this.#op("Σ")) {
      const inner = this.atom();
      return inner === undefined ? undefined : `<mrow><mo>Σ</mo>${inner}</mrow>`;
    }
    const token = this.#peek();
    if (token?.kind !== "text") return undefined;
    this.#at++;
    return /^\d+(?:\.\d+)?$/.test(token.value)
      ? `<mn>${escapeHtml(token.value)}</mn>`
      : `<mtext>${escapeHtml(token.value)}</mtext>`;
  }
}

/**
 * The MathML of an equation with at least one operator, or `undefined` when the grammar cannot
 * read it (the caller shows the text).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { equationMathml } from "./mathml.ts";
 * assert.match(equationMathml("customers lost ÷ customers at start × 100") ?? "", /<mfrac>/);
 * assert.equal(equationMathml("a count of users"), undefined);
 * ```
 */
export function equationMathml(equation: string): string | undefined {
  const tokens = tokenize(equation);
  if (!tokens || !tokens.some((token) => token.kind === "op")) return undefined;
  const parser = new Parser(tokens);
  const body = parser.sum();
  if (body === undefined || !parser.done) return undefined;
  return `<math display="block">${body}</math>`;
}

/**
 * Splits a formula's equation from a trailing unit or note (", in percent", ", as a ratio"): the
 * last comma after the last operator, when what follows it holds no operator.
 */
export function splitUnit(equation: string): { math: string; unit: string } {
  const lastOperator = Math.max(...[...OPERATORS].map((op) => equation.lastIndexOf(op)));
  const comma = equation.indexOf(",", lastOperator);
  return comma < 0
    ? { math: equation, unit: "" }
    : { math: equation.slice(0, comma), unit: equation.slice(comma) };
}

/**
 * A calculator's expression as MathML, drawn from its tree: a fraction for each division, a
 * superscript for each power, `×`, `+` and `−` between terms, parentheses only where the tree
 * needs them, input names as identifiers and numbers as numbers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseExpression } from "../../catalog/expression.ts";
 * import { expressionMathml } from "./mathml.ts";
 * const parsed = parseExpression("lost / start * 100");
 * assert.ok(parsed.ok);
 * assert.equal(
 *   expressionMathml(parsed.expr),
 *   "<math><mrow><mfrac><mi>lost</mi><mi>start</mi></mfrac><mo>×</mo><mn>100</mn></mrow></math>",
 * );
 * ```
 */
export function expressionMathml(expr: Expr): string {
  return `<math><mrow>${node(expr, 0)}</mrow></math>`;
}

const LEVEL = { "+": 1, "-": 1, "*": 2, "/": 3, "^": 4 } as const;

function node(expr: Expr, parent: number): string {
  switch (expr.kind) {
    case "number":
      return `<mn>${escapeHtml(expr.text)}</mn>`;
    case "input":
      return `<mi>${escapeHtml(expr.name)}</mi>`;
    case "unary":
      return wrapIf(parent > 2, `<mo>−</mo>${node(expr.arg, 3)}`);
    case "call":
      return `<mi>${expr.fn}</mi><mo>(</mo>${
        expr.args.map((arg) => node(arg, 0)).join("<mo>,</mo>")
      }<mo>)</mo>`;
    case "binary": {
      // A fraction bar groups its parts, so neither side needs parentheses.
      if (expr.op === "/") {
        return `<mfrac><mrow>${node(expr.left, 0)}</mrow><mrow>${
          node(expr.right, 0)
        }</mrow></mfrac>`
          .replace(/<mrow>(<m[in]>[^<]*<\/m[in]>)<\/mrow>/g, "$1");
      }
      if (expr.op === "^") {
        return `<msup><mrow>${node(expr.left, 5)}</mrow><mrow>${node(expr.right, 0)}</mrow></msup>`
          .replace(/<mrow>(<m[in]>[^<]*<\/m[in]>)<\/mrow>/g, "$1");
      }
      const own = LEVEL[expr.op];
      const sign = expr.op === "*" ? "×" : expr.op === "-" ? "−" : "+";
      const right = expr.op === "-" ? own + 1 : own;
      return wrapIf(
        own < parent,
        `${node(expr.left, own)}<mo>${sign}</mo>${node(expr.right, right)}`,
      );
    }
  }
}

function wrapIf(wrap: boolean, inner: string): string {
  return wrap ? `<mrow><mo>(</mo>${inner}<mo>)</mo></mrow>` : inner;
}
