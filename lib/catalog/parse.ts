/**
 * The Markdown path of loading: reads every record file, validates it against the schema and the
 * rules across records, and collects all problems before failing. Loaded only when there is no
 * up-to-date artifact to read, or when the catalog is being validated.
 *
 * @module
 */
import { z } from "zod";
import { splitRecordFile } from "./_front_matter.ts";
import { parseYaml } from "./_yaml.ts";
import {
  type FileSource,
  FrameworkFrontMatterSchema,
  FrameworkSchema,
  MetricFrontMatterSchema,
  MetricSchema,
  VocabularySchema,
} from "./schema.ts";
import {
  type Catalog,
  catalogOnlyOf,
  type Framework,
  FRAMEWORK_SECTIONS,
  type FrameworkSectionField,
  METRIC_SECTIONS,
  type MetricCatalogField,
  type MetricCatalogValues,
  type MetricRecord,
  type MetricSectionField,
  SLUG_PATTERN,
  withoutCatalogOnly,
} from "./records.ts";
import { type CatalogDir, CatalogError, type CatalogFiles, inFolder } from "./folder.ts";
import { Problem } from "../problem.ts";
import { crossRecordProblems } from "./validate.ts";
import { structureBenchmarks, vocabularyProblems } from "./figure_rules.ts";
import type { Vocabulary } from "./figures.ts";
import { calculatorProblems } from "./calculator.ts";
import { sourceProblems } from "./citations.ts";
import type { Metric } from "./record_types.ts";

/**
 * `true` when a front matter's schema leaves out every `## ` section of its record: each section
 * of the field table is omitted from the record's schema for the front matter
 * (`MetricSchema.omit({ definition: true, … })`), so that a file cannot give it twice.
 */
export type OmitsSections<FrontMatter, Section extends string> =
  [Extract<keyof FrontMatter, Section>] extends [never] ? true : false;

/** `true` when two unions of names are the same. */
export type SameNames<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false;

// The compiler holds the front matters' schemas to the field tables (every `## ` section omitted)
// and to the catalog-only list (every field the metric's front matter adds to the API record).
true satisfies OmitsSections<z.infer<typeof MetricFrontMatterSchema>, MetricSectionField>;
true satisfies OmitsSections<z.infer<typeof FrameworkFrontMatterSchema>, FrameworkSectionField>;
true satisfies SameNames<keyof MetricCatalogValues, MetricCatalogField>;
true satisfies SameNames<Exclude<keyof MetricRecord, keyof Metric>, MetricCatalogField>;
true satisfies SameNames<
  { [Field in MetricCatalogField]-?: NonNullable<MetricRecord[Field]> },
  { [Field in MetricCatalogField]-?: NonNullable<MetricCatalogValues[Field]> }
>;

const MAX_FILE_BYTES = 256 * 1024;

/** What is wrong with the author and dates of each source of a list, under `at`. */
function sourcesProblems(sources: readonly FileSource[], at: string): string[] {
  return sources.flatMap((source, index) => sourceProblems(source, `${at}[${index}]`));
}
const REPORT_INPUT = { reportInput: true };
/** `synonyms.yaml`: everyday phrases that name a record, by the record's slug. */
const SYNONYMS = z.record(z.string().regex(SLUG_PATTERN), z.array(z.string().min(1)).min(1));

/**
 * Reads and validates every record under `dir` (a folder URL or a path ending in `/`), throwing
 * a {@linkcode CatalogError} that lists every problem when anything is wrong. File names in the
 * problems start with `label`.
 */
export async function parseCatalog(
  dir: CatalogDir,
  { label, files: fs }: { label: string; files: CatalogFiles },
): Promise<Catalog> {
  const problems: string[] = [];
  const from: Reading = { fs, dir, label, problems };
  const metricFiles = await readRecordFiles(from, "metrics");
  const frameworkFiles = await readRecordFiles(from, "frameworks");
  const segments = await readYaml(from, "segments.yaml", VocabularySchema) ?? {};
  problems.push(...vocabularyProblems(segments, `${label}/segments.yaml`));
  const metrics = metricFiles.flatMap((file) => parseMetric(file, segments, problems) ?? []);
  const frameworks = frameworkFiles.flatMap((file) => parseFramework(file, problems) ?? []);
  const synonyms = new Map(Object.entries(await readYaml(from, "synonyms.yaml", SYNONYMS) ?? {}));
  const catalog = { metrics, frameworks, synonyms, segments };
  const known = {
    metrics: new Set(metricFiles.map((file) => file.slug)),
    frameworks: new Set(frameworkFiles.map((file) => file.slug)),
  };
  problems.push(...crossRecordProblems(catalog, { known, label }));
  if (problems.length > 0) throw new CatalogError(problems);
  return catalog;
}

