import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const FIXTURE = new URL("./testdata/catalog/", import.meta.url).pathname;
const START_FLAGS = [
  "run",
  "--allow-read=.,/tmp",
  "--allow-net",
  "--allow-env=PORT,HOSTNAME,BASE_URL,CATALOG_DIR,LOG_TOKENS,LOG_STREAM",
];

interface Running {
  process: Deno.ChildProcess;
  port: number;
  stderr: () => string;
}

/** Starts `main.ts` as its own process and waits for the line that says where it listens. */
async function startServer(
  env: Record<string, string>,
  args = [...START_FLAGS, "main.ts"],
): Promise<Running> {
  const process = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: { NO_COLOR: "1", ...env },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const reader = process.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    const match = /on http:\/\/[^ ]+:(\d+) /.exec(text);
    if (match) {
      (async () => {
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          text += next.value;
        }
      })();
      return { process, port: Number(match[1]), stderr: () => text };
    }
  }
  process.kill();
  throw new Error(`The server did not start:\n${text}`);
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

Deno.test("deno task start serves the API on PORT at 127.0.0.1 and links to its own address", async () => {
  const port = freePort();
  const server = await startServer({ PORT: String(port), CATALOG_DIR: FIXTURE }, [
    "task",
    "--quiet",
    "start",
  ]);
  try {
    assert.equal(server.port, port);
    const response = await fetch(`http://127.0.0.1:${port}/api/metrics`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.equal((await response.json()).length, 3);
    const openapi = await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json();
    assert.deepEqual(openapi.servers[0].url, `http://localhost:${port}`);
  } finally {
    server.process.kill("SIGTERM");
    assert.equal((await server.process.status).code, 0);
  }
});

Deno.test("main.ts uses BASE_URL for absolute links", async () => {
  const server = await startServer({
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    BASE_URL: "https://metrics.example/",
    CATALOG_DIR: FIXTURE,
  });
  try {
    const openapi = await (await fetch(`http://127.0.0.1:${server.port}/api/openapi.json`)).json();
    assert.equal(openapi.servers[0].url, "https://metrics.example");
  } finally {
    server.process.kill("SIGTERM");
    await server.process.status;
  }
});

Deno.test("main.ts finishes in-flight requests on SIGTERM, then exits 0", async () => {
  const server = await startServer({ PORT: "0", HOSTNAME: "127.0.0.1", CATALOG_DIR: FIXTURE });
  const requests = Array.from(
    { length: 50 },
    () =>
      fetch(`http://127.0.0.1:${server.port}/api/metrics`).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  server.process.kill("SIGTERM");
  const statuses = await Promise.allSettled(requests);
  const status = await server.process.status;
  assert.equal(status.code, 0);
  const answered = statuses.filter((result) => result.status === "fulfilled");
  assert.ok(answered.every((result) => result.value === 200));
  assert.match(server.stderr(), /Shutting down/);
});

Deno.test("main.ts exits 0 on SIGINT", async () => {
  const server = await startServer({ PORT: "0", HOSTNAME: "127.0.0.1", CATALOG_DIR: FIXTURE });
  server.process.kill("SIGINT");
  assert.equal((await server.process.status).code, 0);
});

Deno.test("main.ts and cli.ts serve refuse to start on an invalid catalog, naming file and field", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/metrics`);
    await Deno.mkdir(`${dir}/frameworks`);
    const alpha = await Deno.readTextFile(`${FIXTURE}metrics/alpha-rate.md`);
    await Deno.writeTextFile(
      `${dir}/metrics/alpha-rate.md`,
      alpha.replace("tags:", "colour: red\ntags:"),
    );
    for (const entry of ["main.ts", "cli.ts"]) {
      const output = await new Deno.Command(Deno.execPath(), {
        args: [...START_FLAGS, entry, ...(entry === "cli.ts" ? ["serve"] : [])],
        cwd: ROOT,
        env: { CATALOG_DIR: dir, PORT: "0", NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(output.stderr);
      assert.equal(output.code, 1, `${entry}: ${stderr}`);
      assert.match(stderr, new RegExp(`${dir}/metrics/alpha-rate\\.md: colour: unknown field`));
      assert.match(stderr, /problems? in the catalog/);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("main.ts refuses an invalid PORT with a message and exit code 2", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [...START_FLAGS, "main.ts"],
    cwd: ROOT,
    env: { PORT: "eighty", NO_COLOR: "1" },
    stderr: "piped",
    stdout: "null",
  }).output();
  assert.equal(output.code, 2);
  assert.match(new TextDecoder().decode(output.stderr), /PORT: "eighty" must be a port number/);
});
