/**
 * The terminal entry: parse the arguments, call the library, print.
 *
 * @module
 */
import { parseArgs } from "node:util";
// The light modules only: `show` or `list` should not load the server, the pages or the search
// index, so those come in with the commands that use them.
import {
  type Catalog,
  CatalogError,
  EMBEDDED_CATALOG,
  loadCatalog,
  loadCatalogOrExit,
} from "./lib/catalog/load.ts";
import {
  formatBenchmarks,
  formatFramework,
  formatFrameworkList,
  formatHits,
  formatMetric,
  formatMetricList,
  type TextStyle,
} from "./lib/cli/output.ts";
import { TAGS, toApiMetric } from "./lib/catalog/schema.ts";
import { closestSlugs } from "./lib/read/text.ts";

const TOOL = "metrics-catalog";

type Command =
  | "list"
  | "show"
  | "search"
  | "benchmarks"
  | "frameworks"
  | "framework"
  | "validate"
  | "serve"
  | "mcp";

interface CommandSpec {
  usage: string;
  summary: string;
  options: Record<string, { type: "string" | "boolean" }>;
  /** How many positional arguments it takes; -1 for one or more words. */
  positionals: number;
}

const COMMANDS: Record<Command, CommandSpec> = {
  list: {
    usage: "list [--tag TAG] [--kind composite] [--json]",
    summary: "List the metrics, optionally by tag or kind",
    options: { tag: { type: "string" }, kind: { type: "string" }, json: { type: "boolean" } },
    positionals: 0,
  },
  show: {
    usage: "show <slug> [--json]",
    summary: "Show every field of one metric",
    options: { json: { type: "boolean" } },
    positionals: 1,
  },
  search: {
    usage: "search <query> [--limit N] [--json]",
    summary: "Ranked search over metrics and frameworks",
    options: { limit: { type: "string" }, json: { type: "boolean" } },
    positionals: -1,
  },
  benchmarks: {
    usage: "benchmarks <slug> [--json]",
    summary: "A metric's benchmark figures with citations and review date",
    options: { json: { type: "boolean" } },
    positionals: 1,
  },
  frameworks: {
    usage: "frameworks [--json]",
    summary: "List the measurement frameworks",
    options: { json: { type: "boolean" } },
    positionals: 0,
  },
  framework: {
    usage: "framework <slug> [--json]",
    summary: "Show every field of one framework",
    options: { json: { type: "boolean" } },
    positionals: 1,
  },
  validate: {
    usage: "validate",
    summary: "Check the catalog; print each problem with file and field",
    options: {},
    positionals: 0,
  },
  serve: {
    usage: "serve [--port N]",
    summary: "Start the HTTP service (PORT, HOSTNAME, BASE_URL apply)",
    options: { port: { type: "string" } },
    positionals: 0,
  },
  mcp: {
    usage: "mcp",
    summary: "Run the MCP server over stdio (for AI assistants)",
    options: {},
    positionals: 0,
  },
};

const isCommand = (name: string): name is Command => Object.hasOwn(COMMANDS, name);

function toolUsage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((command) => command.usage.length));
  return [
    `Usage: ${TOOL} <command> [options]`,
    "",
    "The reference catalog of product and growth metrics, in the terminal.",
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((command) =>
      `  ${command.usage.padEnd(width)}  ${command.summary}`
    ),
    "",
    "Options:",
    "  --json      Print the JSON API's shapes instead of text (read commands)",
    "  -h, --help  Show help for the tool or a command",
    "",
    `Examples: ${TOOL} show churn-rate · ${TOOL} search "net dollar retention"`,
  ].join("\n");
}

function commandUsage(command: Command): string {
  return `Usage: ${TOOL} ${COMMANDS[command].usage}\n\n${COMMANDS[command].summary}.`;
}

/** A usage error: the message and the usage go to stderr, exit code 2. */
class UsageError extends Error {
  readonly command: Command | undefined;
  constructor(message: string, command?: Command) {
    super(message);
    this.command = command;
  }
}

/** A lookup that found nothing: the message goes to stderr, exit code 1. */
class NotFoundError extends Error {}

/** Reads an environment variable the process may read; otherwise treats it as unset. */
function env(name: string): string | undefined {
  const state = Deno.permissions.querySync({ name: "env", variable: name }).state;
  return state === "granted" ? Deno.env.get(name) : undefined;
}

function textStyle(): TextStyle {
  const terminal = Deno.stdout.isTerminal();
  const noColor = (env("NO_COLOR") ?? "") !== "";
  const columns = Number(env("COLUMNS"));
  const width = terminal
    ? Deno.consoleSize().columns
    : Number.isInteger(columns) && columns > 0
    ? columns
    : 80;
  return { width: Math.min(Math.max(width, 40), 120), color: terminal && !noColor };
}

function print(text: string) {
  Deno.stdout.writeSync(new TextEncoder().encode(text));
}

function printJson(value: unknown) {
  print(`${JSON.stringify(value, null, 2)}\n`);
}

function lookup<T extends { slug: string }>(
  kind: "metric" | "framework",
  slug: string,
  records: T[],
  catalog: Catalog,
): T {
  const found = records.find((record) => record.slug === slug);
  if (found) return found;
  const other = kind === "metric" ? catalog.frameworks : catalog.metrics;
  if (other.some((record) => record.slug === slug)) {
    const command = kind === "metric" ? "framework" : "show";
    throw new NotFoundError(
      `"${slug}" is a ${
        kind === "metric" ? "framework" : "metric"
      }: try "${TOOL} ${command} ${slug}"`,
    );
  }
  const suggestions = closestSlugs(slug, records.map((record) => record.slug));
  throw new NotFoundError(
    `No ${kind} has the slug "${slug.slice(0, 100)}".` +
      (suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : ""),
  );
}