/** Where the catalog's files are read from, and the list their problems go to. */
interface Reading {
  fs: CatalogFiles;
  dir: CatalogDir;
  label: string;
  problems: string[];
}

interface FileText {
  path: string;
  slug: string;
  text: string;
}

/** The record files of a folder of the catalog (`metrics` or `frameworks`), as text. */
async function readRecordFiles({ fs, dir, label, problems }: Reading, folder: string) {
  const files: FileText[] = [];
  const at = inFolder(dir, `${folder}/`);
  let entries: { name: string; isFile: boolean }[];
  try {
    entries = await fs.list(at);
  } catch (error) {
    if (error instanceof Problem) throw error;
    problems.push(`${label}/${folder}: cannot read the folder (${errorName(error)})`);
    return files;
  }
  entries.sort((a, b) => a.name < b.name ? -1 : 1);
  for (const entry of entries) {
    const path = `${label}/${folder}/${entry.name}`;
    if (!entry.isFile || !entry.name.endsWith(".md")) {
      problems.push(`${path}: only record files named <slug>.md belong here`);
      continue;
    }
    const slug = entry.name.slice(0, -3);
    if (!SLUG_PATTERN.test(slug)) {
      problems.push(`${path}: file name: "${slug}" must be a lowercase kebab-case slug`);
      continue;
    }
    const bytes = await fs.read(inFolder(at, entry.name));
    if (bytes === undefined) {
      problems.push(`${path}: the file went away while it was read`);
      continue;
    }
    if (bytes.byteLength > MAX_FILE_BYTES) {
      problems.push(`${path}: file is larger than ${MAX_FILE_BYTES / 1024} KiB`);
      continue;
    }
    try {
      files.push({ path, slug, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) });
    } catch {
      problems.push(`${path}: file is not valid UTF-8`);
    }
  }
  return files;
}

function parseMetric(
  file: FileText,
  vocabulary: Vocabulary,
  problems: string[],
): MetricRecord | undefined {
  const body = readBody(file, METRIC_SECTIONS, problems);
  if (body.frontMatter === undefined) return undefined;
  const front = MetricFrontMatterSchema.safeParse(body.frontMatter, REPORT_INPUT);
  if (!front.success) reportIssues(file.path, front.error, problems);
  if (!front.success || !body.ok) return undefined;
  const { benchmarks: entries, ...rest } = front.data;
  problems.push(...sourcesProblems(rest.sources, `${file.path}: sources`));
  // A source's author, year and whether it restates someone else's study are for the catalog's
  // own checks, not the API.
  const sources = rest.sources.map(({ label, url }) => ({ label, url }));
  const fields = { ...withoutCatalogOnly(rest), sources };
  const { benchmarksReviewed, comparison, calculator, notComputable } = rest;
  const structured = entries &&
    structureBenchmarks(entries, {
      path: file.path,
      sources: rest.sources,
      comparison,
      vocabulary,
      problems,
    });
  const metric = MetricSchema.safeParse(
    {
      ...fields,
      ...(structured ? { benchmarks: structured.benchmarks } : {}),
      ...body.fields,
      slug: file.slug,
    },
    REPORT_INPUT,
  );
  if (!metric.success) return void reportIssues(file.path, metric.error, problems);
  if (metric.data.benchmarks && benchmarksReviewed === undefined) {
    problems.push(`${file.path}: benchmarksReviewed: is required when benchmarks are given`);
  }
  if (!metric.data.benchmarks && benchmarksReviewed !== undefined) {
    problems.push(`${file.path}: benchmarksReviewed: is given but there are no benchmarks`);
  }
  if (!metric.data.benchmarks && comparison !== undefined) {
    problems.push(`${file.path}: comparison: is given but there are no benchmarks`);
  }
  if (comparison?.convert && (comparison.unit !== "percent" || comparison.per === undefined)) {
    problems.push(`${file.path}: comparison.convert: needs unit "percent" and a "per" period`);
  }
  if (calculator && notComputable) {
    problems.push(`${file.path}: notComputable: a metric with a calculator is computable`);
  }
  if (calculator) {
    problems.push(
      ...calculatorProblems(calculator, {
        inPractice: metric.data.inPractice,
        at: `${file.path}: calculator`,
      }),
    );
  }
  const figures = structured?.figures ?? [];
  return {
    ...metric.data,
    ...catalogOnlyOf({ ...rest, figures: figures.length > 0 ? figures : undefined }),
  };
}

