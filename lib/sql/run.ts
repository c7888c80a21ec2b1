/**
 * The data run as a library: one recipe, or many, run on DuckDB (loaded only then) over the files
 * of a folder shaped like the reference schema (or, with `from`, as sources such as Stripe export
 * them: `sources.ts`), each with its parameters from options or the last full period before the
 * data ends. Each file is found, read and checked once, however many recipes read it. The answer is data: the calculator's inputs, the parameters they were counted
 * with and the period they were counted over. The CLI's `calc`, `compare` and `report` print it.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PACKAGE_NAME } from "../policy.ts";
import { Problem } from "../problem.ts";
import { type DataFile, findFiles, FORMATS } from "./find_files.ts";
import { type Loaded, loadFiles } from "./load_files.ts";
import { timestampText } from "./dialect.ts";
import {
  DUCKDB_PACKAGE,
  DUCKDB_VERSION,
  type Engine,
  type Limits,
  openDuckDb,
  type PackageImporter,
} from "./duckdb.ts";
import {
  type Counted,
  countedNames,
  countedOf,
  defaultWords,
  earlierPeriod,
  filledFrom,
  givenValue,
  neededWords,
  optionName,
  type Parameters,
  resolveParameters,
} from "./parameters.ts";
import { bindRecipe, type Recipe } from "./recipe.ts";
import type { SourceName } from "./source_files.ts";
import { loadSources, parseSources, tablesOf as sourceTables } from "./sources.ts";
import { SCHEMA_VERSION, TABLES } from "./schema.ts";

export type { Counted };

/** What a recipe gave on someone's data. */
export interface FromData {
  /** The folder of files, as given. */
  folder: string;
  engine: "duckdb";
  /** The version of the reference schema the files follow. */
  schemaVersion: string;
  /** The instant the data is complete up to: `--as-of`, else the earliest file's last instant. */
  asOf: string;
  /** Whether `asOf` was given (`--as-of`), rather than where the data ends. */
  asOfGiven: boolean;
  /** Every parameter of the recipe, as it ran. */
  parameters: Record<string, string | number>;
  /** The parameters that took their default, each with how ("the last full month"). */
  defaults: Record<string, string>;
  /** How many periods the default moved back because a later one's window was still open. */
  movedBack: number;
  /** The period or cohort the rows were counted over, when the recipe counts over one. */
  counted?: Counted;
  /** The calculator's inputs as the recipe returned them, as text. */
  inputs: Record<string, string>;
}

/** One recipe of a run, with the inputs its answer must give. */
export interface RecipeJob {
  recipe: Recipe;
  /** The calculator's inputs, by name, that the recipe's row must hold. */
  inputs: readonly string[];
  /**
   * Why the calculator finds nothing to count in these inputs (a denominator that is 0), or
   * undefined when it can compute: a default period with nothing to count moves back.
   */
  counts?: (inputs: Readonly<Record<string, string>>) => string | undefined;
}

/** How a run reaches DuckDB, and the options every recipe of it shares. */
export interface RunOptions {
  /**
   * The recipes' parameters (`period-start` or `period_start`), `--as-of`, DuckDB's
   * `memory-limit` and `temp-dir`, and `from` (`stripe,posthog`: the sources whose own files
   * give the tables they map), by option name.
   */
  options: Readonly<Record<string, string>>;
  /** Loads DuckDB's package; undefined where it cannot be loaded (the single binary). */
  importPackage: PackageImporter | undefined;
  /** The size on disk up to which a CSV file is held in memory (see `loadFiles`). */
  inMemoryBytes?: Readonly<Record<"csv" | "csv.gz", number>> | undefined;
}

/** How one recipe of a run of many ended. */
export type Outcome =
  | { metric: string; ok: true; run: FromData }
  | {
    metric: string;
    ok: false;
    /** What the folder lacks for it: a table's file, or an option with no default. */
    needs?: string[];
    /** Why it gave no answer, when the folder has what it reads. */
    problem?: Problem;
  };

/** The most periods a default moves back to find one whose window has closed. */
const MOST_MOVES = 400;

/**
 * The most periods a default with nothing to count moves back: a year of months, four quarters;
 * a figure older than that says little of the business now.
 */
const MOST_EMPTY_MOVES = 12;

/**
 * Runs one recipe on the files of a folder and returns the calculator's `inputs` with the
 * parameters it ran with. Each problem is a {@linkcode Problem}, in the order a person fixes
 * them: options, engine, files, rows, periods.
 */
