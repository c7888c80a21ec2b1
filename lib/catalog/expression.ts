/**
 * The small arithmetic language of the catalog's formulas: numbers, input names, `+ - * /`, `^`
 * for powers, parentheses and the functions `min`, `max` and `abs`. It is parsed into a tree and
 * evaluated by walking it; nothing is compiled to code.
 *
 * @module
 */

/** A parsed expression. */
export type Expr =
  | { kind: "number"; value: number; text: string }
  | { kind: "input"; name: string }
  | { kind: "unary"; op: "-"; arg: Expr }
  | { kind: "binary"; op: "+" | "-" | "*" | "/" | "^"; left: Expr; right: Expr }
  | { kind: "call"; fn: "min" | "max" | "abs"; args: Expr[] };

/** A parse, or why the text is not an expression (with where, from 0). */
export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: string; at: number };

const FUNCTIONS = ["min", "max", "abs"] as const;
const MAX_LENGTH = 400;
const MAX_DEPTH = 40;

interface Token {
  kind: "number" | "name" | "op" | "end";
  text: string;
  at: number;
}

/** A token at the start of the text: space, or a number, a name or an operator (groups 1–3). */
const TOKEN = /^(?:\s+|(\d+(?:\.\d+)?|\.\d+)|([a-z][a-zA-Z0-9]*)|([-+*/^(),]))/;

function tokenize(text: string): Token[] | { error: string; at: number } {
  const tokens: Token[] = [];
  for (let at = 0; at < text.length;) {
    const match = TOKEN.exec(text.slice(at));
    if (!match) return { error: `"${text[at]}" is not part of the formula language`, at };
    const [whole, number, name, op] = match;
    const kind = number ? "number" : name ? "name" : op ? "op" : undefined;
    if (kind) tokens.push({ kind, text: whole, at });
    at += whole.length;
  }
  tokens.push({ kind: "end", text: "", at: text.length });
  return tokens;
}

/**
 * Parses an expression. Precedence, lowest first: `+ -`, `* /`, unary minus, `^` (right
 * associative, so `2^3^2` is `2^9`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluate, parseExpression } from "./expression.ts";
 * const parsed = parseExpression("lost / start * 100");
 * assert.ok(parsed.ok);
 * assert.deepEqual(evaluate(parsed.expr, { lost: 90, start: 2000 }), { ok: true, value: 4.5 });
 * ```
 */
export function parseExpression(text: string): ParseResult {
  if (text.length > MAX_LENGTH) {
    return { ok: false, error: `is longer than ${MAX_LENGTH} characters`, at: 0 };
  }
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return { ok: false, ...tokens };
  let index = 0;
  const peek = () => tokens[index] ?? { kind: "end", text: "", at: text.length };
  const next = () => tokens[index++] ?? { kind: "end", text: "", at: text.length };
  class Failure extends Error {
    constructor(message: string, readonly at: number) {
      super(message);
    }
  }
  const expect = (op: string) => {
    const token = next();
    if (token.text !== op || token.kind !== "op") {
      throw new Failure(`expected "${op}"${describeToken(token)}`, token.at);
    }
  };
  /** The operator of the next token when it is one of `ops`. */
  const nextOp = <Op extends string>(ops: readonly Op[]): Op | undefined => {
    const token = peek();
    const op = ops.find((item) => item === token.text);
    if (token.kind !== "op" || op === undefined) return undefined;
    next();
    return op;
  };
  /** A left-associative chain of `operand`s joined by `ops`. */
  const chain = <Op extends "+" | "-" | "*" | "/">(
    ops: readonly Op[],
    operand: (depth: number) => Expr,
  ) =>
  (depth: number): Expr => {
    let left = operand(depth);
    for (let op = nextOp(ops); op !== undefined; op = nextOp(ops)) {
      left = { kind: "binary", op, left, right: operand(depth) };
    }
    return left;
  };
  // `unary` is declared below: named through an arrow, it is looked up when first called.
  const product = chain(["*", "/"] as const, (depth) => unary(depth));
  const sum = chain(["+", "-"] as const, product);
  const unary = (depth: number): Expr => {
    if (peek().kind === "op" && peek().text === "-") {
      next();
      return { kind: "unary", op: "-", arg: unary(depth + 1) };
    }
    return power(depth);
  };
  const power = (depth: number): Expr => {
    const base = atom(depth);
    if (peek().kind === "op" && peek().text === "^") {
      next();
      return { kind: "binary", op: "^", left: base, right: unary(depth + 1) };
    }
    return base;
  };
  const atom = (depth: number): Expr => {
    if (depth > MAX_DEPTH) throw new Failure("is nested too deeply", peek().at);
    const token = next();
    if (token.kind === "number") {
      return { kind: "number", value: Number(token.text), text: token.text };
    }
    if (token.kind === "name") {
      if (peek().kind === "op" && peek().text === "(") {
        const fn = FUNCTIONS.find((item) => item === token.text);
        if (!fn) {
          throw new Failure(`"${token.text}" is not a function (use min, max, abs)`, token.at);
        }
        next();
        const args = [sum(depth + 1)];
        while (peek().kind === "op" && peek().text === ",") {
          next();
          args.push(sum(depth + 1));
        }
        expect(")");
        if (fn === "abs" && args.length !== 1) {
          throw new Failure("abs takes one argument", token.at);
        }
        if (fn !== "abs" && args.length < 2) {
          throw new Failure(`${fn} takes two arguments or more`, token.at);
        }
        return { kind: "call", fn, args };
      }
      return { kind: "input", name: token.text };
    }
    if (token.kind === "op" && token.text === "(") {
      const inner = sum(depth + 1);
      expect(")");
      return inner;
    }
    throw new Failure(`expected a number, an input or "("${describeToken(token)}`, token.at);
  };
  try {
    const expr = sum(0);
    const rest = peek();
    if (rest.kind !== "end") {
      return { ok: false, error: `unexpected "${rest.text}"`, at: rest.at };
    }
    return { ok: true, expr };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, error: error.message, at: error.at };
    throw error;
  }
}

