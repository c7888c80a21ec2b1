/**
 * The command line, runtime-free: it parses the arguments, asks the read model and prints through
 * the writers it is given. `cli.ts` runs it on Deno; the npm package's entry runs it on Node.
 *
 * @module
 */
import { parseArgs } from "node:util";
import {
  type Catalog,
  type MetricRecord,
  type Tag,
  TAGS,
  toApiMetric,
} from "../catalog/records.ts";
import { createReadModel, type Lookup, type ReadModel, type RecordKind } from "../read/model.ts";
import { PACKAGE_NAME, VERSION } from "../policy.ts";
import { CatalogError } from "../catalog/folder.ts";
import { closestFinder } from "../read/text.ts";
import { type CompareInput, compareValue, segmentChoices } from "../read/compare.ts";
import { calculate, type Calculation, fewToCount } from "../read/calculate.ts";
import { findRecipe, recipeOf, withoutRecipe } from "../read/recipes.ts";
import { recipeText } from "../sql/recipe.ts";
import { type Dialect, DIALECTS } from "../sql/dialect.ts";
import { ddl } from "../sql/schema.ts";
import {
  catalogDirFrom,
  ServeError,
  type ServeOptions,
  serveOptionsFromEnv,
} from "../server/config.ts";
import {
  formatBenchmarks,
  formatCalculation,
  formatCalculatorInputs,
  formatComparison,
  formatFramework,
  formatFrameworkList,
  formatFromData,
  formatHits,
  formatMetric,
  formatMetricList,
  type TextStyle,
} from "./output.ts";
import type { FromData } from "./data.ts";

/** The tool's name, as usage lines show it: the command the package installs. */
export const TOOL = PACKAGE_NAME;

/** What the command line needs from the runtime it runs on. */
export interface CliIo {
  /** Reads an environment variable; `undefined` when unset or not readable. */
  env(name: string): string | undefined;
  /** Writes to standard output. */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /** Whether standard output is a terminal (colour, and its width). */
  isTerminal: boolean;
  /** The terminal's width in columns, when standard output is one. */
  columns?: number | undefined;
  /**
   * Loads the catalog: the folder given (`CATALOG_DIR`), or the one the tool ships with; with
   * `prebuilt: false`, from its Markdown files even when an up-to-date artifact is there.
   */
  loadCatalog(dir: string | undefined, options?: { prebuilt?: boolean }): Promise<Catalog>;
  /**
   * Validates the Markdown files of the folder given (or of the catalog the tool ships with) and
   * writes their artifact beside them; returns the catalog and the file written.
   */
  writeArtifact(dir: string | undefined): Promise<{ catalog: Catalog; file: string }>;
  /** Starts the HTTP service where the options say; resolves once it listens. */
  serve(catalog: Catalog, options: ServeOptions): Promise<void> | void;
  /** Runs the MCP server over stdio; resolves once it is connected. */
  serveMcp(catalog: Catalog): Promise<void>;
  /**
   * Imports an npm package the tool does not carry, pinned to `version`: DuckDB, which `--data`
   * runs the recipes on. Rejects with a {@linkcode CliError} that says how to get it where the
   * runtime cannot find it. Left out where no package can be loaded (the single binary), and
   * `--data` then says so in one line.
   */
  importPackage?: ((name: string, version: string) => Promise<unknown>) | undefined;
}

/** An error the command line reports in one line (and the usage, for usage errors). */
export class CliError extends Error {
  /** The process exit code: 1 for something not found, 2 for a usage or permission problem. */
  readonly exitCode: 1 | 2;
  /** The command whose usage follows a usage error. */
  readonly usage: Command | "tool" | undefined;
  constructor(message: string, exitCode: 1 | 2, usage?: Command | "tool") {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
    this.usage = usage;
  }
}

/**
 * The {@linkcode CliError} for standard output that cannot take the output: closed by the command
 * reading it (EPIPE, as after `| head -1`) or on a full device (ENOSPC, as `> /dev/full`); or
 * `undefined` for any other error. Deno's and Node's errors carry the same `code`.
 */
export function outputError(error: unknown): CliError | undefined {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  if (code === "EPIPE") {
    return new CliError(
      "The output was cut short: the command reading it stopped early; " +
        "to keep all of it, write it to a file",
      1,
    );
  }
  if (code === "ENOSPC") {
    return new CliError(
      "The output was cut short: no space is left on the device it goes to; " +
        "free some space or write it elsewhere",
      1,
    );
  }
  return undefined;
}

