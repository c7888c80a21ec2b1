/**
 * The rules of a table's rows that are not its columns' types, as SQL: each row's own (an empty
 * value, a word outside a list, a number out of range, the table's checks), and those across rows
 * (a key given twice, a reference to no row, states of one thing that overlap). A broken rule is
 * found again in the file, to name its line.
 *
 * @module
 */
import type { Engine } from "./duckdb.ts";
import { place, records } from "./error_lines.ts";
import { type DataFile, stored } from "./find_files.ts";
import type { Table } from "./schema.ts";
import { Problem } from "../problem.ts";

/** A value as SQL text. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A rule one row must keep: SQL that is true when it does, and what to say when it does not. */
export interface RowRule {
  sql: string;
  /** A rule that the column is not empty, which a Parquet file's statistics can answer. */
  notNull?: true;
  column: string;
  /** What is wrong, from the value in `column` (and, when given, the row's values by column). */
  says: (value: string, row?: Readonly<Record<string, string>>) => string;
}

/** The rules of each row of a table that are not its columns' types. */
export function rowRules(table: Table): RowRule[] {
  const rules: RowRule[] = [];
  for (const column of table.columns) {
    const { name } = column;
    const quoted = (value: string) => `"${value.slice(0, 60)}"`;
    if (!column.nullable) {
      rules.push({
        sql: `${name} IS NOT NULL`,
        notNull: true,
        column: name,
        says: () => "needs a value: it may not be empty",
      });
    }
    if (column.values) {
      rules.push({
        sql: `${name} IS NULL OR ${name} IN (${column.values.map(text).join(", ")})`,
        column: name,
        says: (value) => `${quoted(value)} is not one of: ${column.values?.join(", ")}`,
      });
    }
    if (column.range) {
      const [low, high] = column.range;
      rules.push({
        sql: `${name} IS NULL OR ${name} BETWEEN ${low} AND ${high}`,
        column: name,
        says: (value) => `${quoted(value)} is not between ${low} and ${high}`,
      });
    }
    if (column.type === "usd" && !column.negative) {
      rules.push({
        sql: `${name} IS NULL OR ${name} >= 0`,
        column: name,
        says: (value) => `${quoted(value)} is below zero, which ${name} may not be`,
      });
    }
    if (column.type === "date" && table.span === "month") {
      rules.push({
        sql: `${name} IS NULL OR day(${name}) = 1`,
        column: name,
        says: (value) =>
          `${quoted(value)} is not the first day of a month: each row stands for a calendar ` +
          "month, written as its first day",
      });
    }
  }
  for (const check of table.checks ?? []) {
    // A span whose end may be empty: "valid_to IS NULL OR valid_to > valid_from".
    const span = /^(\w+) IS NULL OR \1 > (\w+)$/.exec(check);
    if (span) {
      const [, end = "", start = ""] = span;
      rules.push({
        sql: check,
        column: end,
        says: (value, row) =>
          `"${value.slice(0, 60)}" is not after ${start}${
            row?.[start] === undefined ? "" : ` ("${row[start].slice(0, 60)}")`
          }: ${end} must come after ${start}, or be empty`,
      });
      continue;
    }
    const named = table.columns
      .map((column) => ({ column, at: check.search(new RegExp(`\\b${column.name}\\b`)) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => b.at - a.at)[0]?.column.name ?? table.columns[0]?.name ?? "";
    rules.push({ sql: check, column: named, says: () => `the row breaks the rule ${check}` });
  }
  return rules;
}

/** SQL for the number of the first rule a row breaks, 0 when it keeps them all. */
export function brokenRule(table: Table): string {
  const rules = rowRules(table);
  if (rules.length === 0) return "CAST(0 AS UTINYINT)";
  const cases = rules.map((rule, index) => `WHEN NOT (${rule.sql}) THEN ${index + 1}`);
  return `CAST(CASE ${cases.join(" ")} ELSE 0 END AS UTINYINT)`;
}

/** The first row of the file that breaks a rule of its own, as a problem. */
export async function ruleProblem(engine: Engine, file: DataFile): Promise<Problem> {
  const rules = rowRules(file.table);
  const [row] = (await engine.query(
    `SELECT record, broken, ${
      file.table.columns.map(({ name }) => `CAST(${name} AS VARCHAR)`).join(", ")
    } FROM (SELECT *, ${brokenRule(file.table)} AS broken FROM ${await records(file)}) ` +
      "WHERE broken > 0 ORDER BY record LIMIT 1",
  )).rows;
  if (row === undefined) return new Problem(`${file.path}: a row breaks a rule of its table`);
  const rule = rules[Number(row[1]) - 1] as RowRule;
  const at = file.table.columns.findIndex(({ name }) => name === rule.column);
  const values = Object.fromEntries(
    file.table.columns.map(({ name }, index) => [name, String(row[2 + index])]),
  );
  return new Problem(
    `${file.path}: ${(await place(file, Number(row[0])))[0]}, column ${rule.column}: ${
      rule.says(String(row[2 + at]), values)
    }`,
  );
}

/** The file {@linkcode checkAcrossRows} checks, among the files of the run. */
export interface AcrossRowsOptions {
  /** The file whose rows are checked. */
  file: DataFile;
  /** Every file of the run, which a reference's table is found among. */
  files: readonly DataFile[];
}

/**
 * Checks the rules across a file's rows: its key given once, each reference to a row of the
 * table it names, and states of one thing that do not overlap. A broken rule is found again in
 * the file, to name its line.
 */
export async function checkAcrossRows(
  engine: Engine,
  { file, files }: AcrossRowsOptions,
): Promise<void> {
  const { table } = file;
  const held = stored(file);
  const exists = async (sql: string) => (await engine.query(sql)).rows.length > 0;
  if (table.key) {
    const key = table.key.join(", ");
    if (await exists(`SELECT 1 FROM ${held} GROUP BY ${key} HAVING count(*) > 1 LIMIT 1`)) {
      const [row = []] = (await engine.query(
        `SELECT record, earlier FROM (SELECT record, min(record) OVER (PARTITION BY ${key}) ` +
          `AS earlier FROM ${(await records(
            file,
          ))}) WHERE record > earlier ORDER BY record LIMIT 1`,
      )).rows;
      const [here, there] = await place(file, Number(row[0]), Number(row[1]));
      throw new Problem(
        `${file.path}: ${here}, column ${table.key[0]}: the same ${
          table.key.join(" and ")
        } as ${there}; each row needs its own`,
      );
    }
  }
  for (const column of table.columns) {
    const target = files.find((other) => other.table.name === column.references);
    if (target === undefined) continue;
    const orphan = (from: string) =>
      `SELECT child.${column.name} FROM ${from} AS child WHERE child.${column.name} IS NOT NULL ` +
      `AND NOT EXISTS (SELECT 1 FROM ${stored(target)} AS parent WHERE ` +
      `parent.${column.name} = child.${column.name})`;
    if (await exists(`${orphan(held)} LIMIT 1`)) {
      const [row = []] = (await engine.query(
        `${orphan(await records(file)).replace("SELECT child.", "SELECT child.record, child.")} ` +
          "ORDER BY child.record LIMIT 1",
      )).rows;
      throw new Problem(
        `${file.path}: ${(await place(file, Number(row[0])))[0]}, column ${column.name}: "${
          String(row[1]).slice(0, 60)
        }" is in no row of ${target.path.slice(target.path.lastIndexOf("/") + 1)}`,
      );
    }
  }
  if (table.states) {
    const { of, from, to } = table.states;
    const overlaps = (source: string, extra: string) =>
      `SELECT * FROM (SELECT ${extra}${from}, lag(${to}) OVER w AS before_to, ` +
      `lag(${from}) OVER w AS before_from FROM ${source} ` +
      `WINDOW w AS (PARTITION BY ${of} ORDER BY ${from})) ` +
      `WHERE before_from IS NOT NULL AND (before_to IS NULL OR before_to > ${from})`;
    if (await exists(`${overlaps(held, "")} LIMIT 1`)) {
      const [row = []] = (await engine.query(
        `${overlaps(await records(file), `record, lag(record) OVER w AS earlier, ${of}, `)} ` +
          "ORDER BY record LIMIT 1",
      )).rows;
      const [record, earlier, owner, starts, beforeTo] = row;
      const [here, other] = await place(file, Number(record), Number(earlier));
      throw new Problem(
        `${file.path}: ${here}, column ${from}: this state of ${of} ` +
          `"${String(owner).slice(0, 60)}" begins at ${starts}, while the state on ${other} ` +
          `${beforeTo === null ? `has no ${to}, so is still in force` : `runs to ${beforeTo}`}; a ${
            of.replace(/_id$/, "")
          } is in one state at a time`,
      );
    }
  }
}
