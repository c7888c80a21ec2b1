/**
 * The reference schema the SQL recipes read: subscriptions and their states, product events,
 * survey responses and the monthly finance ledger. A team maps its warehouse onto it with views of
 * the same names and columns; the DDL for each engine is generated here from this one
 * declaration, and the recipes name the version they were written against.
 *
 * @module
 */
import { columnType, type Dialect, ENGINE_NAMES, type ValueType } from "./dialect.ts";

/**
 * The schema's version. It changes when a table or a column is added, removed or changes meaning,
 * and every recipe names the version it reads.
 */
export const SCHEMA_VERSION = "1";

/** The licence the schema and the recipes carry: the code's, since SQL is code people paste. */
export const SQL_LICENCE = "MIT";

/** A column of the reference schema. */
export interface Column {
  /** Its name, snake_case. */
  name: string;
  /** What it holds. */
  type: ValueType;
  /** One sentence: what it means, and what a mapping leaves out. */
  means: string;
  /** Whether it may be empty (NULL); columns are required unless they say so. */
  nullable?: boolean;
  /** The only words it may hold. */
  values?: readonly string[];
  /** The smallest and largest whole number it may hold. */
  range?: readonly [number, number];
  /** Whether an amount may be below zero; amounts may not unless they say so. */
  negative?: boolean;
  /** The table whose key it holds, by that table's name (the column has the same name there). */
  references?: string;
  /**
   * Whether it may hold an instant still to come (a trial's planned end), so that it does not
   * show how far the data reaches.
   */
  scheduled?: boolean;
}

/** A table of the reference schema. */
export interface Table {
  /** Its name, snake_case and plural. */
  name: string;
  /** One sentence: what one row is. */
  means: string;
  /** Its columns, in order. */
  columns: readonly Column[];
  /** The columns whose values name one row. */
  key?: readonly string[];
  /**
   * How ClickHouse keeps the table in order (its MergeTree's `ORDER BY`), following how the
   * recipes read it: by the columns they filter on first, then the ones they group by.
   */
  clickhouseOrder: readonly string[];
  /** How ClickHouse splits the table into parts it can skip whole, where it grows without end. */
  clickhousePartition?: string;
  /** Rules across columns, as SQL both engines read. */
  checks?: readonly string[];
  /**
   * Whether the rows are states of one thing that follow each other in time: `of` names the
   * thing, and each state runs from its `from` column until its `to` column (empty while it is
   * in force). Two states of one thing never overlap, so only its latest may be open.
   */
  states?: { of: string; from: string; to: string };
  /**
   * The calendar span one row stands for, when a row is a period (a ledger's month): its date
   * column holds the span's first day, and the data reaches the end of the last span.
   */
  span?: "month";
}