/** The line on stderr for an error the command line reports, with the tool's name before it. */
export function errorLine(error: CliError): string {
  return `${TOOL}: ${error.message}\n`;
}

type Command =
  | "list"
  | "show"
  | "search"
  | "benchmarks"
  | "compare"
  | "calc"
  | "frameworks"
  | "framework"
  | "sql"
  | "validate"
  | "serve"
  | "mcp";

interface CommandSpec {
  usage: string;
  /** A shorter usage for the tool's list of commands, when the full one is long. */
  listed?: string;
  summary: string;
  /**
   * What its own help adds after the summary, one entry a line as printed before wrapping: a
   * paragraph of whole sentences, a heading, an option row, or "" for a blank line. The help
   * wraps each entry to the width, so a sentence is never split across entries.
   */
  details?: string[];
  options: Record<string, { type: "string" | "boolean" }>;
  /** How many positional arguments it takes; -1 for one or more words. */
  positionals: number;
  /** Whether it also takes `--name value` options it does not list (a calculator's inputs). */
  openOptions?: true;
}

/** The `--data` option's row in the help of `compare` and `calc`. */
const DATA_OPTION =
  "  --data DIR           Compute the value from your own data: CSV or Parquet files shaped " +
  "like the reference schema, run through the metric's SQL recipe on DuckDB";

/** What the help of `compare` and `calc` says of `--data`. */
const DATA_DETAILS = [
  "With --data, DIR holds one file for each table the recipe reads, named after it: CSV " +
  "(subscriptions.csv, events.csv.gz compressed by gzip) with a header row of the table's " +
  `columns, or Parquet (events.parquet) (${TOOL} sql --schema). DuckDB reads them itself, ` +
  "within --memory-limit (default 80% of memory, e.g. 4GB) and spilling past it to --temp-dir " +
  "(default a new folder in the system's temporary directory). " +
  "The recipe's parameters are options named after them " +
  "(--period-start 2024-03-01, --window-days 14, --activation-event created_project); " +
  "left out, a period is the last full one before the data ends (--as-of), and a setting the " +
  "recipe's example. The parameters and the inputs the data gave are printed with the answer. " +
  "DuckDB (the npm package @duckdb/node-api) is loaded only then: deno task cli locks it, the " +
  "npm package needs it installed beside it, and the single binary cannot load it.",
];

