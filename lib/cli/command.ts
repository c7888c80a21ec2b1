/**
 * What a command of the command line is (a class in a module under `commands/`), the runtime
 * ({@linkcode CliIo}) and the context it runs with, and the lookups several commands share.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { type Catalog, type Tag, TAGS } from "../catalog/records.ts";
import { createReadModel, type Lookup, type ReadModel, type RecordKind } from "../read/model.ts";
import { PACKAGE_NAME } from "../policy.ts";
import type { Scorecard } from "../read/scorecard.ts";
import type { StdioOptions } from "../agents/mcp.ts";
import { Problem } from "../problem.ts";
import { catalogDirFrom, type ServeOptions } from "../server/config.ts";
import type { TextStyle } from "./output.ts";

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
  /** Loads the folder's catalog, else the tool's; `prebuilt: false` reads only its Markdown. */
  loadCatalog(dir: string | undefined, options?: { prebuilt?: boolean }): Promise<Catalog>;
  /** Validates the catalog's Markdown files and writes their artifact beside them. */
  writeArtifact(dir: string | undefined): Promise<{ catalog: Catalog; file: string }>;
  /** Starts the HTTP service where the options say; resolves once it listens. */
  serve(catalog: Catalog, options: ServeOptions): Promise<void> | void;
  /** Runs the MCP server over stdio, with the tools `options` add; resolves once connected. */
  serveMcp(catalog: Catalog, options?: StdioOptions): Promise<void>;
  /**
   * Imports DuckDB (an npm package pinned to `version`) for `--data`, rejecting with a
   * {@linkcode Problem} that says how to get it; left out where none loads (the single binary).
   */
  importPackage?: ((name: string, version: string) => Promise<unknown>) | undefined;
  /** Draws a scorecard as one self-contained HTML page (`report --html`), from the web layer. */
  scorecardPage?: ((scorecard: Scorecard, model: ReadModel) => Promise<string>) | undefined;
}

/** How many positional arguments a command takes, and what its usage error says after its name. */
interface Arity {
  min: number;
  max: number;
  says: string;
}

/** A command that takes no positional arguments. */
export const NO_ARGUMENTS: Arity = { min: 0, max: 0, says: "takes no arguments" };

/** A command that takes one slug or name. */
export const ONE_SLUG: Arity = { min: 1, max: 1, says: "takes exactly one slug" };

/** The arguments of a command, parsed against its options. */
export interface Parsed {
  /** Each option given, by name: its last value, or `true` for a flag. */
  values: ReadonlyMap<string, string | boolean>;
  /** Every value of each string option, in the order given. */
  repeated: ReadonlyMap<string, readonly string[]>;
  /** The positional arguments. */
  positionals: readonly string[];
}

/** What a command runs with: its arguments, the runtime, and the writers it prints through. */
export interface Context extends Parsed {
  /** The runtime. */
  io: CliIo;
  /** The width and colour of text output. */
  style: TextStyle;
  /** The catalog folder `CATALOG_DIR` names, or `undefined` for the one the tool ships with. */
  catalogDir: string | undefined;
  /** A string option's value, or `undefined` when it was not given. */
  text(name: string): string | undefined;
  /** Whether a flag was given. */
  flag(name: string): boolean;
  /** Writes text to standard output. */
  print(text: string): void;
  /** Prints the value as one line of JSON with `--json` (the API's bytes), else the text. */
  answer(json: unknown, text: () => string): void;
  /** Loads the catalog and returns its read model. */
  model(): Promise<ReadModel>;
}

/** The options a command takes, by name: each a value after it, or a flag. */
export type Options = Readonly<Record<string, "string" | "boolean">>;

/**
 * One command of the command line: its help, its options and what it does. Each is a class in
 * its own module under `commands/`.
 */
