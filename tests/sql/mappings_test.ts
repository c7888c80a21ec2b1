/**
 * The example views of the schema page, run: each is created on the engines it is written for
 * (DuckDB and PostgreSQL, or ClickHouse through chDB) over a few rows shaped as its source
 * documents them, and what it gives must load into the reference schema's own table (its types,
 * keys and checks) as the rows the mapping promises.
 *
 * @module
 */
import assert from "node:assert/strict";
import { MAPPINGS } from "../../lib/sql/mappings.ts";
import { TABLES } from "../../lib/sql/schema.ts";
import { type Engine, startEngines } from "../_sql_engines.ts";

// 2024-02-01, 2024-03-01, 2024-03-09 16:00 and 2024-04-01 in Unix seconds, as Stripe sends times.
const FEB = 1706745600;
const MAR = 1709251200;
const MAR_9 = 1710000000;
const APR = 1711929600;

/** Each mapping's source tables, a few rows shaped as the source documents them. */
const SOURCES: Record<string, string[]> = {
  stripe: [
    "CREATE SCHEMA stripe",
    "CREATE TABLE stripe.subscriptions (id VARCHAR, customer VARCHAR, status VARCHAR, " +
    "start_date BIGINT, trial_start BIGINT, trial_end BIGINT, canceled_at BIGINT, " +
    "ended_at BIGINT, cancel_at_period_end BOOLEAN, livemode BOOLEAN)",
    `INSERT INTO stripe.subscriptions VALUES
      ('sub_trial', 'cus_1', 'canceled', ${MAR}, ${FEB}, ${MAR}, ${MAR_9}, ${APR}, true, true),
      ('sub_plain', 'cus_2', 'active', ${MAR}, NULL, NULL, NULL, NULL, false, true),
      ('sub_test', 'cus_3', 'active', ${MAR}, NULL, NULL, NULL, NULL, false, false)`,
  ],
  chargebee: [
    "CREATE SCHEMA snapshots",
    "CREATE TABLE snapshots.chargebee_subscriptions (id VARCHAR, customer_id VARCHAR, " +
    "status VARCHAR, plan_id VARCHAR, plan_unit_price INTEGER, plan_quantity INTEGER, " +
    "billing_period INTEGER, billing_period_unit VARCHAR, dbt_valid_from TIMESTAMP, " +
    "dbt_valid_to TIMESTAMP)",
    `INSERT INTO snapshots.chargebee_subscriptions VALUES
      ('cb_1', 'c_1', 'in_trial', 'pro', 4900, 2, 1, 'month', '2024-02-01', '2024-03-01'),
      ('cb_1', 'c_1', 'active', 'pro', 4900, 2, 1, 'month', '2024-03-01', '2024-03-20'),
      ('cb_1', 'c_1', 'non_renewing', 'pro', 4900, 2, 1, 'month', '2024-03-20', '2024-04-01'),
      ('cb_1', 'c_1', 'cancelled', 'pro', 4900, 2, 1, 'month', '2024-04-01', NULL),
      ('cb_2', 'c_2', 'active', 'team', 120000, 1, 1, 'year', '2024-03-01', NULL),
      ('cb_3', 'c_3', 'future', 'pro', 4900, 1, 1, 'month', '2024-03-01', NULL)`,
    // The subscriptions the states belong to, which the schema's key asks for.
    `INSERT INTO subscriptions (subscription_id, customer_id, started_at) VALUES
      ('cb_1', 'c_1', '2024-02-01'), ('cb_2', 'c_2', '2024-03-01')`,
  ],
  events: [
    "CREATE SCHEMA app",
    `CREATE TABLE app.tracks (id VARCHAR, user_id VARCHAR, anonymous_id VARCHAR, event VARCHAR,
      event_text VARCHAR, "timestamp" TIMESTAMP)`,
    `CREATE TABLE app.groups (id VARCHAR, user_id VARCHAR, group_id VARCHAR, "timestamp" TIMESTAMP)`,
    `CREATE TABLE app.invite_sent (id VARCHAR, user_id VARCHAR, event VARCHAR,
      invitation_id VARCHAR, "timestamp" TIMESTAMP)`,
    `CREATE TABLE app.signed_up (id VARCHAR, user_id VARCHAR, event VARCHAR,
      invitation_id VARCHAR, "timestamp" TIMESTAMP)`,
    `INSERT INTO app.tracks VALUES
      ('m1', 'u1', 'a1', 'signed_up', 'Signed Up', '2024-03-01 09:00:00'),
      ('m2', 'u1', 'a1', 'invite_sent', 'Invite Sent', '2024-03-02 10:00:00'),
      ('m3', 'u2', 'a2', 'signed_up', 'Signed Up', '2024-03-03 11:00:00'),
      ('m4', 'u1', 'a1', 'email_opened', 'Email Opened', '2024-03-04 12:00:00'),
      ('m5', NULL, 'a3', 'viewed_pricing', 'Viewed Pricing', '2024-03-05 13:00:00')`,
    `INSERT INTO app.groups VALUES
      ('g1', 'u1', 'acct_old', '2024-03-01 09:00:00'),
      ('g2', 'u1', 'acct_1', '2024-03-02 09:00:00'),
      ('g3', 'u2', 'acct_1', '2024-03-03 11:00:00')`,
    `INSERT INTO app.invite_sent VALUES ('m2', 'u1', 'invite_sent', 'inv_1', '2024-03-02 10:00:00')`,
    `INSERT INTO app.signed_up VALUES
      ('m1', 'u1', 'signed_up', NULL, '2024-03-01 09:00:00'),
      ('m3', 'u2', 'signed_up', 'inv_1', '2024-03-03 11:00:00')`,
  ],
  // PostHog's columns in ClickHouse, properties as JSON text
  posthog: [
    "CREATE DATABASE posthog",
    `CREATE TABLE posthog.events (uuid UUID, event String, properties String,
      timestamp DateTime64(6, 'UTC'), team_id Int64, distinct_id String)
      ENGINE = MergeTree ORDER BY (team_id, toDate(timestamp), event)`,
    `INSERT INTO posthog.events VALUES
      (generateUUIDv4(), 'signed_up', '{"$group_0": "acct_1"}', '2024-03-01 09:00:00.250000', 1, 'u1'),
      (generateUUIDv4(), 'invite_sent', '{"$group_0": "acct_1", "invitation_id": "inv_1"}',
        '2024-03-02 10:00:00', 1, 'u1'),
      (generateUUIDv4(), 'signed_up', '{"$group_0": "acct_1", "invitation_id": "inv_1"}',
        '2024-03-03 11:00:00', 1, 'u2'),
      (generateUUIDv4(), '$pageview', '{"$group_0": "acct_1", "$current_url": "/reports"}',
        '2024-03-04 12:00:00', 1, 'u2'),
      (generateUUIDv4(), '$identify', '{"$group_0": "acct_1"}', '2024-03-04 12:00:01', 1, 'u2'),
      (generateUUIDv4(), '$feature_flag_called', '{"$group_0": "acct_1"}',
        '2024-03-04 12:00:02', 1, 'u2'),
      (generateUUIDv4(), 'viewed_pricing', '{}', '2024-03-05 13:00:00', 1, 'anon_1')`,
  ],
};

