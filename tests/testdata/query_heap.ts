/**
 * Run with `--v8-flags=--expose-gc`: asks the handler `count` distinct calculator and "where do
 * you stand" queries after a warm-up, and prints, as JSON, how many bytes the heap grew across
 * them, each side of a full collection. Answers that were kept would stay in the heap. Each
 * collection waits for a new task first, as a server's next request does: the runtime may hold
 * what a task made until the task ends.
 *
 * @module
 */
import { createHandler, loadCatalog } from "../../lib/mod.ts";

const { gc: collect } = globalThis as unknown as { gc: () => void };
const gc = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  collect();
};
const count = Number(Deno.args[0] ?? 5000);
const handler = createHandler(await loadCatalog());

async function ask(path: string): Promise<void> {
  const response = await handler(new Request(`http://localhost${path}`));
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  await response.arrayBuffer();
}

/** The two queries of one number: a calculator input and a value to place. */
async function askBoth(number: number): Promise<void> {
  await ask(`/metrics/churn-rate/calc?lost=${number}&start=200000`);
  // Written with its % sign: a share below 2 without one is asked about, not placed.
  await ask(`/metrics/churn-rate/compare?value=${number / 10000}%25`);
}

// The renderers load and the code warms up on queries of their own.
for (let number = 1; number <= 200; number++) await askBoth(number);
await gc();
await gc();
const before = Deno.memoryUsage().heapUsed;
for (let number = 1000; number < 1000 + count; number++) await askBoth(number);
await gc();
await gc();
console.log(JSON.stringify({ queries: 2 * count, grown: Deno.memoryUsage().heapUsed - before }));
