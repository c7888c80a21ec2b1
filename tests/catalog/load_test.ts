import assert from "node:assert/strict";
import { CatalogError, loadCatalog } from "../../lib/mod.ts";
import { METRIC_API_FIELDS } from "../_contract.ts";

const FIXTURE = new URL("../testdata/catalog/", import.meta.url);

/** Copies the valid fixture catalog to a temporary folder, applies edits, and loads it. */
async function problemsAfter(
  edits: Record<string, ((text: string) => string) | null>,
): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "catalog-" });
  try {
    for (const sub of ["metrics", "frameworks"]) {
      await Deno.mkdir(`${dir}/${sub}`);
      for await (const entry of Deno.readDir(new URL(`${sub}/`, FIXTURE))) {
        await Deno.copyFile(
          new URL(`${sub}/${entry.name}`, FIXTURE),
          `${dir}/${sub}/${entry.name}`,
        );
      }
    }
    await Deno.copyFile(new URL("synonyms.yaml", FIXTURE), `${dir}/synonyms.yaml`);
    for (const [file, edit] of Object.entries(edits)) {
      const path = `${dir}/${file}`;
      if (edit === null) {
        await Deno.remove(path);
        continue;
      }
      const text = await Deno.readTextFile(path).catch(() => "");
      await Deno.writeTextFile(path, edit(text));
    }
    await loadCatalog(dir, { label: "cat" });
    return [];
  } catch (error) {
    if (error instanceof CatalogError) return error.problems;
    throw error;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const ALPHA = "metrics/alpha-rate.md";
const SAMPLE = "frameworks/sample-framework.md";
const replace = (from: string | RegExp, to: string) => (text: string) => {
  const next = text.replace(from, to);
  assert.notEqual(next, text, `the edit ${from} changed nothing`);
  return next;
};

Deno.test("loadCatalog() reads the fixture catalog with prose from the sections", async () => {
  const catalog = await loadCatalog(FIXTURE);
  assert.deepEqual(catalog.metrics.map((metric) => metric.slug), [
    "alpha-rate",
    "beta-rate",
    "gamma-rate",
  ]);
  const alpha = catalog.metrics[0];
  assert.ok(alpha);
  assert.equal(
    alpha.definition,
    "The share of fixture things that stay. This line is wrapped and joins the paragraph.",
  );
  assert.equal(
    alpha.inPractice,
    "A team starts with 100 things and keeps 88, so the rate is 88%.\n\nSecond paragraph.",
  );
  assert.equal(alpha.benchmarksReviewed, "2026-11-01");
  assert.deepEqual(catalog.synonyms.get("alpha-rate"), ["first fixture measure"]);
  assert.equal(catalog.frameworks[0]?.origin, "Introduced by Example Research in 2020.");
});

Deno.test("loadCatalog() puts the fields in the order of the API contract", async () => {
  const catalog = await loadCatalog(FIXTURE);
  assert.deepEqual(Object.keys(catalog.metrics[0] ?? {}), [
    ...METRIC_API_FIELDS,
    "benchmarksReviewed",
    "figures",
    "comparison",
  ]);
  assert.deepEqual(Object.keys(catalog.frameworks[0] ?? {}), [
    "name",
    "slug",
    "origin",
    "summary",
    "components",
    "bestFor",
    "limitations",
    "howItWorks",
    "implementation",
    "examples",
    "whenToAvoid",
    "pairsWith",
    "sources",
  ]);
});

Deno.test("loadCatalog() rejects an unknown front-matter key", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("tags:", "colour: red\ntags:") });
  assert.deepEqual(problems, ["cat/metrics/alpha-rate.md: colour: unknown field"]);
});

Deno.test("loadCatalog() rejects an unknown key inside a list item", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace("    text: A fixture trap.", "    text: A fixture trap.\n    note: extra"),
  });
  assert.deepEqual(problems, ["cat/metrics/alpha-rate.md: whatToWatch[0].note: unknown field"]);
});

Deno.test("loadCatalog() rejects an unknown section", async () => {
  const problems = await problemsAfter({ [ALPHA]: (text) => `${text}\n## Trivia\n\nSomething.\n` });
  assert.equal(problems.length, 1);
  assert.match(problems[0] ?? "", /^cat\/metrics\/alpha-rate\.md: ## Trivia: unknown section/);
});

Deno.test("loadCatalog() rejects a repeated section", async () => {
  const problems = await problemsAfter({
    [ALPHA]: (text) => `${text}\n## Definition\n\nAgain.\n`,
  });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: ## Definition: section appears more than once",
  ]);
});

