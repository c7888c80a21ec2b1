/**
 * What the catalog loaders share: how a catalog folder is read (each runtime's adapter may bring
 * its own file access), the error a catalog that does not validate throws, and where the
 * embedded catalog is.
 *
 * @module
 */
import { Problem } from "../problem.ts";

/** The catalog shipped with the service (embedded by `deno compile --include catalog`). */
// A bundle in CommonJS form (the single binary) has no import.meta.url; it embeds its catalog.
export const EMBEDDED_CATALOG: URL = new URL("../../catalog/", import.meta.url ?? "file:///");

/**
 * The {@linkcode Problem} a catalog that does not validate throws (exit code 1); `problems` holds
 * one line per problem. A subclass, so that the package's users and the validator keep the lines
 * apart from the message that lists them.
 */
export class CatalogError extends Problem {
  /** One line per problem, each naming the file and the field. */
  readonly problems: string[];
  /** Collects the problems into one error whose message lists them and their count. */
  constructor(problems: string[]) {
    const count = `${problems.length} problem${problems.length === 1 ? "" : "s"} in the catalog`;
    super([...problems, count].join("\n"));
    this.name = "CatalogError";
    this.problems = problems;
  }
}

/** How the loader reads a catalog folder; each runtime's adapter may bring its own. */
export interface CatalogFiles {
  /** The entries of a folder: names, and whether each is a file. */
  list(dir: URL | string): Promise<{ name: string; isFile: boolean }[]>;
  /** A file's bytes, or `undefined` when there is no such file. */
  read(file: URL | string): Promise<Uint8Array<ArrayBuffer> | undefined>;
}

/** Reads files with `node:fs`, which Deno and Node both ship; loaded on first use. */
export async function nodeFiles(): Promise<CatalogFiles> {
  const { readdir, readFile } = await import("node:fs/promises");
  return {
    list: async (dir) =>
      (await readdir(dir, { withFileTypes: true })).map((entry) => ({
        name: entry.name,
        isFile: entry.isFile(),
      })),
    async read(file) {
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
        throw error;
      }
    },
  };
}

/** A catalog folder as a URL, or as a path that ends in `/`. */
export type CatalogDir = URL | string;

/** The folder `root` names, ending in `/` when it is a path. */
export function catalogDir(root: URL | string): CatalogDir {
  return typeof root === "string" ? root.replace(/\/?$/, "/") : root;
}

/** The address of `name` inside a catalog folder. */
export function inFolder(dir: CatalogDir, name: string): URL | string {
  return typeof dir === "string" ? dir + name : new URL(name, dir);
}