export async function runRecipe(
  job: RecipeJob,
  folder: string,
  { options, importPackage, inMemoryBytes }: RunOptions,
): Promise<FromData> {
  const { recipe } = job;
  const { limits, sources, rest } = engineOptions(options);
  const given = givenParameters(recipe, rest);
  const asOfGiven = asOfOption(rest);
  const module = await loadEngine(importPackage);
  await checkFolder(folder);
  // --from: the tables its sources give come from their own files, the others from the schema's
  const mapped = givenBy(sources).filter((name) => recipe.tables.includes(name));
  const tables = tablesOf(recipe).filter((table) => !mapped.includes(table.name));
  const files = await findFiles(folder, { tables, reads: readsWords(recipe, sources) });
  const engine = await openDuckDb(module, limits);
  try {
    const loaded = [
      ...sources ? await loadSources(engine, folder, { sources, tables: mapped }) : [],
      ...await loadFiles(engine, files, inMemoryBytes && { inMemoryBytes }),
    ];
    return await runLoaded(engine, job, { given, asOfGiven, loaded, folder });
  } finally {
    engine.close();
  }
}

/**
 * Runs many recipes on the files of a folder in one engine: each file is read and checked once,
 * then every recipe whose tables all have a file runs with the options it takes. A recipe whose
 * table has no file, or that needs an option not given, is listed with what it needs; one that
 * finds no answer, with its problem. A problem of the options, the engine or a file ends the run.
 */
export async function runRecipes(
  jobs: readonly RecipeJob[],
  folder: string,
  { options, importPackage, inMemoryBytes }: RunOptions,
): Promise<Outcome[]> {
  const { limits, sources, rest } = engineOptions(options);
  const asOfGiven = asOfOption(rest);
  checkTaken(jobs.map((job) => job.recipe), rest);
  const module = await loadEngine(importPackage);
  await checkFolder(folder);
  const mapped = givenBy(sources);
  const present = await presentFiles(folder, mapped);
  const outcomes: (Outcome | { job: RecipeJob; given: Record<string, string> })[] = jobs.map(
    (job) => {
      const { recipe } = job;
      const lacks = recipe.tables.filter((name) => !present.has(name) && !mapped.includes(name));
      if (lacks.length > 0) {
        const needs = lacks.map((name) => `${name}.csv`);
        return { metric: recipe.metric, ok: false, needs };
      }
      const taken = Object.fromEntries(
        Object.entries(rest).filter(([name]) => takes(recipe, name)),
      );
      const needs = recipe.parameters
        .filter((parameter) => parameter.type === "text" && !takesAny(taken, parameter.name))
        .map(neededWords);
      if (needs.length > 0) return { metric: recipe.metric, ok: false, needs };
      return { job, given: givenParameters(recipe, taken) };
    },
  );
  const runnable = outcomes.flatMap((item) => "job" in item ? [item] : []);
  const read = new Set(runnable.flatMap(({ job }) => job.recipe.tables));
  const files = [...present.values()].filter((file) => read.has(file.table.name));
  const fromSources = mapped.filter((name) => read.has(name));
  if (files.length === 0 && fromSources.length === 0) {
    return outcomes.flatMap((item) => "job" in item ? [] : [item]);
  }
  const engine = await openDuckDb(module, limits);
  try {
    const loaded = [
      ...sources ? await loadSources(engine, folder, { sources, tables: fromSources }) : [],
      // a file that several recipes read is parsed once into memory, however large, as each
      // recipe would otherwise read it again from disk; DuckDB spills past its memory limit
      ...await loadFiles(engine, files, heldBy(runnable, inMemoryBytes)),
    ];
    const results: Outcome[] = [];
    for (const item of outcomes) {
      if (!("job" in item)) {
        results.push(item);
        continue;
      }
      const mine = loaded.filter((data) => item.job.recipe.tables.includes(data.file.table.name));
      const run = await problemOrAsync(() =>
        runLoaded(engine, item.job, { given: item.given, asOfGiven, loaded: mine, folder })
      );
      if (run instanceof OptionProblem) throw run;
      results.push(
        run instanceof Problem
          ? { metric: item.job.recipe.metric, ok: false, problem: run }
          : { metric: item.job.recipe.metric, ok: true, run },
      );
    }
    return results;
  } finally {
    engine.close();
  }
}