Deno.test("loadCatalog() rejects a heading that is not a level-2 heading", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("## In practice", "### In practice") });
  assert.ok(problems.some((line) => line.includes('heading "### In practice"')), problems.join());
});

Deno.test("loadCatalog() rejects a missing required field and a missing section", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace(/^formula: .*\n/m, ""),
    "metrics/beta-rate.md": replace(/## What it measures\n\nWhether fixtures stay.\n/, ""),
  });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: formula: is required",
    "cat/metrics/beta-rate.md: whatItMeasures: is required",
  ]);
});

Deno.test("loadCatalog() rejects a value of the wrong type", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace(
      / {2}- text: A fixture figure of 12%.*\n.*\n.*statistic: median, year: 2024 \}/,
      "  - 12",
    ),
  });
  assert.deepEqual(problems, [
    'cat/metrics/alpha-rate.md: benchmarks[0]: must be a sentence, or an object with "text" and "figures"',
  ]);
});

Deno.test("loadCatalog() rejects an empty required string", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace(/^name: .*$/m, 'name: "  "') });
  assert.deepEqual(problems, ["cat/metrics/alpha-rate.md: name: must not be blank"]);
});

Deno.test("loadCatalog() rejects a null value", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("tags:", "abbreviation: null\ntags:") });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: abbreviation: must be a string, not null",
  ]);
});

Deno.test("loadCatalog() rejects a tag outside the closed list", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace("[retention, health]", "[retention, fun]"),
  });
  assert.equal(problems.length, 1);
  assert.match(
    problems[0] ?? "",
    /^cat\/metrics\/alpha-rate\.md: tags\[1\]: must be one of "acquisition"/,
  );
});

Deno.test("loadCatalog() rejects a kind other than composite", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("tags:", "kind: standard\ntags:") });
  assert.deepEqual(problems, ['cat/metrics/alpha-rate.md: kind: must be one of "composite"']);
});

Deno.test("loadCatalog() rejects a file name that is not a kebab-case slug", async () => {
  const problems = await problemsAfter({ "metrics/Delta_Rate.md": () => "" });
  assert.deepEqual(problems, [
    'cat/metrics/Delta_Rate.md: file name: "Delta_Rate" must be a lowercase kebab-case slug',
  ]);
});

Deno.test("loadCatalog() rejects a file that is not a record", async () => {
  const problems = await problemsAfter({ "metrics/notes.txt": () => "hello" });
  assert.deepEqual(problems, [
    "cat/metrics/notes.txt: only record files named <slug>.md belong here",
  ]);
});

Deno.test("loadCatalog() rejects a slug used by both a metric and a framework", async () => {
  const sample = await Deno.readTextFile(new URL(SAMPLE, FIXTURE));
  const problems = await problemsAfter({ "frameworks/alpha-rate.md": () => sample });
  assert.deepEqual(problems, [
    'cat/frameworks/alpha-rate.md: slug: "alpha-rate" is already the slug of a metric',
  ]);
});

Deno.test("loadCatalog() reads a series with its data years, and rejects a series id two metrics use", async () => {
  const entry =
    "  - text: A fixture figure of 12% in 2023 and 14% in 2024 (Example Research, 2024).\n" +
    "    figures:\n" +
    '      - { value: "12%", statistic: median, year: 2024, dataYear: 2023, series: fixture-series }\n' +
    '      - { value: "14%", statistic: median, year: 2024, series: fixture-series }';
  const alpha = replace(
    "  - text: A fixture figure of 12% (Example Research, 2024).\n    figures:\n" +
      '      - { value: "12%", statistic: median, year: 2024 }',
    entry,
  );
  assert.deepEqual(await problemsAfter({ [ALPHA]: alpha }), []);
  const problems = await problemsAfter({
    [ALPHA]: alpha,
    "metrics/beta-rate.md": replace(
      "  - A fixture figure of 12% (Example Research, 2024).",
      entry.replaceAll("statistic: median,", "statistic: median, unit: percent,"),
    ),
  });
  assert.deepEqual(problems, [
    'cat/metrics/beta-rate.md: series "fixture-series": is already a series of alpha-rate; ' +
    "name it anew",
  ]);
});