function parseFramework(file: FileText, problems: string[]): Framework | undefined {
  const body = readBody(file, FRAMEWORK_SECTIONS, problems);
  if (body.frontMatter === undefined) return undefined;
  const front = FrameworkFrontMatterSchema.safeParse(body.frontMatter, REPORT_INPUT);
  if (!front.success) reportIssues(file.path, front.error, problems);
  if (!front.success || !body.ok) return undefined;
  problems.push(...sourcesProblems(front.data.sources, `${file.path}: sources`));
  front.data.examples.forEach(({ source }, index) => {
    if (source) problems.push(...sourceProblems(source, `${file.path}: examples[${index}].source`));
  });
  const framework = FrameworkSchema.safeParse(
    {
      ...front.data,
      examples: front.data.examples.map(({ source, ...example }) => ({
        ...example,
        ...(source ? { source: { label: source.label, url: source.url } } : {}),
      })),
      sources: front.data.sources.map(({ label, url }) => ({ label, url })),
      ...body.fields,
      slug: file.slug,
    },
    REPORT_INPUT,
  );
  if (!framework.success) return void reportIssues(file.path, framework.error, problems);
  return framework.data;
}

/** Splits a file and maps its sections to fields, reporting unknown and missing sections. */
function readBody(file: FileText, headings: Record<string, string>, problems: string[]) {
  const split = splitRecordFile(file.text);
  const local = split.problems.map((problem) => `${file.path}: ${problem}`);
  const fields: Record<string, string> = {};
  for (const [heading, text] of split.sections) {
    const field = Object.hasOwn(headings, heading) ? headings[heading] : undefined;
    if (field === undefined) {
      const known = Object.keys(headings).map((name) => `"${name}"`).join(", ");
      local.push(`${file.path}: ## ${heading}: unknown section; the sections are ${known}`);
    } else if (text === "") {
      local.push(`${file.path}: ## ${heading}: section is empty`);
    } else {
      fields[field] = text;
    }
  }
  problems.push(...local);
  return { frontMatter: split.frontMatter, fields, ok: local.length === 0 };
}

/** A YAML file of the catalog folder, checked; `undefined` when it is absent or has problems. */
async function readYaml<T>(
  { fs, dir, label, problems }: Reading,
  name: string,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const path = `${label}/${name}`;
  let bytes: Uint8Array | undefined;
  try {
    bytes = await fs.read(inFolder(dir, name));
  } catch (error) {
    if (error instanceof Problem) throw error;
    problems.push(`${path}: cannot read the file (${errorName(error)})`);
    return undefined;
  }
  if (bytes === undefined) return undefined;
  const yaml = parseYaml(new TextDecoder().decode(bytes));
  if (!yaml.ok) {
    problems.push(`${path}${yaml.line === undefined ? "" : ` line ${yaml.line}`}: ${yaml.message}`);
    return undefined;
  }
  const parsed = schema.safeParse(yaml.value ?? {}, REPORT_INPUT);
  if (!parsed.success) return void reportIssues(path, parsed.error, problems);
  return parsed.data;
}

function reportIssues(path: string, error: z.ZodError, problems: string[]) {
  for (const issue of error.issues) reportIssue(path, issue, problems);
}

function reportIssue(path: string, issue: z.core.$ZodIssue, problems: string[]) {
  if (issue.code === "unrecognized_keys") {
    for (const key of issue.keys) {
      problems.push(`${path}: ${formatPath([...issue.path, key])}: unknown field`);
    }
    return;
  }
  if (issue.code === "invalid_union") {
    // A benchmark entry is a sentence or an object: an object's problems are its own fields'.
    const input: unknown = issue.input;
    const branch = typeof input === "object" && input !== null && !Array.isArray(input)
      ? issue.errors.find((errors) =>
        !errors.some((inner) => inner.code === "invalid_type" && inner.path.length === 0)
      )
      : undefined;
    if (branch) {
      for (const inner of branch) {
        reportIssue(path, { ...inner, path: [...issue.path, ...inner.path] }, problems);
      }
      return;
    }
    problems.push(
      `${path}: ${
        formatPath(issue.path)
      }: must be a sentence, or an object with "text" and "figures"`,
    );
    return;
  }
  problems.push(`${path}: ${formatPath(issue.path) || "front matter"}: ${describe(issue)}`);
}

function formatPath(path: PropertyKey[]): string {
  return path.map((part, index) =>
    typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`
  ).join("");
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.input === null) return `must be ${article(issue.expected)}, not null`;
      return `must be ${article(issue.expected)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((value) => `"${String(value)}"`).join(", ")}`;
    case "too_small":
      if (issue.origin === "array") return `must have at least ${issue.minimum} item(s)`;
      return "must not be empty";
    case "invalid_format":
      return issue.format === "regex" || issue.format === "url" || issue.format === "date"
        ? issue.message
        : `must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  return expected === "array" || expected === "object" ? `an ${expected}` : `a ${expected}`;
}

function errorName(error: unknown): string {
  if (error instanceof Error && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return error instanceof Error ? error.name : String(error);
}
