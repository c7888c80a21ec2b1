/**
 * What a command of the command line is (a class in a module under `commands/`), the runtime
 * ({@linkcode CliIo}) and the context it runs with, and the lookups several commands share.
 *
 * @module
 */
import { type Catalog, type Tag, TAGS } from "../catalog/records.ts";
import type { Lookup, ReadModel, RecordKind } from "../read/model.ts";
import { PACKAGE_NAME } from "../policy.ts";
import { Problem } from "../problem.ts";
import type { ServeOptions } from "../server/config.ts";
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
  /** Runs the MCP server over stdio; resolves once it is connected. */
  serveMcp(catalog: Catalog): Promise<void>;
  /**
   * Imports DuckDB (an npm package pinned to `version`) for `--data`, rejecting with a
   * {@linkcode Problem} that says how to get it; left out where none loads (the single binary).
   */
  importPackage?: ((name: string, version: string) => Promise<unknown>) | undefined;
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
  /** Runs it on its parsed arguments: `"running"` when it started a server, else exit code 0. */
  run(context: Context): Promise<void | "running">;
}

/** The command that shows each kind of record, which a lookup of the other kind points to. */
const SHOWN_BY: Record<RecordKind, string> = { metric: "show", framework: "framework" };

/** Says on stderr which slug a name given for it stood for, when it was not the slug. */
export function sayAlias(alias: string | undefined, slug: string, io: CliIo): void {
  if (alias !== undefined) io.stderr(`${TOOL}: "${alias.slice(0, 60)}" is ${slug}\n`);
}

/**
 * The record a lookup found (saying so when a name stood for its slug), or a
 * {@linkcode Problem} with exit code 1 that suggests the closest slug.
 */
export function found<K extends RecordKind>(lookup: Lookup<K>, io: CliIo) {
  if (lookup.ok) {
    sayAlias(lookup.alias, lookup.record.slug, io);
    return lookup.record;
  }
  const { notFound } = lookup;
  const hint = notFound.otherKind
    ? `: try "${TOOL} ${SHOWN_BY[notFound.otherKind]} ${notFound.slug}"`
    : "";
  throw new Problem(`${notFound.message}${hint}`);
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