/** The tables, in the order they are created (a table comes after the ones it references). */
export const TABLES: readonly Table[] = [
  {
    name: "subscriptions",
    means: "One row per subscription a customer holds; a customer who leaves and later comes " +
      "back starts a new subscription, and one customer may hold several at once (an add-on).",
    key: ["subscription_id"],
    clickhouseOrder: ["subscription_id"],
    columns: [
      { name: "subscription_id", type: "id", means: "The subscription's identifier." },
      {
        name: "customer_id",
        type: "id",
        means: "The paying account, with the same identifier as events.account_id; leave " +
          "internal and test accounts out of the mapping.",
      },
      {
        name: "started_at",
        type: "timestamp",
        means: "When the subscription was created: the start of its free trial, or its first " +
          "paid day when it had none.",
      },
      {
        name: "trial_ends_at",
        type: "timestamp",
        nullable: true,
        scheduled: true,
        means: "When its free trial ends or ended; null for a subscription without a trial.",
      },
      {
        name: "cancel_requested_at",
        type: "timestamp",
        nullable: true,
        means: "When the customer asked to cancel (it keeps paying until its paid term ends); " +
          "null if they never did.",
      },
      {
        name: "ended_at",
        type: "timestamp",
        nullable: true,
        means: "When it stopped: the end of the paid term after a cancellation, the lapse after " +
          "failed payments, or the end of a trial that did not convert; null while it runs.",
      },
    ],
    checks: ["trial_ends_at IS NULL OR trial_ends_at > started_at"],
  },
  {
    name: "subscription_states",
    means: "One row per stretch of time in which a subscription's status, plan and MRR stayed " +
      "the same, so the rows of a subscription are its status changes: each state runs from " +
      "valid_from until valid_to.",
    key: ["subscription_id", "valid_from"],
    clickhouseOrder: ["subscription_id", "valid_from"],
    columns: [
      {
        name: "subscription_id",
        type: "id",
        references: "subscriptions",
        means: "The subscription.",
      },
      { name: "valid_from", type: "timestamp", means: "When this state began." },
      {
        name: "valid_to",
        type: "timestamp",
        nullable: true,
        means: "When the next state began; null for the state in force now.",
      },
      {
        name: "status",
        type: "text",
        values: ["trialing", "active", "past_due", "canceled"],
        means: "trialing: in its free trial; active: paid and current; past_due: a charge failed " +
          "and is being retried; canceled: ended.",
      },
      { name: "plan", type: "id", means: "The plan's name, as the price list calls it." },
      {
        name: "billing_interval",
        type: "text",
        values: ["month", "year"],
        means: "How often the plan is billed; a multi-year contract is billed by the year.",
      },
      {
        name: "mrr",
        type: "usd",
        means: "The monthly recurring revenue the subscription counts in this state: its " +
          "recurring price for one month (a yearly price ÷ 12, a multi-year contract's yearly " +
          "value ÷ 12) after recurring discounts, without taxes, one-time fees or usage; 0 while " +
          "trialing or canceled and while a first charge after a trial is failing, while a " +
          "paying subscription keeps its MRR during the retries.",
      },
    ],
    checks: ["valid_to IS NULL OR valid_to > valid_from"],
    states: { of: "subscription_id", from: "valid_from", to: "valid_to" },
  },
  {
    name: "events",
    means: "One row per action a person took in the product; map only actions that count as " +
      "activity (leave out notification deliveries and opens, email clicks, background syncs, " +
      "bots, internal and test users), since every recipe counts any event as activity.",
    // the recipes read a span of time, often for one event name; within a day, a person's
    // events lie together for their sessions
    clickhouseOrder: ["event_name", "toDate(occurred_at)", "user_id", "occurred_at"],
    clickhousePartition: "toYYYYMM(occurred_at)",
    columns: [
      { name: "user_id", type: "id", means: "The person who acted, one identifier per person." },
      {
        name: "account_id",
        type: "id",
        means: "The account (workspace or company) the person acts in; the same identifier as " +
          "subscriptions.customer_id once the account pays.",
      },
      {
        name: "event_name",
        type: "id",
        means: "What they did; the names the recipes look for are in the schema's event " +
          "vocabulary, and the recipes that take an event as a parameter accept any name.",
      },
      { name: "occurred_at", type: "timestamp", means: "When it happened, in UTC." },
      {
        name: "object_id",
        type: "id",
        nullable: true,
        means: "What the event acted on, where a recipe links two events: the invitation's " +
          "identifier on invite_sent and on the signed_up of the person it brought in.",
      },
    ],
  },
  {
    name: "survey_responses",
    means: "One row per survey question sent to a person, answered or not.",
    clickhouseOrder: ["survey", "sent_at", "respondent_id"],
    columns: [
      {
        name: "survey",
        type: "text",
        values: ["nps", "csat", "ces", "pmf"],
        means: "The question: nps (0–10 likelihood to recommend), csat (1–5 satisfaction), ces " +
          "(1–7 agreement that the company made it easy to handle the issue), pmf (how they " +
          "would feel if they could no longer use the product).",
      },
      { name: "respondent_id", type: "id", means: "Who was asked: their events.user_id." },
      { name: "sent_at", type: "timestamp", means: "When the question was sent." },
      {
        name: "answered_at",
        type: "timestamp",
        nullable: true,
        means: "When it was answered; null when it was not.",
      },
      {
        name: "score",
        type: "integer",
        nullable: true,
        range: [0, 10],
        means: "The rating on the survey's scale (nps, csat, ces); null for pmf and when not " +
          "answered.",
      },
      {
        name: "answer",
        type: "text",
        nullable: true,
        values: ["very_disappointed", "somewhat_disappointed", "not_disappointed", "no_longer_use"],
        means: "The pmf answer (no_longer_use is the N/A option for people who no longer use " +
          "the product); null for the other surveys and when not answered.",
      },
    ],
    checks: [
      "answered_at IS NOT NULL OR (score IS NULL AND answer IS NULL)",
      "score IS NULL OR answer IS NULL",
    ],
  },
  {
    name: "finance_months",
    means: "One row per calendar month of the finance ledger, as the accounts close it.",
    key: ["month"],
    clickhouseOrder: ["month"],
    span: "month",
    columns: [
      { name: "month", type: "date", means: "The month, as its first day." },
      {
        name: "revenue",
        type: "usd",
        means: "Revenue recognized in the month: subscriptions, services and usage.",
      },
      {
        name: "cost_of_revenue",
        type: "usd",
        means: "The cost of delivering and supporting that revenue: hosting, third-party " +
          "services, customer support and payment processing; not sales, marketing or R&D.",
      },
      {
        name: "sales_marketing_spend",
        type: "usd",
        means: "All sales and marketing expense of the month: salaries, commissions, paid " +
          "media, tools and agencies.",
      },
      {
        name: "ebitda",
        type: "usd",
        negative: true,
        means: "Earnings before interest, taxes, depreciation and amortization; negative for a " +
          "loss.",
      },
      {
        name: "net_burn",
        type: "usd",
        negative: true,
        means: "Operating cash out minus cash in, leaving out money raised or repaid (equity and " +
          "debt); negative in a month that generated cash.",
      },
    ],
  },
];