function describeToken(token: Token): string {
  return token.kind === "end" ? " at the end" : `, not "${token.text}"`;
}

/** The input names an expression uses, in order of first use. */
export function inputsOf(expr: Expr): string[] {
  const names: string[] = [];
  const walk = (node: Expr) => {
    switch (node.kind) {
      case "number":
        return;
      case "input":
        if (!names.includes(node.name)) names.push(node.name);
        return;
      case "unary":
        return walk(node.arg);
      case "binary":
        walk(node.left);
        return walk(node.right);
      case "call":
        return node.args.forEach(walk);
    }
  };
  walk(expr);
  return names;
}

/** An evaluation, or the one line that says why there is no finite result. */
export type EvalResult =
  | { ok: true; value: number }
  | { ok: false; error: string };

/**
 * Evaluates an expression with the given inputs. A division by zero names the divisor; a result
 * that is not a finite number (an overflow, a fractional power of a negative number) is an error,
 * never `NaN` or `Infinity`.
 */
export function evaluate(expr: Expr, inputs: Readonly<Record<string, number>>): EvalResult {
  class Stop extends Error {}
  const run = (node: Expr): number => {
    switch (node.kind) {
      case "number":
        return node.value;
      case "input": {
        const value = inputs[node.name];
        if (value === undefined) throw new Stop(`Input "${node.name}" is missing`);
        return value;
      }
      case "unary":
        return -run(node.arg);
      case "binary": {
        const left = run(node.left);
        const right = run(node.right);
        if (node.op === "/" && right === 0) {
          throw new Stop(`Division by zero: ${render(node.right)} is 0`);
        }
        return ARITHMETIC[node.op](left, right);
      }
      case "call": {
        const args = node.args.map(run);
        if (node.fn === "abs") return Math.abs(args[0] ?? 0);
        return node.fn === "min" ? Math.min(...args) : Math.max(...args);
      }
    }
  };
  try {
    const value = run(expr);
    if (!Number.isFinite(value)) return { ok: false, error: "The result is not a finite number" };
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, error: error.message };
    throw error;
  }
}

const ARITHMETIC = {
  "+": (a: number, b: number) => a + b,
  "-": (a: number, b: number) => a - b,
  "*": (a: number, b: number) => a * b,
  "/": (a: number, b: number) => a / b,
  "^": (a: number, b: number) => a ** b,
} as const;

const PRECEDENCE = { "+": 1, "-": 1, "*": 2, "/": 2, "^": 4 } as const;

const SIGNS = { "+": "+", "-": "−", "*": "×", "/": "÷", "^": "^" } as const;

/**
 * The expression written back as text with only the parentheses it needs, in the signs people
 * read (× ÷ −); each input as its name, or as `inputs` shows it when given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseExpression, render } from "./expression.ts";
 * const parsed = parseExpression("(a - b) / c * 100");
 * assert.ok(parsed.ok);
 * assert.equal(render(parsed.expr), "(a − b) ÷ c × 100");
 * assert.equal(render(parsed.expr, { a: "5", b: "2", c: "10" }), "(5 − 2) ÷ 10 × 100");
 * ```
 */
export function render(expr: Expr, inputs?: Readonly<Record<string, string>>): string {
  return renderWithin(expr, inputs, 0);
}

/** The expression as text, in parentheses when it binds less tightly than its `parent`. */
function renderWithin(
  expr: Expr,
  inputs: Readonly<Record<string, string>> | undefined,
  parent: number,
): string {
  switch (expr.kind) {
    case "number":
      return expr.text;
    case "input":
      return inputs?.[expr.name] ?? expr.name;
    case "unary": {
      const text = `−${renderWithin(expr.arg, inputs, 3)}`;
      return parent > 3 ? `(${text})` : text;
    }
    case "binary": {
      const own = PRECEDENCE[expr.op];
      const right = expr.op === "^" ? own : expr.op === "-" || expr.op === "/" ? own + 1 : own;
      const text = `${renderWithin(expr.left, inputs, expr.op === "^" ? own + 1 : own)} ${
        SIGNS[expr.op]
      } ${renderWithin(expr.right, inputs, right)}`;
      return own < parent ? `(${text})` : text;
    }
    case "call":
      return `${expr.fn}(${expr.args.map((arg) => renderWithin(arg, inputs, 0)).join(", ")})`;
  }
}
