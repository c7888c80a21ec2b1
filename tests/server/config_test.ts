import assert from "node:assert/strict";
import {
  catalogDirFrom,
  parseBaseUrl,
  parsePort,
  serveOptionsFromEnv,
} from "../../lib/server/config.ts";
import { Problem } from "../../lib/problem.ts";

/** An environment holding only `values`. */
const envOf = (values: Record<string, string>) => (name: string) => values[name];

/** The message and exit code of the Problem `read` throws. */
function refusal(read: () => unknown): [string, number] {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof Problem, String(error));
    return [error.message, error.exitCode];
  }
  assert.fail("no Problem");
}

Deno.test("serveOptionsFromEnv listens on 127.0.0.1:8000, this machine only, unless PORT, HOSTNAME, BASE_URL or CATALOG_DIR say otherwise", () => {
  assert.deepEqual(serveOptionsFromEnv(envOf({})), { port: 8000, hostname: "127.0.0.1" });
  // An empty variable is unset.
  assert.deepEqual(
    serveOptionsFromEnv(envOf({ PORT: "", HOSTNAME: "", BASE_URL: "", CATALOG_DIR: "" })),
    { port: 8000, hostname: "127.0.0.1" },
  );
  assert.deepEqual(
    serveOptionsFromEnv(envOf({
      PORT: "0",
      HOSTNAME: "0.0.0.0",
      BASE_URL: "https://metrics.example//",
      CATALOG_DIR: "/srv/my catalog",
    })),
    {
      port: 0,
      hostname: "0.0.0.0",
      baseUrl: "https://metrics.example",
      catalogDir: "/srv/my catalog",
    },
  );
});

Deno.test("serveOptionsFromEnv takes --port over PORT and names it, and still checks PORT", () => {
  assert.deepEqual(serveOptionsFromEnv(envOf({ PORT: "9000" }), { port: "8080" }), {
    port: 8080,
    portFrom: "--port",
    hostname: "127.0.0.1",
  });
  assert.deepEqual(
    refusal(() => serveOptionsFromEnv(envOf({ PORT: "abc" }), { port: "8080" })),
    ['PORT: "abc" must be a port number from 0 to 65535', 2],
  );
});

Deno.test("a bad PORT, --port or BASE_URL is one line with exit code 2, worded as the entries print it", () => {
  const cases: [() => unknown, string][] = [
    [() => serveOptionsFromEnv(envOf({ PORT: "eighty" })), 'PORT: "eighty" must be a port number'],
    [() => serveOptionsFromEnv(envOf({ PORT: "65536" })), 'PORT: "65536" must be a port number'],
    [() => serveOptionsFromEnv(envOf({}), { port: "-1" }), '--port "-1" must be a port number'],
    [() => parsePort("x".repeat(30), "--port"), `--port "${"x".repeat(20)}" must be a port number`],
    [
      () => serveOptionsFromEnv(envOf({ BASE_URL: "notaurl" })),
      'BASE_URL: "notaurl" must be an http(s) address',
    ],
    [() => parseBaseUrl("ftp://metrics.example/"), 'BASE_URL: "ftp://metrics.example/" must be'],
  ];
  for (const [read, start] of cases) {
    const [message, code] = refusal(read);
    assert.ok(message.startsWith(start), message);
    assert.ok(!message.includes("\n"), message);
    assert.equal(code, 2);
  }
});

Deno.test("catalogDirFrom reads CATALOG_DIR, an empty one as unset", () => {
  assert.equal(catalogDirFrom(envOf({ CATALOG_DIR: "catalog" })), "catalog");
  assert.equal(catalogDirFrom(envOf({ CATALOG_DIR: "" })), undefined);
  assert.equal(catalogDirFrom(envOf({})), undefined);
});