/** Holds every CSV file in memory when more than one recipe reads a table, else the default. */
function heldBy(
  runnable: readonly { job: RecipeJob }[],
  given: RunOptions["inMemoryBytes"],
): { inMemoryBytes?: Readonly<Record<"csv" | "csv.gz", number>> } {
  if (given) return { inMemoryBytes: given };
  const reads = runnable.flatMap(({ job }) => job.recipe.tables);
  const shared = reads.some((table, index) => reads.indexOf(table) !== index);
  return shared ? { inMemoryBytes: { csv: Infinity, "csv.gz": Infinity } } : {};
}

/** A promise's value, or the {@linkcode Problem} it rejected with; anything else is thrown. */
async function problemOrAsync<T>(work: () => Promise<T>): Promise<T | Problem> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
}

/** The reference tables a recipe reads. */
function tablesOf(recipe: Recipe) {
  return recipe.tables.flatMap((name) => TABLES.filter((table) => table.name === name));
}

/** The reference tables `--from`'s sources give, by name; none without `--from`. */
function givenBy(sources: readonly SourceName[] | undefined): string[] {
  return (sources ?? []).flatMap((source) => sourceTables(source));
}

/** What a recipe reads, for the message of a missing file. */
function readsWords(recipe: Recipe, sources: readonly SourceName[] | undefined): string {
  const endings = FORMATS.map((format) => `.${format}`);
  return `${recipe.metric}'s recipe reads ${recipe.tables.join(", ")}: one file each, ` +
    `${endings.slice(0, -1).join(", ")} or ${endings.at(-1)}, with the columns of its table in ` +
    `the reference schema (${PACKAGE_NAME} sql --schema)` +
    (sources ? `, where --from ${sources.join(",")} does not give it` : "");
}

/**
 * The file of each table of the schema that has one in the folder, by table name, leaving out
 * the tables `--from`'s sources give (`mapped`).
 */
async function presentFiles(
  folder: string,
  mapped: readonly string[],
): Promise<Map<string, DataFile>> {
  const present = new Map<string, DataFile>();
  for (const table of TABLES.filter(({ name }) => !mapped.includes(name))) {
    const found = await problemOrAsync(() => findFiles(folder, { tables: [table], reads: "" }));
    if (found instanceof Problem) {
      if (/: no such file,/.test(found.message)) continue;
      throw found;
    }
    for (const file of found) present.set(table.name, file);
  }
  if (present.size === 0 && mapped.length === 0) {
    const names = TABLES.map((table) => `${table.name}.csv`).join(", ");
    throw new Problem(
      `${folder}: no file of the reference schema; name each table's file after it (${names}), ` +
        `as CSV, CSV compressed by gzip or Parquet (${PACKAGE_NAME} sql --schema)`,
    );
  }
  return present;
}

/** Loads DuckDB through the entry's importer; the single binary has none. */
function loadEngine(importPackage: PackageImporter | undefined): Promise<unknown> {
  if (importPackage === undefined) {
    throw new Problem(
      `--data runs the recipe on DuckDB, which this single binary cannot load: run the same ` +
        `command with deno task cli in a checkout, or with the npm package and ` +
        `${DUCKDB_PACKAGE}@${DUCKDB_VERSION} installed beside it`,
    );
  }
  return importPackage(DUCKDB_PACKAGE, DUCKDB_VERSION);
}

/** Runs a recipe on files already loaded, from its parameters to its answer. */
async function runLoaded(
  engine: Engine,
  job: RecipeJob,
  { given, asOfGiven, loaded, folder }: {
    given: Readonly<Record<string, string>>;
    asOfGiven: string | undefined;
    loaded: readonly Loaded[];
    folder: string;
  },
): Promise<FromData> {
  const { recipe } = job;
  const reaches = loaded.flatMap((data) => data.reach ? [data.reach] : []);
  if (reaches.length === 0) {
    throw new Problem(
      `${loaded.map((data) => data.file.path).join(", ")}: no instant in any row, so the data ` +
        "says no period",
    );
  }
  const asOf = asOfGiven === undefined
    ? Math.min(...reaches.map((reach) => reach.last))
    : instant(asOfGiven);
  const first = Math.min(...reaches.map((reach) => reach.first));
  const parameters = resolveParameters(recipe, given, { asOf });
  if (asOfGiven === undefined) checkComplete(recipe, parameters, asOf);
  checkBegun(recipe, parameters, loaded);
  checkFilled(recipe, parameters, first);
  return await answer(engine, recipe, {
    parameters,
    asOf,
    asOfGiven: asOfGiven !== undefined,
    first,
    folder,
    inputs: job.inputs,
    counts: job.counts ?? (() => undefined),
  });
}