export interface Command {
  /** The word that names it after the tool's name. */
  readonly name: string;
  /** Its usage line, without the tool's name. */
  readonly usage: string;
  /** A shorter usage for the tool's list of commands, when the full one is long. */
  readonly listed?: string;
  /** One sentence of what it does, without the final period. */
  readonly summary: string;
  /** What its help adds after the summary: whole paragraphs, headings, option rows, "" lines. */
  readonly details?: readonly string[];
  /** The options it takes, by name (`--help` is every command's). */
  readonly options: Options;
  /** Whether these arguments make it take `--name value` options it checks itself (inputs). */
  openOptions?(args: readonly string[]): boolean;
  /** How many positional arguments it takes with the options given. */
  arity(parsed: Parsed): Arity;
  /** What its help prints after the usage, such as the segment keys `compare` takes. */
  moreHelp?(context: Context): Promise<string>;
  /**
   * Runs it on the arguments after its name, which it reads with {@linkcode parse}: `"running"`
   * when it started a server, else exit code 0.
   */
  run(args: readonly string[], io: CliIo): Promise<void | "running">;
}

/** The command that shows each kind of record, which a lookup of the other kind points to. */
const SHOWN_BY: Record<RecordKind, string> = { metric: "show", framework: "framework" };

/** The name {@linkcode sayAlias} says a slug was given as. */
export interface AliasOptions {
  /** The name given, when it was not the slug. */
  alias?: string | undefined;
  /** The slug it stood for. */
  slug: string;
}

/** Says on stderr which slug a name given for it stood for, when it was not the slug. */
export function sayAlias(io: CliIo, { alias, slug }: AliasOptions): void {
  if (alias !== undefined) io.stderr(`${TOOL}: "${alias.slice(0, 60)}" is ${slug}\n`);
}

/**
 * The record a lookup found (saying so when a name stood for its slug), or a
 * {@linkcode Problem} with exit code 1 that suggests the closest slug.
 */
export function found<K extends RecordKind>(lookup: Lookup<K>, io: CliIo) {
  if (lookup.ok) {
    sayAlias(io, { alias: lookup.alias, slug: lookup.record.slug });
    return lookup.record;
  }
  const { notFound } = lookup;
  const hint = notFound.otherKind
    ? `: try "${TOOL} ${SHOWN_BY[notFound.otherKind]} ${notFound.slug}"`
    : "";
  throw new Problem(`${notFound.message}${hint}`);
}

/** What {@linkcode parseNamed} reads a one-record command's arguments with. */
export interface NamedOptions<K extends RecordKind> extends ParseOptions {
  /** The kind of record the one positional argument names. */
  kind: K;
}

/**
 * Reads the arguments of a command over one record, then finds the record its one positional
 * argument names by slug, name or abbreviation: the context with the read model and the record,
 * or `undefined` once it printed its help.
 */
export async function parseNamed<K extends RecordKind>(
  command: Command,
  { args, io, kind }: NamedOptions<K>,
) {
  const context = await parse(command, { args, io });
  if (context === undefined) return undefined;
  const read = await context.model();
  return { ...context, read, record: found(read.resolve(kind, context.positionals[0] ?? ""), io) };
}

/** The tag `--tag` names, or a usage {@linkcode Problem} that lists the tags. */
export function knownTag(given: string | undefined, command?: string): Tag | undefined {
  if (given === undefined) return undefined;
  const tag = given.toLowerCase();
  const known = TAGS.find((item) => item === tag);
  if (known === undefined) {
    throw new Problem(`--tag "${tag.slice(0, 40)}" must be one of: ${TAGS.join(", ")}`, {
      exitCode: 2,
      ...(command === undefined ? {} : { usage: command }),
    });
  }
  return known;
}

/** What {@linkcode parse} reads a command's arguments with. */
export interface ParseOptions {
  /** The arguments after the command's name. */
  args: readonly string[];
  /** The runtime. */
  io: CliIo;
}

/**
 * Reads a command's arguments against its options and checks how many positional arguments it
 * was given: what it runs with, or `undefined` once it printed its help for `-h` or `--help`.
 */
export async function parse(command: Command, { args, io }: ParseOptions) {
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
    print(commandHelp(command, style));
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
export function textStyle(io: CliIo): TextStyle {
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
export function usageText(text: string, style: TextStyle): string {
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

/** A command's help: its usage, summary and details, wrapped to the output width. */
export function commandHelp(command: Command, style: TextStyle): string {
  const text = [
    `Usage: ${TOOL} ${command.usage}`,
    "",
    `${command.summary}.`,
    ...(command.details?.length ? ["", ...command.details] : []),
  ].join("\n");
  return `${usageText(text, style)}\n`;
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
