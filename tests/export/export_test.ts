import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildAnswer, planAnswer } from "../../lib/web/answer.ts";
import { createReadModel, loadCatalog } from "../../lib/mod.ts";
import { buildSite, type BuiltSite } from "../../lib/web/site.ts";
import { exportSite, planExport } from "../../lib/export/export.ts";
import { Problem } from "../../lib/problem.ts";
import { CONTRACT } from "../_contract.ts";
import { rawRequest } from "../_raw_http.ts";
import { runTask } from "../_spawn.ts";
import {
  BASE_URL,
  FIXTURE,
  type RunningServer,
  startMain,
  startNginx,
  systemBinary,
} from "../_system.ts";

const catalog = await loadCatalog(FIXTURE);
const nginx = systemBinary("nginx", ["/usr/sbin/nginx", "/usr/bin/nginx"]);

/** An answer of `body`, built whole, as another module might add to the site. */
function answerOf(body: string, contentType: string, options: { status?: number } = {}) {
  return buildAnswer(planAnswer(() => body, contentType, options));
}

/** Builds the fixture site and exports it into a fresh folder readable by nginx's workers. */
async function exported(edit: (site: BuiltSite) => void | Promise<void> = () => {}) {
  const dir = await Deno.makeTempDir({ prefix: "export-" });
  await Deno.chmod(dir, 0o755);
  const site = await buildSite(createReadModel(catalog), BASE_URL);
  await edit(site);
  const report = await exportSite(site, dir);
  return { dir, site, report };
}

