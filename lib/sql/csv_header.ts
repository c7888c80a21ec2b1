/**
 * A CSV file's header, read from its first line that holds anything and checked against its
 * table, and DuckDB's reader of the file with the schema's column types in the header's order.
 *
 * @module
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { columnType } from "./dialect.ts";
import type { DataFile } from "./find_files.ts";
import type { Column } from "./schema.ts";
import { Problem } from "../problem.ts";

/** A path as SQL text. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The header of a CSV file: the names on its first line that holds anything; a file whose start
 * is not text is a {@linkcode Problem}.
 */
export async function csvHeader(
  file: Pick<DataFile, "path" | "format">,
): Promise<string[] | undefined> {
  let head = "";
  if (file.format === "csv.gz") {
    const stream = createReadStream(file.path).pipe(createGunzip());
    try {
      for await (const chunk of stream) {
        head += String(chunk);
        if (/\S[^\n]*\n/.test(head) || head.length > 1 << 20) break;
      }
    } catch {
      throw new Problem(
        `${file.path}: not a gzip file; a .csv.gz file is CSV compressed by gzip`,
      );
    } finally {
      stream.destroy();
    }
  } else {
    const handle = await open(file.path);
    try {
      const bytes = new Uint8Array(1 << 16);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
      head = new TextDecoder().decode(bytes.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }
  const start = head.slice(0, 4096);
  if (start.includes("\u0000") || start.includes("\ufffd")) {
    throw new Problem(
      `${file.path}: not text, so not CSV: a .${file.format} file holds a header row and ` +
        "rows of values, as text in UTF-8",
    );
  }
  const line = head.replace(/^\ufeff/, "").split(/\r\n|\n|\r/).find((each) => each.trim() !== "");
  if (line === undefined) return undefined;
  return line.split(",").map((name) => name.trim().replace(/^"(.*)"$/, "$1").trim());
}

/** Checks that a CSV header names each column of the table once, in any order, and no other. */
export function checkHeader(file: DataFile, header: string[] | undefined): string[] {
  const names = file.table.columns.map((column) => column.name);
  if (header === undefined) {
    throw new Problem(
      `${file.path}: the file is empty; its first line names the columns: ${names.join(",")}`,
    );
  }
  header.forEach((name, index) => {
    const at = `${file.path}: line 1, column ${index + 1}`;
    if (!names.includes(name)) {
      throw new Problem(
        `${at}: "${name.slice(0, 60)}" is not a column of ${file.table.name}; its columns are ` +
          names.join(", "),
      );
    }
    if (header.indexOf(name) !== index) throw new Problem(`${at}: "${name}" is named twice`);
  });
  const missing = names.find((name) => !header.includes(name));
  if (missing !== undefined) {
    throw new Problem(
      `${file.path}: line 1: the column "${missing}" is missing; the header names every column ` +
        `of ${file.table.name} (${names.join(", ")}), and a value may be left empty where the ` +
        "column allows it",
    );
  }
  return header;
}

/** The header of a CSV file, checked: what reading it again to find a line goes by. */
export async function headerOf(file: DataFile): Promise<string[]> {
  return checkHeader(file, await csvHeader(file));
}

/** How {@linkcode readCsv} reads a file besides its header. */
export interface ReadCsvOptions {
  /** More arguments of `read_csv`, each after a comma (`, store_rejects = true`). */
  extra?: string;
  /** Whether each column is read as the text it is written with, rather than typed. */
  asText?: boolean;
  /** Whether the timestamp columns alone are read as text (each then cast where it is used). */
  timestampsAsText?: boolean;
}

/**
 * DuckDB's CSV reader over a file, with the header's columns in its order, each typed (or, with
 * `asText`, each read as the text it is written with; with `timestampsAsText`, the timestamps).
 */
export function readCsv(
  file: DataFile,
  header: readonly string[],
  { extra = "", asText = false, timestampsAsText = false }: ReadCsvOptions = {},
): string {
  const types = header.map((name) => {
    const column = file.table.columns.find((each) => each.name === name) as Column;
    const textual = asText || (timestampsAsText && column.type === "timestamp");
    return `${text(name)}: ${text(textual ? "VARCHAR" : columnType(column.type, "duckdb"))}`;
  });
  return `read_csv(${text(file.path)}, header = true, auto_detect = false, delim = ',', ` +
    `quote = '"', escape = '"', columns = {${types.join(", ")}}${extra})`;
}
