/**
 * The `nginx.conf` of the static export: serves the exported files with the Deno server's
 * answers: content types with charset, CORS on every answer, preflights, JSON errors under
 * `/api/` and the HTML 404 page elsewhere, ETags, and the precompressed bodies.
 *
 * @module
 */
import { CACHE_ERROR } from "../web/answer.ts";
import { STAND_PATH } from "../web/paths.ts";
import { PATH_ERRORS, REFUSED_CHARACTERS, REFUSED_SEGMENTS } from "../web/request_path.ts";
import { Problem } from "../problem.ts";
import type { ExportPlan } from "./plan.ts";
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

function map(source: string, variable: string, rows: [string, string][], volatile = false) {
  const lines = rows.map(([key, value]) => `    ${key} ${value};`);
  return [
    `  map ${source} $${variable} {`,
    ...(volatile ? ["    volatile;"] : []),
    ...lines,
    "  }",
  ];
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

/** The checks every serving location makes before looking a path up, in the server's order. */
const GUARDS = [
  "if ($path_too_long) { return 414; }",
  "if ($path_refused) { return 400; }",
  "if ($path_not_utf8) { return 400; }",
  "if ($request_method = OPTIONS) { return 204; }",
  `if ($request_method !~ ^(?:${FILE_METHODS.join("|")})$) { return 405; }`,
];

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
 * The handler's path rules as nginx maps. The handler reads the path as sent, decoding each
 * segment; nginx decodes and resolves `$uri` itself, so the checks that need the path as sent
 * (its length, its percent-encodings, its segments) read `$request_uri`, up to the query.
 */
function pathMaps(): string[] {
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
  const segments = REFUSED_SEGMENTS.map((segment) => [...segment].map(asSent).join(""));
  return [
    ...map("$request_uri", "path_too_long", [
      ["default", "0"],
      [`"~^[^?]{${MAX_PATH_LENGTH + 1}}"`, "1"],
    ]),
    ...map("$request_uri", "path_refused", [
      ["default", "0"],
      // Percent-encoding that does not decode: a percent sign without two hex digits.
      ['"~^[^?]*%(?![0-9A-Fa-f]{2})"', "1"],
      [`"~*^[^?]*${percentEncoded(refused)}"`, "1"],
      // As sent, the slash separates segments; the other refused characters are refused.
      [`"~^[^?]*${byteClass(refused.filter((point) => point !== 0x2f))}"`, "1"],
      [`"~*^[^?]*/(?:${segments.join("|")})(?:[/?]|$)"`, "1"],
    ]),
    // What decodeURIComponent takes: bytes that are well-formed UTF-8 (RFC 3629, section 4).
    ...map("$uri", "path_not_utf8", [
      ["default", "1"],
      [
        '"~^(?:[\\x00-\\x7F]|[\\xC2-\\xDF][\\x80-\\xBF]|\\xE0[\\xA0-\\xBF][\\x80-\\xBF]|' +
        "[\\xE1-\\xEC\\xEE\\xEF][\\x80-\\xBF]{2}|\\xED[\\x80-\\x9F][\\x80-\\xBF]|" +
        '\\xF0[\\x90-\\xBF][\\x80-\\xBF]{2}|[\\xF1-\\xF3][\\x80-\\xBF]{3}|\\xF4[\\x80-\\x8F][\\x80-\\xBF]{2})*$"',
        "0",
      ],
    ]),
  ];
}

/** Options for {@linkcode nginxConf}. */
export interface NginxConfOptions {
  port?: number;
}

/** Renders the `nginx.conf` that serves an export. */
export function nginxConf(plan: ExportPlan, { port = 8080 }: NginxConfOptions = {}): string {
  const fileOf = new Map<string, string>();
  const brFileOf = new Map<string, string>();
  const served: { uri: string; answer: ExportPlan["entries"][number]["answer"] }[] = [];
  for (const { path, file, answer } of plan.entries) {
    const uri = `/${file}`;
    for (const address of path === "/" ? [path] : [path, `${path}/`]) {
      fileOf.set(address, uri);
      if (answer.bodies.br) brFileOf.set(address, `${uri}.br`);
    }
    served.push({ uri, answer });
    if (answer.bodies.br) served.push({ uri: `${uri}.br`, answer });
  }
  const pageUri = `/${plan.notFoundPage.file}`;
  const apiUri = `/${plan.apiNotFound.file}`;
  served.push({ uri: pageUri, answer: plan.notFoundPage.answer });
  served.push({ uri: apiUri, answer: plan.apiNotFound.answer });

  const cacheCounts = new Map<string, number>();
  for (const { answer } of served) {
    if (answer.status === 200) {
      cacheCounts.set(answer.cacheControl, (cacheCounts.get(answer.cacheControl) ?? 0) + 1);
    }
  }
  const usualCache = [...cacheCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "no-store";
  const headerNames = [
    ...new Set(served.flatMap(({ answer }) => Object.keys(answer.headers ?? {}))),
  ].map((name) => name.toLowerCase()).sort();
  for (const name of headerNames) {
    if (OWN_HEADERS.has(name) || !/^[a-z0-9-]+$/.test(name)) {
      throw new Error(`The header "${name}" of an answer cannot be reproduced by nginx.conf`);
    }
  }
  const extensions = [
    ...new Set([...brFileOf.values()].map((uri) => /\.([a-z0-9]+)\.br$/.exec(uri)?.[1] ?? "")),
  ].filter(Boolean).sort();
  const longest = Math.max(...[...fileOf.keys()].map((key) => key.length), 32);
  const bucket = 2 ** Math.ceil(Math.log2(longest + 32));

  // A location that sets one error_page inherits none from the server: it names all of them.
  const errorPages = (notFound: string) => [
    "error_page 400 /__errors/400;",
    "error_page 405 /__errors/405;",
    "error_page 414 /__errors/414;",
    "error_page 500 502 503 504 /__errors/500;",
    `error_page 404 ${notFound};`,
  ];
  const serving = (notFound: string) => [
    ...errorPages(notFound).map((line) => `      ${line}`),
    ...GUARDS.map((guard) => `      ${guard}`),
    ...(notFound === pageUri
      ? ['      if ($alias_target != "") { return 308 $alias_target; }']
      : []),
    "      # nginx matches map keys case-insensitively; every exported address is lowercase.",
    '      if ($uri ~ "[A-Z]") { return 404; }',
    `      if ($asset_file = "") { return 404; }`,
    `      if ($br_file != "") { rewrite ^ $br_file last; }`,
    "      rewrite ^ $asset_file break;",
    "      gzip_static on;",
    ...extensions.flatMap((extension) => [
      `      location ~ "\\.${extension}\\.br$" {`,
      "        internal;",
      `        types { } default_type ${
        quote(plan.types.get(extension) ?? "application/octet-stream")
      };`,
      "      }",
    ]),
  ];

  const lines = [
    NGINX_MARKER,
    "# Generated by `deno task build`; do not edit, rebuild instead.",
    "#",
    "# Run from the folder above this one, in the foreground:",
    "#   nginx -p \"$PWD/dist\" -c nginx.conf -g 'daemon off;'",
    "# Change the port on the `listen` line. Paths are relative to the prefix (-p): the pid, the",
    "# logs and the temporary files stay in logs/ and temp/. Started as root, nginx reads the files",
    "# as the user nobody, so the folder must be readable by everyone.",
    "#",
    "# Precompressed files: gzip_static serves the .gz siblings; the .br siblings are chosen with",
    "# a map on Accept-Encoding and served as they are, so no brotli module is needed.",
    "",
    "worker_processes auto;",
    "pid logs/nginx.pid;",
    "error_log logs/error.log warn;",
    "",
    "events {",
    "  worker_connections 1024;",
    "}",
    "",
    "http {",
    "  access_log logs/access.log;",
    "  client_body_temp_path temp/client_body;",
    "  proxy_temp_path temp/proxy;",
    "  fastcgi_temp_path temp/fastcgi;",
    "  uwsgi_temp_path temp/uwsgi;",
    "  scgi_temp_path temp/scgi;",
    "  server_tokens off;",
    "  sendfile on;",
    "  etag on;",
    "  merge_slashes off;",
    `  map_hash_bucket_size ${bucket};`,
    `  map_hash_max_size ${2 ** Math.ceil(Math.log2(Math.max(fileOf.size * 2, 1024)))};`,
    "",
    "  # Content types by extension, with the charset the server sends.",
    "  types {",
    ...[...plan.types].sort(([a], [b]) => a < b ? -1 : 1).map(([extension, type]) =>
      `    ${quote(type)} ${extension};`
    ),
    "  }",
    "  default_type application/octet-stream;",
    "",
    "  # The file of every address the site answers, with and without a trailing slash.",
    ...map("$uri", "asset_file", [
      ["default", '""'],
      ...[...fileOf].map(([address, uri]): [string, string] => [quote(address), quote(uri)]),
    ]),
    ...map("$uri", "asset_br_file", [
      ["default", '""'],
      ...[...brFileOf].map(([address, uri]): [string, string] => [quote(address), quote(uri)]),
    ]),
    "",
    "  # Page addresses that name a record by an abbreviation or an everyday name, and the",
    "  # side-by-side pages with the slugs the other way round; with and without a trailing slash.",
    ...map("$uri", "alias_target", [
      ["default", '""'],
      ...plan.redirects.flatMap(({ from, to }): [string, string][] => [
        [quote(from), quote(to)],
        [quote(`${from}/`), quote(to)],
      ]),
    ]),
    "",
    "  # Brotli when the client accepts it: br (or *) with a weight above zero.",
    ...map("$http_accept_encoding", "accepts_br", [
      ["default", '""'],
      ['"~*(?:^|,)\\s*br\\s*;\\s*q\\s*=\\s*0(?:\\.0*)?\\s*(?:,|$)"', '""'],
      ['"~*(?:^|,)\\s*br\\s*(?:;|,|$)"', "1"],
      ['"~*(?:^|,)\\s*\\*\\s*;\\s*q\\s*=\\s*0(?:\\.0*)?\\s*(?:,|$)"', '""'],
      ['"~*(?:^|,)\\s*\\*\\s*(?:;|,|$)"', "1"],
    ]),
    ...map('"$accepts_br:$asset_br_file"', "br_file", [
      ["default", '""'],
      ['"~^1:(?<file>/.+)$"', "$file"],
    ]),
    "",
    "  # Paths the handler refuses with 414 or 400 (lib/web/request_path.ts).",
    ...pathMaps(),
    "",
    "  # Headers that depend on the answer: by status, and by the file served.",
    ...map("$uri", "file_cache_control", [
      ["default", quote(usualCache)],
      ...served.filter(({ answer }) => answer.status === 200 && answer.cacheControl !== usualCache)
        .map(({ uri, answer }): [string, string] => [quote(uri), quote(answer.cacheControl)]),
    ], true),
    ...map("$status", "cache_control", [
      ["default", '"no-store"'],
      ["200", "$file_cache_control"],
      ["304", "$file_cache_control"],
      ["204", quote(PREFLIGHT_HEADERS["cache-control"] ?? "no-store")],
      ["404", quote(CACHE_ERROR)],
    ], true),
    ...map("$status", "vary", [
      ["default", '""'],
      ["200", '"Accept-Encoding"'],
      ["304", '"Accept-Encoding"'],
      ["204", quote(PREFLIGHT_HEADERS["vary"] ?? "")],
    ], true),
    ...map("$status", "allow", [["default", '""'], ["405", quote(READ_METHODS)]], true),
    ...map("$status", "allow_methods", [["default", '""'], ["204", quote(READ_METHODS)]], true),
    "  # A preflight reflects the request headers it is asked for, when they are a list of names.",
    ...map('"$status:$http_access_control_request_headers"', "allow_headers", [
      ["default", '""'],
      [
        `"~^204:(?<requested>${REQUEST_HEADER_LIST.source.replace(/^\^|\$$/g, "")})$"`,
        "$requested",
      ],
    ], true),
    ...Object.entries(PREFLIGHT_HEADERS).filter(([name]) => name.startsWith("access-control-"))
      .flatMap(([name, value]) =>
        map("$status", variableName(name), [["default", '""'], ["204", quote(value)]], true)
      ),
    ...map("$uri", "content_encoding", [["default", '""'], ['"~\\.br$"', '"br"']], true),
    ...headerNames.flatMap((name) =>
      map("$uri", variableName(name), [
        ["default", '""'],
        ...served.flatMap(({ uri, answer }): [string, string][] => {
          const value = Object.entries(answer.headers ?? {}).find(([key]) =>
            key.toLowerCase() === name
          )?.[1];
          return value === undefined ? [] : [[quote(uri), quote(value)]];
        }),
      ], true)
    ),
    "",
    "  server {",
    `    listen ${port};`,
    "    server_name _;",
    "    absolute_redirect off;",
    "    root .;",
    "",
    "    # On every answer, errors included.",
    ...Object.entries(COMMON_HEADERS).map(([name, value]) =>
      `    add_header ${headerName(name)} ${quote(value)} always;`
    ),
    "    add_header Cache-Control $cache_control always;",
    "    add_header Vary $vary always;",
    "    add_header Allow $allow always;",
    "    add_header Access-Control-Allow-Methods $allow_methods always;",
    "    add_header Access-Control-Allow-Headers $allow_headers always;",
    ...Object.keys(PREFLIGHT_HEADERS).filter((name) => name.startsWith("access-control-")).map((
      name,
    ) => `    add_header ${headerName(name)} $${variableName(name)} always;`),
    "    add_header Content-Encoding $content_encoding always;",
    ...headerNames.map((name) =>
      `    add_header ${headerName(name)} $${variableName(name)} always;`
    ),
    "",
    ...errorPages(pageUri).map((line) => `    ${line}`),
    "",
    "    location / {",
    ...serving(pageUri),
    "    }",
    "",
    "    location /api/ {",
    ...serving(apiUri),
    "    }",
    "",
    // The home page's "Is my number good?" goes to the server's /compare, which the export has
    // not: on to the chosen metric's form, where the page's script answers.
    `    location = ${STAND_PATH} {`,
    ...GUARDS.map((guard) => `      ${guard}`),
    `      if ($arg_metric ~ "^[a-z0-9][a-z0-9-]{0,99}$") { return 303 /metrics/$arg_metric#where-do-you-stand; }`,
    "      return 404;",
    "    }",
    "",
    ...[pageUri, apiUri].flatMap((
      uri,
    ) => [`    location = ${uri} {`, "      internal;", "    }", ""]),
    "    location ^~ /__errors/ {",
    "      internal;",
    `      types { } default_type ${quote(plan.types.get("json") ?? "application/json")};`,
    ...Object.entries(ERRORS).map(([status, message]) =>
      `      location = /__errors/${status} { return ${status} '${
        JSON.stringify({ error: message })
      }'; }`
    ),
    "    }",
    "  }",
    "}",
    "",
  ];
  return lines.join("\n");
}