/** The event names the recipes look for by name, and what each means. */
export const EVENT_NAMES: Readonly<Record<string, string>> = {
  signed_up: "The person created their login: their first event. When an invitation brought " +
    "them, object_id is the invitation's identifier.",
  invite_sent: "The person chose to invite someone (not an automatic contact import); object_id " +
    "is the invitation's identifier.",
  referral_sent: "The person sent a referral to someone outside the account.",
  onboarding_started: "The person started the onboarding flow.",
  onboarding_completed: "The person finished the last required step of the onboarding flow; an " +
    "exit or a skip is another event.",
};

/**
 * The schema's DDL for one engine: a `CREATE TABLE` per table, with its types, keys and checks,
 * then a comment on each table and column saying what it means. On ClickHouse each table is a
 * `MergeTree` in its fitting order, a column the schema lets be empty is `Nullable`, a key and a
 * reference are not enforced (so they are not declared), and the checks are constraints, which
 * it tests on every insert.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ddl } from "./schema.ts";
 * assert.match(ddl("postgres"), /CREATE TABLE events \(\n  user_id text NOT NULL,/);
 * assert.match(ddl("duckdb"), /CREATE TABLE events \(\n  user_id VARCHAR NOT NULL,/);
 * assert.match(ddl("clickhouse"), /CREATE TABLE events \(\n  user_id String COMMENT /);
 * ```
 */
export function ddl(dialect: Dialect): string {
  const parts = [
    `-- The Metrics Catalog's reference schema, version ${SCHEMA_VERSION}, for ${
      ENGINE_NAMES[dialect]
    }.`,
    `-- Generated from lib/sql/schema.ts. Licence: ${SQL_LICENCE} (the code's licence).`,
    "-- Map your warehouse onto these tables with views of the same names and columns; the",
    "-- recipes in lib/sql/recipes/ read them. Timestamps are in UTC, amounts in US dollars.",
  ];
  if (dialect === "clickhouse") {
    parts.push(
      "-- On a cluster, create these on each shard (as local tables) and a Distributed table of",
      "-- each name over them (docs/sql.md). Keys and references are the loader's to keep.",
    );
  }
  for (const table of TABLES) {
    if (dialect === "clickhouse") {
      parts.push("", clickhouseTable(table));
      continue;
    }
    const lines = table.columns.map((column) => `  ${columnDefinition(column, dialect)}`);
    if (table.key) lines.push(`  PRIMARY KEY (${table.key.join(", ")})`);
    for (const column of table.columns) {
      if (column.references) {
        lines.push(
          `  FOREIGN KEY (${column.name}) REFERENCES ${column.references} (${column.name})`,
        );
      }
    }
    for (const check of table.checks ?? []) lines.push(`  CHECK (${check})`);
    parts.push("", `CREATE TABLE ${table.name} (\n${lines.join(",\n")}\n);`);
    parts.push(`COMMENT ON TABLE ${table.name} IS ${quoted(table.means)};`);
    for (const column of table.columns) {
      parts.push(`COMMENT ON COLUMN ${table.name}.${column.name} IS ${quoted(column.means)};`);
    }
  }
  return `${parts.join("\n")}\n`;
}

/** A table's `CREATE TABLE` for ClickHouse, its comments inline. */
function clickhouseTable(table: Table): string {
  const lines = table.columns.map((column) => {
    const type = columnType(column.type, "clickhouse");
    return `  ${column.name} ${column.nullable ? `Nullable(${type})` : type} COMMENT ${
      quoted(column.means)
    }`;
  });
  const checks = [
    ...table.columns.flatMap((column) =>
      columnChecks(column).map((check) => ({
        name: column.name,
        // a constraint that reads NULL fails on ClickHouse, where a CHECK passes elsewhere
        check: column.nullable ? `${column.name} IS NULL OR ${check}` : check,
      }))
    ),
    ...(table.checks ?? []).map((check) => ({ name: table.name, check })),
  ];
  const seen = new Map<string, number>();
  for (const { name, check } of checks) {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    lines.push(`  CONSTRAINT ${name}_check${n === 1 ? "" : `_${n}`} CHECK ${check}`);
  }
  return [
    `CREATE TABLE ${table.name} (\n${lines.join(",\n")}\n)`,
    "ENGINE = MergeTree",
    ...(table.clickhousePartition ? [`PARTITION BY ${table.clickhousePartition}`] : []),
    `ORDER BY (${table.clickhouseOrder.join(", ")})`,
    `COMMENT ${quoted(table.means)};`,
  ].join("\n");
}

/** The checks a column's declaration makes on its own values. */
function columnChecks(column: Column): string[] {
  const checks: string[] = [];
  if (column.values) {
    checks.push(`${column.name} IN (${column.values.map(quoted).join(", ")})`);
  }
  if (column.range) checks.push(`${column.name} BETWEEN ${column.range[0]} AND ${column.range[1]}`);
  if (column.type === "usd" && !column.negative) checks.push(`${column.name} >= 0`);
  return checks;
}

function columnDefinition(column: Column, dialect: Dialect): string {
  const checks = columnChecks(column);
  return [
    column.name,
    columnType(column.type, dialect),
    ...(column.nullable ? [] : ["NOT NULL"]),
    ...checks.map((check) => `CHECK (${check})`),
  ].join(" ");
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
