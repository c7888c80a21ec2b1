/**
 * `--data DIR`: a metric's SQL recipe run on DuckDB (loaded only then) over files shaped like the
 * reference schema, one a table (`subscriptions.csv`), with its parameters from options or the
 * last full period before the data ends; the answer is the calculator's inputs. `from_data.ts`
 * imports this module only for `--data`.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PACKAGE_NAME } from "../policy.ts";
import { Problem } from "../problem.ts";
import { findFiles, FORMATS, loadFiles } from "../sql/read_files.ts";
import { timestampText } from "../sql/dialect.ts";
import {
  DUCKDB_PACKAGE,
  DUCKDB_VERSION,
  type Engine,
  type Limits,
  openDuckDb,
  type PackageImporter,
} from "../sql/duckdb.ts";
import {
  defaultWords,
  earlierPeriod,
  givenValue,
  optionName,
  type Parameters,
  resolveParameters,
} from "../sql/parameters.ts";
import { bindRecipe, type Recipe } from "../sql/recipe.ts";
import { SCHEMA_VERSION, TABLES } from "../sql/schema.ts";

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
  /** The calculator's inputs as the recipe returned them, as text. */
  inputs: Record<string, string>;
}

/** The most periods a default moves back to find one whose window has closed. */
const MOST_MOVES = 400;

/**
 * Runs a recipe on the files of a folder and returns the calculator's `inputs` with the
 * parameters it ran with, set by `options` (`period-start` or `period_start`). Each problem is a
 * {@linkcode Problem}, in the order a person fixes them: options, engine, files, rows, periods.
 */
export async function runOnData(
  recipe: Recipe,
  folder: string,
  { options, inputs, importPackage, counts = () => undefined, inMemoryBytes }: {
    options: Readonly<Record<string, string>>;
    /** The size on disk up to which a CSV file is held in memory (see `loadFiles`). */
    inMemoryBytes?: Readonly<Record<"csv" | "csv.gz", number>> | undefined;
    inputs: readonly string[];
    importPackage: PackageImporter | undefined;
    /**
     * Why the calculator finds nothing to count in these inputs (a denominator that is 0), or
     * undefined when it can compute: a default period with nothing to count moves back.
     */
    counts?: (inputs: Readonly<Record<string, string>>) => string | undefined;
  },
): Promise<FromData> {
  const { limits, rest } = engineOptions(options);
  const given = givenParameters(recipe, rest);
  const asOfGiven = rest["as-of"] ?? rest.as_of;
  if (importPackage === undefined) {
    throw new Problem(
      `--data runs the recipe on DuckDB, which this single binary cannot load: run the same ` +
        `command with deno task cli in a checkout, or with the npm package and ` +
        `${DUCKDB_PACKAGE}@${DUCKDB_VERSION} installed beside it`,
    );
  }
  await checkFolder(folder);
  const tables = recipe.tables.flatMap((name) => TABLES.filter((table) => table.name === name));
  const endings = FORMATS.map((format) => `.${format}`);
  const reads = `${recipe.metric}'s recipe reads ${recipe.tables.join(", ")}: one file each, ` +
    `${endings.slice(0, -1).join(", ")} or ${endings.at(-1)}, with the columns of its table in ` +
    `the reference schema (${PACKAGE_NAME} sql --schema)`;
  const module = await importPackage(DUCKDB_PACKAGE, DUCKDB_VERSION);
  const files = await findFiles(folder, tables, reads);
  const engine = await openDuckDb(module, limits);
  try {
    const loaded = await loadFiles(engine, files, inMemoryBytes && { inMemoryBytes });
    const reaches = loaded.flatMap((data) => data.reach ? [data.reach] : []);
    if (reaches.length === 0) {
      throw new Problem(
        `${files.map((file) => file.path).join(", ")}: no instant in any row, so the data ` +
          "says no period",
      );
    }
    const asOf = asOfGiven === undefined
      ? Math.min(...reaches.map((reach) => reach.last))
      : instant(asOfGiven);
    const first = Math.min(...reaches.map((reach) => reach.first));
    const parameters = resolveParameters(recipe, given, asOf);
    if (asOfGiven === undefined) checkComplete(recipe, parameters, asOf);
    return await answer(engine, recipe, {
      parameters,
      asOf,
      asOfGiven: asOfGiven !== undefined,
      first,
      folder,
      inputs,
      counts,
    });
  } finally {
    engine.close();
  }
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
        inputs: given,
      };
    }
    const earlier = earlierPeriod(recipe, parameters);
    // an empty period may begin before the data does; a cohort must begin within it
    const outside = earlier === undefined ||
      (why === "empty" ? endOf(earlier) <= first : startOf(earlier) < first);
    if (earlier === undefined || movedBack >= MOST_MOVES || outside) {
      if (why === "empty") {
        throw new Problem(
          `${recipe.metric}'s recipe finds nothing to count from ${written(start.values)} back ` +
            `to ${written(parameters.values)}, where the data begins: ${empty}`,
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

/** How far a period runs past its first instant, for the periods named by their start. */
const SPANS: Record<string, (start: number) => number> = {
  week_start: (start) => start + 7 * 86_400_000,
  quarter_start: (start) => monthsLater(start, 3),
  year_start: (start) => monthsLater(start, 12),
};

function monthsLater(at: number, months: number): number {
  const date = new Date(at);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/**
 * Refuses a period given to run past where the data ends, which the recipe would count as if it
 * were complete; `--as-of` says the data is complete further. A cohort's window is the recipe's
 * own to wait for (`:as_of`).
 */
function checkComplete(recipe: Recipe, parameters: Parameters, asOf: number): void {
  const { values } = parameters;
  const ends: number[] = [];
  for (const name of ["period_end", "snapshot_at"]) {
    const value = values[name];
    if (value !== undefined) ends.push(instant(value));
  }
  for (const [name, span] of Object.entries(SPANS)) {
    const value = values[name];
    if (value !== undefined) ends.push(span(instant(value)));
  }
  for (const end of ends) {
    if (end <= asOf) continue;
    throw new Problem(
      `${recipe.metric}'s period ${written(values)} ends at ${timestampText(end)}, after ` +
        `where the data ends (${timestampText(asOf)}), so it would be counted as if complete: ` +
        `give an earlier period, or --as-of ${timestampText(end).replace(/ 00:00:00$/, "")} if ` +
        "the data is complete to then",
    );
  }
}

/** The options that set DuckDB's limits, checked, and the rest. */
function engineOptions(
  options: Readonly<Record<string, string>>,
): { limits: Limits; rest: Record<string, string> } {
  const rest: Record<string, string> = {};
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
    else rest[typed] = value;
  }
  return {
    rest,
    limits: {
      memoryLimit,
      tempDirectory: tempDirectory ??
        join(tmpdir(), `metrics-catalog-duckdb-${Date.now().toString(36)}`),
    },
  };
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
    if (name === "as_of") {
      givenValue({ name, type: "timestamp", means: "" }, value);
    }
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
  resolveParameters(recipe, given, Date.now());
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
