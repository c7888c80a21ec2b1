/**
 * `--from stripe,posthog`: the files a source exports, each named and shaped as one of its own
 * tables (`source_files.ts`), read by DuckDB with their columns' types (`source_read.ts`), then
 * the mapping views of `mappings.ts` run over them, so that the reference schema's tables
 * (`subscriptions`, `subscription_states`, `events`) exist as views the recipes read. No row of
 * the data passes through JavaScript. A problem is one line naming the file, the line and the
 * column, in the source's own terms.
 *
 * @module
 */
import type { Engine } from "./duckdb.ts";
import { MAPPINGS } from "./mappings.ts";
import type { DataFile } from "./find_files.ts";
import { type Loaded, reaches } from "./load_files.ts";
import { brokenRule, rowRules } from "./row_rules.ts";
import { readSourceFile } from "./source_read.ts";
import { type Table, TABLES } from "./schema.ts";
import {
  type Source,
  SOURCE_NAMES,
  type SourceName,
  SOURCES,
  type SourceTable,
} from "./source_files.ts";
import { Problem } from "../problem.ts";

/**
 * A table of the reference schema made from a source's files, as `loadFiles` tells of a table's
 * file: its `file` is the first file its view reads, with the table it makes.
 */
export interface FromSource extends Loaded {
  /** The source it came from. */
  source: SourceName;
  /** The files its view reads (an optional file left out is not named). */
  paths: string[];
}

/**
 * The sources named by `--from` (`stripe,posthog`), checked: an unknown name, or one given twice,
 * is a usage {@linkcode Problem}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSources } from "./sources.ts";
 * assert.deepEqual(parseSources("stripe, posthog"), ["stripe", "posthog"]);
 * ```
 */
export function parseSources(text: string): SourceName[] {
  const names = text.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) {
    throw new Problem(`--from names no source: give one of ${SOURCE_NAMES.join(", ")}`, {
      exitCode: 2,
    });
  }
  return names.map((name, index) => {
    const known = SOURCE_NAMES.find((each) => each === name);
    if (known === undefined) {
      throw new Problem(
        `--from "${name.slice(0, 40)}" is not a source this reads: give ` +
          `${SOURCE_NAMES.join(", ")}, or several separated by commas (stripe,posthog)`,
        { exitCode: 2 },
      );
    }
    if (names.indexOf(name) !== index) {
      throw new Problem(`--from names "${name}" twice`, { exitCode: 2 });
    }
    return known;
  });
}

/** The views of a source that run on DuckDB, each with the reference table it stands in for. */
function viewsOf(source: Source): { table: string; view: string }[] {
  const mapping = MAPPINGS.find((each) => each.id === source.mapping);
  if (mapping === undefined) throw new Error(`No mapping "${source.mapping}"`);
  return [
    {
      table: mapping.table,
      view: mapping.view,
      engines: mapping.engines ?? ["postgres", "duckdb"],
    },
    ...mapping.more ?? [],
  ].filter((view) => view.engines.includes("duckdb"));
}

/** The reference tables each source gives, by source name. */
export function tablesOf(name: SourceName): string[] {
  const source = SOURCES.find((each) => each.name === name) as Source;
  return viewsOf(source).map(({ table }) => table);
}

/**
 * Reads the files of `sources` in `folder` and runs their mapping views, which make the reference
 * schema's tables as views of the same names; with `tables`, only the sources that give one of
 * them are read. Returns each table made, with its files and how far its rows reach. Two sources
 * that give the same table, a missing file or column, and a value that does not read are each a
 * {@linkcode Problem}.
 *
 * @example
 * ```ts ignore
 * const made = await loadSources(engine, "exports", { sources: ["stripe", "posthog"] });
 * const answer = await engine.query(recipe.sql, values);
 * ```
 */
export async function loadSources(
  engine: Engine,
  folder: string,
  { sources, tables }: {
    /** The sources, as `--from` names them. */
    sources: readonly SourceName[];
    /** The reference tables the run needs: all that the sources give when undefined. */
    tables?: readonly string[] | undefined;
  },
): Promise<FromSource[]> {
  const chosen = sources.map((name) => SOURCES.find((each) => each.name === name) as Source);
  checkOverlap(chosen);
  const used = chosen.filter((source) =>
    tables === undefined || tablesOf(source.name).some((table) => tables.includes(table))
  );
  const made: FromSource[] = [];
  for (const source of used) {
    const loaded = new Map<SourceTable, Pick<DataFile, "path" | "format">>();
    for (const table of source.tables) {
      const file = await readSourceFile(engine, folder, { source, table });
      if (file !== undefined) loaded.set(table, file);
    }
    for (const { table: name, view } of viewsOf(source)) {
      const table = TABLES.find((each) => each.name === name) as Table;
      // the files the view reads, by the names it reads them as
      const files = [...loaded].filter(([read]) =>
        new RegExp(`\\b${read.table.replace(".", "\\.")}\\b`).test(view)
      ).map(([, file]) => file);
      const paths = files.map(({ path }) => path);
      await engine.run(view);
      const summed = await summary(engine, source, table);
      await checkRows(engine, source, table, paths);
      const [first = { path: folder, format: "csv" as const }] = files;
      made.push({ file: { table, ...first }, source: source.name, paths, ...summed });
    }
  }
  return made;
}

