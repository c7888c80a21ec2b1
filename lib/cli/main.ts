/**
 * The command line, runtime-free: it parses the arguments against the options of the command
 * named, prints the help, runs the command's module (`commands/`) and turns a
 * {@linkcode Problem} into one line on stderr and its exit code. It knows no command by name: it
 * reads the list in `commands/mod.ts`. `cli.ts` runs it on Deno; the npm package's entry runs it
 * on Node.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { VERSION } from "../policy.ts";
import { Problem } from "../problem.ts";
import { createReadModel, type ReadModel } from "../read/model.ts";
import { closestFinder } from "../read/text.ts";
import { catalogDirFrom } from "../server/config.ts";
import type { CliIo, Command, Context, Options, Parsed } from "./command.ts";
import { TOOL } from "./command.ts";
import { COMMANDS } from "./commands/mod.ts";
import type { TextStyle } from "./output.ts";

/** Why standard output took only part of the output, by the code of its error. */
const CUT_SHORT: Readonly<Record<string, string>> = {
  EPIPE: "the command reading it stopped early; to keep all of it, write it to a file",
  ENOSPC: "no space is left on the device it goes to; free some space or write it elsewhere",
};

/**
 * The {@linkcode Problem} for standard output that cannot take the output: closed by the command
 * reading it (EPIPE, as after `| head -1`) or on a full device (ENOSPC, as `> /dev/full`); or
 * `undefined` for any other error. Deno's and Node's errors carry the same `code`.
 */
export function outputError(error: unknown): Problem | undefined {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  const why = Object.hasOwn(CUT_SHORT, code) ? CUT_SHORT[code] : undefined;
  return why === undefined ? undefined : new Problem(`The output was cut short: ${why}`);
}

/** The line on stderr for a problem the command line reports, with the tool's name before it. */
export function errorLine(problem: Problem): string {
  return `${TOOL}: ${problem.message}\n`;
}

/** The command a name stands for, if any. */
const commandNamed = (name: string | undefined): Command | undefined =>
  COMMANDS.find((command) => command.name === name);

/** The commands closest to a mistyped one ("lsit" → "list"). */
const closestCommand = closestFinder(COMMANDS.map(({ name }) => ({ name, slug: name })));

function toolUsage(): string {
  const listed = (command: Command) => command.listed ?? command.usage;
  const width = Math.max(...COMMANDS.map((command) => listed(command).length));
  return [
    `Usage: ${TOOL} <command> [options]`,
    "",
    "The reference catalog of product and growth metrics, in the terminal.",
    "",
    "Commands:",
    ...COMMANDS.map((command) => `  ${listed(command).padEnd(width)}  ${command.summary}`),
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

/** The help of the command a name stands for (its usage, summary and details), else the tool's. */
function helpText(name: string | undefined, style: TextStyle): string {
  const command = commandNamed(name);
  const text = command === undefined ? toolUsage() : [
    `Usage: ${TOOL} ${command.usage}`,
    "",
    `${command.summary}.`,
    ...(command.details?.length ? ["", ...command.details] : []),
  ].join("\n");
  return `${usageText(text, style)}\n`;
}

/**
 * Runs the command line. Returns the exit code, or `"running"` when a server was started and the
 * process should stay up. A {@linkcode Problem} is reported on `stderr` (with the usage it names)
 * and decides the code; any other error is a bug and rejects, for the entry to end with exit
 * code 1 and its message.
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
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    io.stderr(errorLine(error));
    if (error.usage !== undefined) io.stderr(`\n${helpText(error.usage, textStyle(io))}`);
    return error.exitCode;
  }
}

async function run(args: string[], io: CliIo): Promise<number | "running"> {
  const [name, topic] = args;
  if (name === "-V" || name === "--version" || name === "version") {
    io.stdout(`${TOOL} ${VERSION}\n`);
    return 0;
  }
  if (name === undefined || name === "-h" || name === "--help" || name === "help") {
    io.stdout(helpText(name === "help" ? topic : undefined, textStyle(io)));
    return 0;
  }
  const command = commandNamed(name);
  if (command === undefined) {
    const [closest] = closestCommand(name, 1);
    throw new Problem(
      `Unknown command "${name.slice(0, 40)}"${closest ? `. Did you mean "${closest}"?` : ""}`,
      { exitCode: 2, usage: "tool" },
    );
  }
  const context = await parse(command, args.slice(1), io);
  return context === undefined ? 0 : await command.run(context) ?? 0;
}

/**
 * Reads a command's arguments against its options and checks how many positional arguments it
 * was given: what it runs with, or `undefined` once it printed its help for `-h` or `--help`.
 */
async function parse(command: Command, args: readonly string[], io: CliIo) {
  const parsed = tokensOf(command, args);
  const { values, positionals } = parsed;
  const style = textStyle(io);
  const print = (text: string) => io.stdout(text);
  const catalogDir = catalogDirFrom(io.env);
  let model: Promise<ReadModel> | undefined;
  const context: Context = {
    ...parsed,
    io,
    style,
    catalogDir,
    text(key) {
      const value = values.get(key);
      return typeof value === "string" ? value : undefined;
    },
    flag: (key) => values.get(key) === true,
    print,
    // The API's bytes: `show churn-rate --json` prints exactly the body of /api/metrics/churn-rate.
    answer: (json, text) => print(values.get("json") ? `${JSON.stringify(json)}\n` : text()),
    model: () => model ??= io.loadCatalog(catalogDir).then(createReadModel),
  };
  if (values.get("help")) {
    print(helpText(command.name, style));
    if (command.moreHelp) print(`\n${usageText(await command.moreHelp(context), style)}\n`);
    return undefined;
  }
  const { min, max, says } = command.arity(parsed);
  if (positionals.length < min || positionals.length > max) {
    throw new Problem(`"${command.name}" ${says}`, { exitCode: 2, usage: command.name });
  }
  return context;
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
 * Reads a command's arguments with `node:util`'s `parseArgs`: `--name value`, `--name=value`,
 * boolean flags, `-h`, and `--` before positionals that start with a dash. A negative number is a
 * positional, and a string option takes the next argument whatever it looks like (`--limit -1`).
 * An option given twice keeps its last value in `values` and every value in `repeated`. Every
 * problem is a usage error worded here, so `parseArgs` runs without its own checks.
 */
function tokensOf(command: Command, args: readonly string[]): Parsed {
  const { name: commandName, options } = command;
  const known = { ...(command.openOptions?.(args) ? openOptionsOf(args) : {}), ...options };
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.entries(known).map(([key, type]) => [key, { type }])),
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
    const usage = (message: string) => new Problem(message, { exitCode: 2, usage: commandName });
    if (option === undefined) {
      throw usage(`Unknown option "${arg.slice(0, 40)}" for "${commandName}"`);
    }
    if (option === "boolean") {
      if (value !== undefined) throw usage(`"--${name}" takes no value`);
      values.set(name, true);
      continue;
    }
    if (value === undefined) throw usage(`"--${name}" needs a value`);
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
function openOptionsOf(args: readonly string[]): Options {
  return Object.fromEntries(args.flatMap((arg) => {
    const name = /^--([a-zA-Z][a-zA-Z0-9-]*)(?:=|$)/.exec(arg)?.[1];
    return name === undefined || name === "help" ? [] : [[name, "string"]];
  }));
}
