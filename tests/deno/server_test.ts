import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import {
  FIXTURE,
  onlyLine,
  runDeno,
  runTask,
  type Spawned,
  spawnServer,
  taskArgs,
} from "../_spawn.ts";

/** A temporary folder outside the project, removed after `body`. */
async function withTempDir(body: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(`${tmpdir()}/catalog test `);
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

Deno.test("deno task start serves the API on port 0, logs an address people can open, links to it", async () => {
  const server = await spawnServer(taskArgs("start"), { env: { CATALOG_DIR: FIXTURE } });
  try {
    const response = await fetch(`${server.origin}/api/metrics`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.equal((await response.json()).length, 3);
    const openapi = await (await fetch(`${server.origin}/api/openapi.json`)).json();
    assert.equal(openapi.servers[0].url, `http://127.0.0.1:${server.port}`);
    assert.match(server.stderr(), new RegExp(`at http://127\\.0\\.0\\.1:${server.port} `));
  } finally {
    assert.equal(await server.stop(), 0);
  }
});

Deno.test("deno task start listens on 127.0.0.1 when HOSTNAME is unset: this machine only", async () => {
  const server = await spawnServer(taskArgs("start"), {
    env: { CATALOG_DIR: FIXTURE, HOSTNAME: "" },
  });
  try {
    assert.match(server.stderr(), new RegExp(`\\(listening on 127\\.0\\.0\\.1:${server.port}\\)`));
    assert.equal((await fetch(`${server.origin}/api/metrics`)).status, 200);
  } finally {
    assert.equal(await server.stop(), 0);
  }
});

Deno.test("deno task start on all interfaces logs a localhost address, not 0.0.0.0", async () => {
  const server = await spawnServer(taskArgs("start"), {
    env: { CATALOG_DIR: FIXTURE, HOSTNAME: "0.0.0.0" },
  });
  try {
    assert.match(server.stderr(), new RegExp(`at http://localhost:${server.port} `));
    assert.doesNotMatch(server.stderr(), /at http:\/\/0\.0\.0\.0/);
  } finally {
    await server.stop();
  }
});

Deno.test("main.ts uses BASE_URL for absolute links", async () => {
  const server = await spawnServer(taskArgs("start"), {
    env: { BASE_URL: "https://metrics.example/", CATALOG_DIR: FIXTURE },
  });
  try {
    const openapi = await (await fetch(`${server.origin}/api/openapi.json`)).json();
    assert.equal(openapi.servers[0].url, "https://metrics.example");
  } finally {
    await server.stop();
  }
});

/**
 * Splits an HTTP/1.1 byte stream into answers by their `Content-Length`; the last one may be cut.
 */
function answersIn(bytes: Uint8Array): { status: number; declared: number; received: number }[] {
  const answers = [];
  let at = 0;
  const decoder = new TextDecoder();
  while (at < bytes.length) {
    const head = decoder.decode(bytes.subarray(at, at + 4096));
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) {
      answers.push({ status: 0, declared: -1, received: bytes.length - at });
      break;
    }
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    const declared = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? -1);
    const start = at + end + 4;
    const received = Math.min(declared, bytes.length - start);
    answers.push({ status, declared, received });
    at = start + received;
  }
  return answers;
}

/**
 * Whether a new connection to the port is refused, once the server has logged its shutdown: the
 * listener closes as the shutdown starts, so a few tries 20 ms apart are enough.
 */