/** Refuses two sources that give the same table of the schema. */
function checkOverlap(sources: readonly Source[]): void {
  for (const [index, source] of sources.entries()) {
    for (const other of sources.slice(index + 1)) {
      const both = tablesOf(source.name).filter((table) => tablesOf(other.name).includes(table));
      if (both.length > 0) {
        throw new Problem(
          `--from ${source.name},${other.name}: both give ${both.join(" and ")}; take one ` +
            `source for them (${source.name} or ${other.name})`,
          { exitCode: 2 },
        );
      }
    }
  }
}

/** How many rows a view of the schema gives and how far they reach; none is a problem. */
async function summary(
  engine: Engine,
  source: Source,
  table: Table,
): Promise<Pick<Loaded, "rows" | "reach">> {
  const times = table.columns.filter(reaches);
  let row: unknown[];
  try {
    [row = []] = (await engine.query(
      `SELECT count(*), ${
        times.map(({ name }) => `epoch_ms(min(${name})), epoch_ms(max(${name}))`).join(", ")
      } FROM ${table.name}`,
    )).rows;
  } catch (error) {
    const said = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    throw new Problem(
      `--from ${source.name}: the mapping view of ${table.name} does not run on these files ` +
        `(${said})`,
    );
  }
  const rows = Number(row[0]);
  if (rows === 0) {
    throw new Problem(
      `--from ${source.name}: ${source.title}'s files give no rows of ${table.name}`,
    );
  }
  const lows = times.map((_, index) => row[1 + index * 2]).filter((value) => value !== null);
  const highs = times.map((_, index) => row[2 + index * 2]).filter((value) => value !== null);
  if (lows.length === 0) return { rows };
  return {
    rows,
    reach: { first: Math.min(...lows.map(Number)), last: Math.max(...highs.map(Number)) },
  };
}

/**
 * Checks the rows a view gives against the reference schema's rules: each row's own (a value it
 * needs, the words a column may hold), its key given once, states of one thing that do not
 * overlap. A broken rule names the files and the row by its key, as the source calls it.
 */
async function checkRows(
  engine: Engine,
  source: Source,
  table: Table,
  paths: readonly string[],
): Promise<void> {
  const from = `${paths.join(", ")}: ${source.title}'s rows give`;
  const key = table.key ?? table.columns.slice(0, 1).map(({ name }) => name);
  const named = (row: readonly unknown[]) =>
    key.map((name, index) => `${name} "${String(row[index]).slice(0, 60)}"`).join(", ");
  const [broken] = (await engine.query(
    `SELECT ${key.join(", ")}, broken, ${
      table.columns.map(({ name }) => `CAST(${name} AS VARCHAR)`).join(", ")
    } FROM (SELECT *, ${brokenRule(table)} AS broken FROM ${table.name}) WHERE broken > 0 ` +
      `ORDER BY ${key.join(", ")} LIMIT 1`,
  )).rows;
  if (broken !== undefined) {
    const rule = rowRules(table)[Number(broken[key.length]) - 1];
    const at = table.columns.findIndex(({ name }) => name === rule?.column);
    throw new Problem(
      `${from} a row of ${table.name} (${named(broken)}) whose ${rule?.column} ${
        rule?.says(String(broken[key.length + 1 + at])) ?? "breaks a rule"
      }`,
    );
  }
  if (table.key !== undefined) {
    const [twice] = (await engine.query(
      `SELECT ${key.join(", ")} FROM ${table.name} GROUP BY ${key.join(", ")} ` +
        `HAVING count(*) > 1 ORDER BY ${key.join(", ")} LIMIT 1`,
    )).rows;
    if (twice !== undefined) {
      throw new Problem(
        `${from} two rows of ${table.name} with ${named(twice)}; each needs its own`,
      );
    }
  }
  if (table.states !== undefined) {
    const { of, from: starts, to } = table.states;
    const [overlap] = (await engine.query(
      `SELECT ${of}, CAST(${starts} AS VARCHAR) FROM (SELECT ${of}, ${starts}, lag(${to}) OVER w ` +
        `AS before_to, lag(${starts}) OVER w AS before_from FROM ${table.name} ` +
        `WINDOW w AS (PARTITION BY ${of} ORDER BY ${starts})) WHERE before_from IS NOT NULL ` +
        `AND (before_to IS NULL OR before_to > ${starts}) ORDER BY ${of}, ${starts} LIMIT 1`,
    )).rows;
    if (overlap !== undefined) {
      throw new Problem(
        `${from} states of ${of} "${String(overlap[0]).slice(0, 60)}" that overlap: the one ` +
          `from ${overlap[1]} begins before the one before it ends; a ${
            of.replace(/_id$/, "")
          } is in one state at a time`,
      );
    }
  }
}
