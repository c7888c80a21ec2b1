// deno-lint-ignore-file no-import-prefix -- test-only packages are named here, not in deno.json,
// so tests/deno.lock holds them and `deno task start` never fetches them (README, Tasks)
import assert from "node:assert/strict";
import { Profile, validate } from "npm:datapackage@1.1.10";
import { Ajv } from "npm:ajv@8.20.0";
import addFormats from "npm:ajv-formats@3.0.1";
// The Data Package v2 profile (JSON Schema draft-07, resources, dialects and table schemas
// inline), public/profiles/2.0/datapackage.json of github.com/frictionlessdata/datapackage at
// 6a201af, in the public domain (The Unlicense).
import DATA_PACKAGE_V2 from "../testdata/datapackage-2.0.json" with { type: "json" };
import { createHandler, createReadModel, loadCatalog } from "../../lib/mod.ts";
import type { FigureRow } from "../../lib/read/benchmarks.ts";

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
  const figures = JSON.parse(json.text).figures as FigureRow[];
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
    JSON.parse(JSON.stringify(createReadModel(catalog).figureRows("https://metrics.example"))),
  );
});

Deno.test("the data set carries each figure's series and data year; the CSV adds them as its last columns", async () => {
  const [header = [], ...rows] = parseCsv((await get("/benchmarks.csv")).text);
  assert.deepEqual(header.slice(-2), ["data_year", "series"]);
  assert.deepEqual(header.slice(0, 6), [
    "id",
    "metric",
    "metric_name",
    "figure",
    "sentence_number",
    "written",
  ]);
  const figures = JSON.parse((await get("/benchmarks.json")).text).figures as FigureRow[];
  const cell = (row: string[], name: string) => row[header.indexOf(name)] ?? "";
  rows.forEach((row, index) => {
    const figure = figures[index]!;
    assert.equal(cell(row, "series"), figure.series ?? "", figure.id);
    assert.equal(
      cell(row, "data_year"),
      figure.dataYear === undefined ? "" : String(figure.dataYear),
    );
  });
  const arr = figures.filter((figure) => figure.series === "chartmogul-top-quartile-arr-growth");
  assert.deepEqual(
    arr.map((figure) => [figure.written, figure.year, figure.dataYear]),
    [["62.1%", 2023, 2022], ["93.4%", 2023, 2020], ["78.9%", 2023, 2021]],
  );
  const inSeries = new Set(figures.flatMap((figure) => figure.series ? [figure.metric] : []));
  assert.ok(inSeries.size >= 3, `metrics with a series: ${[...inSeries].join(", ")}`);
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
  const used = new Set(createReadModel(catalog).figureRows("").map((row) => row.source.url));
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

Deno.test("the CSV's number columns hold numbers or the package's missing values; every figure has its year", async () => {
  const resource = JSON.parse((await get("/datapackage.json")).text).resources[0];
  const missing: string[] = resource.schema.missingValues;
  const fields: { name: string; type: string }[] = resource.schema.fields;
  const [header = [], ...rows] = parseCsv((await get("/benchmarks.csv")).text);
  const pattern = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ } as Record<string, RegExp>;
  for (const row of rows) {
    fields.forEach((field, index) => {
      const cell = row[index] ?? "";
      const shape = pattern[field.type];
      if (shape && !missing.includes(cell)) assert.match(cell, shape, `${row[0]} ${field.name}`);
    });
    const year = row[header.indexOf("year")] ?? "";
    assert.match(year, /^(\d{4}|undated)$/, `${row[0]} has its year`);
  }
});

Deno.test("/datapackage.json is valid as written against the Frictionless v1 and v2 package profiles", async () => {
  const descriptor = JSON.parse((await get("/datapackage.json")).text);
  // The v1 profile from the datapackage package's registry, checked against the descriptor as
  // served: validate() above fills in a dialect's defaults before it checks.
  const v1 = await Profile.load("tabular-data-package");
  const asServed = v1.validate(descriptor);
  assert.deepEqual(asServed.errors.map(String), []);
  const bare = {
    ...descriptor,
    resources: [{ ...descriptor.resources[0], dialect: { delimiter: "," } }],
  };
  assert.equal(v1.validate(bare).valid, false, "v1 requires the dialect's doubleQuote");
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // "textarea" tells a form editor how to show a description; it does not constrain it.
  ajv.addFormat("textarea", true);
  const v2 = ajv.compile(DATA_PACKAGE_V2);
  assert.equal(v2({ ...descriptor, resources: [] }), false, "v2 requires a resource");
  assert.ok(v2(descriptor), ajv.errorsText(v2.errors));
});

Deno.test("/datapackage.json links the SQL recipes from its description: a .sql resource would break the tabular profile", async () => {
  const descriptor = JSON.parse((await get("/datapackage.json")).text);
  assert.match(descriptor.description, /listed at https:\/\/metrics\.example\/sql\/index\.json: /);
  assert.match(descriptor.description, /MIT licence/);
  const v1 = await Profile.load("tabular-data-package");
  const withSql = {
    ...descriptor,
    resources: [...descriptor.resources, {
      name: "churn-rate",
      path: "sql/churn-rate.sql",
      format: "sql",
      mediatype: "text/plain",
      profile: "data-resource",
    }],
  };
  assert.equal(v1.validate(withSql).valid, false, "every resource of a tabular package is a table");
});

Deno.test("the data files answer like every answer: open CORS, ETags and 304s", async () => {
  const files = ["/benchmarks.csv", "/benchmarks.json", "/datapackage.json"];
  for (const path of [...files, "/sql/index.json", "/sql/churn-rate.sql"]) {
    const { response } = await get(path);
    assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
    const etag = response.headers.get("etag");
    assert.ok(etag, path);
    const again = await get(path, { "if-none-match": etag });
    assert.equal(again.response.status, 304, path);
  }
});
