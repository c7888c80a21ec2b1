/**
 * Reading a catalog folder with Deno's own file API, so the Deno entries need not load `node:fs`:
 * what they pass to the loader.
 *
 * @module
 */
import type { CatalogFiles } from "../catalog/load.ts";
import { asProblem } from "./permission.ts";

/**
 * The catalog loader's file access on Deno. A permission Deno refuses is thrown as a `Problem`
 * that names the flag to add, which the loader passes on rather than report as a catalog problem.
 */
export const denoFiles: CatalogFiles = {
  async list(dir) {
    const entries: { name: string; isFile: boolean }[] = [];
    try {
      for await (const { name, isFile } of Deno.readDir(dir)) entries.push({ name, isFile });
    } catch (error) {
      throw asProblem(error);
    }
    return entries;
  },
  async read(file) {
    try {
      return await Deno.readFile(file);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw asProblem(error);
    }
  },
};