/**
 * Runs the recipe with its parameters, moving a period that took its default back while its
 * window is still open, and returns what the run gave.
 */
async function answer(
  engine: Engine,
  recipe: Recipe,
  { parameters: start, asOf, asOfGiven, first, folder, inputs, counts }: {
    parameters: Parameters;
    asOf: number;
    asOfGiven: boolean;
    first: number;
    folder: string;
    inputs: readonly string[];
    counts: (inputs: Readonly<Record<string, string>>) => string | undefined;
  },
): Promise<FromData> {
  let parameters = start;
  let movedBack = 0;
  let why: "open" | "empty" = "open";
  let empty: string | undefined;
  for (;;) {
    const bound = bindRecipe(recipe, parameters.values, { dialect: "duckdb" });
    const answer = await engine.query(bound.sql, bound.values);
    const row = answer.rows[0];
    const given = row === undefined
      ? undefined
      : inputsOf(recipe, parameters, inputs, answer.columns, row);
    empty = given === undefined ? undefined : counts(given);
    if (empty !== undefined) why = "empty";
    if (
      given !== undefined &&
      (empty === undefined || earlierPeriod(recipe, parameters) === undefined)
    ) {
      const defaulted = [...parameters.defaulted];
      const counted = countedOf(recipe, parameters.values);
      return {
        folder,
        engine: "duckdb",
        schemaVersion: SCHEMA_VERSION,
        asOf: timestampText(asOf),
        asOfGiven,
        parameters: parameters.values,
        defaults: Object.fromEntries(
          defaulted.map((name) => [
            name,
            defaultWords(recipe, name, { defaulted, moved: movedBack > 0 && why }),
          ]),
        ),
        movedBack,
        ...(counted ? { counted } : {}),
        inputs: given,
      };
    }
    const earlier = earlierPeriod(recipe, parameters);
    // an empty period may begin before the data does; a cohort must begin within it
    const outside = earlier === undefined ||
      (why === "empty" ? endOf(earlier) <= first : startOf(earlier) < first);
    const most = why === "empty" ? MOST_EMPTY_MOVES : MOST_MOVES;
    if (earlier === undefined || movedBack >= most || outside) {
      if (why === "empty") {
        const where = outside ? "where the data begins" : `${most} periods back`;
        throw new Problem(
          `${recipe.metric}'s recipe finds nothing to count from ${written(start.values)} back ` +
            `to ${written(parameters.values)}, ${where}: ${empty}`,
        );
      }
      throw new Problem(
        `${recipe.metric}'s recipe answers nothing for ${written(parameters.values)}: its ` +
          `window has not closed by ${timestampText(asOf)}, where the data ends; give an ` +
          `earlier period, or a later --as-of if the data is complete further`,
      );
    }
    parameters = earlier;
    movedBack++;
  }
}

/**
 * Refuses a period given to run past where the data ends, which the recipe would count as if it
 * were complete; `--as-of` says the data is complete further. A cohort's window is the recipe's
 * own to wait for (`:as_of`).
 */
function checkComplete(recipe: Recipe, parameters: Parameters, asOf: number): void {
  const { values } = parameters;
  const counted = countedOf(recipe, values);
  const ends = [
    ...(counted?.of === "period" ? [instant(counted.end)] : []),
    ...(values.snapshot_at === undefined ? [] : [instant(values.snapshot_at)]),
  ];
  for (const end of ends) {
    if (end <= asOf) continue;
    throw new OptionProblem(
      `${recipe.metric}'s period ${written(values)} ends at ${timestampText(end)}, after ` +
        `where the data ends (${timestampText(asOf)}), so it would be counted as if complete: ` +
        `give an earlier period, or --as-of ${timestampText(end).replace(/ 00:00:00$/, "")} if ` +
        "the data is complete to then",
    );
  }
}

/**
 * A problem with the options a run was given, rather than with one recipe: a run of many recipes
 * ends on it, as each would meet it.
 */
class OptionProblem extends Problem {}

