/**
 * The `nginx.conf` of the static export: serves the exported files with the Deno server's
 * answers: content types with charset, CORS on every answer, preflights, JSON errors under
 * `/api/` and the HTML 404 page elsewhere, ETags, and the precompressed bodies. The file is
 * `nginx.conf.template`, whose slots are filled from the export's plan and the server's policy.
 *
 * @module
 */
import { CACHE_ERROR } from "../web/answer.ts";
import { STAND_PATH } from "../web/paths.ts";
import { PATH_ERRORS, REFUSED_CHARACTERS, REFUSED_SEGMENTS } from "../web/request_path.ts";
import { Problem } from "../problem.ts";
import type { ExportPlan } from "./plan.ts";
import TEMPLATE from "./nginx.conf.template" with { type: "text" };
import {
  COMMON_HEADERS,
  headerName,
  MAX_PATH_LENGTH,
  PREFLIGHT_HEADERS,
  READ_METHODS,
  REQUEST_HEADER_LIST,
} from "../policy.ts";

/** The first line of every generated `nginx.conf`. */
export const NGINX_MARKER = "# nginx.conf of the Metrics Catalog static export";

/** The methods a file is served to; the others but OPTIONS are answered 405. */
const FILE_METHODS = READ_METHODS.split(", ").filter((method) => method !== "OPTIONS");

/**
 * The bodies of the errors nginx answers itself. A 414 is worded as the handler words it. A 400
 * joins the handler's two path messages, since nginx's own parser refuses some paths before the
 * maps can tell which rule a path breaks; a 405 does not name the method, as the handler's does.
 */
const ERRORS: Readonly<Record<number, string>> = {
  400: `${PATH_ERRORS.malformed}, or a character or segment that is not allowed`,
  405: `This service only reads: use ${FILE_METHODS.join(", ")} or OPTIONS`,
  414: PATH_ERRORS.tooLong,
  500: "Internal server error",
};