const COMMANDS: Record<Command, CommandSpec> = {
  list: {
    usage: "list [--tag TAG] [--kind composite] [--json]",
    summary: "List the metrics from A to Z, optionally by tag or kind",
    options: { tag: { type: "string" }, kind: { type: "string" }, json: { type: "boolean" } },
    positionals: 0,
  },
  show: {
    usage: "show <slug or name> [--json]",
    summary: "Show every field of one metric",
    options: { json: { type: "boolean" } },
    positionals: 1,
  },
  search: {
    usage: "search <query> [--limit N] [--tag TAG] [--json]",
    summary: "Ranked search over metrics and frameworks, optionally only metrics with a tag",
    options: { limit: { type: "string" }, tag: { type: "string" }, json: { type: "boolean" } },
    positionals: -1,
  },
  benchmarks: {
    usage: "benchmarks <slug or name> [--json]",
    summary: "A metric's benchmark figures with the sources each cites and the review date",
    options: { json: { type: "boolean" } },
    positionals: 1,
  },
  compare: {
    usage: "compare <slug or name> <value> | --data DIR [--per PERIOD] [--segment key=value …] " +
      "[--json]",
    listed: "compare <slug or name> <value> [options]",
    summary: "Where your value stands against a metric's benchmark figures, with their " +
      "sources, and why any figure is not compared",
    details: [
      "Options:",
      "  --per PERIOD         The period your value is quoted per: day, week, month, quarter or " +
      "year (the metric's own when left out); month and year convert where the metric states how",
      "  --segment key=value  Your segment, once per key, such as model=b2b, acv=30k or arpa=$200 " +
      "(a band key takes a number); a figure that names no value for a key still applies, as a " +
      "broader one; figures for another segment are listed apart, not compared",
      "  --json               Print the comparison as JSON",
      DATA_OPTION,
      "",
      "The value is read as typed: 3, 3% and 3 % are 3%; $200, 200 and 0.2k are $200; a " +
      'percentage between 0 and 2 with a decimal part (1.04) must carry its % sign ("104%" ' +
      'or "1.04%")',
      "",
      ...DATA_DETAILS,
      "",
      `Example: ${TOOL} compare churn-rate 3% --segment model=b2b --segment arpa=200`,
      `From your data: ${TOOL} compare churn-rate --data exports/ --period-start 2024-03-01`,
      `The segment keys of one metric: ${TOOL} compare <slug> --help`,
    ],
    options: {
      per: { type: "string" },
      segment: { type: "string" },
      json: { type: "boolean" },
      data: { type: "string" },
    },
    positionals: 2,
  },
  calc: {
    usage: "calc <slug or name> [--INPUT VALUE …] | --data DIR [--PARAMETER VALUE …] [--json]",
    listed: "calc <slug or name> [--INPUT VALUE …]",
    summary: "Compute a metric from its inputs, show the formula with your numbers, and place " +
      "the result against the benchmark figures; without inputs, list the inputs",
    details: [
      "Each input is an option named as the metric's calculator names it; percentages are typed " +
      "as numbers (12 for 12%).",
      "",
      "Options:",
      "  --json               Print the result as JSON",
      DATA_OPTION,
      "",
      ...DATA_DETAILS,
      "",
      `Example: ${TOOL} calc churn-rate --lost 90 --start 2000`,
      `From your data: ${TOOL} calc net-revenue-retention --data exports/`,
    ],
    options: { json: { type: "boolean" }, data: { type: "string" } },
    positionals: 1,
    openOptions: true,
  },
  frameworks: {
    usage: "frameworks [--json]",
    summary: "List the measurement frameworks",
    options: { json: { type: "boolean" } },
    positionals: 0,
  },
  framework: {
    usage: "framework <slug or name> [--json]",
    summary: "Show every field of one framework",
    options: { json: { type: "boolean" } },
    positionals: 1,
  },
  sql: {
    usage: "sql <slug or name> | --schema [--dialect postgres|duckdb|clickhouse]",
    listed: "sql <slug or name> | --schema",
    summary: "Print a metric's SQL recipe, which computes it from your own tables, or with " +
      "--schema the DDL of the reference schema it reads",
    details: [
      "Options:",
      "  --schema             Print the reference schema's DDL instead of a recipe",
      "  --dialect NAME       postgres (the default), duckdb or clickhouse; a recipe is one text " +
      "for PostgreSQL and DuckDB, and ClickHouse's is that text through a few named rewrites, " +
      "ending with the settings it relies on",
      "",
      "The recipe is printed as its file is, to run as it is or save: replace each :name with a " +
      "value, or bind it. A metric without a recipe says why.",
      "",
      `Examples: ${TOOL} sql churn-rate > churn-rate.sql · ${TOOL} sql --schema --dialect duckdb` +
      ` · ${TOOL} sql churn-rate --dialect clickhouse`,
    ],
    options: { dialect: { type: "string" }, schema: { type: "boolean" } },
    positionals: 1,
  },
  validate: {
    usage: "validate [--write]",
    summary: "Check the catalog's Markdown files (CATALOG_DIR applies); print each problem with " +
      "file and field; --write also writes the validated artifact.json that loads in its place",
    options: { write: { type: "boolean" } },
    positionals: 0,
  },
  serve: {
    usage: "serve [--port N]",
    summary: "Start the HTTP service (PORT, HOSTNAME, BASE_URL apply)",
    options: { port: { type: "string" } },
    positionals: 0,
  },
  mcp: {
    usage: "mcp",
    summary: "Run the MCP server over stdio (for AI assistants)",
    options: {},
    positionals: 0,
  },
};

const isCommand = (name: string): name is Command => Object.hasOwn(COMMANDS, name);

/** The commands closest to a mistyped one ("lsit" → "list"). */
const closestCommand = closestFinder(Object.keys(COMMANDS).map((name) => ({ name, slug: name })));