/** Refuses a period given that ends before the data begins, naming the file that begins first. */
function checkBegun(recipe: Recipe, parameters: Parameters, loaded: readonly Loaded[]): void {
  const counted = countedOf(recipe, parameters.values);
  const given = countedNames(recipe).some((name) => !parameters.defaulted.includes(name));
  if (counted === undefined || !given) return;
  const [earliest] = loaded.filter((data) => data.reach)
    .sort((a, b) => (a.reach?.first ?? 0) - (b.reach?.first ?? 0));
  const first = earliest?.reach?.first;
  if (earliest === undefined || first === undefined || instant(counted.end) > first) return;
  throw new OptionProblem(
    `${recipe.metric}'s period ${written(parameters.values)} ends before the data begins: ` +
      `the earliest row, in ${earliest.file.path}, is at ${timestampText(first)}; give a ` +
      "period the data covers",
  );
}

/**
 * Refuses a default period that begins before the data does, which the recipe would count as if
 * nothing were there before (a year of revenue from four months of rows): the message names the
 * default it tried and the whole months the data holds, to give instead.
 */
function checkFilled(recipe: Recipe, parameters: Parameters, first: number): void {
  const counted = countedOf(recipe, parameters.values);
  if (counted === undefined || instant(counted.start) >= first) return;
  const all = countedNames(recipe);
  const names = all.filter((name) => parameters.defaulted.includes(name));
  if (names.length !== all.length) return;
  const words = defaultWords(recipe, names[0] ?? "", { defaulted: parameters.defaulted });
  const instead = filledFrom(first, instant(counted.end));
  const [startName = "", endName = ""] = all;
  const give = instead === undefined
    ? "the data holds no whole month before then, so give a later --as-of once it does"
    : names.length === 2
    ? `give a period the data covers, such as ${optionName(startName)} ${day(instead.start)} ${
      optionName(endName)
    } ${day(instead.end)}, and the value is counted over that period`
    : `give an ${optionName(startName)} the data covers, such as ${day(instead.start)}`;
  throw new Problem(
    `${recipe.metric}'s default period is ${words} (${written(parameters.values)}), but the ` +
      `data begins at ${timestampText(first)}: ${give}`,
  );
}

/** An instant as the date people type. */
const day = (at: number) => timestampText(at).slice(0, 10);

/** The options that set DuckDB's limits and the sources the files come from, checked; the rest. */
function engineOptions(
  options: Readonly<Record<string, string>>,
): { limits: Limits; sources: SourceName[] | undefined; rest: Record<string, string> } {
  const rest: Record<string, string> = {};
  let sources: SourceName[] | undefined;
  let memoryLimit: string | undefined;
  let tempDirectory: string | undefined;
  for (const [typed, value] of Object.entries(options)) {
    const name = typed.replaceAll("_", "-");
    if (name === "memory-limit") {
      if (!/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(value.trim())) {
        throw new Problem(
          `--memory-limit "${value.slice(0, 40)}" is not an amount of memory: write it as ` +
            "4GB, 512MB or 8GiB",
          { exitCode: 2 },
        );
      }
      memoryLimit = value.trim();
    } else if (name === "temp-dir") tempDirectory = value;
    else if (name === "from") sources = parseSources(value);
    else rest[typed] = value;
  }
  return {
    rest,
    sources,
    limits: {
      memoryLimit,
      tempDirectory: tempDirectory ??
        join(tmpdir(), `metrics-catalog-duckdb-${Date.now().toString(36)}`),
    },
  };
}

/** `--as-of` among the options, checked, or undefined. */
function asOfOption(options: Readonly<Record<string, string>>): string | undefined {
  const value = options["as-of"] ?? options.as_of;
  if (value !== undefined) givenValue({ name: "as_of", type: "timestamp", means: "" }, value);
  return value;
}

/** Whether a recipe takes an option (`period-start` or `period_start`) as a parameter. */
const takes = (recipe: Recipe, typed: string) =>
  recipe.parameters.some((parameter) => parameter.name === typed.replaceAll("-", "_"));

/** Whether the options give a parameter, by either spelling of its name. */
const takesAny = (options: Readonly<Record<string, string>>, name: string) =>
  Object.keys(options).some((typed) => typed.replaceAll("-", "_") === name);