async function run(args: string[]): Promise<number | "running"> {
  const [name, ...rest] = args;
  if (name === undefined || name === "-h" || name === "--help" || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    if (topic !== undefined && isCommand(topic)) console.log(commandUsage(topic));
    else console.log(toolUsage());
    return 0;
  }
  if (!isCommand(name)) throw new UsageError(`Unknown command "${name}"`);
  const spec = COMMANDS[name];
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: { ...spec.options, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), name);
  }
  const values = new Map<string, unknown>(Object.entries(parsed.values));
  const text = (key: string) => {
    const value = values.get(key);
    return typeof value === "string" ? value : undefined;
  };
  if (values.get("help")) {
    console.log(commandUsage(name));
    return 0;
  }
  const positionals = parsed.positionals;
  if (spec.positionals === -1 && positionals.length === 0) {
    throw new UsageError(`"${name}" needs a query`, name);
  }
  if (spec.positionals >= 0 && positionals.length !== spec.positionals) {
    throw new UsageError(
      spec.positionals === 0 ? `"${name}" takes no arguments` : `"${name}" takes exactly one slug`,
      name,
    );
  }
  const json = values.get("json") === true;
  const [slug = ""] = positionals;

  switch (name) {
    case "validate":
      try {
        const catalog = await loadCatalog();
        console.log(
          `The catalog is valid: ${catalog.metrics.length} metrics, ${catalog.frameworks.length} frameworks`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof CatalogError)) throw error;
        console.error(error.message);
        return 1;
      }
    case "serve": {
      const { parsePort, serve, serveOptionsFromEnvOrExit } = await import("./lib/deno/server.ts");
      const options = serveOptionsFromEnvOrExit();
      const port = text("port");
      if (port !== undefined) options.port = parsePort(port, "--port");
      const catalog = await loadCatalogOrExit(options.catalogDir ?? EMBEDDED_CATALOG);
      serve(catalog, { ...options, exitOnSignal: true });
      return "running";
    }
    case "mcp": {
      const catalog = await loadCatalogOrExit(env("CATALOG_DIR") ?? EMBEDDED_CATALOG);
      const { serveMcpStdio } = await import("./lib/agents/mcp.ts");
      await serveMcpStdio(catalog);
      return "running";
    }
  }

  const catalog = await loadCatalogOrExit(env("CATALOG_DIR") ?? EMBEDDED_CATALOG);
  const style = textStyle();
  switch (name) {
    case "list": {
      const tag = text("tag");
      const kind = text("kind");
      if (tag !== undefined && !TAGS.some((known) => known === tag)) {
        throw new UsageError(`--tag "${tag}" must be one of: ${TAGS.join(", ")}`, name);
      }
      if (kind !== undefined && kind !== "composite") {
        throw new UsageError(`--kind "${kind}" must be "composite"`, name);
      }
      const metrics = catalog.metrics.filter((metric) =>
        (tag === undefined || metric.tags.some((known) => known === tag)) &&
        (kind === undefined || metric.kind === kind)
      );
      if (json) printJson(metrics.map(toApiMetric));
      else print(formatMetricList(metrics, style));
      return 0;
    }
    case "show": {
      const metric = lookup("metric", slug, catalog.metrics, catalog);
      if (json) printJson(toApiMetric(metric));
      else print(formatMetric(metric, style));
      return 0;
    }
    case "benchmarks": {
      const metric = lookup("metric", slug, catalog.metrics, catalog);
      if (json) {
        printJson({
          slug: metric.slug,
          name: metric.name,
          benchmarks: metric.benchmarks ?? [],
          ...(metric.benchmarksReviewed ? { benchmarksReviewed: metric.benchmarksReviewed } : {}),
          sources: metric.sources,
        });
      } else {
        print(formatBenchmarks(metric, style));
      }
      return 0;
    }
    case "search": {
      const limitText = text("limit") ?? "10";
      if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1) {
        throw new UsageError(`--limit "${limitText}" must be a whole number from 1 to 999`, name);
      }
      const { createSearch } = await import("./lib/read/search.ts");
      const hits = createSearch(catalog).search(positionals.join(" "), {
        limit: Number(limitText),
      });
      if (json) printJson(hits);
      else print(formatHits(hits, style));
      return 0;
    }
    case "frameworks":
      if (json) printJson(catalog.frameworks);
      else print(formatFrameworkList(catalog.frameworks, style));
      return 0;
    case "framework": {
      const framework = lookup("framework", slug, catalog.frameworks, catalog);
      if (json) printJson(framework);
      else {print(formatFramework(framework, style, {
          metricNames: new Map(catalog.metrics.map((metric) => [metric.slug, metric.name])),
        }));}
      return 0;
    }
  }
}

try {
  const code = await run(Deno.args);
  if (code !== "running") Deno.exit(code);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${TOOL}: ${error.message}\n`);
    console.error(error.command ? commandUsage(error.command) : toolUsage());
    Deno.exit(2);
  }
  if (error instanceof NotFoundError) {
    console.error(`${TOOL}: ${error.message}`);
    Deno.exit(1);
  }
  if (error instanceof Error && /port number/.test(error.message)) {
    console.error(`${TOOL}: ${error.message}`);
    Deno.exit(2);
  }
  throw error;
}