Deno.test("loadCatalog() rejects a relatedMetrics slug that is no record or a framework", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace("slug: beta-rate", "slug: missing-rate"),
    "metrics/beta-rate.md": replace("slug: gamma-rate", "slug: sample-framework"),
  });
  assert.deepEqual(problems, [
    'cat/metrics/alpha-rate.md: relatedMetrics[0].slug: "missing-rate" is no metric in the catalog',
    'cat/metrics/beta-rate.md: relatedMetrics[1].slug: "sample-framework" is a framework',
  ]);
});

Deno.test("loadCatalog() rejects a metric related to itself", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("slug: beta-rate", "slug: alpha-rate") });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: relatedMetrics[0].slug: a metric cannot be related to itself",
  ]);
});

Deno.test("loadCatalog() rejects component metricSlugs and pairsWith that point nowhere", async () => {
  const problems = await problemsAfter({
    [SAMPLE]: (text) =>
      replace("[alpha-rate, beta-rate]", "[alpha-rate, omega-rate]")(text).replace(
        "pairsWith: []",
        "pairsWith:\n  - slug: alpha-rate\n    reason: Wrong kind.",
      ),
  });
  assert.deepEqual(problems, [
    'cat/frameworks/sample-framework.md: components[0].metricSlugs[1]: "omega-rate" is no metric in the catalog',
    'cat/frameworks/sample-framework.md: pairsWith[0].slug: "alpha-rate" is a metric',
  ]);
});

Deno.test("loadCatalog() rejects malformed source URLs and tracking parameters", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace("https://example.com/reports/alpha-rate", "javascript:alert(1)"),
    "metrics/beta-rate.md": replace(
      "https://example.com/reports/beta-rate",
      "https://example.com/reports/beta-rate?utm_source=news",
    ),
    [SAMPLE]: replace("https://example.com/blog/sample", "not a url"),
  });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: sources[0].url: must be an http(s) URL",
    "cat/metrics/beta-rate.md: sources[0].url: must not carry tracking parameters (utm_*, ref)",
    "cat/frameworks/sample-framework.md: examples[0].source.url: must be an http(s) URL",
  ]);
});

Deno.test("loadCatalog() rejects a source URL with an empty path segment", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace(
      "https://example.com/reports/alpha-rate",
      "https://example.com//reports/alpha-rate",
    ),
    "metrics/beta-rate.md": replace(
      "https://example.com/reports/beta-rate",
      "https://example.com/reports//beta-rate",
    ),
  });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: sources[0].url: must not have an empty path segment (a // after the host)",
    "cat/metrics/beta-rate.md: sources[0].url: must not have an empty path segment (a // after the host)",
  ]);
});

Deno.test("loadCatalog() rejects benchmarks without a review date", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace(/^benchmarksReviewed: .*\n/m, "") });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: benchmarksReviewed: is required when benchmarks are given",
  ]);
});

Deno.test("loadCatalog() rejects a review date that is not YYYY-MM-DD", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("2026-11-01", "November 2026") });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: benchmarksReviewed: must be a date written YYYY-MM-DD",
  ]);
});

Deno.test("loadCatalog() rejects a duplicated YAML key with its line", async () => {
  const problems = await problemsAfter({ [ALPHA]: replace("tags:", "name: Again\ntags:") });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: front matter line 3: Duplicated mapping key",
  ]);
});

Deno.test("loadCatalog() rejects malformed YAML in synonyms.yaml with its line", async () => {
  const problems = await problemsAfter({
    "synonyms.yaml": (text) => `${text}beta-rate: [unclosed\n`,
  });
  assert.equal(problems.length, 1, problems.join("\n"));
  assert.match(problems[0] ?? "", /^cat\/synonyms\.yaml line \d+: [A-Z]/);
});

Deno.test("loadCatalog() rejects a file without front matter", async () => {
  const problems = await problemsAfter({ [ALPHA]: (text) => text.replace(/^---\n/, "") });
  assert.deepEqual(problems, [
    "cat/metrics/alpha-rate.md: front matter: must open the file with a line of three dashes",
  ]);
});

Deno.test("loadCatalog() rejects synonyms for records that do not exist", async () => {
  const problems = await problemsAfter({
    "synonyms.yaml": (text) => `${text}nope-rate: [nothing]\n`,
  });
  assert.deepEqual(problems, [
    'cat/synonyms.yaml: nope-rate: "nope-rate" is no record in the catalog',
  ]);
});

