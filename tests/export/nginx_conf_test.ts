import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createReadModel, loadCatalog } from "../../lib/mod.ts";
import { buildSite } from "../../lib/web/site.ts";
import { planExport } from "../../lib/export/export.ts";
import { Problem } from "../../lib/problem.ts";
import { nginxConf } from "../../lib/export/nginx_conf.ts";
import { FIXTURE } from "../_spawn.ts";

const SNAPSHOT = fileURLToPath(new URL("../testdata/nginx.conf.snapshot", import.meta.url));
const site = await buildSite(
  createReadModel(await loadCatalog(FIXTURE)),
  "https://metrics.example",
);

Deno.test("nginx.conf of the fixture export matches the reviewed snapshot (UPDATE_SNAPSHOTS=1 rewrites it)", async () => {
  const conf = nginxConf(await planExport(site), { port: 8080 });
  if (Deno.env.get("UPDATE_SNAPSHOTS") === "1") await writeFile(SNAPSHOT, conf);
  assert.equal(conf, await readFile(SNAPSHOT, "utf8"));
});

Deno.test("a value nginx.conf cannot hold is a clear export error, not a broken file", async () => {
  const plan = await planExport(site);
  const [entry] = plan.entries;
  assert.ok(entry);
  const hostile = {
    ...plan,
    entries: [{ ...entry, answer: { ...entry.answer, headers: { "x-note": 'a"b' } } }],
  };
  assert.throws(() => nginxConf(hostile, { port: 8080 }), (error: unknown) => {
    assert.ok(error instanceof Problem);
    assert.match(error.message, /^nginx\.conf: "a"b" cannot stand in a quoted nginx string/);
    return true;
  });
});