/** What each view must load into the schema's table, every column as text, in key order. */
const EXPECTED: Record<string, (string | null)[][]> = {
  // Test mode left out; a trial starts the subscription; canceled_at is the request.
  stripe: [
    [
      "sub_plain",
      "cus_2",
      "2024-03-01 00:00:00",
      null,
      null,
      null,
    ],
    [
      "sub_trial",
      "cus_1",
      "2024-02-01 00:00:00",
      "2024-03-01 00:00:00",
      "2024-03-09 16:00:00",
      "2024-04-01 00:00:00",
    ],
  ],
  // Cents to dollars, a year to a month; non_renewing pays, cancelled and future do not.
  chargebee: [
    ["cb_1", "2024-02-01 00:00:00", "2024-03-01 00:00:00", "trialing", "pro", "month", "0.00"],
    ["cb_1", "2024-03-01 00:00:00", "2024-03-20 00:00:00", "active", "pro", "month", "98.00"],
    ["cb_1", "2024-03-20 00:00:00", "2024-04-01 00:00:00", "active", "pro", "month", "98.00"],
    ["cb_1", "2024-04-01 00:00:00", null, "canceled", "pro", "month", "0.00"],
    ["cb_2", "2024-03-01 00:00:00", null, "active", "team", "year", "100.00"],
  ],
  // The latest group is the account; anonymous rows and emails stay out; the invitation links.
  events: [
    ["u1", "acct_1", "invite_sent", "2024-03-02 10:00:00", "inv_1"],
    ["u1", "acct_1", "signed_up", "2024-03-01 09:00:00", null],
    ["u2", "acct_1", "signed_up", "2024-03-03 11:00:00", "inv_1"],
  ],
  // The group property is the account; PostHog's own events but a pageview stay out, and so do
  // events without a group; instants keep their milliseconds
  posthog: [
    ["u1", "acct_1", "invite_sent", "2024-03-02 10:00:00.000", "inv_1"],
    ["u1", "acct_1", "signed_up", "2024-03-01 09:00:00.250", null],
    ["u2", "acct_1", "$pageview", "2024-03-04 12:00:00.000", null],
    ["u2", "acct_1", "signed_up", "2024-03-03 11:00:00.000", "inv_1"],
  ],
};

