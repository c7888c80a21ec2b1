import assert from "node:assert/strict";
import { createHandler, loadCatalog } from "../lib/mod.ts";
import { lentBodyResponse } from "../lib/deno/lent_body.ts";

Deno.test("on Deno a lent response keeps the shared bytes instead of copying them", async () => {
  const bytes = new TextEncoder().encode("lent ".repeat(100));
  const first = lentBodyResponse(bytes, 200);
  const second = lentBodyResponse(bytes, 200);
  // A change to the shared bytes shows in both: neither Response took a copy. (The server never
  // changes them; this only proves that nothing was copied.)
  bytes[0] = "L".charCodeAt(0);
  assert.equal((await first.text()).slice(0, 5), "Lent ");
  assert.equal(new TextDecoder().decode(await second.arrayBuffer()).slice(0, 5), "Lent ");
  assert.equal(bytes.byteLength, 500, "the shared bytes are still whole");
  // Reading a lent body as a stream leaves the shared bytes whole for the next answer.
  const streamed = await new Response(lentBodyResponse(bytes, 200).body).text();
  assert.equal(streamed.length, 500);
  assert.equal((await lentBodyResponse(bytes, 200).text()).length, 500);
});

Deno.test("a handler given lentBodyResponse answers with the one shared buffer", async () => {
  const catalog = await loadCatalog();
  const request = () => new Request("http://localhost/api/metrics/churn-rate");
  const lending = createHandler(catalog, { bodyResponse: lentBodyResponse });
  const a = await (await lending(request())).arrayBuffer();
  const b = await (await lending(request())).arrayBuffer();
  assert.equal(a, b, "both answers hold the one shared buffer");
  const own = await (await createHandler(catalog)(request())).arrayBuffer();
  assert.deepEqual(new Uint8Array(a), new Uint8Array(own), "the same bytes as a body of its own");
});
