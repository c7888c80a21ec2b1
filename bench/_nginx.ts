/**
 * nginx as the benchmark's reference: serving the static export (`build.ts` and its
 * `nginx.conf`), or, where there is no export, the answers fetched from the running Deno server
 * with a minimal configuration.
 *
 * @module
 */
import { CACHE_CONTENT } from "../lib/web/answer.ts";
import { COMMON_HEADERS } from "../lib/policy.ts";
import type { BenchCase } from "./_cases.ts";
import { onCpus, ROOT, sleep, taskArgs } from "./_process.ts";
import { rawRequest } from "../tests/_raw_http.ts";

/** A folder nginx can serve, and how. */
export interface NginxSite {
  source: "export" | "fetched";
  /** The prefix (`-p`): relative paths of the configuration resolve against it. */
  prefix: string;
  /** The configuration file (`-c`), absolute. */
  conf: string;
  port: number;
  /** Whether nginx can answer brotli here. */
  brotli: boolean;
  /** What the benchmark changed or chose, for the report. */
  notes: string[];
}

/** Whether the build task of the static export exists in `deno.json`. */
export async function hasExportTool(): Promise<boolean> {
  try {
    await taskArgs("build");
    await Deno.stat(new URL("build.ts", ROOT));
    return true;
  } catch {
    return false;
  }
}

/**
 * Where this nginx gets brotli from: `"built-in"`, the file of a loadable module, or undefined
 * when it has none.
 */
export async function brotliModule(): Promise<string | undefined> {
  const output = await new Deno.Command("nginx", { args: ["-V"], stderr: "piped" }).output();
  if (/brotli/i.test(new TextDecoder().decode(output.stderr))) return "built-in";
  for (const dir of ["/usr/lib/nginx/modules", "/usr/share/nginx/modules"]) {
    const file = `${dir}/ngx_http_brotli_static_module.so`;
    try {
      await Deno.stat(file);
      return file;
    } catch {
      // Not there.
    }
  }
  return undefined;
}

/**
 * Builds the static export into `workDir/export` with the build task's own flags (its write
 * grant moved to that folder, which it may also read), listening on `port`, with the Deno server's
 * `baseUrl` so that absolute links match. The export's `nginx.conf` is used as written except for
 * two lines that make the comparison fair to a single-threaded server: the worker count and no
 * access log. The export compresses its files harder than the server does on a request, so the
 * gzip and brotli files of the benchmarked answers are replaced with the Deno server's own bytes:
 * both sides then send the same bytes.
 */
export async function prepareExport(
  workDir: string,
  cases: readonly BenchCase[],
  { port, baseUrl, denoPort, workers }: {
    port: number;
    baseUrl: string;
    denoPort: number;
    workers: number;
  },
): Promise<NginxSite> {
  const out = `${workDir}/export`;
  const args = (await taskArgs("build")).map((arg) =>
    arg.startsWith("--allow-write")
      ? `--allow-write=${out}`
      : arg.startsWith("--allow-read=")
      ? `${arg},${out}`
      : arg
  );
  const output = await new Deno.Command("deno", {
    args: [...args, "--out", out, "--port", String(port)],
    cwd: ROOT,
    env: { BASE_URL: baseUrl, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    throw new Error(`deno task build failed:\n${new TextDecoder().decode(output.stderr)}`);
  }
  const notes = ["the static export (`deno task build`) with its own nginx.conf"];
  let conf = await Deno.readTextFile(`${out}/nginx.conf`);
  const replacements: [RegExp, string, string][] = [
    [/^worker_processes .*;$/m, `worker_processes ${workers};`, `worker_processes ${workers}`],
    [/^(\s*)access_log .*;$/m, "$1access_log off;", "access_log off"],
  ];
  for (const [pattern, replacement, note] of replacements) {
    if (pattern.test(conf)) {
      conf = conf.replace(pattern, replacement);
      notes.push(`changed for the benchmark: ${note}`);
    }
  }
  const confPath = `${workDir}/nginx.conf`;
  await Deno.writeTextFile(confPath, conf);
  const replaced = await useServerBytes(out, cases, denoPort);
  notes.push(
    `the gzip and brotli files of ${replaced} benchmarked answer(s) are the Deno server's`,
  );
  return { source: "export", prefix: out, conf: confPath, port, brotli: true, notes };
}

/**
 * For each benchmarked address, finds the export's files that hold the Deno server's identity
 * body and writes the server's gzip and brotli bodies over their `.gz` and `.br` siblings (only
 * where the export has one, as its nginx.conf serves those alone). Returns how many addresses
 * were found.
 */
async function useServerBytes(
  dir: string,
  cases: readonly BenchCase[],
  denoPort: number,
): Promise<number> {
  const files: { path: string; size: number }[] = [];
  const walk = async (folder: string) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile && !/\.(gz|br)$/.test(entry.name)) {
        files.push({ path, size: (await Deno.stat(path)).size });
      }
    }
  };
  await walk(dir);
  const fetchAs = (path: string, coding: string) =>
    rawRequest(`http://127.0.0.1:${denoPort}`, path, { headers: { "Accept-Encoding": coding } });
  let found = 0;
  const paths = cases.filter((c) => c.status === 200 && c.post === undefined).map((c) => c.path);
  for (const path of new Set(paths)) {
    const identity = (await fetchAs(path, "identity")).body;
    const matches: string[] = [];
    for (const file of files) {
      if (
        file.size === identity.byteLength && sameBytes(await Deno.readFile(file.path), identity)
      ) {
        matches.push(file.path);
      }
    }
    if (matches.length > 0) found++;
    for (const [coding, extension] of [["gzip", "gz"], ["br", "br"]] as const) {
      const answer = await fetchAs(path, coding);
      if (answer.headers.get("content-encoding") !== coding) continue;
      for (const file of matches) {
        const sibling = `${file}.${extension}`;
        const exists = await Deno.stat(sibling).then(() => true, () => false);
        if (exists) await Deno.writeFile(sibling, answer.body);
      }
    }
  }
  return found;
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);
}

