import assert from "node:assert/strict";
import { loadCatalog, type Source } from "../../lib/mod.ts";
import { citedSources, sourceParts, sourceProblems } from "../../lib/catalog/citations.ts";

/**
 * The citation rule as one regular expression per author, as it was first written: the finder in
 * lib/catalog/citations.ts must cite exactly what this does.
 */
function citedByPattern(benchmark: string, sources: readonly Source[]): number[] {
  const byAuthor = new Map<string, number[]>();
  sources.forEach((source, index) => {
    const author = source.label.split(/,|\s"|\s\(|\s“/)[0]?.trim() ?? "";
    if (author.length >= 3) byAuthor.set(author, [...byAuthor.get(author) ?? [], index]);
  });
  const cited: number[] = [];
  for (const [author, indexes] of byAuthor) {
    const escaped = author.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(
      `(?:^|[^\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])([^()]*\\))?`,
      "gu",
    );
    const mentions = [...benchmark.matchAll(pattern)];
    if (mentions.length === 0) continue;
    const tails = mentions.map((match) => match[1] ?? "");
    const titles = tails.flatMap((tail) =>
      [...tail.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((quote) => quote[1] ?? quote[2] ?? "")
    ).filter((title) => title.length > 3);
    const years = tails.flatMap((tail) => tail.match(/\b(?:19|20)\d{2}\b/g) ?? []);
    const titled = indexes.filter((i) => titles.some((t) => sources[i]?.label.includes(t)));
    const dated = indexes.filter((i) => years.some((y) => sources[i]?.label.includes(y)));
    cited.push(
      ...(indexes.length < 2
        ? indexes
        : titled.length > 0
        ? titled
        : dated.length > 0 && dated.length < indexes.length
        ? dated
        : indexes),
    );
  }
  return cited.sort((a, b) => a - b);
}

Deno.test("citedSources() cites what the one-pattern-per-author rule cites, for every catalog figure", async () => {
  const catalog = await loadCatalog();
  let figures = 0;
  for (const metric of catalog.metrics) {
    for (const benchmark of metric.benchmarks ?? []) {
      assert.deepEqual(
        citedSources(benchmark, metric.sources),
        citedByPattern(benchmark, metric.sources),
        `${metric.slug}: ${benchmark}`,
      );
      figures += 1;
    }
  }
  assert.ok(figures > 100, `${figures} figures`);
});

Deno.test("citedSources() keeps whole names, parentheses and years as the pattern does, on edge cases", () => {
  const sources: Source[] = [
    { label: 'Acme, "Report A" (2021)', url: "https://a.example/" },
    { label: 'Acme, "Report B" (2022)', url: "https://b.example/" },
    { label: "Bolt Research", url: "https://c.example/" },
    { label: "Éclair Data (2020)", url: "https://d.example/" },
  ];
  const texts = [
    "Acme said so (Acme, 2022).",
    'Acme said so (Acme, "Report A").',
    "AcmeCorp is not Acme (2021) nor Acme.",
    "Acme(2021) and Acme, 2022) and (Acme (2021))",
    "Acme at the start, Bolt Research at the end: Bolt Research",
    "xBolt Research and Bolt Researchers are not Bolt Research)",
    "Éclair Data, 2020) and 🚀Acme, 2021) and 🚀🚀Acme",
    "Acme Acme Acme, 2021) (Acme)",
    "",
  ];
  for (const text of texts) {
    assert.deepEqual(citedSources(text, sources), citedByPattern(text, sources), text);
  }
});

Deno.test("sourceParts() reads a source's author and dates from its label, in one place", () => {
  const parts = (label: string) => sourceParts({ label, url: "https://a.example/" });
  assert.deepEqual(parts('KeyBanc Capital Markets, "Survey" (2021)'), {
    author: "KeyBanc Capital Markets",
    year: "2021",
  });
  assert.deepEqual(parts('Recurly, "Churn" (undated, accessed 2026)'), {
    author: "Recurly",
    accessed: "2026",
  });
  assert.deepEqual(parts("Lab docs"), { author: "Lab docs" });
  assert.deepEqual(parts('Recurly, "Churn" (2026, accessed 2026)'), {
    author: "Recurly",
    year: "2026",
    accessed: "2026",
  });
  assert.deepEqual(parts('Recurly, "Churn" (accessed March 2026)'), {
    author: "Recurly",
    accessed: "2026",
  });
});

Deno.test("sourceProblems() holds a label to its source's author and year, and refuses a year after the access", () => {
  const problems = (label: string, { author = "Recurly", year = 2020 as number | null } = {}) =>
    sourceProblems(
      { label, url: "https://a.example/", author, ...(year === null ? {} : { year }) },
      "s",
    );
  assert.deepEqual(problems('Recurly, "Churn" (2020, accessed 2026)'), []);
  assert.deepEqual(problems('"Churn" (2020)'), [
    `s.label: ""Churn" (2020)" must open with its author "Recurly", then a comma`,
  ]);
  assert.deepEqual(problems('Recurly Inc, "Churn" (2020)'), [
    `s.label: "Recurly Inc, "Churn" (2020)" must open with its author "Recurly", then a comma`,
  ]);
  assert.deepEqual(problems('Recurly, "Churn" (2020)', { author: "(Recurly)" }), [
    's.author: "(Recurly)" must be a name, opening with a letter or digit',
  ]);
  assert.deepEqual(problems('Recurly, "Churn" (2021)'), ["s.year: 2020, but the label gives 2021"]);
  assert.deepEqual(problems('Recurly, "Churn" (accessed 2026)'), [
    "s.year: 2020, but the label gives none in its closing parenthesis",
  ]);
  assert.deepEqual(problems('Recurly, "Churn" (2021)', { year: null }), [
    "s.year: missing, but the label gives 2021",
  ]);
  assert.deepEqual(problems('Recurly, "Churn" (2020), summarizing a study (2020)'), [
    `s.label: "Recurly, "Churn" (2020), summarizing a study (2020)" gives a year before its end; ` +
    "the year goes in the closing parenthesis",
  ]);
  assert.deepEqual(problems('Recurly, "Churn (2019 edition)", a repost (2020)'), []);
  assert.deepEqual(problems('Recurly, "Churn" (2027, accessed 2026)', { year: 2027 }), [
    "s.label: published in 2027, after it was accessed in 2026",
  ]);
  assert.deepEqual(problems('Recurly, "Churn" (2027, accessed March 2026)', { year: 2027 }), [
    "s.label: published in 2027, after it was accessed in 2026",
  ]);
  assert.deepEqual(problems('Recurly, "Churn" (2026, accessed 2026)', { year: 2026 }), []);
  assert.deepEqual(problems('Recurly, "Churn" (accessed March 2026)', { year: null }), []);
});