async function refusesConnections(server: Spawned): Promise<boolean> {
  await server.logged(/Shutting down/);
  for (let attempt = 0; attempt < 50; attempt++) {
    const accepted = await Deno.connect({ hostname: "127.0.0.1", port: server.port }).then(
      (connection) => {
        connection.close();
        return true;
      },
      () => false,
    );
    if (!accepted) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * One SIGTERM while answering pipelined requests: twelve requests for the full catalog's
 * /llms-full.txt (about 450 KB each, more than the socket buffers hold), read one chunk before the
 * signal and the rest after it. The twelve fit in the 512 bytes Deno reads at once: a request
 * Deno has not read when it closes the connection makes Linux reset it, which cuts the answer
 * being sent whatever the server does (bench/studies/pipelined_shutdown.ts).
 */
async function sigtermWhileAnswering() {
  const server = await spawnServer(taskArgs("start"));
  const connection = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  const requests = "GET /llms-full.txt HTTP/1.1\r\nHost: a\r\n\r\n".repeat(12);
  assert.ok(requests.length <= 512);
  await connection.write(new TextEncoder().encode(requests));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const buffer = new Uint8Array(64 * 1024);
  const first = await connection.read(buffer);
  chunks.push(buffer.slice(0, first ?? 0));
  server.process.kill("SIGTERM");
  const refused = await refusesConnections(server);
  for (;;) {
    const read = await connection.read(buffer).catch(() => null);
    if (read === null) break;
    chunks.push(buffer.slice(0, read));
  }
  connection.close();
  const code = await server.stop();
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  return { code, refused, answers: answersIn(bytes), log: server.stderr() };
}

Deno.test("main.ts on SIGTERM stops accepting connections, finishes the answer in flight, then exits 0", async () => {
  const { code, refused, answers, log } = await sigtermWhileAnswering();
  assert.equal(code, 0);
  assert.ok(refused, "a new connection after SIGTERM was accepted");
  assert.ok(answers.length >= 1, `${answers.length} answers`);
  assert.ok(answers.length < 12, "the signal arrived before every answer was sent");
  assert.match(log, /Shutting down/);
  for (const answer of answers) {
    assert.equal(answer.status, 200);
    assert.equal(answer.received, answer.declared, "an answer was cut");
  }
});

Deno.test("main.ts logs its shutdown once when a second SIGINT comes while it drains, as Ctrl+C under deno task brings", async () => {
  // A terminal's Ctrl+C signals `deno task` and the server, and `deno task` passes it on too.
  const server = await spawnServer(taskArgs("start"), { env: { CATALOG_DIR: FIXTURE } });
  const connection = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  try {
    // An answer in flight until the body comes: the 100 Continue says the handler is reading it.
    await connection.write(new TextEncoder().encode(
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        "Accept: application/json, text/event-stream\r\nExpect: 100-continue\r\n" +
        "Content-Length: 2\r\n\r\n",
    ));
    const buffer = new Uint8Array(4096);
    const read = await connection.read(buffer);
    assert.match(new TextDecoder().decode(buffer.subarray(0, read ?? 0)), /^HTTP\/1\.1 100 /);
    server.process.kill("SIGINT");
    await server.logged(/Shutting down/);
    server.process.kill("SIGINT");
    // The body ends the answer in flight, which the drain waits for; the second signal came first.
    await connection.write(new TextEncoder().encode("{}"));
    let answer = "";
    for (;;) {
      const more = await connection.read(buffer).catch(() => null);
      if (more === null) break;
      answer += new TextDecoder().decode(buffer.subarray(0, more));
    }
    assert.match(answer, /^HTTP\/1\.1 \d{3} /, "the answer in flight was sent");
  } finally {
    connection.close();
  }
  assert.equal((await server.process.status).code, 0);
  assert.equal(server.stderr().match(/Shutting down/g)?.length, 1, server.stderr());
});

Deno.test("main.ts exits 0 on SIGINT", async () => {
  const server = await spawnServer(taskArgs("start"), { env: { CATALOG_DIR: FIXTURE } });
  server.process.kill("SIGINT");
  assert.equal((await server.process.status).code, 0);
});

Deno.test("main.ts and cli.ts serve refuse to start on an invalid catalog, naming file and field", async () => {
  await withTempDir(async (dir) => {
    await cp(FIXTURE, dir, { recursive: true });
    const alpha = await readFile(`${dir}/metrics/alpha-rate.md`, "utf8");
    await writeFile(`${dir}/metrics/alpha-rate.md`, alpha.replace("tags:", "colour: red\ntags:"));
    for (const [task, args] of [["start", []], ["cli", ["serve"]]] as const) {
      const output = await runTask(task, [...args], { env: { CATALOG_DIR: dir, PORT: "0" } });
      assert.equal(output.code, 1, `${task}: ${output.stderr}`);
      assert.match(output.stderr, /metrics\/alpha-rate\.md: colour: unknown field/);
      assert.match(output.stderr, /problems? in the catalog/);
    }
  });
});

Deno.test("main.ts and cli.ts serve refuse an invalid PORT or BASE_URL in one line, exit code 2", async () => {
  const cases = [
    [{ PORT: "eighty" }, 'PORT: "eighty" must be a port number from 0 to 65535'],
    [{ BASE_URL: "notaurl" }, 'BASE_URL: "notaurl" must be an http(s) address'],
  ] as const;
  for (const [env, line] of cases) {
    const start = await runTask("start", [], { env });
    assert.equal(start.code, 2, start.stderr);
    assert.equal(onlyLine(start), line);
    const cli = await runTask("cli", ["serve"], { env });
    assert.equal(cli.code, 2, cli.stderr);
    assert.equal(onlyLine(cli), `metrics-catalog: ${line}`);
  }
});

Deno.test("main.ts and cli.ts serve on a port in use say so in one line, exit code 1", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = taken.addr.port;
  try {
    const env = { PORT: String(port), HOSTNAME: "127.0.0.1" };
    const inUse =
      `Port ${port} is already in use on 127.0.0.1: stop the program listening there, ` +
      "or choose another port with";
    const start = await runTask("start", [], { env });
    assert.equal(start.code, 1, start.stderr);
    assert.equal(onlyLine(start), `${inUse} PORT (0 picks a free one)`);
    const cli = await runTask("cli", ["serve", "--port", String(port)], { env });
    assert.equal(cli.code, 1, cli.stderr);
    assert.equal(onlyLine(cli), `metrics-catalog: ${inUse} --port (0 picks a free one)`);
  } finally {
    taken.close();
  }
});

Deno.test("tasks take CATALOG_DIR anywhere with their own flags: start, build, validate, cli", async () => {
  await withTempDir(async (dir) => {
    const catalog = `${dir}/my catalog`;
    await cp(FIXTURE, catalog, { recursive: true });
    const validate = await runTask("validate", [], { env: { CATALOG_DIR: catalog } });
    assert.equal(validate.code, 0, validate.stderr);
    assert.match(validate.stdout, /3 metrics, 1 frameworks/);
    const list = await runTask("cli", ["list", "--json"], { env: { CATALOG_DIR: catalog } });
    assert.equal(list.code, 0, list.stderr);
    assert.equal(JSON.parse(list.stdout).length, 3);
    const out = `${dir}/export out`;
    const build = await runTask("build", ["--out", out], { env: { CATALOG_DIR: catalog } });
    assert.equal(build.code, 0, build.stderr);
    assert.ok((await readFile(`${out}/nginx.conf`, "utf8")).startsWith("# nginx.conf"));
    const server = await spawnServer(taskArgs("start"), { env: { CATALOG_DIR: catalog } });
    try {
      assert.equal((await (await fetch(`${server.origin}/api/metrics`)).json()).length, 3);
    } finally {
      await server.stop();
    }
  });
});

Deno.test("validate reports a broken CATALOG_DIR as catalog problems, not as the embedded catalog", async () => {
  await withTempDir(async (dir) => {
    await mkdir(`${dir}/metrics`);
    const validate = await runTask("validate", [], { env: { CATALOG_DIR: dir } });
    assert.equal(validate.code, 1);
    assert.match(validate.stderr, /frameworks: cannot read the folder/);
  });
});

Deno.test("a missing permission is one line naming the flag to add, exit 2, no stack trace", async () => {
  await withTempDir(async (dir) => {
    await cp(FIXTURE, dir, { recursive: true });
    const narrow = ["run", "--allow-read=.", "--allow-env", "--allow-net"];
    for (const entry of [["main.ts"], ["cli.ts", "list"], ["build.ts"]]) {
      const output = await runDeno([...narrow, ...entry], {
        env: { CATALOG_DIR: dir, PORT: "0" },
      });
      assert.equal(output.code, 2, `${entry.join(" ")}: ${output.stderr}`);
      const lines = output.stderr.trim().split("\n");
      assert.equal(lines.length, 1, output.stderr);
      assert.match(
        lines[0] ?? "",
        // The CLI names itself before a problem, as it does before every other one.
        entry[0] === "cli.ts"
          ? /^metrics-catalog: Deno may not read ".*": run the command again with --allow-read=/
          : /^Deno may not read ".*": run the command again with --allow-read=/,
      );
      assert.doesNotMatch(output.stderr, /at |catalog did not validate|problems? in the catalog/);
    }
    const write = await runDeno(
      ["run", "--allow-read", "--allow-env", "--allow-write=dist", "build.ts", "--out", `${dir}/x`],
    );
    assert.equal(write.code, 2, write.stderr);
    assert.match(
      write.stderr,
      /^Deno may not write to ".*x.*": run the command again with --allow-write=/,
    );
  });
});
