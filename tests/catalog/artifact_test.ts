import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { CatalogError, loadCatalog } from "../../lib/mod.ts";
import { ARTIFACT_FILE, catalogFromArtifact } from "../../lib/catalog/artifact.ts";
import { EMBEDDED_CATALOG, prebuildCatalog } from "../../lib/catalog/load.ts";
import { FIXTURE, runTask } from "../_spawn.ts";

/** A copy of the fixture catalog in a fresh folder, with its artifact written when asked. */
async function fixtureCopy({ artifact }: { artifact: boolean }): Promise<string> {
  const dir = `${await mkdtemp(`${tmpdir()}/artifact-`)}/catalog`;
  await cp(FIXTURE, dir, { recursive: true });
  await rm(`${dir}/${ARTIFACT_FILE}`, { force: true });
  if (artifact) {
    const { text, file } = await prebuildCatalog(dir);
    await writeFile(file, text);
  }
  return dir;
}

/** Loads `dir` and collects what the loader said about falling back to the Markdown files. */
async function load(dir: string | URL, options: { prebuilt?: boolean } = {}) {
  const said: string[] = [];
  const catalog = await loadCatalog(dir, { ...options, onFallback: (text) => said.push(text) });
  return { catalog, said };
}

/** Edits the artifact's records but keeps the file digests, so it still counts as up to date. */
async function renameInArtifact(dir: string, name: string): Promise<void> {
  const path = `${dir}/${ARTIFACT_FILE}`;
  const artifact = JSON.parse(await readFile(path, "utf8"));
  artifact.metrics[0].name = name;
  await writeFile(path, JSON.stringify(artifact));
}

Deno.test("catalog/artifact.json is what deno task artifact writes from the Markdown files", async () => {
  const { text } = await prebuildCatalog();
  const committed = await readFile(new URL(ARTIFACT_FILE, EMBEDDED_CATALOG), "utf8");
  assert.ok(
    committed === text,
    "catalog/artifact.json is out of date: run `deno task artifact` and commit the file",
  );
});

Deno.test("loadCatalog() takes an up-to-date artifact instead of the Markdown files, silently", async () => {
  const dir = await fixtureCopy({ artifact: true });
  try {
    await renameInArtifact(dir, "From the artifact");
    const { catalog, said } = await load(dir);
    assert.equal(catalog.metrics[0]?.name, "From the artifact");
    assert.deepEqual(said, []);
    const markdown = await load(dir, { prebuilt: false });
    assert.notEqual(markdown.catalog.metrics[0]?.name, "From the artifact");
  } finally {
    await rm(`${dir}/..`, { recursive: true });
  }
});

Deno.test("loadCatalog() gives the same catalog from the artifact as from the Markdown files", async () => {
  const fromArtifact = await load(EMBEDDED_CATALOG);
  assert.deepEqual(fromArtifact.said, []);
  const fromMarkdown = await load(EMBEDDED_CATALOG, { prebuilt: false });
  assert.deepEqual(fromArtifact.catalog, fromMarkdown.catalog);
  assert.equal(
    JSON.stringify(fromArtifact.catalog.metrics),
    JSON.stringify(fromMarkdown.catalog.metrics),
  );
});

Deno.test("loadCatalog() reads the Markdown files and says why when a file changed, came or went", async () => {
  const cases: [string, (dir: string) => Promise<void>, RegExp][] = [
    [
      "a changed record",
      async (dir) => {
        const file = `${dir}/metrics/alpha-rate.md`;
        const text = await readFile(file, "utf8");
        assert.match(text, /Alpha-rate Fixture/);
        await writeFile(file, text.replace("Alpha-rate Fixture", "Alpha-rate Fixtures"));
      },
      /artifact\.json is out of date \(.*\/metrics\/alpha-rate\.md changed\): validating the Markdown files instead$/,
    ],
    [
      "an added record",
      async (dir) => {
        await cp(`${dir}/metrics/alpha-rate.md`, `${dir}/metrics/delta-rate.md`);
      },
      /\(.*\/metrics\/delta-rate\.md was added\)/,
    ],
    [
      "changed synonyms",
      async (dir) => {
        await writeFile(`${dir}/synonyms.yaml`, "{}\n");
      },
      /\(.*\/synonyms\.yaml changed\)/,
    ],
    [
      "an artifact written by another version of the code",
      async (dir) => {
        const path = `${dir}/${ARTIFACT_FILE}`;
        const artifact = JSON.parse(await readFile(path, "utf8"));
        await writeFile(path, JSON.stringify({ ...artifact, version: "0.9.0" }));
      },
      /artifact\.json was written by version 0\.9\.0 of the code, not \d+\.\d+\.\d+: validating/,
    ],
    [
      "an artifact whose digest matches no files",
      async (dir) => {
        const path = `${dir}/${ARTIFACT_FILE}`;
        const artifact = JSON.parse(await readFile(path, "utf8"));
        await writeFile(path, JSON.stringify({ ...artifact, digest: "x" }));
      },
      /artifact\.json is out of date \(its digest does not match the files\): validating/,
    ],
    [
      "an artifact that cannot be read",
      async (dir) => {
        await rm(`${dir}/${ARTIFACT_FILE}`);
        await Deno.mkdir(`${dir}/${ARTIFACT_FILE}`);
      },
      /artifact\.json cannot be read: validating/,
    ],
    [
      "an artifact that is not JSON",
      (dir) => writeFile(`${dir}/${ARTIFACT_FILE}`, "{"),
      /artifact\.json is not valid JSON: validating/,
    ],
    [
      "an artifact of another format",
      (dir) => writeFile(`${dir}/${ARTIFACT_FILE}`, '{"format":"metrics-catalog/1"}'),
      /artifact\.json is not a metrics-catalog\/3 artifact: validating/,
    ],
  ];
  for (const [what, edit, message] of cases) {
    const dir = await fixtureCopy({ artifact: true });
    try {
      await renameInArtifact(dir, "From the artifact");
      await edit(dir);
      const { catalog, said } = await load(dir);
      assert.equal(said.length, 1, what);
      assert.match(said[0] ?? "", message, what);
      assert.notEqual(catalog.metrics[0]?.name, "From the artifact", what);
    } finally {
      await rm(`${dir}/..`, { recursive: true });
    }
  }
});