/** A double-quoted nginx string; refuses what nginx would read differently. */
function quote(value: string): string {
  // deno-lint-ignore no-control-regex
  if (/["\\$\u0000-\u001f\u007f{}]/.test(value)) {
    throw new Problem(
      `nginx.conf: "${value}" cannot stand in a quoted nginx string (quotes, backslashes, "$", ` +
        "braces and control characters are refused); change the header, type or address that holds it",
    );
  }
  return `"${value}"`;
}

function variableName(name: string): string {
  return `header_${name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
}

/** Headers the configuration sets itself; an answer cannot bring its own. */
const OWN_HEADERS = new Set([
  ...Object.keys(COMMON_HEADERS),
  ...Object.keys(PREFLIGHT_HEADERS),
  "access-control-allow-methods",
  "access-control-allow-headers",
  "allow",
  "content-type",
  "content-length",
  "content-encoding",
  "etag",
  "last-modified",
]);

/** A byte as a PCRE escape. */
function byte(value: number): string {
  return `\\x${value.toString(16).padStart(2, "0").toUpperCase()}`;
}

/** Code points as a PCRE character class of byte ranges. */
function byteClass(codePoints: readonly number[]): string {
  const ranges: [number, number][] = [];
  for (const point of [...codePoints].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return `[${
    ranges.map(([first, last]) => first === last ? byte(first) : `${byte(first)}-${byte(last)}`)
      .join("")
  }]`;
}

/** Code points as percent-encodings, grouped by their first hex digit, for a `~*` regex. */
function percentEncoded(codePoints: readonly number[]): string {
  const byFirst = new Map<string, string[]>();
  for (const point of codePoints) {
    const [first = "", second = ""] = point.toString(16).padStart(2, "0");
    byFirst.set(first, [...byFirst.get(first) ?? [], second]);
  }
  const alternatives = [...byFirst].sort(([a], [b]) => a < b ? -1 : 1).map(([first, seconds]) =>
    seconds.length === 16
      ? `${first}[0-9a-f]`
      : seconds.length === 1
      ? `${first}${seconds[0]}`
      : `${first}[${seconds.sort().join("")}]`
  );
  return alternatives.length === 1 ? `%${alternatives[0]}` : `%(?:${alternatives.join("|")})`;
}

/**
 * The handler's path rules as the regexes of nginx maps. The handler reads the path as sent,
 * decoding each segment; nginx decodes and resolves `$uri` itself, so the checks that need the
 * path as sent (its length, its percent-encodings, its segments) read `$request_uri`.
 */
function pathRules(): Record<string, string> {
  const refused = REFUSED_CHARACTERS.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => first + index)
  );
  if (refused.some((point) => point > 0x7f)) {
    throw new Error("nginx.conf refuses ASCII characters only; REFUSED_CHARACTERS holds others");
  }
  const asSent = (character: string) => {
    const point = character.codePointAt(0) ?? 0;
    return `(?:${byte(point)}|${percentEncoded([point])})`;
  };
  return {
    too_long: String(MAX_PATH_LENGTH + 1),
    refused_encoded: percentEncoded(refused),
    refused_bytes: byteClass(refused.filter((point) => point !== 0x2f)),
    refused_segments: REFUSED_SEGMENTS.map((segment) => [...segment].map(asSent).join(""))
      .join("|"),
  };
}

/** Every file served, each with its answer, and the file of each address. */
function servedFiles(plan: ExportPlan) {
  const fileOf = new Map<string, string>();
  const brFileOf = new Map<string, string>();
  const files: { uri: string; answer: ExportPlan["entries"][number]["answer"] }[] = [];
  for (const { path, file, answer } of plan.entries) {
    const uri = `/${file}`;
    for (const address of path === "/" ? [path] : [path, `${path}/`]) {
      fileOf.set(address, uri);
      if (answer.bodies.br) brFileOf.set(address, `${uri}.br`);
    }
    files.push({ uri, answer });
    if (answer.bodies.br) files.push({ uri: `${uri}.br`, answer });
  }
  for (const { file, answer } of [plan.notFoundPage, plan.apiNotFound]) {
    files.push({ uri: `/${file}`, answer });
  }
  return { fileOf, brFileOf, files };
}

type Files = ReturnType<typeof servedFiles>["files"];

/** The names of the headers the answers bring, lowercase; refuses one nginx cannot reproduce. */
function answerHeaderNames(files: Files): string[] {
  const names = [...new Set(files.flatMap(({ answer }) => Object.keys(answer.headers ?? {})))]
    .map((name) => name.toLowerCase()).sort();
  for (const name of names) {
    if (OWN_HEADERS.has(name) || !/^[a-z0-9-]+$/.test(name)) {
      throw new Error(`The header "${name}" of an answer cannot be reproduced by nginx.conf`);
    }
  }
  return names;
}

/** The cache-control most files are served with: the default of its map. */
function usualCacheOf(files: Files): string {
  const counts = new Map<string, number>();
  for (const { answer } of files) {
    if (answer.status === 200) {
      counts.set(answer.cacheControl, (counts.get(answer.cacheControl) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "no-store";
}

/** A map's rows, each key and value quoted. */
function rows(entries: Iterable<[string, string]>): string[] {
  return [...entries].map(([key, value]) => `    ${quote(key)} ${quote(value)};`);
}

/** A volatile map with an empty default: a header set only where a row says. */
function headerMap(source: string, variable: string, lines: string[]): string[] {
  return [`  map ${source} $${variable} {`, "    volatile;", '    default "";', ...lines, "  }"];
}

/** An `add_header` line of the server, on every answer. */
function addHeader(name: string, value: string): string {
  return `    add_header ${headerName(name)} ${value} always;`;
}

/** The preflight's CORS headers, each set by a map on the status. */
const PREFLIGHT_CORS = Object.entries(PREFLIGHT_HEADERS).filter(([name]) =>
  name.startsWith("access-control-")
);

/** The slots of the template that hold the headers: the maps that set them and the lines. */
function headerSlots(files: Files): Record<string, string | string[]> {
  const names = answerHeaderNames(files);
  const usual = usualCacheOf(files);
  const valueOf = (answer: Files[number]["answer"], name: string) =>
    Object.entries(answer.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return {
    usual_cache: quote(usual),
    file_cache_controls: rows(
      files.filter(({ answer }) => answer.status === 200 && answer.cacheControl !== usual)
        .map(({ uri, answer }) => [uri, answer.cacheControl]),
    ),
    preflight_maps: PREFLIGHT_CORS.flatMap(([name, value]) =>
      headerMap("$status", variableName(name), [`    204 ${quote(value)};`])
    ),
    answer_header_maps: names.flatMap((name) =>
      headerMap(
        "$uri",
        variableName(name),
        rows(files.flatMap(({ uri, answer }): [string, string][] => {
          const value = valueOf(answer, name);
          return value === undefined ? [] : [[uri, value]];
        })),
      )
    ),
    common_headers: Object.entries(COMMON_HEADERS).map(([name, value]) =>
      addHeader(name, quote(value))
    ),
    preflight_headers: PREFLIGHT_CORS.map(([name]) => addHeader(name, `$${variableName(name)}`)),
    answer_headers: names.map((name) => addHeader(name, `$${variableName(name)}`)),
  };
}

/** The slots of the template that hold the files: types, addresses, redirects, brotli types. */
function fileSlots(plan: ExportPlan, { fileOf, brFileOf }: ReturnType<typeof servedFiles>) {
  const longest = Math.max(...[...fileOf.keys()].map((key) => key.length), 32);
  const extensions = [
    ...new Set([...brFileOf.values()].map((uri) => /\.([a-z0-9]+)\.br$/.exec(uri)?.[1] ?? "")),
  ].filter(Boolean).sort();
  return {
    bucket: String(2 ** Math.ceil(Math.log2(longest + 32))),
    max_size: String(2 ** Math.ceil(Math.log2(Math.max(fileOf.size * 2, 1024)))),
    types: [...plan.types].sort(([a], [b]) => a < b ? -1 : 1).map(([extension, type]) =>
      `    ${quote(type)} ${extension};`
    ),
    asset_files: rows(fileOf),
    asset_br_files: rows(brFileOf),
    aliases: rows(plan.redirects.flatMap(({ from, to }): [string, string][] => [
      [from, to],
      [`${from}/`, to],
    ])),
    br_locations: extensions.flatMap((extension) => [
      `      location ~ "\\.${extension}\\.br$" {`,
      "        internal;",
      `        types { } default_type ${
        quote(plan.types.get(extension) ?? "application/octet-stream")
      };`,
      "      }",
    ]),
  };
}

/**
 * The template with its slots filled: a slot alone on its line takes a block of lines, any other
 * a value; the template's `##` notes are left out.
 */
function fill(template: string, slots: Readonly<Record<string, string | string[]>>): string {
  const slot = (name: string) => {
    const value = slots[name];
    if (value === undefined) throw new Error(`nginx.conf.template: no value for {{${name}}}`);
    return value;
  };
  return template.replace(/^ *##.*\n/gm, "")
    .replace(/^\{\{(\w+)\}\}\n/gm, (_, name: string) => {
      const value = slot(name);
      return (Array.isArray(value) ? value : [value]).map((line) => `${line}\n`).join("");
    })
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(slot(name)));
}

/** Options for {@linkcode nginxConf}. */
export interface NginxConfOptions {
  port?: number;
}

/** Renders the `nginx.conf` that serves an export. */
export function nginxConf(plan: ExportPlan, { port = 8080 }: NginxConfOptions = {}): string {
  const served = servedFiles(plan);
  return fill(TEMPLATE, {
    marker: NGINX_MARKER,
    port: String(port),
    ...headerSlots(served.files),
    ...fileSlots(plan, served),
    ...pathRules(),
    preflight_cache_control: quote(PREFLIGHT_HEADERS["cache-control"] ?? "no-store"),
    error_cache_control: quote(CACHE_ERROR),
    preflight_vary: quote(PREFLIGHT_HEADERS["vary"] ?? ""),
    read_methods: quote(READ_METHODS),
    request_header_list: REQUEST_HEADER_LIST.source.replace(/^\^|\$$/g, ""),
    file_methods: FILE_METHODS.join("|"),
    page_404: `/${plan.notFoundPage.file}`,
    api_404: `/${plan.apiNotFound.file}`,
    stand_path: STAND_PATH,
    json_type: quote(plan.types.get("json") ?? "application/json"),
    error_locations: Object.entries(ERRORS).map(([status, message]) =>
      `      location = /__errors/${status} { return ${status} '${
        JSON.stringify({ error: message })
      }'; }`
    ),
  });
}