function toolUsage(): string {
  const listed = (command: CommandSpec) => command.listed ?? command.usage;
  const width = Math.max(...Object.values(COMMANDS).map((command) => listed(command).length));
  return [
    `Usage: ${TOOL} <command> [options]`,
    "",
    "The reference catalog of product and growth metrics, in the terminal.",
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((command) =>
      `  ${listed(command).padEnd(width)}  ${command.summary}`
    ),
    "",
    "Options:",
    "  --json         Print the JSON API's shapes instead of text (read commands)",
    "  -h, --help     Show help for the tool or a command",
    "  -V, --version  Print the version",
    "",
    `Examples: ${TOOL} show churn-rate · ${TOOL} show NRR · ${TOOL} search "net dollar retention" · ` +
    `${TOOL} compare churn-rate 3 --segment model=b2b`,
  ].join("\n");
}

function commandUsage(command: Command): string {
  const { usage, summary, details = [] } = COMMANDS[command];
  return [
    `Usage: ${TOOL} ${usage}`,
    "",
    `${summary}.`,
    ...(details.length > 0 ? ["", ...details] : []),
  ]
    .join("\n");
}

/** How wide and how coloured text output is: the terminal, else `COLUMNS`, else 80. */
function textStyle(io: CliIo): TextStyle {
  const noColor = (io.env("NO_COLOR") ?? "") !== "";
  const columns = Number(io.env("COLUMNS"));
  const width = io.isTerminal && io.columns
    ? io.columns
    : Number.isInteger(columns) && columns > 0
    ? columns
    : 80;
  return { width: Math.min(Math.max(width, 40), 120), color: io.isTerminal && !noColor };
}

/** The usage text wrapped to the output width. */
function usageText(text: string, style: TextStyle): string {
  return text.split("\n").map((line) => {
    if (line.length <= style.width) return line;
    // A "usage  summary" row keeps the usage whole and wraps the summary under its column, or
    // on lines of its own, 4 columns in, when that column is too deep for the width.
    const column = /^\s*\S+(?:\s\S+)*?\s{2,}/.exec(line)?.[0].length ?? 0;
    const deep = column > style.width / 2;
    const indent = column === 0 ? 2 : deep ? 4 : column;
    const words = line.slice(column).split(" ").filter(Boolean);
    const lines: string[] = [];
    if (deep) lines.push(line.slice(0, column).trimEnd());
    let current = deep ? " ".repeat(indent) : line.slice(0, column);
    for (const word of words) {
      if (current.trim() !== "" && current.length + word.length + 1 > style.width) {
        lines.push(current.trimEnd());
        current = " ".repeat(indent);
      }
      current += (current.trim() === "" || current.endsWith(" ") ? "" : " ") + word;
    }
    lines.push(current.trimEnd());
    return lines.join("\n");
  }).join("\n");
}

/**
 * Parses a command's arguments with `node:util`'s `parseArgs`: `--name value`, `--name=value`,
 * boolean flags, `-h`, and `--` before positionals that start with a dash. A negative number is a
 * positional, and a string option takes the next argument whatever it looks like (`--limit -1`).
 * An option given twice keeps its last value in `values` and every value in `repeated`. Every
 * problem is a usage error worded here, so `parseArgs` runs without its own checks.
 */
function parse(command: Command, args: readonly string[]) {
  const { options, openOptions } = COMMANDS[command];
  // with --data, a recipe's parameters are options too, checked against the recipe later
  const open = openOptions || ("data" in options && args.some((arg) => /^--data(=|$)/.test(arg)));
  const known = { ...(open ? openOptionsOf(args) : {}), ...options };
  const { tokens } = parseArgs({
    args: [...args],
    options: known,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values = new Map<string, string | boolean>();
  const repeated = new Map<string, string[]>();
  const positionals: string[] = [];
  let negative = -1;
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") {
      positionals.push(token.value);
      continue;
    }
    const arg = args[token.index] ?? "";
    if (arg === "-h" || arg === "--help") {
      values.set("help", true);
      continue;
    }
    // parseArgs reads "-4.5" as the short options -4, -. and -5, each a token of the same argument.
    if (/^-\d/.test(arg)) {
      if (token.index !== negative) positionals.push(arg);
      negative = token.index;
      continue;
    }
    const { name, value } = token;
    const option = token.rawName.startsWith("--") && Object.hasOwn(known, name)
      ? known[name]
      : undefined;
    if (option === undefined) {
      throw new CliError(`Unknown option "${arg.slice(0, 40)}" for "${command}"`, 2, command);
    }
    if (option.type === "boolean") {
      if (value !== undefined) throw new CliError(`"--${name}" takes no value`, 2, command);
      values.set(name, true);
      continue;
    }
    if (value === undefined) throw new CliError(`"--${name}" needs a value`, 2, command);
    values.set(name, value);
    repeated.set(name, [...repeated.get(name) ?? [], value]);
  }
  return { values, repeated, positionals };
}

