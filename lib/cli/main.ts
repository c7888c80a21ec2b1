/**
 * The command line, runtime-free: it parses the arguments against the options of the command
 * named, prints the help, runs the command's module (`commands/`) and turns a
 * {@linkcode Problem} into one line on stderr and its exit code. It knows no command by name: it
 * reads the list in `commands/mod.ts`. `cli.ts` runs it on Deno; the npm package's entry runs it
 * on Node.
 *
 * @module
 */
import { VERSION } from "../policy.ts";
import { Problem } from "../problem.ts";
import { closestFinder } from "../read/text.ts";
import type { CliIo, Command } from "./command.ts";
import { commandHelp, textStyle, TOOL, usageText } from "./command.ts";
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
  return command === undefined ? `${usageText(toolUsage(), style)}\n` : commandHelp(command, style);
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
  return await command.run(args.slice(1), io) ?? 0;
}