/**
 * Fetches each case's answer from the Deno server (identity, the gzip body, and the brotli
 * one when nginx has the module) into `workDir/root`, and writes a minimal configuration that
 * serves those very bytes with the server's common headers.
 */
export async function prepareFetched(
  workDir: string,
  cases: readonly BenchCase[],
  { port, denoPort, workers }: { port: number; denoPort: number; workers: number },
): Promise<NginxSite> {
  const root = `${workDir}/root`;
  const brotli = await brotliModule();
  const write = async (file: string, body: Uint8Array) => {
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeFile(file, body);
  };
  for (const path of new Set(cases.filter((c) => c.status === 200).map((c) => c.path))) {
    const codings = brotli ? ["identity", "gzip", "br"] : ["identity", "gzip"];
    for (const coding of codings) {
      const answer = await rawRequest(`http://127.0.0.1:${denoPort}`, path, {
        headers: { "Accept-Encoding": coding },
      });
      const sent = answer.headers.get("content-encoding") ?? "identity";
      if (answer.status !== 200 || sent !== coding) continue;
      await write(
        `${root}${path}.body${coding === "identity" ? "" : coding === "gzip" ? ".gz" : ".br"}`,
        answer.body,
      );
    }
  }
  const missing = cases.find((c) => c.status === 404);
  if (missing) {
    await write(
      `${root}/404.body`,
      (await rawRequest(`http://127.0.0.1:${denoPort}`, missing.path)).body,
    );
  }
  const headers = Object.entries({ ...COMMON_HEADERS }).map(([name, value]) =>
    `    add_header ${name} "${value}" always;`
  );
  const conf = [
    ...(brotli && brotli !== "built-in" ? [`load_module ${brotli};`] : []),
    `worker_processes ${workers};`,
    `pid ${workDir}/nginx.pid;`,
    `error_log ${workDir}/error.log warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) =>
      `  ${kind}_temp_path ${workDir}/temp_${kind};`
    ),
    "  sendfile on;",
    "  tcp_nopush on;",
    "  server_tokens off;",
    "  etag on;",
    "  types { }",
    '  default_type "application/json; charset=utf-8";',
    "  gzip_static on;",
    "  gzip_vary on;",
    ...(brotli ? ["  brotli_static on;"] : []),
    "  server {",
    `    listen 127.0.0.1:${port};`,
    `    root ${root};`,
    ...headers,
    `    add_header cache-control "${CACHE_CONTENT}";`,
    "    location / { try_files $uri.body =404; }",
    "    error_page 404 /404.body;",
    "    location = /404.body { internal; }",
    "  }",
    "}",
    "",
  ].join("\n");
  const confPath = `${workDir}/nginx.conf`;
  await Deno.writeTextFile(confPath, conf);
  const notes = [
    "answers fetched from the Deno server, served as static files by a minimal nginx.conf",
    brotli
      ? "brotli with the brotli_static module"
      : "no brotli module in this nginx: brotli is Deno-only",
  ];
  return { source: "fetched", prefix: workDir, conf: confPath, port, brotli: !!brotli, notes };
}

/**
 * Starts nginx in the foreground (on the given CPUs, if any) and waits until it answers
 * `probePath`.
 */
export async function startNginx(
  site: NginxSite,
  { probePath, cpus }: { probePath: string; cpus?: string | undefined },
): Promise<Deno.ChildProcess> {
  const [command, args] = onCpus(
    ["nginx", "-p", site.prefix, "-c", site.conf, "-g", "daemon off;"],
    cpus,
  );
  const process = new Deno.Command(command, {
    args,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let stderr = "";
  const drain = (async () => {
    for await (const chunk of process.stderr.pipeThrough(new TextDecoderStream())) {
      stderr += chunk;
    }
  })();
  let exited = false;
  process.status.then(() => exited = true);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !exited) {
    try {
      await rawRequest(`http://127.0.0.1:${site.port}`, probePath);
      return process;
    } catch {
      await sleep(20);
    }
  }
  try {
    process.kill("SIGTERM");
  } catch {
    // Already gone.
  }
  await process.status;
  await drain;
  throw new Error(`nginx did not start:\n${stderr}`);
}
