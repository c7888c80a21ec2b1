/**
 * The graceful shutdown the Deno and the Node server share: on SIGINT or SIGTERM each stops
 * accepting connections, finishes the answers in flight, then closes.
 *
 * @module
 */

/** The line a server logs when a signal starts its graceful shutdown. */
export const SHUTDOWN_LINE = "Shutting down: finishing in-flight requests";

/**
 * The answers in flight, each kept until it settles.
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
  readonly #pending = new Set<Promise<unknown>>();

  /** Keeps an answer until it settles, and returns it; one already made is not kept. */
  track<T>(answer: T | Promise<T>): T | Promise<T> {
    if (answer instanceof Promise) {
      this.#pending.add(answer);
      answer.finally(() => this.#pending.delete(answer)).catch(() => {});
    }
    return answer;
  }

  /** Resolves once no answer is in flight, counting those that start while it waits. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /**
   * Shuts a server down: logs {@linkcode SHUTDOWN_LINE}, calls `close` (which stops accepting
   * connections at once and resolves once the server's connections have ended, each after the
   * answer it was sending), waits for the answers in flight, then for `close`.
   */
  async shutdown(close: () => Promise<void>): Promise<void> {
    console.error(SHUTDOWN_LINE);
    const closed = close();
    await this.settled();
    await closed;
  }
}
