// deno-lint-ignore-file no-import-prefix -- DuckDB is a test-only package here, locked in
// tests/deno.lock (and cli.lock), never in deno.lock
/**
 * Someone's files read by DuckDB's own readers for `--data`: CSV as RFC 4180 writes it, gzip and
 * Parquet read the same, every value typed by the schema, and every problem one line naming the
 * file, the line (a Parquet file's row) and the column, also far into a large file.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { findFiles } from "../../lib/sql/find_files.ts";
import { type Loaded, loadFiles } from "../../lib/sql/load_files.ts";
import { Problem } from "../../lib/problem.ts";
import { type Engine, openDuckDb } from "../../lib/sql/duckdb.ts";
import { TABLES } from "../../lib/sql/schema.ts";

const duckdb = await import("npm:@duckdb/node-api@1.5.6-r.1");

const table = (name: string) => {
  const found = TABLES.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};
const SUBSCRIPTIONS = "subscription_id,customer_id,started_at,trial_ends_at,cancel_requested_at," +
  "ended_at\ns1,c1,2024-01-01,2024-01-15,,\ns2,c2,2024-02-01,,,\n";
const STATES = "subscription_id,valid_from,valid_to,status,plan,billing_interval,mrr\n" +
  "s1,2024-01-01,2024-01-15,trialing,pro,month,0\ns1,2024-01-15,,active,pro,month,99\n" +
  "s2,2024-02-01,,active,starter,month,29\n";
const EVENTS = "user_id,account_id,event_name,occurred_at,object_id\n";

/** A folder holding these files (name → text or bytes), removed after `use`. */
async function inFolder<T>(
  files: Record<string, string | Uint8Array>,
  use: (folder: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "data files "));
  try {
    for (const [name, content] of Object.entries(files)) {
      await writeFile(join(folder, name), content);
    }
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true });
  }
}

/** How the files are read: a small CSV file held in memory, as a run does, or read in place. */
type Way = "in memory" | "in place";

/** Runs `use` on DuckDB with the tables of these files loaded. */
async function loaded<T>(
  files: Record<string, string | Uint8Array>,
  names: string[],
  use: (engine: Engine, loaded: Loaded[]) => Promise<T>,
  way: Way = "in memory",
): Promise<T> {
  return await inFolder(files, async (folder) => {
    const engine = await openDuckDb(duckdb, { tempDirectory: join(folder, "spill") });
    try {
      const found = await findFiles(folder, {
        tables: names.map(table),
        reads: "the run reads them",
      });
      const inMemoryBytes = way === "in place" ? { csv: 0, "csv.gz": 0 } : undefined;
      return await use(engine, await loadFiles(engine, found, inMemoryBytes && { inMemoryBytes }));
    } finally {
      engine.close();
    }
  });
}

/**
 * The one-line problem of loading these files, without the folder, or "" when they load: the
 * same whether a CSV file is held in memory or read in place.
 */
