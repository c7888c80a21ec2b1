/**
 * Splits a record file into YAML front matter and `## ` sections.
 *
 * @module
 */
import { parseYaml } from "./_yaml.ts";

/** A record file split into its parts; `problems` lists what could not be read. */
export interface RecordFile {
  frontMatter: unknown;
  sections: Map<string, string>;
  problems: string[];
}

const FENCE = /^---[ \t]*$/;

/** Reads the front matter and the `## ` sections of one record file. */
export function splitRecordFile(source: string): RecordFile {
  const problems: string[] = [];
  const unread = (problem: string): RecordFile => ({
    frontMatter: undefined,
    sections: new Map(),
    problems: [`front matter: ${problem}`],
  });
  const lines = source.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? "")) return unread("must open the file with a line of three dashes");
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) return unread("has no closing line of three dashes");
  // The front matter starts on the file's second line.
  const parsed = parseYaml(lines.slice(1, end).join("\n"));
  if (!parsed.ok) {
    problems.push(
      `front matter${
        parsed.line === undefined ? "" : ` line ${parsed.line + 1}`
      }: ${parsed.message}`,
    );
  }
  const frontMatter = parsed.ok ? parsed.value : undefined;
  return { frontMatter, sections: readSections(lines.slice(end + 1), end + 2, problems), problems };
}

function readSections(lines: string[], firstLine: number, problems: string[]) {
  const sections = new Map<string, string>();
  let heading: string | undefined;
  let seenHeading = false;
  let buffer: string[] = [];
  const flush = () => {
    if (heading !== undefined) sections.set(heading, toParagraphs(buffer));
    buffer = [];
  };
  lines.forEach((line, index) => {
    const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (match === null) {
      if (!seenHeading && line.trim() !== "") {
        problems.push(`line ${firstLine + index}: text must stand under a "## " section heading`);
      }
      buffer.push(line);
      return;
    }
    const [, hashes = "", title = ""] = match;
    flush();
    seenHeading = true;
    if (hashes !== "##") {
      problems.push(`line ${firstLine + index}: heading "${line.trim()}" must be a "## " heading`);
      heading = undefined;
    } else if (sections.has(title)) {
      problems.push(`## ${title}: section appears more than once`);
      heading = undefined;
    } else {
      heading = title;
    }
  });
  flush();
  return sections;
}

/** Joins wrapped lines into paragraphs, separated by one blank line. */
function toParagraphs(lines: string[]): string {
  return lines.join("\n").split(/\n\s*\n/).map((paragraph) =>
    paragraph.split("\n").map((line) => line.trim()).filter(Boolean).join(" ")
  ).filter(Boolean).join("\n\n");
}