/** Refuses an option that none of the recipes of a run takes, listing those they do. */
function checkTaken(recipes: readonly Recipe[], options: Readonly<Record<string, string>>): void {
  for (const typed of Object.keys(options)) {
    const name = typed.replaceAll("-", "_");
    if (name === "as_of" || recipes.some((recipe) => takes(recipe, typed))) continue;
    const all = new Set(recipes.flatMap((recipe) => recipe.parameters.map((item) => item.name)));
    throw new Problem(
      `Unknown option "--${typed.slice(0, 40)}" with --data: the recipes take ${
        [...all].map(optionName).sort().join(", ")
      }`,
      { exitCode: 2 },
    );
  }
}

/**
 * The recipe's parameters among the options, by parameter name, each value checked; an option
 * the recipe does not take is a usage error that lists the ones it does.
 */
function givenParameters(
  recipe: Recipe,
  options: Readonly<Record<string, string>>,
): Record<string, string> {
  const given: Record<string, string> = {};
  const takes = [
    ...recipe.parameters.map((parameter) => optionName(parameter.name)),
    ...(recipe.parameters.some((parameter) => parameter.name === "as_of") ? [] : ["--as-of"]),
  ];
  for (const [typed, value] of Object.entries(options)) {
    const name = typed.replaceAll("-", "_");
    const parameter = recipe.parameters.find((candidate) => candidate.name === name);
    if (name === "as_of") asOfOption({ as_of: value });
    if (parameter === undefined) {
      if (name === "as_of") continue;
      throw new Problem(
        `Unknown option "--${typed.slice(0, 40)}" with --data: ${recipe.metric}'s recipe takes ` +
          `${takes.join(", ")}; the data gives the calculator's inputs`,
        { exitCode: 2 },
      );
    }
    givenValue(parameter, value);
    given[name] = value;
  }
  // a missing event name and a period that ends before it starts are found before any file is read
  resolveParameters(recipe, given, { asOf: Date.now() });
  return given;
}

/** Checks that `--data` names a folder. */
async function checkFolder(folder: string): Promise<void> {
  let isFolder = false;
  try {
    isFolder = (await stat(folder)).isDirectory();
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
    throw new Problem(`--data "${folder.slice(0, 200)}": no such folder`);
  }
  if (!isFolder) throw new Problem(`--data "${folder.slice(0, 200)}" is not a folder`);
}

/** Where a period starts, in milliseconds since 1970. */
function startOf(parameters: Parameters): number {
  const { values } = parameters;
  const start = values.period_start ?? values.cohort_start ?? values.cohort_day;
  return start === undefined ? -Infinity : instant(start);
}

/** Where a period ends, in milliseconds since 1970 (a cohort day ends a day after it begins). */
function endOf(parameters: Parameters): number {
  const { values } = parameters;
  const end = values.period_end ?? values.cohort_end;
  return end === undefined ? startOf(parameters) + 86_400_000 : instant(end);
}

/** A date or timestamp parameter as milliseconds since 1970, in UTC. */
function instant(value: string | number): number {
  return Date.parse(`${timestampText(value).replace(" ", "T")}Z`);
}

/** Parameters as a person reads them in a message: `--period-start 2024-03-01, …`. */
function written(values: Readonly<Record<string, string | number>>): string {
  return Object.entries(values)
    .map(([name, value]) => `${optionName(name)} ${String(value).replace(/ 00:00:00$/, "")}`)
    .join(", ");
}

/** The calculator's inputs from the recipe's row, as text; a missing one is an error. */
function inputsOf(
  recipe: Recipe,
  parameters: Parameters,
  names: readonly string[],
  columns: readonly string[],
  row: readonly unknown[],
): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const name of names) {
    const at = columns.indexOf(name);
    if (at === -1) {
      throw new Problem(
        `${recipe.metric}'s recipe returns ${columns.join(", ")}, not the calculator's input ` +
          `"${name}"`,
      );
    }
    const value = row[at];
    const text = typeof value === "number"
      ? plainNumber(value)
      : typeof value === "string" || typeof value === "bigint"
      ? String(value)
      : undefined;
    if (text === undefined) {
      throw new Problem(
        `The data gives no value for "${name}" with ${written(parameters.values)}: ` +
          `nothing in the files counts toward it`,
      );
    }
    inputs[name] = text;
  }
  return inputs;
}

/** A number as plain digits, never in exponent form, as the calculator reads an input. */
function plainNumber(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) >= 1 ? BigInt(Math.round(value)).toString() : value.toFixed(20)
    .replace(/0+$/, "");
}