async function problem(
  files: Record<string, string | Uint8Array>,
  names = ["subscriptions", "subscription_states"],
): Promise<string> {
  const said = async (way: Way) => {
    try {
      await loaded(files, names, () => Promise.resolve(), way);
      return "";
    } catch (error) {
      assert.ok(error instanceof Problem, String(error));
      assert.equal(error.message.split("\n").length, 1, error.message);
      return error.message.replace(/^.*\/data files [^/]*\//, "");
    }
  };
  const inMemory = await said("in memory");
  assert.equal(await said("in place"), inMemory, "read in place");
  return inMemory;
}

/** Parquet bytes of a query, written by DuckDB. */
async function parquet(select: string): Promise<Uint8Array> {
  const folder = await mkdtemp(join(tmpdir(), "parquet "));
  const instance = await duckdb.DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${select}) TO '${folder}/out.parquet' (FORMAT parquet)`);
    return await Deno.readFile(`${folder}/out.parquet`);
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(folder, { recursive: true });
  }
}

const rows = async (engine: Engine, sql: string) => (await engine.query(sql)).rows;

Deno.test("loadFiles() reads RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM, blank lines, columns in any order", async () => {
  const text = "\ufeffended_at,customer_id,subscription_id,started_at,cancel_requested_at," +
    "trial_ends_at\r\n,c1,s1,2024-03-01,,\r\n\r\n" +
    ',"c""x\r\nline two","s,2",2024-03-01 10:00:00,,\r\n' +
    ",c3,s3,2024-03-02T08:00:00Z,,2024-03-05 08:00:00.250\r\n";
  for (const way of ["in memory", "in place"] as const) {
    await loaded({ "subscriptions.csv": text }, ["subscriptions"], async (engine, [read]) => {
      assert.deepEqual(
        await rows(
          engine,
          "SELECT subscription_id, customer_id, CAST(started_at AS VARCHAR), " +
            "CAST(trial_ends_at AS VARCHAR) FROM subscriptions ORDER BY started_at",
        ),
        [
          ["s1", "c1", "2024-03-01 00:00:00", null],
          ["s,2", 'c"x\r\nline two', "2024-03-01 10:00:00", null],
          ["s3", "c3", "2024-03-02 08:00:00", "2024-03-05 08:00:00.25"],
        ],
      );
      assert.equal(read?.rows, 3);
      // a planned trial end does not say how far the data reaches
      assert.deepEqual(read?.reach, {
        first: Date.UTC(2024, 2, 1),
        last: Date.UTC(2024, 2, 2, 8),
      });
    }, way);
  }
});

Deno.test("loadFiles() reads a gzip-compressed CSV file and a Parquet file as it reads the CSV", async () => {
  const answer = (engine: Engine) =>
    rows(
      engine,
      "SELECT st.subscription_id, CAST(valid_from AS VARCHAR), CAST(mrr AS VARCHAR), " +
        "customer_id FROM subscription_states st JOIN subscriptions USING (subscription_id) " +
        "ORDER BY 1, 2",
    );
  const names = ["subscriptions", "subscription_states"];
  const csv = await loaded(
    { "subscriptions.csv": SUBSCRIPTIONS, "subscription_states.csv": STATES },
    names,
    answer,
  );
  assert.equal(csv.length, 3);
  assert.deepEqual(csv[1], ["s1", "2024-01-15 00:00:00", "99.00", "c1"]);
  const gz = await loaded(
    {
      "subscriptions.csv.gz": gzipSync(SUBSCRIPTIONS),
      "subscription_states.csv.gz": gzipSync(STATES),
    },
    names,
    answer,
  );
  assert.deepEqual(gz, csv);
  // Parquet with its own types (integers, TIMESTAMP WITH TIME ZONE), columns by name, one extra
  const states = await parquet(
    "SELECT 'pro' AS plan, subscription_id, CAST(valid_from AS TIMESTAMPTZ) AS valid_from, " +
      "valid_to, status, billing_interval, mrr, 'ignored' AS note FROM read_csv('/dev/stdin') " +
      "LIMIT 0",
  ).catch(() => undefined);
  assert.equal(states, undefined, "a Parquet file is written from a table, not stdin");
  const subscriptionsParquet = await parquet(
    "SELECT * FROM (VALUES ('s1', 'c1', TIMESTAMP '2024-01-01', TIMESTAMP '2024-01-15', " +
      "NULL::TIMESTAMP, NULL::TIMESTAMP, 'extra'), ('s2', 'c2', TIMESTAMP '2024-02-01', " +
      "NULL, NULL, NULL, 'extra')) AS t(subscription_id, customer_id, started_at, " +
      "trial_ends_at, cancel_requested_at, ended_at, note)",
  );
  const statesParquet = await parquet(
    "SELECT * FROM (VALUES (TIMESTAMPTZ '2024-01-01 00:00:00+00', 's1', " +
      "TIMESTAMPTZ '2024-01-15 02:00:00+02', 'trialing', 'pro', 'month', 0), " +
      "(TIMESTAMPTZ '2024-01-15 00:00:00+00', 's1', NULL, 'active', 'pro', 'month', 99), " +
      "(TIMESTAMPTZ '2024-02-01 00:00:00+00', 's2', NULL, 'active', 'starter', 'month', 29)) " +
      "AS t(valid_from, subscription_id, valid_to, status, plan, billing_interval, mrr)",
  );
  const fromParquet = await loaded(
    { "subscriptions.parquet": subscriptionsParquet, "subscription_states.parquet": statesParquet },
    names,
    answer,
  );
  assert.deepEqual(fromParquet, csv);
});

Deno.test("findFiles() names a table with no file, and a table with two", async () => {
  assert.equal(
    await problem({ "subscriptions.csv": SUBSCRIPTIONS }),
    "subscription_states.csv: no such file, nor subscription_states.csv.gz or " +
      "subscription_states.parquet; the run reads them",
  );
  assert.equal(
    await problem({
      "subscriptions.csv": SUBSCRIPTIONS,
      "subscriptions.csv.gz": gzipSync(SUBSCRIPTIONS),
      "subscription_states.csv": STATES,
    }),
    "subscriptions.csv and subscriptions.csv.gz both hold the table subscriptions; keep one",
  );
});

Deno.test("loadFiles() names the file, the line and the column of a header that is not the table's", async () => {
  const states = (header: string) => ({
    "subscriptions.csv": SUBSCRIPTIONS,
    "subscription_states.csv": `${header}\n`,
  });
  assert.equal(
    await problem(states("subscription_id,valid_from,valid_to,status,plan,billing_interval")),
    'subscription_states.csv: line 1: the column "mrr" is missing; the header names every ' +
      "column of subscription_states (subscription_id, valid_from, valid_to, status, plan, " +
      "billing_interval, mrr), and a value may be left empty where the column allows it",
  );
  assert.match(
    await problem(states(`${STATES.split("\n")[0]},mrr`)),
    /^subscription_states\.csv: line 1, column 8: "mrr" is named twice$/,
  );
  assert.match(
    await problem(states(`${STATES.split("\n")[0]},note`)),
    /^subscription_states\.csv: line 1, column 8: "note" is not a column of subscription_states;/,
  );
  assert.match(
    await problem(states("")),
    /^subscription_states\.csv: the file is empty; its first line names the columns: /,
  );
  assert.equal(
    await problem(states(STATES.split("\n")[0] ?? "")),
    "subscription_states.csv has no rows: the recipe counts from them",
  );
});

Deno.test("loadFiles() refuses a timestamp with a UTC offset in one line, and reads one in UTC", async () => {
  const event = (at: string) => `u1,a1,login,${at},`;
  for (
    const offset of [
      "2024-03-01 10:00:00+02:00",
      "2024-03-01T10:00:00.5-0530",
    ]
  ) {
    const text = `${EVENTS}${event("2024-03-01 09:00:00")}\n"u,2",a1,"multi\nline",2024-03-01,\n` +
      `${event(offset)}\n`;
    assert.equal(
      await problem({ "events.csv": text }, ["events"]),
      `events.csv: line 5, column occurred_at: "${offset}" has a UTC offset, which would be ` +
        "dropped: write the time in UTC without one (2024-03-01 12:30:00, or 2024-03-01T12:30:00Z)",
    );
  }
  const utc = `${EVENTS}${event("2024-03-01T10:00:00Z")}\n${event("2024-03-01 10:00:00")}\n` +
    `${event("2024-03-01")}\n`;
  assert.equal(await problem({ "events.csv": utc }, ["events"]), "");
});

Deno.test("loadFiles() names the file, the line and the column of the first value of the wrong type", async () => {
  const event = (at: string) => `u1,a1,login,${at},`;
  const cases: [string, string][] = [
    [
      "2024-02-30 10:00:00",
      '"2024-02-30 10:00:00" is not a timestamp: write it as 2024-03-01 14:30:00, in UTC',
    ],
    ["not a time", '"not a time" is not a timestamp'],
  ];
  for (const [value, said] of cases) {
    const text = `${EVENTS}${event("2024-03-01")}\n\n"u,2",a1,"multi\nline",2024-03-01,\n` +
      `${event(value)}\n${event("also wrong")}\n`;
    const line = await problem({ "events.csv": text }, ["events"]);
    assert.ok(line.startsWith(`events.csv: line 6, column occurred_at: ${said}`), line);
  }
  const amount = STATES.replace(",99\n", ",$99\n");
  assert.match(
    await problem({ "subscriptions.csv": SUBSCRIPTIONS, "subscription_states.csv": amount }),
    /^subscription_states\.csv: line 3, column mrr: "\$99" is not an amount in US dollars: write a plain number/,
  );
  assert.equal(
    await problem({ "events.csv": `${EVENTS}u1,a1,login,2024-03-01,,extra\n` }, ["events"]),
    "events.csv: line 2: more values than the header names columns (5)",
  );
});

Deno.test("loadFiles() names the first bad line of a large file, past what one reader thread reads", async () => {
  const lines = Array.from(
    { length: 400_000 },
    (_, index) =>
      `u${index % 997},a${index % 97},page_viewed,2024-03-${
        String(1 + (index % 28)).padStart(2, "0")
      } 10:00:00,`,
  );
  lines[300_000] = "u1,a1,page_viewed,2024-03-32 10:00:00,";
  lines[350_000] = "u1,a1,page_viewed,soon,";
  assert.match(
    await problem({ "events.csv": `${EVENTS}${lines.join("\n")}\n` }, ["events"]),
    /^events\.csv: line 300002, column occurred_at: "2024-03-32 10:00:00" is not a timestamp/,
  );
  lines[300_000] = "u1,,page_viewed,2024-03-01 10:00:00,";
  lines[350_000] = "u1,a1,page_viewed,2024-03-01 10:00:00,";
  lines[390_000] = "u1,a1,,2024-03-01 10:00:00,";
  assert.equal(
    await problem({ "events.csv": `${EVENTS}${lines.join("\n")}\n` }, ["events"]),
    "events.csv: line 300002, column account_id: needs a value: it may not be empty",
    "an empty value far into the file, found after the types",
  );
});

Deno.test("loadFiles() names the file, the line and the column of a row that breaks a rule of its own", async () => {
  const states = (row: string) => ({
    "subscriptions.csv": SUBSCRIPTIONS,
    "subscription_states.csv": `${STATES}${row}\n`,
  });
  assert.equal(
    await problem({ "subscriptions.csv": SUBSCRIPTIONS, "subscription_states.csv": STATES }),
    "",
  );
  assert.equal(
    await problem(states("s2,2024-03-01,,paused,pro,month,99")),
    'subscription_states.csv: line 5, column status: "paused" is not one of: trialing, active, ' +
      "past_due, canceled",
  );
  assert.equal(
    await problem(states("s2,2024-03-01,,active,pro,month,-5")),
    'subscription_states.csv: line 5, column mrr: "-5.00" is below zero, which mrr may not be',
  );
  assert.equal(
    await problem(states("s2,2024-03-01,2024-02-01,active,pro,month,5")),
    'subscription_states.csv: line 5, column valid_to: "2024-02-01 00:00:00" is not after ' +
      'valid_from ("2024-03-01 00:00:00"): valid_to must come after valid_from, or be empty',
  );
  assert.equal(
    await problem({
      "subscriptions.csv": `${SUBSCRIPTIONS}s3,c3,2024-03-01,2024-02-01,,\n`,
      "subscription_states.csv": STATES,
    }),
    'subscriptions.csv: line 4, column trial_ends_at: "2024-02-01 00:00:00" is not after ' +
      'started_at ("2024-03-01 00:00:00"): trial_ends_at must come after started_at, or be empty',
  );
  assert.equal(
    await problem(
      {
        "survey_responses.csv": "survey,respondent_id,sent_at,answered_at,score,answer\n" +
          "nps,u1,2024-03-01,2024-03-02,11,\n",
      },
      ["survey_responses"],
    ),
    'survey_responses.csv: line 2, column score: "11" is not between 0 and 10',
  );
  assert.equal(
    await problem(
      {
        "finance_months.csv": "month,revenue,cost_of_revenue,sales_marketing_spend,ebitda," +
          "net_burn\n2024-03-01,1,1,1,-1,1\n2024-04-02,1,1,1,1,1\n",
      },
      ["finance_months"],
    ),
    'finance_months.csv: line 3, column month: "2024-04-02" is not the first day of a month: ' +
      "each row stands for a calendar month, written as its first day",
  );
});

Deno.test("loadFiles() names the line of a row that breaks a rule across rows: a key twice, a reference to no row, overlapping states", async () => {
  assert.equal(
    await problem({
      "subscriptions.csv": `${SUBSCRIPTIONS}s1,c9,2024-03-01,,,\n`,
      "subscription_states.csv": STATES,
    }),
    "subscriptions.csv: line 4, column subscription_id: the same subscription_id as line 2; " +
      "each row needs its own",
  );
  assert.equal(
    await problem({
      "subscriptions.csv": SUBSCRIPTIONS,
      "subscription_states.csv": `${STATES}s2,2024-02-01,,active,pro,month,99\n`,
    }),
    "subscription_states.csv: line 5, column subscription_id: the same subscription_id and " +
      "valid_from as line 4; each row needs its own",
  );
  assert.equal(
    await problem({
      "subscriptions.csv": SUBSCRIPTIONS,
      "subscription_states.csv": `${STATES}s7,2024-02-01,,active,pro,month,99\n`,
    }),
    'subscription_states.csv: line 5, column subscription_id: "s7" is in no row of ' +
      "subscriptions.csv",
  );
  // two open states of one subscription: both would count toward its MRR
  assert.equal(
    await problem({
      "subscriptions.csv": SUBSCRIPTIONS,
      "subscription_states.csv": `${STATES}s2,2024-03-01,,active,pro,month,99\n`,
    }),
    'subscription_states.csv: line 5, column valid_from: this state of subscription_id "s2" ' +
      "begins at 2024-03-01 00:00:00, while the state on line 4 has no valid_to, so is still " +
      "in force; a subscription is in one state at a time",
  );
  assert.equal(
    await problem({
      "subscriptions.csv": SUBSCRIPTIONS,
      "subscription_states.csv": STATES.replace(
        "s1,2024-01-01,2024-01-15,",
        "s1,2024-01-01,2024-01-20,",
      ),
    }),
    'subscription_states.csv: line 3, column valid_from: this state of subscription_id "s1" ' +
      "begins at 2024-01-15 00:00:00, while the state on line 2 runs to 2024-01-20 00:00:00; a " +
      "subscription is in one state at a time",
  );
});

Deno.test("loadFiles() names the row and the column of a Parquet file's problem, and a column it lacks", async () => {
  const subscriptions = (select: string) =>
    problem({ "subscriptions.parquet": select }, [
      "subscriptions",
    ]);
  assert.equal(
    await subscriptions(
      await parquet(
        "SELECT 's1' AS subscription_id, 'c1' AS customer_id, TIMESTAMP '2024-01-01' AS " +
          "started_at, NULL::TIMESTAMP AS trial_ends_at, NULL::TIMESTAMP AS ended_at",
      ) as unknown as string,
    ),
    'subscriptions.parquet: no column "cancel_requested_at"; a Parquet file of subscriptions ' +
      "has the columns subscription_id, customer_id, started_at, trial_ends_at, " +
      "cancel_requested_at, ended_at, by name (others are left out)",
  );
  const events = await parquet(
    "SELECT * FROM (VALUES (1, 'a1', 'login', '2024-03-01 10:00:00', NULL), " +
      "(2, 'a1', 'login', 'yesterday', NULL), (3, NULL, 'login', '2024-03-01', NULL)) " +
      "AS t(user_id, account_id, event_name, occurred_at, object_id)",
  );
  assert.match(
    await problem({ "events.parquet": events }, ["events"]),
    /^events\.parquet: row 2, column occurred_at: "yesterday" is not a timestamp/,
  );
  const empty = await parquet(
    "SELECT * FROM (VALUES ('u1', 'a1', 'login', TIMESTAMP '2024-03-01', NULL), " +
      "('u2', NULL, 'login', TIMESTAMP '2024-03-01', NULL)) " +
      "AS t(user_id, account_id, event_name, occurred_at, object_id)",
  );
  assert.equal(
    await problem({ "events.parquet": empty }, ["events"]),
    "events.parquet: row 2, column account_id: needs a value: it may not be empty",
  );
});

Deno.test("openDuckDb() sets the memory limit and the temporary folder: work past the limit spills there and completes, and leaves nothing behind", async () => {
  await inFolder({}, async (folder) => {
    const spill = join(folder, "spill");
    const engine = await openDuckDb(duckdb, { memoryLimit: "32MB", tempDirectory: spill });
    try {
      const settings = await rows(
        engine,
        "SELECT current_setting('memory_limit'), current_setting('temp_directory')",
      );
      assert.deepEqual(settings, [["30.5 MiB", spill]]);
      // 8 million 8-byte keys sorted: twice the limit
      const [[count]] = await rows(
        engine,
        "SELECT count(*) FROM (SELECT i FROM range(8000000) AS t(i) ORDER BY hash(i))",
      ) as [[unknown]];
      assert.equal(Number(count), 8_000_000);
    } finally {
      engine.close();
    }
    assert.deepEqual(await readdir(spill).catch(() => []), []);
  });
});
