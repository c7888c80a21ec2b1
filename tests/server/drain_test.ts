import assert from "node:assert/strict";
import { InFlight } from "../../lib/server/drain.ts";

/** A promise and the function that settles it. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => resolve = settle);
  return { promise, resolve };
}

Deno.test("InFlight.settled waits for every tracked answer, those tracked while it waits too", async () => {
  const inFlight = new InFlight();
  const first = deferred<string>();
  const second = deferred<string>();
  const order: string[] = [];
  inFlight.track(first.promise.then((value) => order.push(value)));
  const settled = inFlight.settled().then(() => order.push("settled"));
  inFlight.track(second.promise.then((value) => order.push(value)));
  first.resolve("first");
  await first.promise;
  await Promise.resolve();
  second.resolve("second");
  await settled;
  assert.deepEqual(order, ["first", "second", "settled"]);
});

Deno.test("InFlight.track returns the answer, and keeps a failed one only until it fails", async () => {
  const inFlight = new InFlight();
  const made = Promise.resolve(new Response("made"));
  assert.equal(inFlight.track(made), made);
  await inFlight.settled();
  const failed = Promise.reject(new Error("no answer"));
  assert.equal(inFlight.track(failed), failed);
  await assert.rejects(failed);
  await inFlight.settled();
});

Deno.test("InFlight.shutdown stops accepting first, then waits for the answers in flight and the close", async () => {
  const inFlight = new InFlight();
  const answer = deferred<string>();
  const closing = deferred<void>();
  const order: string[] = [];
  inFlight.track(answer.promise.then((value) => order.push(value)));
  const log = console.error;
  console.error = (line: string) => order.push(line);
  try {
    const done = inFlight.shutdown(() => {
      order.push("close");
      return closing.promise.then(() => void order.push("closed"));
    });
    await Promise.resolve();
    assert.deepEqual(order, ["Shutting down: finishing in-flight requests", "close"]);
    answer.resolve("answer sent");
    closing.resolve();
    await done;
  } finally {
    console.error = log;
  }
  assert.deepEqual(order, [
    "Shutting down: finishing in-flight requests",
    "close",
    "answer sent",
    "closed",
  ]);
});

Deno.test("InFlight.shutdown logs and closes once when a second signal asks again during it", async () => {
  const inFlight = new InFlight();
  const answer = deferred<string>();
  inFlight.track(answer.promise);
  const lines: string[] = [];
  let closes = 0;
  const log = console.error;
  console.error = (line: string) => lines.push(line);
  try {
    const close = () => {
      closes += 1;
      return Promise.resolve();
    };
    const first = inFlight.shutdown(close);
    const second = inFlight.shutdown(close);
    answer.resolve("answer sent");
    await Promise.all([first, second]);
  } finally {
    console.error = log;
  }
  assert.deepEqual(lines, ["Shutting down: finishing in-flight requests"]);
  assert.equal(closes, 1);
});