/** The engines each mapping's view is written for. */
const enginesOf = (mapping: (typeof MAPPINGS)[number]) => mapping.engines ?? ["postgres", "duckdb"];

/** Loads each mapping's view into a schema of its own, then its rows into the schema's table. */
async function checkMappings(engine: Engine) {
  // a schema is a database on ClickHouse, where a query's first one is the session's
  const clickhouse = engine.dialect === "clickhouse";
  const useSchema = (name: string) =>
    engine.query(
      clickhouse
        ? `USE ${name}`
        : engine.dialect === "postgres"
        ? `SET search_path TO ${name}`
        : `SET schema = '${name}'`,
    );
  const home = clickhouse ? "default" : engine.dialect === "postgres" ? "public" : "main";
  for (const mapping of MAPPINGS.filter((item) => enginesOf(item).includes(engine.dialect))) {
    const table = TABLES.find((candidate) => candidate.name === mapping.table);
    assert.ok(table, `${mapping.id}: no table "${mapping.table}"`);
    for (const statement of SOURCES[mapping.id] ?? []) await engine.query(statement);
    await engine.query(`CREATE ${clickhouse ? "DATABASE" : "SCHEMA"} mapped_${mapping.id}`);
    await useSchema(`mapped_${mapping.id}`);
    try {
      await engine.query(mapping.view);
    } finally {
      await useSchema(home);
    }
    const view = `mapped_${mapping.id}.${table.name}`;
    const columns = table.columns.map((column) => column.name);
    const shape = await engine.query(`SELECT * FROM ${view} LIMIT 0`);
    assert.deepEqual(shape.columns, columns, `${mapping.id} on ${engine.dialect}: its columns`);
    await engine.query(
      `INSERT INTO ${table.name} (${columns.join(", ")}) SELECT ${columns.join(", ")} FROM ${view}`,
    );
    const loaded = await engine.query(
      `SELECT ${
        columns.map((column) =>
          clickhouse
            ? `toString(${column}) AS ${column}`
            : `CAST(${column} AS VARCHAR) AS ${column}`
        ).join(", ")
      } FROM ${table.name} ORDER BY ${columns.slice(0, 3).join(", ")}`,
    );
    assert.deepEqual(
      loaded.rows,
      EXPECTED[mapping.id],
      `${mapping.id} on ${engine.dialect}: its rows`,
    );
    if (clickhouse) await engine.query(`TRUNCATE TABLE ${table.name}`);
  }
}

Deno.test("every example view of the schema page loads its source's rows into the schema's table, on the engines it is written for", async () => {
  assert.deepEqual(MAPPINGS.map((mapping) => mapping.id), [
    "stripe",
    "chargebee",
    "events",
    "posthog",
  ]);
  const engines = await startEngines({});
  try {
    for (const engine of engines) await checkMappings(engine);
  } finally {
    for (const engine of engines) await engine.close();
  }
});

Deno.test("each mapping's example is one CREATE VIEW of its table, and its notes name that table", () => {
  for (const mapping of MAPPINGS) {
    for (const { table, view } of [mapping, ...mapping.more ?? []]) {
      const sql = view.replace(/--[^\n]*/g, "");
      const statements = sql.split(";").filter((part) => part.trim() !== "");
      assert.equal(statements.length, 1, `${mapping.id}: ${table}`);
      assert.match(view, new RegExp(`^CREATE VIEW ${table} AS$`, "m"), mapping.id);
      assert.match(view, /^-- \S/, `${mapping.id}: ${table}: a comment on what it reads`);
      assert.ok(mapping.notes.some((note) => note.startsWith(`\`${table}\``)), mapping.id);
    }
    for (const note of mapping.notes) {
      assert.equal((note.match(/`/g) ?? []).length % 2, 0, `${mapping.id}: unpaired backtick`);
    }
  }
});
