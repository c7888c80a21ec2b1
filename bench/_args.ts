/**
 * The flags of the benchmark scripts, read from `Deno.args` with `node:util`'s `parseArgs`: each
 * flag is named with its default, and the default's type is the flag's.
 *
 * @module
 */
import { parseArgs } from "node:util";

/** A flag's default: a number (`--name 8`), a word (`--name auto`) or a switch (`--name`). */
type Default = number | string | boolean;

/** The values of the flags, typed as their defaults are. */
export type Flags<D extends Record<string, Default>> = {
  [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : string;
};

/**
 * Reads `--name value` for each key of `defaults` (`--name` alone where the default is a boolean).
 * `-h` or `--help` prints `usage` and exits 0; an unknown flag, or a number flag whose value is
 * not a number, prints what is wrong and `usage` and exits 2.
 */
export function readFlags<const D extends Record<string, Default>>(
  usage: string,
  defaults: D,
): Flags<D> {
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === "boolean"
        ? { type: "boolean" as const, default: value }
        : { type: "string" as const, default: String(value) },
    ]),
  );
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: Deno.args,
      options: { ...options, help: { type: "boolean", short: "h" } },
    }).values;
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error), usage);
  }
  if (values.help) {
    console.log(usage);
    Deno.exit(0);
  }
  const flags: Record<string, Default> = {};
  for (const [name, value] of Object.entries(defaults)) {
    const given = values[name] ?? value;
    const number = Number(given);
    if (typeof value === "number" && (given === "" || !Number.isFinite(number))) {
      usageError(`--${name}: "${given}" is not a number`, usage);
    }
    flags[name] = typeof value === "number" ? number : given;
  }
  // Each value was read as its default's type, which is what Flags<D> says.
  return flags as Flags<D>;
}

/** Prints `message` and `usage` on stderr and exits 2. */
export function usageError(message: string, usage: string): never {
  console.error(`${message}\n\n${usage}`);
  Deno.exit(2);
}
