import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runDeno } from "./_spawn.ts";

const LIB = fileURLToPath(new URL("../lib/", import.meta.url));

/**
 * The folders of `lib/`, lowest first: a module may import from its own folder and from folders
 * before it, never from one after it. `mod.ts` at the top of `lib/` is the public surface.
 */
const LAYERS = ["policy.ts", "catalog", "read", "agents", "cli", "web", "export", "deno", "node"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The relative imports of a module (static, dynamic and re-exports), as paths under `lib/`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/^\s*\*.*$/gm, "");
  const specifiers = [
    ...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g),
  ].map((match) => match[1] ?? "");
  return specifiers.map((specifier) => relative(LIB, join(dirname(file), specifier)));
}

const graph = new Map(
  sourceFiles(LIB).map((file) => [relative(LIB, file), importsOf(file)]),
);

function layerOf(path: string): number {
  const top = path.split("/")[0] ?? "";
  return LAYERS.indexOf(top);
}

/** Every import cycle, each as the list of modules it passes through. */
function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

Deno.test("lib/ has no import cycle", () => {
  assert.deepEqual(cycles(graph), []);
});

Deno.test("the cycle finder reports a cycle", () => {
  const edges = new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]]]);
  assert.deepEqual(cycles(edges), [["a.ts", "b.ts", "c.ts", "a.ts"]]);
});

Deno.test("lib/ imports flow one way: from each folder only to its own and lower folders", () => {
  const wrong: string[] = [];
  for (const [module, imports] of graph) {
    if (module === "mod.ts") continue;
    assert.ok(layerOf(module) >= 0, `${module} is in a folder the layer list does not name`);
    for (const target of imports) {
      if (layerOf(target) > layerOf(module)) wrong.push(`${module} imports ${target}`);
      const name = target.split("/").at(-1) ?? "";
      if (name.startsWith("_") && dirname(target) !== dirname(module)) {
        wrong.push(`${module} imports ${target}, private to its folder`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("the core runs on Node too: no Deno namespace under lib/ outside the Deno adapters", () => {
  const found: string[] = [];
  for (const module of graph.keys()) {
    if (module.startsWith("deno/")) continue;
    const code = readFileSync(join(LIB, module), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    if (/\bDeno\./.test(code)) found.push(module);
  }
  assert.deepEqual(found, []);
});

/** Ways code leans on a runtime's internals instead of its public API, each with its reason. */
const RUNTIME_TRICKS: [RegExp, string][] = [
  [/Symbol\.species/, "overrides a species"],
  [
    /\b(?:Object|Reflect)\.(?:defineProperty|defineProperties|setPrototypeOf)\b/,
    "rewires an object",
  ],
  [/__proto__\s*[:=]|\.prototype(?:\.\w+)?\s*=[^=]/, "replaces a prototype"],
  [
    /extends\s+(?:Uint8Array|ArrayBuffer|Response|Request|Headers)\b/,
    "subclasses a body or message",
  ],
  [/\.headers\.(?:set|append|delete)\(/, "changes the headers of a built Response or Request"],
];

Deno.test("lib/ and deno.json use public APIs only: no prototype or species override, no headers changed on a built Response, no V8 flags", () => {
  const found: string[] = [];
  for (const module of graph.keys()) {
    const code = readFileSync(join(LIB, module), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const [pattern, what] of RUNTIME_TRICKS) {
      if (pattern.test(code)) found.push(`${module} ${what}`);
    }
  }
  const config = JSON.parse(readFileSync(join(LIB, "../deno.json"), "utf8"));
  for (const [task, command] of Object.entries<string>(config.tasks)) {
    if (/--v8-flags/.test(command)) found.push(`deno.json task "${task}" sets V8 flags`);
  }
  assert.deepEqual(found, []);
});

Deno.test("the public-API scan finds each kind of runtime trick", () => {
  const samples = [
    "Object.defineProperty(Ticket, Symbol.species, { value: () => bytes });",
    "Reflect.setPrototypeOf(body, Lent.prototype);",
    "Uint8Array.prototype.slice = lent;",
    "class Ticket extends Uint8Array {}",
    "response.headers.set(name, value);",
  ];
  for (const sample of samples) {
    assert.ok(RUNTIME_TRICKS.some(([pattern]) => pattern.test(sample)), sample);
  }
  assert.ok(!RUNTIME_TRICKS.some(([pattern]) => pattern.test("headers.set(name, value);")));
});

Deno.test("lib/mod.ts, the library's surface, reaches no runtime adapter: it starts no server and ends no process", () => {
  const reached = new Set<string>();
  const visit = (module: string) => {
    if (reached.has(module)) return;
    reached.add(module);
    for (const target of graph.get(module) ?? []) visit(target);
  };
  visit("mod.ts");
  assert.ok(reached.has("web/handler.ts") && reached.has("read/model.ts"), [...reached].join());
  assert.deepEqual([...reached].filter((module) => /^(deno|node)\//.test(module)), []);
});

/**
 * The library's surface: the names a library user needs to load a catalog, read it, answer
 * requests and type the records they get (CONTRIBUTING.md, "The library's surface").
 */
const SURFACE = [
  ["loadCatalog", "CatalogError"],
  ["createReadModel", "ReadModel", "NotFound"],
  ["createHandler", "Handler"],
  ["Catalog", "Metric", "MetricRecord", "Framework", "Source", "Benchmarks", "Tag", "TAGS"],
  ["Figure", "Comparison", "Period", "PERIODS", "Vocabulary", "Calculator"],
].flat();

Deno.test(`lib/mod.ts exports the library's ${SURFACE.length} names and no more`, async () => {
  const { code, stdout, stderr } = await runDeno(["doc", "--json", "lib/mod.ts"]);
  assert.equal(code, 0, stderr);
  const doc: { nodes: Record<string, { symbols: { name: string }[] }> } = JSON.parse(stdout);
  const names = Object.values(doc.nodes).flatMap((node) => node.symbols.map(({ name }) => name));
  assert.deepEqual(names.sort(), SURFACE.toSorted());
});
