// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
import assert from "node:assert/strict";
import { validate } from "npm:datapackage@1.1.10";
import { createHandler, loadCatalog } from "../lib/mod.ts";
import { figureRows } from "../lib/read/benchmarks.ts";

const catalog = await loadCatalog();
const handler = createHandler(catalog, { baseUrl: "https://metrics.example" });

async function get(path: string, headers: HeadersInit = {}) {
  const response = await handler(new Request(`https://metrics.example${path}`, { headers }));
  return { response, text: await response.text() };
}

/** Parses RFC 4180 CSV: quoted fields with doubled quotes, CRLF row ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else {
      assert.notEqual(char, "\n", "a bare LF ends no row in RFC 4180");
      field += char;
    }
  }
  assert.equal(field + row.join(""), "", "the last row ends with CRLF");
  return rows;
}

Deno.test("/benchmarks.csv and /benchmarks.json hold the same figures, each with its source", async () => {
  const csv = await get("/benchmarks.csv");
  assert.equal(csv.response.status, 200);
  assert.equal(csv.response.headers.get("content-type"), "text/csv; charset=utf-8");
  const [header = [], ...rows] = parseCsv(csv.text);
  assert.ok(rows.every((row) => row.length === header.length), "every row has every column");
  const json = await get("/benchmarks.json");
  assert.equal(json.response.status, 200);
  const figures = JSON.parse(json.text).figures as ReturnType<typeof figureRows>;
  assert.ok(figures.length > 0);
  assert.equal(rows.length, figures.length);
  const column = (name: string) => header.indexOf(name);
  rows.forEach((row, index) => {
    const figure = figures[index]!;
    assert.equal(row[column("id")], figure.id);
    assert.equal(row[column("written")], figure.written);
    assert.equal(row[column("value")], figure.value === undefined ? "" : String(figure.value));
    assert.equal(row[column("low")], figure.low === undefined ? "" : String(figure.low));
    assert.equal(row[column("source_url")], figure.source.url);
    assert.equal(row[column("source_label")], figure.source.label);
    assert.equal(row[column("sentence")], figure.text);
    assert.equal(row[column("benchmarks_reviewed")], figure.benchmarksReviewed);
    assert.ok(figure.text.includes(figure.written), `${figure.id} is written in its sentence`);
    assert.ok(/^https?:\/\//.test(figure.source.url), figure.id);
  });
  assert.deepEqual(
    figures,
    JSON.parse(JSON.stringify(figureRows(catalog, "https://metrics.example"))),
  );
});

Deno.test("/datapackage.json is a valid Tabular Data Package describing the CSV's columns", async () => {
  const { response, text } = await get("/datapackage.json");
  assert.equal(response.status, 200);
  const descriptor = JSON.parse(text);
  const { valid, errors } = await validate(descriptor);
  assert.deepEqual(errors.map(String), []);
  assert.equal(valid, true);
  assert.equal(descriptor.licenses[0].name, "CC-BY-4.0");
  const [header = []] = parseCsv((await get("/benchmarks.csv")).text);
  const resource = descriptor.resources[0];
  assert.equal(resource.path, "benchmarks.csv");
  assert.deepEqual(resource.schema.fields.map((field: { name: string }) => field.name), header);
  const used = new Set(figureRows(catalog, "").map((row) => row.source.url));
  assert.deepEqual(
    new Set(descriptor.sources.map((source: { path: string }) => source.path)),
    used,
  );
  const broken = await validate({
    ...descriptor,
    resources: [{ name: "x", path: "x.csv", profile: "tabular-data-resource" }],
  });
  assert.equal(broken.valid, false, "the validator refuses a resource without a schema");
});

Deno.test("the data files answer like every answer: open CORS, ETags and 304s", async () => {
  for (const path of ["/benchmarks.csv", "/benchmarks.json", "/datapackage.json"]) {
    const { response } = await get(path);
    assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
    const etag = response.headers.get("etag");
    assert.ok(etag, path);
    const again = await get(path, { "if-none-match": etag });
    assert.equal(again.response.status, 304, path);
  }
});
