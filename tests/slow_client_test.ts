import assert from "node:assert/strict";
import { createReadModel, loadCatalog } from "../lib/mod.ts";
import { serve } from "../lib/deno/server.ts";
import { rawRequest } from "./_raw_http.ts";

const catalog = await loadCatalog(new URL("./testdata/catalog/", import.meta.url));

/** Opens a TCP connection to the server and sends `text` (possibly nothing), then leaves it. */
async function stuckClient(port: number, text: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  if (text) await conn.write(new TextEncoder().encode(text));
  return conn;
}

Deno.test("clients that send half a request or nothing do not delay other requests", async () => {
  const controller = new AbortController();
  const server = serve(createReadModel(catalog), {
    port: 0,
    hostname: "127.0.0.1",
    signal: controller.signal,
  });
  const { port } = server.addr;
  const stuck: Deno.Conn[] = [];
  try {
    const kinds = [
      "",
      "GET /api/met",
      "GET /api/metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n",
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      'Content-Length: 1000\r\n\r\n{"jsonrpc":',
    ];
    for (let i = 0; i < 100; i++) {
      stuck.push(await stuckClient(port, kinds[i % kinds.length] ?? ""));
    }
    const answers = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
      const path = i % 2 === 0 ? "/api/metrics/alpha-rate" : "/api/metrics";
      // A generous bound: the test fails on a hang, not on a slow machine.
      const response = await rawRequest(`http://127.0.0.1:${port}`, path, { timeoutMs: 15_000 })
        .catch((error) => ({ status: String(error) }));
      return response.status;
    }));
    assert.deepEqual(answers, Array(50).fill(200));
  } finally {
    for (const conn of stuck) conn.close();
    controller.abort();
    await server.finished;
  }
});

Deno.test("a client that stops reading a large answer does not delay other requests", async () => {
  const controller = new AbortController();
  const server = serve(createReadModel(catalog), {
    port: 0,
    hostname: "127.0.0.1",
    signal: controller.signal,
  });
  const { port } = server.addr;
  const request =
    "GET /llms-full.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n";
  // Pipelined requests that are never read fill the socket buffers and leave an answer in flight.
  const stuck = await stuckClient(port, request.repeat(200));
  try {
    const response = await rawRequest(`http://127.0.0.1:${port}`, "/api/metrics/alpha-rate", {
      timeoutMs: 15_000,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(Reflect.get(Object(response.json()), "slug"), "alpha-rate");
  } finally {
    stuck.close();
    controller.abort();
    await server.finished;
  }
});
