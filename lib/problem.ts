/**
 * The one error type for a problem in what someone asked for or gave: an argument, a request, a
 * setting, a data file, a catalog folder. It is thrown where the problem is found and turned into
 * output in one place per entry: the CLI prints its message and ends with its exit code, the HTTP
 * handler answers its status with a JSON body. Any other error is a bug, and stays one: the CLI
 * ends with exit code 1 and the error's message, the handler answers 500.
 *
 * @module
 */

/**
 * A problem someone can fix, worded as one line that says what to do (sentence case, the value
 * in quotes, no final period).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Problem } from "./problem.ts";
 * const problem = new Problem('Unknown option "--colour"', { exitCode: 2, usage: "list" });
 * assert.equal(problem.exitCode, 2);
 * assert.equal(problem.status, 400);
 * assert.ok(problem instanceof Error);
 * ```
 */
export class Problem extends Error {
  /** The process exit code the CLI ends with. */
  readonly exitCode: 1 | 2;
  /** The HTTP status the handler answers with. */
  readonly status: number;
  /** Further headers of an HTTP answer. */
  readonly headers: Readonly<Record<string, string>>;
  /** The CLI command whose usage follows the message, if any. */
  readonly usage: string | undefined;
  /** A problem worded by `message`, answered as `options` say. */
  constructor(
    message: string,
    options: {
      /**
       * The process exit code: 2 for a usage or setting that is not valid, 1 for something that
       * is missing, does not read or cannot be done. Default 1.
       */
      exitCode?: 1 | 2;
      /** The HTTP status to answer with. Default 400 for exit code 2, else 422. */
      status?: number;
      /** Further headers of an HTTP answer, such as `Allow` on a 405. */
      headers?: Record<string, string>;
      /** The CLI command whose usage follows the message ("tool" for the tool's own). */
      usage?: string;
    } = {},
  ) {
    super(message);
    const { exitCode = 1, headers = {}, usage } = options;
    this.name = "Problem";
    this.exitCode = exitCode;
    this.status = options.status ?? (exitCode === 2 ? 400 : 422);
    this.headers = headers;
    this.usage = usage;
  }
}

/**
 * Runs `make` and gives what it returns, or the {@linkcode Problem} it throws, for an entry that
 * shows a problem in its own answer (a page, a form, a tool's error); any other error is rethrown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Problem, problemOr } from "./problem.ts";
 * const refused = problemOr(() => {
 *   throw new Problem("The value must be a number", { exitCode: 2 });
 * });
 * assert.ok(refused instanceof Problem);
 * assert.equal(problemOr(() => 3), 3);
 * assert.throws(() => problemOr(() => JSON.parse("{")), SyntaxError);
 * ```
 */
export function problemOr<T>(make: () => T): T | Problem {
  try {
    return make();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
}

/** How each entry answers a {@linkcode Problem}: its constructor's options. */
export type ProblemOptions = NonNullable<ConstructorParameters<typeof Problem>[1]>;