/**
 * The `--name` options among the arguments, but `--help`, as string options: a calculator's
 * inputs. A name seen after `--` or as another option's value is declared too, and parseArgs
 * still reads that argument as a positional or a value.
 */
function openOptionsOf(args: readonly string[]): Record<string, { type: "string" }> {
  return Object.fromEntries(args.flatMap((arg) => {
    const name = /^--([a-zA-Z][a-zA-Z0-9-]*)(?:=|$)/.exec(arg)?.[1];
    return name === undefined || name === "help" ? [] : [[name, { type: "string" as const }]];
  }));
}

/**
 * Runs the command line. Returns the exit code, or `"running"` when a server was started and the
 * process should stay up. Errors are reported on `stderr`; a {@linkcode CliError} decides the code.
 *
 * @example Show a metric by its abbreviation, as JSON
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCatalog } from "../mod.ts";
 * import { runCli } from "./main.ts";
 * let out = "";
 * const code = await runCli(["show", "NRR", "--json"], {
 *   env: () => undefined,
 *   stdout: (text) => out += text,
 *   stderr: () => {},
 *   isTerminal: false,
 *   loadCatalog: () => loadCatalog(),
 *   writeArtifact: () => Promise.reject(new Error("not in this example")),
 *   serve: () => {},
 *   serveMcp: async () => {},
 * });
 * assert.equal(code, 0);
 * assert.equal(JSON.parse(out).slug, "net-revenue-retention");
 * ```
 */
export async function runCli(args: string[], io: CliIo): Promise<number | "running"> {
  try {
    return await run(args, io);
  } catch (thrown) {
    // A catalog that does not validate, and a service that cannot start, are reported like the
    // tool's own errors, with their exit codes.
    const error = thrown instanceof CatalogError
      ? new CliError(thrown.message, 1)
      : thrown instanceof ServeError
      ? new CliError(thrown.message, thrown.exitCode)
      : thrown;
    if (!(error instanceof CliError)) throw error;
    io.stderr(errorLine(error));
    if (error.usage !== undefined) {
      const usage = error.usage === "tool" ? toolUsage() : commandUsage(error.usage);
      io.stderr(`\n${usageText(usage, textStyle(io))}\n`);
    }
    return error.exitCode;
  }
}