Deno.test("loadCatalog() reports every problem of a run, then the count", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/metrics`);
    await Deno.mkdir(`${dir}/frameworks`);
    await Deno.writeTextFile(`${dir}/metrics/one.md`, "---\nname: One\n---\n");
    await Deno.writeTextFile(`${dir}/metrics/two.md`, "---\nname: 2\n---\n");
    const error = await loadCatalog(dir, { label: "cat" }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof CatalogError);
    assert.ok(error.problems.length >= 10, error.message);
    assert.ok(error.problems.some((line) => line.startsWith("cat/metrics/one.md: tags:")));
    assert.ok(error.problems.includes("cat/metrics/two.md: name: must be a string"));
    assert.match(error.message, new RegExp(`\n${error.problems.length} problems in the catalog$`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadCatalog() names the file and field of a figure without its year, or with a wrong one", async () => {
  for (
    const [written, problem] of [
      [
        '{ value: "12%", statistic: median }',
        /year: is required: the year the figure was published/,
      ],
      [
        '{ value: "12%", statistic: median, year: "2024" }',
        /year: must be a year \(such as 2023\) or `undated`/,
      ],
      [
        '{ value: "12%", statistic: median, year: 2019 }',
        /year: 2019 does not appear in the sentence/,
      ],
    ] as const
  ) {
    const problems = await problemsAfter({
      [ALPHA]: replace('{ value: "12%", statistic: median, year: 2024 }', written),
    });
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(
      problems[0] ?? "",
      /^cat\/metrics\/alpha-rate\.md: benchmarks\[0\]\.figures\[0\]\./,
    );
    assert.match(problems[0] ?? "", problem);
  }
});

Deno.test("loadCatalog() names the figure and field of a benchmark figure with an unknown unit", async () => {
  const problems = await problemsAfter({
    [ALPHA]: replace(
      '{ value: "12%", statistic: median, year: 2024 }',
      "{value: 12%, statistic: mean, unit: furlongs, year: 2024}",
    ),
  });
  assert.equal(problems.length, 1, problems.join("\n"));
  assert.match(
    problems[0] ?? "",
    /^cat\/metrics\/alpha-rate\.md: benchmarks\[0\]\.figures\[0\]\.unit: must be one of "percent", /,
  );
});

Deno.test("loadCatalog() holds a source's label to its author and year, naming file and field", async () => {
  const unnamed = await problemsAfter({
    [ALPHA]: replace(
      'label: Example Research, "Fixture report" (2024)',
      `label: '"Fixture report" (2024)'`,
    ),
  });
  assert.deepEqual(unnamed.filter((line) => line.includes("sources[0]")), [
    'cat/metrics/alpha-rate.md: sources[0].label: ""Fixture report" (2024)" must open with its ' +
    'author "Example Research", then a comma',
  ]);
  const redated = await problemsAfter({
    [ALPHA]: replace(/year: 2024\n(\s+url)/, "year: 2023\n$1"),
  });
  assert.deepEqual(redated, [
    "cat/metrics/alpha-rate.md: sources[0].year: 2023, but the label gives 2024",
  ]);
  const unsigned = await problemsAfter({ [SAMPLE]: replace(/\n\s+author: [^\n]+/, "") });
  assert.equal(unsigned.length, 1);
  assert.match(unsigned[0] ?? "", /^cat\/frameworks\/sample-framework\.md: .*author/);
  const late = await problemsAfter({
    [ALPHA]: replace('"Fixture report" (2024)', '"Fixture report" (2024, accessed 2023)'),
  });
  assert.deepEqual(late, [
    "cat/metrics/alpha-rate.md: sources[0].label: published in 2024, after it was accessed in 2023",
  ]);
});

Deno.test("loadCatalog() serves a source without the author and year its file gives", async () => {
  const catalog = await loadCatalog(FIXTURE.pathname, { label: "cat" });
  const sources = [
    ...catalog.metrics.flatMap((metric) => metric.sources),
    ...catalog.frameworks.flatMap((framework) => [
      ...framework.sources,
      ...framework.examples.flatMap((example) => example.source ?? []),
    ]),
  ];
  assert.ok(sources.length >= 4);
  for (const source of sources) assert.deepEqual(Object.keys(source), ["label", "url"]);
});
