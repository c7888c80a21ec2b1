/**
 * The graceful shutdown the Deno and the Node server share: on SIGINT or SIGTERM each stops
 * accepting connections, finishes the answers in flight, then closes.
 *
 * @module
 */

/** The line a server logs when a signal starts its graceful shutdown. */
export const SHUTDOWN_LINE = "Shutting down: finishing in-flight requests";

/**
 * The answers in flight, counted until each settles.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InFlight } from "./drain.ts";
 * const inFlight = new InFlight();
 * let sent = false;
 * inFlight.track(new Promise((resolve) => setTimeout(() => resolve(sent = true), 10)));
 * await inFlight.settled();
 * assert.equal(sent, true);
 * ```
 */
export class InFlight {
  #count = 0;
  #shutdown: Promise<void> | undefined;
  #waiting: (() => void)[] = [];
  // A count rather than a set of answers: nothing holds an answer once it has settled.
  readonly #release = (): void => {
    this.#count -= 1;
    if (this.#count > 0) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const wake of waiting) wake();
  };

  /** Counts an answer until it settles, and returns it. */
  track<T>(answer: Promise<T>): Promise<T> {
    this.#count += 1;
    answer.then(this.#release, this.#release);
    return answer;
  }

  /** Resolves once no answer is in flight, counting those that start while it waits. */
  settled(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /**
   * Shuts a server down, once: logs {@linkcode SHUTDOWN_LINE}, calls `close` (which stops
   * accepting connections at once and resolves once the server's connections have ended, each
   * after the answer it was sending), waits for the answers in flight, then for `close`. A later
   * call, as for a second signal, waits for the same shutdown: a terminal's Ctrl+C signals the
   * whole foreground group, and `deno task` passes the signal on to the server it started too.
   */
  shutdown(close: () => Promise<void>): Promise<void> {
    this.#shutdown ??= (async () => {
      console.error(SHUTDOWN_LINE);
      const closed = close();
      await this.settled();
      await closed;
    })();
    return this.#shutdown;
  }
}