async function run(args: string[], io: CliIo): Promise<number | "running"> {
  const [name, ...rest] = args;
  const style = textStyle(io);
  const print = (text: string) => io.stdout(text);
  // The API's bytes: `show churn-rate --json` prints exactly the body of /api/metrics/churn-rate.
  const printJson = (value: unknown) => print(`${JSON.stringify(value)}\n`);
  if (name === "-V" || name === "--version" || name === "version") {
    print(`${TOOL} ${VERSION}\n`);
    return 0;
  }
  if (name === undefined || name === "-h" || name === "--help" || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    print(`${usageText(topic && isCommand(topic) ? commandUsage(topic) : toolUsage(), style)}\n`);
    return 0;
  }
  if (!isCommand(name)) {
    const [closest] = closestCommand(name, 1);
    throw new CliError(
      `Unknown command "${name.slice(0, 40)}"${closest ? `. Did you mean "${closest}"?` : ""}`,
      2,
      "tool",
    );
  }
  const spec = COMMANDS[name];
  const { values, repeated, positionals } = parse(name, rest);
  const text = (key: string) => {
    const value = values.get(key);
    return typeof value === "string" ? value : undefined;
  };
  if (values.get("help")) {
    print(`${usageText(commandUsage(name), style)}\n`);
    if (name === "compare") {
      const model = createReadModel(await io.loadCatalog(catalogDirFrom(io.env)));
      print(`\n${usageText(segmentHelp(model, positionals[0]), style)}\n`);
    }
    return 0;
  }
  if (spec.positionals === -1 && positionals.length === 0) {
    throw new CliError(`"${name}" needs a query`, 2, name);
  }
  // `sql --schema` prints the schema, and so takes no slug; `compare --data` computes its value.
  const data = name === "compare" || name === "calc" ? text("data") : undefined;
  const wanted = name === "sql" && values.get("schema") === true
    ? 0
    : data !== undefined
    ? 1
    : spec.positionals;
  if (wanted >= 0 && positionals.length !== wanted) {
    const takes = name === "sql"
      ? wanted === 0 ? "no slug with --schema" : "exactly one slug, or --schema"
      : wanted === 0
      ? "no arguments"
      : wanted === 1
      ? data !== undefined && name === "compare"
        ? "exactly one slug with --data, which gives the value"
        : "exactly one slug"
      : "a slug and a value";
    throw new CliError(`"${name}" takes ${takes}`, 2, name);
  }
  const json = values.get("json") === true;
  const [slug = ""] = positionals;
  const catalogDir = catalogDirFrom(io.env);

  switch (name) {
    case "validate": {
      const written = values.get("write") === true ? await io.writeArtifact(catalogDir) : undefined;
      const catalog = written?.catalog ?? await io.loadCatalog(catalogDir, { prebuilt: false });
      print(
        `The catalog is valid: ${catalog.metrics.length} metrics, ${catalog.frameworks.length} frameworks\n`,
      );
      if (written) print(`Wrote ${written.file}\n`);
      return 0;
    }
    case "serve": {
      const options = serveOptionsFromEnv(io.env, { port: text("port") });
      await io.serve(await io.loadCatalog(catalogDir), options);
      return "running";
    }
    case "mcp":
      await io.serveMcp(await io.loadCatalog(catalogDir));
      return "running";
    case "sql":
      if (values.get("schema") === true) {
        // The schema is the code's, whatever the catalog: no catalog is loaded for it.
        print(ddl(dialectOf(text("dialect"))));
        return 0;
      }
  }

  const model = createReadModel(await io.loadCatalog(catalogDir));
  switch (name) {
    case "list": {
      const known = knownTag(text("tag"), name);
      const kind = text("kind")?.toLowerCase();
      if (kind !== undefined && kind !== "composite") {
        throw new CliError(`--kind "${kind.slice(0, 40)}" must be "composite"`, 2, name);
      }
      const metrics = model.metrics({ tag: known, kind, order: "name" });
      if (json) printJson(metrics.map(toApiMetric));
      else print(formatMetricList(metrics, style));
      return 0;
    }
    case "show": {
      const metric = found(model.resolve("metric", slug), io);
      if (json) printJson(toApiMetric(metric));
      else print(formatMetric(metric, style));
      return 0;
    }
    case "benchmarks": {
      const metric = found(model.resolve("metric", slug), io);
      const benchmarks = model.benchmarks(metric);
      if (json) printJson(benchmarks);
      else print(formatBenchmarks(metric, style, { benchmarks }));
      return 0;
    }
    case "compare": {
      if (data !== undefined && text("per") !== undefined) {
        throw new CliError(
          "--per does not go with --data: the value is per the period the recipe counts",
          2,
        );
      }
      const input = compareInput(positionals[1] ?? "", text("per"), repeated.get("segment") ?? []);
      const metric = found(model.resolve("metric", slug), io);
      let fromData: FromData | undefined;
      if (data !== undefined) {
        fromData = await runRecipe(metric, data, values, io, { own: ["segment"], model });
        const calculation = calculateFromData(metric, model, fromData);
        input.value = calculation.value;
        if (calculation.per !== undefined) input.per = calculation.per;
      }
      const result = compareValue(metric, { segments: model.vocabulary() }, input);
      if (!result.ok) throw new CliError(result.error, 2);
      if (json) {
        printJson(
          fromData ? { ...result.comparison, data: dataJson(fromData, metric) } : result.comparison,
        );
      } else {
        if (fromData) print(`${formatFromData(fromData, style, { metric })}\n`);
        print(
          formatComparison(result.comparison, style, { metric, segments: model.vocabulary() }),
        );
      }
      return 0;
    }
    case "calc": {
      const metric = found(model.resolve("metric", slug), io);
      if (data !== undefined) {
        const fromData = await runRecipe(metric, data, values, io, { own: [], model });
        const calculation = calculateFromData(metric, model, fromData);
        if (json) printJson({ ...calculation, data: dataJson(fromData, metric) });
        else {
          print(`${formatFromData(fromData, style, { metric })}\n`);
          print(
            formatCalculation(calculation, style, { metric, segments: model.vocabulary() }),
          );
        }
        return 0;
      }
      const typed: Record<string, string> = {};
      for (const [key, value] of values) {
        // --gross-margin and --grossMargin name the same input.
        const name = key.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
        if (key !== "json" && typeof value === "string") typed[name] = value;
      }
      if (metric.calculator && Object.keys(typed).length === 0) {
        if (json) printJson({ metric: metric.slug, ...metric.calculator });
        else print(formatCalculatorInputs(metric, style));
        return 0;
      }
      const result = calculate(metric, model.vocabulary(), typed);
      if (!result.ok) throw new CliError(result.error, 2);
      if (json) printJson(result.calculation);
      else {
        print(
          formatCalculation(result.calculation, style, {
            metric,
            segments: model.vocabulary(),
          }),
        );
      }
      return 0;
    }
    case "search": {
      const limitText = text("limit") ?? "10";
      if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1) {
        throw new CliError(
          `--limit "${limitText.slice(0, 20)}" must be a whole number from 1 to 999`,
          2,
          name,
        );
      }
      const tag = knownTag(text("tag"));
      const results = (await model.search()).results(positionals.join(" "), {
        limit: Number(limitText),
        tag,
      });
      const hits = results.map((result) => result.hit);
      if (json) printJson(hits);
      else print(formatHits(hits, style, { snippets: results.map((result) => result.snippet) }));
      return 0;
    }
    case "sql": {
      const dialect = dialectOf(text("dialect"));
      const found = findRecipe(model, slug);
      if (!found.ok) throw new CliError(found.message, 1);
      if (found.alias !== undefined) {
        io.stderr(`${TOOL}: "${found.alias.slice(0, 60)}" is ${found.slug}\n`);
      }
      // The file as it is (one text for PostgreSQL and DuckDB), or ClickHouse's rewriting of it.
      print(recipeText(found.recipe.text, dialect));
      return 0;
    }
    case "frameworks":
      if (json) printJson(model.frameworks());
      else print(formatFrameworkList(model.frameworks(), style));
      return 0;
    case "framework": {
      const framework = found(model.resolve("framework", slug), io);
      if (json) printJson(framework);
      else {
        print(formatFramework(framework, style, { metricNames: model.names("metric") }));
      }
      return 0;
    }
  }
}

