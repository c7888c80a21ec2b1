// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so that starting the service does not download them (see tests/deno.lock)
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { Ajv } from "npm:ajv@8.20.0";
import addFormats from "npm:ajv-formats@3.0.1";
import { MCP_NAME, serverJsonText } from "../pack.ts";
import { PACKAGE_NAME, VERSION } from "../lib/policy.ts";

const root = new URL("../", import.meta.url);
const schema = JSON.parse(
  await readFile(new URL("./testdata/mcp-registry/server.schema.json", import.meta.url), "utf8"),
);

function validator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

Deno.test("server.json follows the MCP Registry's published schema", async () => {
  const server: { description: string } = JSON.parse(
    await readFile(new URL("server.json", root), "utf8"),
  );
  const validate = validator();
  assert.ok(validate({ ...server }), JSON.stringify(validate.errors, null, 2));
  assert.ok(server.description.length <= 100);
  const broken = { ...server, name: "no slash", description: "x".repeat(101) };
  assert.equal(validate(broken), false, "the schema refuses a bad name and a long description");
});

Deno.test("server.json is made from the package's one name and version (deno task pack)", async () => {
  const committed = await readFile(new URL("server.json", root), "utf8");
  assert.equal(committed, serverJsonText(), "server.json is stale: run deno task pack");
  const server = JSON.parse(committed);
  assert.equal(server.name, MCP_NAME);
  assert.equal(server.version, VERSION);
  assert.deepEqual(
    server.packages.map((item: { identifier: string; version: string; registryType: string }) => [
      item.registryType,
      item.identifier,
      item.version,
    ]),
    [["npm", PACKAGE_NAME, VERSION]],
  );
  assert.equal(server.packages[0].transport.type, "stdio");
  assert.equal(server.remotes[0].type, "streamable-http");
  assert.match(server.remotes[0].url, /\/mcp$/);
});
