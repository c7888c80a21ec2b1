import assert from "node:assert/strict";
import { CORE_SCHEMA, load } from "js-yaml";
import { unclaimedNumbers } from "../lib/catalog/figures.ts";
import { loadCatalog } from "../lib/mod.ts";

const METRICS = new URL("../catalog/metrics/", import.meta.url);

/**
 * Numbers in benchmark sentences that are figures a source states but are not structured, each
 * with the reason. Keyed by `<slug> benchmarks[<n>]`, with the numbers as the sentence writes them.
 */
const UNSTRUCTURED: Record<string, { numbers: string[]; reason: string }> = {
  "average-session-duration benchmarks[0]": {
    numbers: ["47%", "49%"],
    reason: "the bounce rates come from the second Contentsquare post, which the sentence cites " +
      "without a title, so the citation check cannot tell it from the first",
  },
  "daily-active-users benchmarks[2]": {
    numbers: ["4.9 million", "21.4 million", "90%"],
    reason: 'the sentence cites "Duolingo blog" while the source is labelled "Duolingo Blog", ' +
      "so the citation check does not match the source these figures come from",
  },
  "product-market-fit-score benchmarks[2]": {
    numbers: ["7%", "40%", "60%"],
    reason: "the sentence cites Sean Ellis on Lenny's Podcast, whose source label starts with " +
      '"Transcript notes", so the citation check matches another source',
  },
  "referral-rate benchmarks[2]": {
    numbers: ["25%", "3"],
    reason: 'the Extole figures cite "(Extole, 2016)" while the source\'s author reads ' +
      '"Extole press release", so the citation check does not match it',
  },
  "rule-of-40 benchmarks[0]": {
    numbers: ["50%", "10%"],
    reason: "Feld's worked example of the rule (growing 50% and losing 10%), not a measured value",
  },
  "time-to-value benchmarks[0]": {
    numbers: ["1", "12", "23"],
    reason: "one median duration written in mixed units (1 day, 12 hours and 23 minutes), which " +
      "a single written figure cannot hold",
  },
};

interface Entry {
  text: string;
  figures?: { value: string; sample?: string }[];
  context?: string[];
}

/** A record file's front matter: the YAML between its two `---` lines, read as the loader does. */
function frontMatter(text: string): { benchmarks?: (string | Entry)[] } {
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---\r?$/m.exec(text)?.[1] ?? "";
  return load(yaml, { schema: CORE_SCHEMA }) as { benchmarks?: (string | Entry)[] };
}

/** Every benchmark sentence of the catalog, as its file writes it. */
async function entries(): Promise<{ key: string; entry: Entry }[]> {
  const found: { key: string; entry: Entry }[] = [];
  for await (const file of Deno.readDir(METRICS)) {
    const slug = file.name.replace(/\.md$/, "");
    const text = await Deno.readTextFile(new URL(file.name, METRICS));
    const benchmarks = frontMatter(text).benchmarks ?? [];
    benchmarks.forEach((entry, index) => {
      found.push({
        key: `${slug} benchmarks[${index}]`,
        entry: typeof entry === "string" ? { text: entry } : entry,
      });
    });
  }
  assert.ok(found.length > 44, `${found.length} benchmark sentences read`);
  return found.sort((a, b) => a.key < b.key ? -1 : 1);
}

Deno.test("every number in a benchmark sentence is a structured figure, declared context or named here", async () => {
  const unaccounted: string[] = [];
  for (const { key, entry } of await entries()) {
    const claims = [
      ...(entry.figures ?? []).flatMap((figure) => [figure.value, figure.sample ?? ""]),
      ...(entry.context ?? []),
    ].filter((claim) => claim !== "");
    const left = unclaimedNumbers(entry.text, claims);
    const named = UNSTRUCTURED[key]?.numbers ?? [];
    assert.deepEqual(
      named.filter((number) => !left.includes(number)),
      [],
      `${key}: named as unstructured but structured or not in the sentence`,
    );
    const rest = left.filter((number) => !named.includes(number));
    if (rest.length > 0) unaccounted.push(`${key}: ${rest.join(", ")}`);
  }
  assert.deepEqual(unaccounted, [], "numbers that are neither figures nor context");
});

Deno.test("at least 90% of the benchmark figures are structured", async () => {
  const catalog = await loadCatalog(undefined, { prebuilt: false });
  const structured = catalog.metrics.reduce(
    (sum, metric) => sum + (metric.figures ?? []).length,
    0,
  );
  const left = Object.values(UNSTRUCTURED).reduce((sum, item) => sum + item.numbers.length, 0);
  assert.ok(structured >= 0.9 * (structured + left), `${structured} structured, ${left} not`);
  for (const item of Object.values(UNSTRUCTURED)) assert.ok(item.reason.length > 20);
});

Deno.test("every metric with comparable figures says how they compare", async () => {
  const catalog = await loadCatalog(undefined, { prebuilt: false });
  for (const metric of catalog.metrics) {
    const own = (metric.figures ?? []).filter((figure) => figure.measures === undefined);
    if (own.length > 0) assert.ok(metric.comparison, `${metric.slug}: comparison is missing`);
  }
});
