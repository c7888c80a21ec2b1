import assert from "node:assert/strict";
import { onFirstUse } from "../../lib/web/lazy.ts";

Deno.test("onFirstUse() makes the value once, on the first call, and hands the same promise after", async () => {
  let calls = 0;
  const value = onFirstUse(() => Promise.resolve({ call: ++calls }));
  assert.equal(calls, 0, "nothing is made before the first call");
  const first = value();
  assert.equal(value(), first);
  assert.deepEqual(await value(), { call: 1 });
  assert.equal(calls, 1);
});

Deno.test("onFirstUse() keeps no failure: the call after a failed one makes the value again", async () => {
  let calls = 0;
  const value = onFirstUse(() => {
    calls += 1;
    return calls === 1 ? Promise.reject(new Error("not yet")) : Promise.resolve(calls);
  });
  await assert.rejects(value(), /not yet/);
  assert.equal(await value(), 2);
  assert.equal(await value(), 2);
  assert.equal(calls, 2);
});