Deno.test("loadCatalog() validates a folder without an artifact silently, and reports its problems", async () => {
  const dir = await fixtureCopy({ artifact: false });
  try {
    assert.deepEqual((await load(dir)).said, []);
    const file = `${dir}/metrics/alpha-rate.md`;
    await writeFile(file, (await readFile(file, "utf8")).replace(/^name: .*$/m, "name: 7"));
    await assert.rejects(
      () => load(dir),
      (error: unknown) =>
        error instanceof CatalogError &&
        /alpha-rate\.md: name: must be a string/.test(error.message),
    );
  } finally {
    await rm(`${dir}/..`, { recursive: true });
  }
});

Deno.test("a synonyms.yaml that cannot be read is reported as a problem, with or without an artifact", async () => {
  for (const artifact of [true, false]) {
    const dir = await fixtureCopy({ artifact });
    try {
      await rm(`${dir}/synonyms.yaml`);
      await Deno.mkdir(`${dir}/synonyms.yaml`);
      await assert.rejects(
        () => load(dir),
        (error: unknown) =>
          error instanceof CatalogError &&
          /synonyms\.yaml: cannot read the file \(\w+\)/.test(error.message),
        `artifact: ${artifact}`,
      );
    } finally {
      await rm(`${dir}/..`, { recursive: true });
    }
  }
});

Deno.test("a stale artifact never hides a broken record file", async () => {
  const dir = await fixtureCopy({ artifact: true });
  try {
    const file = `${dir}/metrics/alpha-rate.md`;
    await writeFile(file, (await readFile(file, "utf8")).replace(/^name: .*$/m, "name: 7"));
    await assert.rejects(() => load(dir), /alpha-rate\.md: name: must be a string/);
  } finally {
    await rm(`${dir}/..`, { recursive: true });
  }
});

Deno.test("catalogFromArtifact() refuses a value that is not an artifact this code wrote", () => {
  for (
    const value of [null, [], { format: "metrics-catalog/1" }, { format: "metrics-catalog/2" }]
  ) {
    assert.throws(() => catalogFromArtifact(value), /is not a metrics-catalog\/3 artifact/);
  }
});

Deno.test("deno task artifact writes a folder's artifact; the CLI then reads it, and says when it is stale", async () => {
  const dir = await fixtureCopy({ artifact: false });
  try {
    const env = { CATALOG_DIR: dir };
    const written = await runTask("artifact", [], { env });
    assert.equal(written.code, 0, written.stderr);
    assert.match(
      written.stdout,
      /^The catalog is valid: 3 metrics, 1 frameworks\nWrote .*artifact\.json\n$/,
    );
    await renameInArtifact(dir, "From the artifact");
    const fresh = await runTask("cli", ["show", "alpha-rate", "--json"], { env });
    assert.equal(fresh.code, 0, fresh.stderr);
    assert.equal(JSON.parse(fresh.stdout).name, "From the artifact");
    assert.equal(fresh.stderr, "");
    // validate always reads the Markdown files.
    const validated = await runTask("validate", [], { env });
    assert.equal(validated.code, 0, validated.stderr);
    const file = `${dir}/metrics/alpha-rate.md`;
    await writeFile(file, `${await readFile(file, "utf8")}\n`);
    const stale = await runTask("cli", ["show", "alpha-rate", "--json"], { env });
    assert.equal(stale.code, 0, stale.stderr);
    assert.notEqual(JSON.parse(stale.stdout).name, "From the artifact");
    assert.match(
      stale.stderr,
      /^.*artifact\.json is out of date \(.*metrics\/alpha-rate\.md changed\): validating the Markdown files instead\n$/,
    );
  } finally {
    await rm(`${dir}/..`, { recursive: true });
  }
});