/**
 * What `compare` places: the value (a plain number, so not "1e400", "NaN" or "3%"), the period it
 * is quoted per and the segment from `key=value` pairs. Each problem is one line, without usage.
 */
/**
 * The segment keys `compare --help` lists: a metric's keys with their values when a slug is
 * given, else each metric's keys on a line.
 */
function segmentHelp(model: ReadModel, slug: string | undefined): string {
  const vocabulary = model.vocabulary();
  if (slug !== undefined) {
    const found = model.resolve("metric", slug);
    if (!found.ok) return found.notFound.message;
    const choices = segmentChoices(found.record, vocabulary);
    if (choices.length === 0) return `${found.record.slug} takes no segment.`;
    return [
      `Segment keys of ${found.record.slug}:`,
      ...choices.map((choice) =>
        `  ${choice.key.padEnd(10)}  ${choice.label}: ${
          choice.band ? "a number in US dollars, or " : ""
        }${choice.values.map((value) => value.slug).join(", ")}`
      ),
    ].join("\n");
  }
  const rows = model.metrics().flatMap((metric) => {
    const keys = segmentChoices(metric, vocabulary).map((choice) => choice.key);
    return keys.length > 0 ? [`  ${metric.slug.padEnd(34)}  ${keys.join(", ")}`] : [];
  });
  return ["Segment keys by metric (their values: compare <slug> --help):", ...rows].join("\n");
}

function compareInput(value: string, per: string | undefined, pairs: string[]): CompareInput {
  // The period and the segment are read by compareValue, which words their errors for every surface.
  const segment = new Map<string, string>();
  for (const pair of pairs) {
    const [key = "", wanted = ""] = pair.toLowerCase().split(/=(.*)/s).map((part) => part.trim());
    if (key === "" || wanted === "") {
      throw new CliError(
        `--segment "${pair.slice(0, 40)}" must be key=value, such as model=b2b`,
        2,
      );
    }
    if (segment.has(key)) throw new CliError(`Give segment "${key.slice(0, 40)}" once`, 2);
    segment.set(key, wanted);
  }
  return { value, per, segment: Object.fromEntries(segment) };
}

