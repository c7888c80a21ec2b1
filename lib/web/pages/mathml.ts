/**
 * A formula's equation as MathML (no script; every current browser renders it): fractions for
 * `÷`, superscripts for `^`, the operators `×`, `+`, `−`, `=` and `Σ`, words as text and numbers as
 * numbers. A parenthesis that holds no operator is part of the words ("users (or accounts)"). What
 * this small grammar cannot read, or what would be wider than a phone's column, is left as text:
 * the caller shows the plain equation instead (MathML does not wrap; words do).
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

/**
 * A piece of MathML and its estimated width in characters of body text: what a phone's column
 * holds is known in the same unit, so a drawing too wide for it can be left as words.
 */
interface Drawn {
  mathml: string;
  width: number;
}

/** Widths of the operators, spacing included, in characters. */
const OPERATOR_WIDTH: Readonly<Record<string, number>> = { "(": 0.5, ")": 0.5, "Σ": 1.5 };

function operator(value: string): Drawn {
  return { mathml: `<mo>${value}</mo>`, width: OPERATOR_WIDTH[value] ?? 2 };
}

function row(...parts: Drawn[]): Drawn {
  return {
    mathml: parts.map((part) => part.mathml).join(""),
    width: parts.reduce((total, part) => total + part.width, 0),
  };
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
  sum(): Drawn | undefined {
    let out = this.product();
    if (out === undefined) return undefined;
    for (;;) {
      const token = this.#peek();
      if (token?.kind !== "op" || !["+", "−", "="].includes(token.value)) return out;
      this.#at++;
      const next = this.product();
      if (next === undefined) return undefined;
      out = row(out, operator(token.value), next);
    }
  }

  /** product := power (("×" | "÷") power)*, a division drawn as a fraction */
  product(): Drawn | undefined {
    let out = this.power();
    if (out === undefined) return undefined;
    for (;;) {
      if (this.#op("×")) {
        const next = this.power();
        if (next === undefined) return undefined;
        out = row(out, operator("×"), next);
      } else if (this.#op("÷")) {
        const next = this.power();
        if (next === undefined) return undefined;
        out = {
          mathml: `<mfrac><mrow>${out.mathml}</mrow><mrow>${next.mathml}</mrow></mfrac>`,
          width: Math.max(out.width, next.width) + 0.5,
        };
      } else {
        return out;
      }
    }
  }

  /** power := atom ("^" atom)? */
  power(): Drawn | undefined {
    const base = this.atom();
    if (base === undefined) return undefined;
    if (!this.#op("^")) return base;
    const exponent = this.atom();
    return exponent === undefined ? undefined : {
      mathml: `<msup><mrow>${base.mathml}</mrow><mrow>${exponent.mathml}</mrow></msup>`,
      width: base.width + 0.7 * exponent.width,
    };
  }

  /** atom := "(" sum ")" | "Σ" atom | words | number */
  atom(): Drawn | undefined {
    if (this.#op("(")) {
      const inner = this.sum();
      if (inner === undefined || !this.#op(")")) return undefined;
      const group = row(operator("("), inner, operator(")"));
      return { ...group, mathml: `<mrow>${group.mathml}</mrow>` };
    }
    if (this.#op("Σ")) {
      const inner = this.atom();
      if (inner === undefined) return undefined;
      const sigma = row(operator("Σ"), inner);
      return { ...sigma, mathml: `<mrow>${sigma.mathml}</mrow>` };
    }
    const token = this.#peek();
    if (token?.kind !== "text") return undefined;
    this.#at++;
    const tag = /^\d+(?:\.\d+)?$/.test(token.value) ? "mn" : "mtext";
    return { mathml: `<${tag}>${escapeHtml(token.value)}</${tag}>`, width: token.value.length };
  }
}

/**
 * How wide a drawn equation may be, in characters of body text: what the formula box holds on a
 * 360 px phone. A wider drawing would be cut off, so the words are shown instead.
 */
export const PHONE_EQUATION_WIDTH = 30;

/** Options of {@linkcode equationMathml}. */
export interface EquationOptions {
  /** The widest drawing to return, in characters; a wider one gives `undefined`. */
  maxWidth?: number;
}

/**
 * The MathML of an equation with at least one operator, or `undefined` when the grammar cannot
 * read it or the drawing would be wider than `maxWidth` characters (the caller shows the text).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { equationMathml } from "./mathml.ts";
 * assert.match(equationMathml("customers lost ÷ customers at start × 100") ?? "", /<mfrac>/);
 * assert.equal(equationMathml("a count of users"), undefined);
 * assert.equal(equationMathml("lost ÷ start × 100", { maxWidth: 10 }), undefined);
 * ```
 */
export function equationMathml(
  equation: string,
  { maxWidth = PHONE_EQUATION_WIDTH }: EquationOptions = {},
): string | undefined {
  const tokens = tokenize(equation);
  if (!tokens || !tokens.some((token) => token.kind === "op")) return undefined;
  const parser = new Parser(tokens);
  const body = parser.sum();
  if (body === undefined || !parser.done || body.width > maxWidth) return undefined;
  return `<math display="block">${body.mathml}</math>`;
}

/**
 * Splits a formula's equation from a trailing unit or note (", in percent", ", as a ratio"): the
 * last comma after the last operator, when what follows it holds no operator. A parenthesis of
 * words ("(product usage, support)") holds no operator.
 */
export function splitUnit(equation: string): { math: string; unit: string } {
  // A parenthesis of words ("(product usage, support)") holds no operator of the equation.
  const words = equation.replace(
    /\(([^()]*)\)/g,
    (group, inner: string) =>
      [...inner].some((char) => OPERATORS.has(char)) ? group : "_".repeat(group.length),
  );
  const lastOperator = Math.max(...[...OPERATORS].map((op) => words.lastIndexOf(op)));
  const comma = words.indexOf(",", lastOperator);
  return comma < 0
    ? { math: equation, unit: "" }
    : { math: equation.slice(0, comma), unit: equation.slice(comma) };
}

/**
 * A calculator's expression as MathML, drawn from its tree: a fraction for each division, a
 * superscript for each power, `×`, `+` and `−` between terms, parentheses only where the tree
 * needs them, input names as identifiers and numbers as numbers. MathML does not wrap, so the
 * outermost terms are drawn each in a `<math>` of its own, the operator leading: a line too long
 * for a phone breaks before an operator, as a typeset equation does.
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
 *   "<math><mrow><mfrac><mi>lost</mi><mi>start</mi></mfrac></mrow></math>" +
 *     '<math><mrow><mo form="infix">×</mo><mn>100</mn></mrow></math>',
 * );
 * ```
 */
export function expressionMathml(expr: Expr): string {
  return chainOf(expr).map((term) => `<math><mrow>${termMathml(term)}</mrow></math>`).join("");
}

/** A term of a sum or product: the operator before it and the level it is drawn at. */
interface Term {
  sign?: string;
  expr: Expr;
  level: number;
}

/** The terms of a sum or product, each with the operator before it; any other node alone. */
function chainOf(expr: Expr): Term[] {
  if (expr.kind !== "binary" || expr.op === "/" || expr.op === "^") return [{ expr, level: 0 }];
  const own = LEVEL[expr.op];
  const chain: Term[] = [];
  let left: Expr = expr;
  // A left-leaning chain of one level: ((a + b) − c) gives a, + b, − c.
  while (left.kind === "binary" && left.op !== "/" && left.op !== "^" && LEVEL[left.op] === own) {
    chain.unshift({
      sign: SIGNS[left.op],
      expr: left.right,
      level: left.op === "-" ? own + 1 : own,
    });
    left = left.left;
  }
  return [{ expr: left, level: own }, ...chain];
}

function termMathml({ sign, expr, level }: Term): string {
  return `${sign === undefined ? "" : `<mo form="infix">${sign}</mo>`}${node(expr, level)}`;
}

/** A numerator or denominator, broken over two lines when one would be too wide for a phone. */
function fractionPart(expr: Expr): string {
  const terms = chainOf(expr);
  if (terms.length < 2 || widthOf(expr) <= PHONE_EQUATION_WIDTH) return node(expr, 0);
  const widths = terms.map((term) => widthOf(term.expr) + (term.sign === undefined ? 0 : 2));
  const half = widths.reduce((total, width) => total + width, 0) / 2;
  let split = 1;
  let before = widths[0] ?? 0;
  for (let at = 1, sum = before; at < terms.length; at++) {
    if (Math.abs(sum - half) < Math.abs(before - half)) [split, before] = [at, sum];
    sum += widths[at] ?? 0;
  }
  const lines = [terms.slice(0, split), terms.slice(split)];
  return `<mtable>${
    lines.map((line) => `<mtr><mtd>${line.map(termMathml).join("")}</mtd></mtr>`).join("")
  }</mtable>`;
}

/** An expression's estimated width in characters, as {@linkcode Drawn} counts it. */
function widthOf(expr: Expr): number {
  switch (expr.kind) {
    case "number":
      return expr.text.length;
    case "input":
      return expr.name.length;
    case "unary":
      return 1.5 + widthOf(expr.arg);
    case "call":
      return expr.args.reduce((total, arg) => total + widthOf(arg) + 1, expr.fn.length + 1);
    case "binary":
      if (expr.op === "/") return Math.max(widthOf(expr.left), widthOf(expr.right)) + 0.5;
      if (expr.op === "^") return widthOf(expr.left) + 0.7 * widthOf(expr.right);
      return widthOf(expr.left) + 2 + widthOf(expr.right);
  }
}

const SIGNS = { "+": "+", "-": "−", "*": "×" } as const;

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
        return `<mfrac><mrow>${fractionPart(expr.left)}</mrow><mrow>${
          fractionPart(expr.right)
        }</mrow></mfrac>`
          .replace(/<mrow>(<m[in]>[^<]*<\/m[in]>)<\/mrow>/g, "$1");
      }
      if (expr.op === "^") {
        return `<msup><mrow>${node(expr.left, 5)}</mrow><mrow>${node(expr.right, 0)}</mrow></msup>`
          .replace(/<mrow>(<m[in]>[^<]*<\/m[in]>)<\/mrow>/g, "$1");
      }
      const own = LEVEL[expr.op];
      const sign = SIGNS[expr.op];
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
