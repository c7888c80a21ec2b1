/**
 * What the export writes, as `nginx.conf` reads it.
 *
 * @module
 */
import type { BuiltAnswer } from "../web/answer.ts";

/** One answer of the site and the file that holds it. */
export interface ExportEntry {
  /** The address the answer is served at, such as `/api/metrics`. */
  path: string;
  /** The file, relative to the export folder, such as `api/metrics.json`. */
  file: string;
  /** The answer. */
  answer: BuiltAnswer;
}

/** An error answer and the file that holds it. */
export type ErrorFile = Omit<ExportEntry, "path">;

/** What the export writes, worked out before anything is written. */
export interface ExportPlan {
  /** Every answer with its file. */
  entries: ExportEntry[];
  /** The content type of each file extension, as every host should send it. */
  types: Map<string, string>;
  /** The HTML page for unknown addresses outside `/api/`, in `404.html`. */
  notFoundPage: ErrorFile;
  /** The JSON answer for unknown addresses under `/api/`, in `api/404.json`. */
  apiNotFound: ErrorFile;
  /** Addresses only the Deno server answers (dynamic routes without a static copy). */
  serverOnly: string[];
  /** Page addresses that name a page another way, and the page they redirect to (308). */
  redirects: { from: string; to: string }[];
}