async function withServer<T>(
  start: Promise<RunningServer>,
  use: (server: RunningServer) => Promise<T>,
) {
  const server = await start;
  try {
    return await use(server);
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.stack : error}\n--- server log ---\n${await server.log()}`,
    );
  } finally {
    await server.stop();
  }
}

Deno.test("exportSite() writes every prebuilt answer as a file with .gz and .br siblings that decode to it", async () => {
  const { dir, site, report } = await exported();
  try {
    const plan = await planExport(site);
    assert.equal(plan.entries.length, site.answers.size);
    assert.equal(report.answers, site.answers.size);
    let siblings = 0;
    for (const { path, file, answer } of plan.entries) {
      const body = await Deno.readFile(`${dir}/${file}`);
      assert.deepEqual(body, answer.bodies.identity.bytes, path);
      if (answer.bodies.gzip) {
        assert.deepEqual(
          new Uint8Array(gunzipSync(await Deno.readFile(`${dir}/${file}.gz`))),
          body,
        );
        siblings++;
      }
      if (answer.bodies.br) {
        const br = await Deno.readFile(`${dir}/${file}.br`);
        assert.deepEqual(new Uint8Array(brotliDecompressSync(br)), body, path);
        assert.ok(
          br.length <= (answer.bodies.br.bytes.length),
          `${path}: recompressed at least as small`,
        );
        siblings++;
      }
    }
    assert.ok(siblings >= plan.entries.length, "most answers have both siblings");
    for (
      const file of [
        "index.html",
        "metrics/alpha-rate.html",
        "frameworks/sample-framework.html",
        "search.html",
        "404.html",
        "api/404.json",
        "api/metrics.json",
        "api/metrics/alpha-rate.json",
        "api/openapi.json",
        "sitemap.xml",
        "llms.txt",
        "llms-full.txt",
        "metrics/alpha-rate.md",
        "nginx.conf",
      ]
    ) {
      assert.ok((await Deno.stat(`${dir}/${file}`)).isFile, file);
    }
    assert.deepEqual(report.serverOnly, ["/compare", "/mcp", "/metrics/alpha-rate/compare"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exportSite() writes whatever other modules add to the site's answers", async () => {
  const { dir } = await exported(async (site) => {
    site.answers.set(
      "/extra/notes.txt",
      await answerOf("Added by another module\n", "text/plain; charset=utf-8"),
    );
    site.answers.set(
      "/extra/data",
      await answerOf('{"added":true}', "application/json; charset=utf-8"),
    );
  });
  try {
    assert.equal(await Deno.readTextFile(`${dir}/extra/notes.txt`), "Added by another module\n");
    assert.equal(await Deno.readTextFile(`${dir}/extra/data.json`), '{"added":true}');
    const conf = await Deno.readTextFile(`${dir}/nginx.conf`);
    assert.match(conf, /"\/extra\/data" "\/extra\/data\.json";/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("planExport() refuses answers a static host cannot serve as the server does, naming the path", async () => {
  const refusals: [string, (site: BuiltSite) => Promise<unknown>, RegExp][] = [
    [
      "an upper-case path",
      async (site) => site.answers.set("/Upper", await answerOf("x", "text/plain; charset=utf-8")),
      /^\/Upper: only lowercase/,
    ],
    [
      "a status other than 200",
      async (site) =>
        site.answers.set(
          "/gone",
          await answerOf("x", "text/plain; charset=utf-8", { status: 410 }),
        ),
      /^\/gone: a static host answers files with 200, not 410/,
    ],
    [
      "two types for one extension",
      async (site) =>
        site.answers.set("/odd.json", await answerOf("x", "text/plain; charset=utf-8")),
      /^\/odd\.json: "\.json" files are already served as/,
    ],
    [
      "a file that is also a folder",
      async (site) =>
        site.answers.set("/llms.txt/more", await answerOf("x", "text/plain; charset=utf-8")),
      /^\/llms\.txt: its file "llms\.txt" is also a folder/,
    ],
    [
      "a reserved file",
      async (site) =>
        site.answers.set("/nginx.conf", await answerOf("x", "text/plain; charset=utf-8")),
      /^\/nginx\.conf: its file "nginx\.conf" is taken/,
    ],
    [
      "an unknown media type without extension",
      async (site) => site.answers.set("/blob", await answerOf("x", "application/x-thing")),
      /^\/blob: no file extension is known for "application\/x-thing"/,
    ],
  ];
  for (const [what, edit, message] of refusals) {
    const site = await buildSite(createReadModel(catalog), BASE_URL);
    await edit(site);
    await assert.rejects(
      () => planExport(site),
      (error: unknown) => error instanceof Problem && message.test(error.message),
      what,
    );
  }
});

Deno.test("exportSite() refuses to empty a folder that holds something other than an export", async () => {
  const dir = await Deno.makeTempDir({ prefix: "export-" });
  try {
    await Deno.writeTextFile(`${dir}/precious.txt`, "keep me");
    await assert.rejects(
      async () => exportSite(await buildSite(createReadModel(catalog), BASE_URL), dir),
      /not empty and holds no earlier export/,
    );
    assert.equal(await Deno.readTextFile(`${dir}/precious.txt`), "keep me");
    await Deno.remove(`${dir}/precious.txt`);
    await exportSite(await buildSite(createReadModel(catalog), BASE_URL), dir);
    await Deno.writeTextFile(`${dir}/stale.html`, "old");
    await exportSite(await buildSite(createReadModel(catalog), BASE_URL), dir);
    await assert.rejects(() => Deno.stat(`${dir}/stale.html`), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task build writes the export with the task's own flags", async () => {
  const dir = await Deno.makeTempDir({ prefix: "build-" });
  try {
    const output = await runTask("build", ["--out", `${dir}/dist`, "--port", "8123"], {
      env: { CATALOG_DIR: FIXTURE, BASE_URL: "https://metrics.example/" },
    });
    const stderr = output.stderr;
    assert.equal(output.code, 0, stderr);
    // 41 of the catalog, the SQL schema page, and the 80 SQL files: 38 recipes and their
    // ClickHouse texts, the DDL of three engines, the index.
    assert.match(stderr, /Wrote .*dist\/: 124 answers \(16 pages\)/);
    assert.equal(
      await Deno.readTextFile(`${dir}/dist/sql/churn-rate.sql`),
      await Deno.readTextFile(new URL("../../lib/sql/recipes/churn-rate.sql", import.meta.url)),
    );
    assert.match(stderr, /Only the Deno server answers \/compare, \/mcp/);
    assert.match(await Deno.readTextFile(`${dir}/dist/nginx.conf`), /^ {4}listen 8123;$/m);
    assert.match(
      await Deno.readTextFile(`${dir}/dist/sitemap.xml`),
      /<loc>https:\/\/metrics\.example\/metrics\/alpha-rate<\/loc>/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("main.ts passes the HTTP contract that the static export is held to", async (t) => {
  await withServer(startMain(), async (server) => {
    for (const contract of CONTRACT) {
      await t.step(contract.name, () => contract.run(server.origin));
    }
  });
});

Deno.test({
  name: "nginx serving the export with its nginx.conf passes the same HTTP contract",
  ignore: nginx.skip,
  async fn(t) {
    const binary = nginx.require();
    const { dir } = await exported();
    try {
      await withServer(startNginx(binary, dir), async (server) => {
        for (const contract of CONTRACT) {
          await t.step(contract.name, () => contract.run(server.origin));
        }
        await t.step(
          "sends the home page's form, which the server answers at /compare, on to the metric's form",
          async () => {
            const sent = await fetch(`${server.origin}/compare?metric=alpha-rate&value=3`, {
              redirect: "manual",
            });
            await sent.body?.cancel();
            assert.equal(sent.status, 303);
            assert.equal(
              new URL(sent.headers.get("location") ?? "", server.origin).pathname,
              "/metrics/alpha-rate",
            );
            assert.match(sent.headers.get("location") ?? "", /#where-do-you-stand$/);
            for (const target of ["/compare?metric=..%2fx", "/compare"]) {
              const refused = await fetch(`${server.origin}${target}`, { redirect: "manual" });
              await refused.body?.cancel();
              assert.equal(refused.status, 404, target);
            }
          },
        );
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "nginx answers every exported address with main.ts's status, type, headers and bytes",
  ignore: nginx.skip,
  async fn() {
    const binary = nginx.require();
    const { dir, site } = await exported();
    try {
      await withServer(
        startMain(),
        (deno) =>
          withServer(startNginx(binary, dir), async (static_) => {
            const targets = [...site.answers.keys()].flatMap((path) =>
              path === "/" ? [path] : [path, `${path}/`]
            );
            targets.push("/nope", "/api/nope", "/api/metrics/nope");
            const compared = [
              "content-type",
              "cache-control",
              "vary",
              "access-control-allow-origin",
              "access-control-expose-headers",
              "x-content-type-options",
              "content-security-policy",
              "referrer-policy",
              "content-encoding",
            ];
            for (const target of targets) {
              for (const encoding of ["identity", "gzip", "br"]) {
                const request = { headers: { "Accept-Encoding": encoding } };
                const [a, b] = await Promise.all([
                  rawRequest(deno.origin, target, request),
                  rawRequest(static_.origin, target, request),
                ]);
                const what = `${target} (${encoding})`;
                assert.equal(b.status, a.status, what);
                // The server answers /search with a handler, uncompressed; nginx serves its file.
                const names = site.routes.has(target.replace(/(.)\/$/, "$1"))
                  ? compared.filter((name) => name !== "vary" && name !== "content-encoding")
                  : compared;
                for (const name of names) {
                  assert.equal(b.headers.get(name), a.headers.get(name), `${what}: ${name}`);
                }
                if (a.status === 200) {
                  const decode = (body: Uint8Array, coding: string | null) =>
                    coding === "br"
                      ? new Uint8Array(brotliDecompressSync(body))
                      : coding === "gzip"
                      ? new Uint8Array(gunzipSync(body))
                      : body;
                  assert.deepEqual(
                    decode(b.body, b.headers.get("content-encoding")),
                    decode(a.body, a.headers.get("content-encoding")),
                    what,
                  );
                }
              }
            }
          }),
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "nginx refuses and reads request paths as main.ts does, for every percent-encoded byte",
  ignore: nginx.skip,
  async fn() {
    const binary = nginx.require();
    const { dir } = await exported();
    const hex = (value: number) => value.toString(16).padStart(2, "0").toUpperCase();
    const bytes = Array.from({ length: 256 }, (_, value) => `%${hex(value)}`);
    const sequences = [
      ...["%2f", "%5c", "%2e", "%7f"],
      ...["%C3%A9", "%C0%AF", "%E0%80%80", "%E0%A4%A", "%ED%9F%BF", "%ED%A0%80", "%EF%BF%BF"],
      ...["%F0%9F%99%82", "%F4%8F%BF%BF", "%F4%90%80%80", "%F5%80%80%80", "%", "%4", "%G0"],
    ];
    const targets = [
      ...[...bytes, ...sequences].flatMap((code) => [`/api/metrics/a${code}b`, `/a${code}`]),
      ...[".", "..", "%2e", "%2E%2e", ".%2E", "...", ".a", "a."].flatMap((segment) => [
        `/api/${segment}`,
        `/api/${segment}/metrics`,
        `/metrics/${segment}?q=1`,
      ]),
      "/api/metrics/a\\b",
      `/${"x".repeat(2047)}`,
      `/${"x".repeat(2048)}`,
    ];
    try {
      await withServer(
        startMain(),
        (deno) =>
          withServer(startNginx(binary, dir), async (static_) => {
            for (const target of targets) {
              const [a, b] = await Promise.all([
                rawRequest(deno.origin, target),
                rawRequest(static_.origin, target),
              ]);
              const what = target.slice(0, 40);
              assert.equal(b.status, a.status, what);
              assert.equal(b.headers.get("content-type"), a.headers.get("content-type"), what);
            }
          }),
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
