/**
 * Someone's own tables for the CLI's `--data`, found in a folder: one file a table, named after
 * it, as CSV (`events.csv`), gzip-compressed CSV (`events.csv.gz`) or Parquet (`events.parquet`);
 * and the name each file's rows take in the engine.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Table } from "./schema.ts";
import { Problem } from "../problem.ts";

/** The ways a table may be written, by the file name's ending. */
export const FORMATS = ["csv", "csv.gz", "parquet"] as const;

/** How a table's file is written. */
export type Format = typeof FORMATS[number];

/** A table's file. */
export interface DataFile {
  /** The table of the reference schema it holds. */
  table: Table;
  /** Its path, as the messages name it. */
  path: string;
  /** How it is written. */
  format: Format;
}

/** The name of what holds a file's rows in the engine: a table (CSV) or a view (Parquet). */
export const stored = (file: DataFile) => `data_${file.table.name}`;

/** What {@linkcode findFiles} looks for in a folder. */
export interface FindFilesOptions {
  /** The tables whose files are looked for. */
  tables: readonly Table[];
  /** What the message of a missing file says the run reads. */
  reads: string;
}

/**
 * The file of each table in `folder`: `<table>.csv`, `<table>.csv.gz` or `<table>.parquet`.
 * A table with no file, or with two, is a {@linkcode Problem}; `reads` says in that message
 * which tables the run needs.
 */
export async function findFiles(
  folder: string,
  { tables, reads }: FindFilesOptions,
): Promise<DataFile[]> {
  const found: DataFile[] = [];
  for (const table of tables) {
    const files: DataFile[] = [];
    for (const format of FORMATS) {
      const path = join(folder, `${table.name}.${format}`);
      if (await isFile(path)) files.push({ table, path, format });
    }
    const [file, second] = files;
    if (file === undefined) {
      throw new Problem(
        `${join(folder, `${table.name}.csv`)}: no such file, nor ${table.name}.csv.gz or ` +
          `${table.name}.parquet; ${reads}`,
      );
    }
    if (second !== undefined) {
      throw new Problem(
        `${file.path} and ${
          files.slice(1).map(({ path }) => path.slice(folder.length + 1)).join(" and ")
        } both hold the table ${table.name}; keep one`,
      );
    }
    found.push(file);
  }
  return found;
}

/** Whether a path is a file; a path that does not exist is not. */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return false;
    throw error;
  }
}
