/**
 * The `--data DIR` option that `compare`, `calc` and `report` share: its help, the recipes run on
 * the folder's files (`lib/sql/run.ts`, and DuckDB with it, load only then), the metric calculated
 * from the inputs the data gave, and the scorecard of them all.
 *
 * @module
 */
import type { MetricRecord } from "../catalog/records.ts";
import { Problem, problemOr } from "../problem.ts";
import { calculate, type Calculation } from "../read/calculate.ts";
import type { ReadModel } from "../read/model.ts";
import { type Recipe, recipeOf, withoutRecipe } from "../read/recipes.ts";
import { type CliIo, type Context, TOOL } from "./command.ts";
import { type Scorecard, scorecardOf } from "../read/scorecard.ts";
import type { FromData, RecipeJob } from "../sql/run.ts";

/** What {@linkcode jobOf} makes a metric's job with. */
export interface JobOptions {
  /** The metric's SQL recipe. */
  recipe: Recipe;
  /** The read model, whose segment vocabulary the calculation reads. */
  read: ReadModel;
}

/** A metric's recipe as a job of a data run: the calculator's inputs, and when they count. */
export function jobOf(metric: MetricRecord, { recipe, read }: JobOptions): RecipeJob {
  return {
    recipe,
    inputs: Object.keys(metric.calculator?.inputs ?? {}),
    counts(inputs) {
      const calculated = problemOr(() =>
        calculate(metric, inputs, { segments: read.vocabulary() })
      );
      return calculated instanceof Problem ? calculated.message : undefined;
    },
  };
}

/** The `--data` option's row in the help of `compare` and `calc`. */
export const DATA_OPTION =
  "  --data DIR           Compute the value from your own data: CSV or Parquet files shaped " +
  "like the reference schema, run through the metric's SQL recipe on DuckDB";

/** What the help of `compare` and `calc` says of `--data`. */
export const DATA_DETAILS: readonly string[] = [
  "With --data, DIR holds one file for each table the recipe reads, named after it: CSV " +
  "(subscriptions.csv, events.csv.gz compressed by gzip) with a header row of the table's " +
  `columns, or Parquet (events.parquet) (${TOOL} sql --schema). DuckDB reads them itself, ` +
  "within --memory-limit (default 80% of memory, e.g. 4GB) and spilling past it to --temp-dir " +
  "(default a new folder in the system's temporary directory). " +
  "The recipe's parameters are options named after them " +
  "(--period-start 2024-03-01, --window-days 14, --activation-event created_project); " +
  "left out, a period is the last full one before the data ends (--as-of), and a setting the " +
  "recipe's default. The parameters and the inputs the data gave are printed with the answer. " +
  "With --from stripe, chargebee, segment or posthog (several separated by commas, such as " +
  "stripe,posthog), DIR holds those sources' own tables as they export them (examples/stripe/), " +
  "mapped onto the reference schema by the views the schema page shows; a table they do not " +
  "give is read as the schema's own file. " +
  "DuckDB (the npm package @duckdb/node-api) is loaded only then: deno task cli locks it, the " +
  "npm package needs it installed beside it, and the single binary cannot load it.",
];

/** Whether the arguments give `--data`, whose recipe's parameters are then options too. */
export function givesData(args: readonly string[]): boolean {
  return args.some((arg) => /^--data(=|$)/.test(arg));
}

/** What {@linkcode fromData} runs a metric's recipe on, besides the command's context. */
export interface FromDataOptions {
  /** The folder `--data` names, which holds the files. */
  folder: string;
  /** The command's own options, which are not the recipe's parameters. */
  own: readonly string[];
  /** The read model, whose segment vocabulary the calculation reads. */
  read: ReadModel;
}

/**
 * Runs a metric's recipe on the files of the folder `--data` names, with the options given
 * besides the command's own (`own`) as the recipe's parameters, and returns what it gave with the
 * metric calculated from it.
 */
export async function fromData(
  metric: MetricRecord,
  { values, io }: Context,
  { folder, own, read }: FromDataOptions,
): Promise<{ run: FromData; calculation: Calculation }> {
  const recipe = recipeOf(metric.slug);
  if (recipe === undefined) {
    throw new Problem(`"${metric.slug}" has no SQL recipe: ${withoutRecipe(metric)}`);
  }
  const options: Record<string, string> = {};
  for (const [key, value] of values) {
    if (key !== "data" && !own.includes(key) && typeof value === "string") options[key] = value;
  }
  const { runRecipe } = await import("../sql/run.ts");
  const run = await runRecipe(jobOf(metric, { recipe, read }), folder, {
    options,
    importPackage: io.importPackage,
  });
  const calculation = problemOr(() =>
    calculate(metric, run.inputs, { segments: read.vocabulary(), counted: run.counted })
  );
  if (calculation instanceof Problem) {
    throw new Problem(`The data's inputs give no ${metric.slug}: ${calculation.message}`);
  }
  return { run, calculation };
}

/**
 * Runs every metric's recipe on the files of a folder in one engine and returns the scorecard:
 * each metric computed and placed for the segment, then those it could not compute. `options` are
 * the recipes' parameters, `--as-of` and DuckDB's limits.
 */
export async function scorecardFromData(
  folder: string,
  { options, segment, read, importPackage }: {
    options: Readonly<Record<string, string>>;
    segment: Readonly<Record<string, string>>;
    read: ReadModel;
    importPackage: CliIo["importPackage"];
  },
): Promise<Scorecard> {
  const metrics = read.metrics().filter((metric) => metric.calculator);
  const jobs = metrics.flatMap((metric) => {
    const recipe = recipeOf(metric.slug);
    return recipe ? [jobOf(metric, { recipe, read })] : [];
  });
  const { runRecipes } = await import("../sql/run.ts");
  const outcomes = await runRecipes(jobs, folder, { options, importPackage });
  return scorecardOf({
    folder,
    outcomes,
    metrics,
    tables: new Map(jobs.map((job) => [job.recipe.metric, job.recipe.tables])),
    vocabulary: read.vocabulary(),
    segment,
  });
}