/** The engine `--dialect` names (postgres when left out), or a one-line usage error. */
function dialectOf(given: string | undefined): Dialect {
  if (given === undefined) return "postgres";
  const dialect = DIALECTS.find((item) => item === given.toLowerCase());
  if (dialect === undefined) {
    throw new CliError(
      `--dialect "${given.slice(0, 40)}" must be one of: ${DIALECTS.join(", ")}`,
      2,
    );
  }
  return dialect;
}

/** The tag `--tag` names, or an error that lists the tags (and the usage, when given a command). */
function knownTag(given: string | undefined, command?: Command): Tag | undefined {
  if (given === undefined) return undefined;
  const tag = given.toLowerCase();
  const known = TAGS.find((item) => item === tag);
  if (known === undefined) {
    throw new CliError(
      `--tag "${tag.slice(0, 40)}" must be one of: ${TAGS.join(", ")}`,
      2,
      command,
    );
  }
  return known;
}

/** The record a lookup found (saying so on stderr when a name stood for its slug), or exit 1. */
function found<K extends RecordKind>(lookup: Lookup<K>, io: CliIo) {
  if (lookup.ok) {
    if (lookup.alias !== undefined) {
      io.stderr(`${TOOL}: "${lookup.alias.slice(0, 60)}" is ${lookup.record.slug}\n`);
    }
    return lookup.record;
  }
  const { notFound } = lookup;
  const hint = notFound.otherKind
    ? `: try "${TOOL} ${commandFor(notFound.otherKind)} ${notFound.slug}"`
    : "";
  throw new CliError(`${notFound.message}${hint}`, 1);
}

function commandFor(kind: RecordKind): Command {
  return kind === "metric" ? "show" : "framework";
}

/**
 * Runs a metric's recipe on the CSV files of `folder` (`--data`), with the options given besides
 * the command's own (`own`) as the recipe's parameters. The module that does it, and DuckDB, load
 * only here.
 */
async function runRecipe(
  metric: MetricRecord,
  folder: string,
  values: ReadonlyMap<string, string | boolean>,
  io: CliIo,
  { own, model }: { own: readonly string[]; model: ReadModel },
): Promise<FromData> {
  const recipe = recipeOf(metric.slug);
  if (recipe === undefined) {
    throw new CliError(`"${metric.slug}" has no SQL recipe: ${withoutRecipe(metric)}`, 1);
  }
  const options: Record<string, string> = {};
  for (const [key, value] of values) {
    if (key !== "data" && !own.includes(key) && typeof value === "string") options[key] = value;
  }
  const { DataRunError, runOnData } = await import("./data.ts");
  try {
    return await runOnData(recipe, folder, {
      options,
      inputs: Object.keys(metric.calculator?.inputs ?? {}),
      importPackage: io.importPackage,
      counts(inputs) {
        const result = calculate(metric, model.vocabulary(), inputs);
        return result.ok ? undefined : result.error;
      },
    });
  } catch (error) {
    if (error instanceof DataRunError) throw new CliError(error.message, error.exitCode);
    throw error;
  }
}

/** The metric calculated by its calculator from the inputs the data gave, or one line why not. */
function calculateFromData(
  metric: MetricRecord,
  model: ReadModel,
  fromData: FromData,
): Calculation {
  const result = calculate(metric, model.vocabulary(), fromData.inputs);
  if (!result.ok) {
    throw new CliError(`The data's inputs give no ${metric.slug}: ${result.error}`, 1);
  }
  return result.calculation;
}

/**
 * Where a value computed from data came from, as `--json` prints it: the inputs as numbers, and
 * `few` when the result divides by a small count.
 */
function dataJson(fromData: FromData, metric: MetricRecord): Record<string, unknown> {
  const inputs = Object.fromEntries(
    Object.entries(fromData.inputs).map(([name, value]) => [name, Number(value)]),
  );
  const few = metric.calculator ? fewToCount(metric.calculator, inputs) : undefined;
  return { ...fromData, inputs, ...(few ? { few } : {}) };
}
