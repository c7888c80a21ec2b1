/**
 * Reading a catalog folder with Deno's own file API, so the Deno entries need not load `node:fs`:
 * what they pass to the loader.
 *
 * @module
 */
import type { CatalogFiles } from "../catalog/load.ts";

/** The catalog loader's file access on Deno. */
export const denoFiles: CatalogFiles = {
  async list(dir) {
    const entries: { name: string; isFile: boolean }[] = [];
    for await (const { name, isFile } of Deno.readDir(dir)) entries.push({ name, isFile });
    return entries;
  },
  async read(file) {
    try {
      return await Deno.readFile(file);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
  },
};
