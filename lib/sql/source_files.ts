/**
 * The files `--from` reads: for each source (Stripe, Chargebee, Segment, PostHog), its own tables,
 * one file a table named after it, with the columns the mapping views of `mappings.ts` read, by
 * the names the source's documentation gives. A file may have other columns; they are read as
 * text and left alone.
 *
 * @module
 */

/** The sources `--from` reads, by the name the option takes. */
export const SOURCE_NAMES = ["stripe", "chargebee", "segment", "posthog"] as const;

/** A source `--from` reads. */
export type SourceName = typeof SOURCE_NAMES[number];

/**
 * What a column holds, as the source writes it: text, a time in Unix seconds (as Stripe's and
 * Chargebee's APIs send times, or a timestamp in UTC, as Stripe's Sigma and Data Pipeline write
 * them), a whole number, true or false, a timestamp in UTC (as a warehouse or a dbt snapshot
 * writes it), or JSON text (PostHog's properties).
 */
export type SourceType = "text" | "unix" | "integer" | "boolean" | "timestamp" | "json";

/** A column a mapping view reads. */
export interface SourceColumn {
  name: string;
  type: SourceType;
  /** Other names the source's exports give it: Sigma's `customer_id` for the API's `customer`. */
  aliases?: readonly string[];
}

/** One of a source's tables, as a file. */
export interface SourceTable {
  /** The file's name without its ending, the table's own name: `subscriptions`. */
  file: string;
  /** What the mapping views read it as: `stripe.subscriptions`. */
  table: string;
  /** What the source calls it, in a message: "Stripe's subscriptions". */
  title: string;
  /** The columns the views read. */
  columns: readonly SourceColumn[];
  /** Whether the file may be left out (then the table is empty): a table not every account has. */
  optional?: true;
}

/** A source: its name in a message, the mapping of `mappings.ts` whose views it runs, its files. */
export interface Source {
  name: SourceName;
  title: string;
  mapping: string;
  tables: readonly SourceTable[];
}

const columns = (
  types: Record<string, SourceType>,
  aliases: Record<string, readonly string[]> = {},
): SourceColumn[] =>
  Object.entries(types).map(([name, type]) => ({
    name,
    type,
    ...(aliases[name] ? { aliases: aliases[name] } : {}),
  }));

/** Where Stripe's Sigma and Data Pipeline name a reference `<object>_id` and the API `<object>`. */
const SIGMA = {
  customer: ["customer_id"],
  subscription: ["subscription_id"],
  price: ["price_id"],
} as const;

/** The dbt snapshot's columns: when a version of a row began and ended. */
const SNAPSHOT = { dbt_valid_from: "timestamp", dbt_valid_to: "timestamp" } as const;

/** Each source's files, in the order the option lists them. */
export const SOURCES: readonly Source[] = [
  {
    name: "stripe",
    title: "Stripe",
    mapping: "stripe",
    tables: [
      {
        file: "subscriptions",
        table: "stripe.subscriptions",
        title: "Stripe's subscriptions",
        columns: columns({
          id: "text",
          customer: "text",
          status: "text",
          start_date: "unix",
          trial_start: "unix",
          trial_end: "unix",
          canceled_at: "unix",
          ended_at: "unix",
          livemode: "boolean",
        }, SIGMA),
      },
      {
        file: "subscriptions_snapshot",
        table: "snapshots.stripe_subscriptions",
        title: "the dbt snapshot of Stripe's subscriptions",
        columns: columns({ id: "text", status: "text", ...SNAPSHOT }),
      },
      {
        file: "subscription_items_snapshot",
        table: "snapshots.stripe_subscription_items",
        title: "the dbt snapshot of Stripe's subscription items",
        columns: columns({
          id: "text",
          subscription: "text",
          price: "text",
          quantity: "integer",
          ...SNAPSHOT,
        }, SIGMA),
      },
      {
        file: "prices",
        table: "stripe.prices",
        title: "Stripe's prices",
        columns: columns({
          id: "text",
          nickname: "text",
          unit_amount: "integer",
          recurring_interval: "text",
          recurring_interval_count: "integer",
        }, {
          recurring_interval: ["recurring.interval"],
          recurring_interval_count: ["recurring.interval_count"],
        }),
      },
      {
        file: "invoices",
        table: "stripe.invoices",
        title: "Stripe's invoices",
        columns: columns({
          id: "text",
          subscription: "text",
          status: "text",
          amount_due: "integer",
          status_transitions_paid_at: "unix",
        }, { ...SIGMA, status_transitions_paid_at: ["status_transitions.paid_at"] }),
      },
    ],
  },
  {
    name: "chargebee",
    title: "Chargebee",
    mapping: "chargebee",
    tables: [
      {
        file: "subscriptions",
        table: "chargebee.subscriptions",
        title: "Chargebee's subscriptions",
        columns: columns({
          id: "text",
          customer_id: "text",
          status: "text",
          trial_start: "unix",
          trial_end: "unix",
          started_at: "unix",
          cancel_schedule_created_at: "unix",
          cancelled_at: "unix",
        }),
      },
      {
        file: "subscriptions_snapshot",
        table: "snapshots.chargebee_subscriptions",
        title: "the dbt snapshot of Chargebee's subscriptions",
        columns: columns({
          id: "text",
          status: "text",
          plan_id: "text",
          plan_unit_price: "integer",
          plan_quantity: "integer",
          billing_period: "integer",
          billing_period_unit: "text",
          ...SNAPSHOT,
        }),
      },
    ],
  },
  {
    name: "segment",
    title: "Segment",
    mapping: "events",
    tables: [
      {
        file: "tracks",
        table: "app.tracks",
        title: "Segment's tracks",
        columns: columns({ id: "text", user_id: "text", event: "text", timestamp: "timestamp" }),
      },
      {
        file: "groups",
        table: "app.groups",
        title: "Segment's groups",
        columns: columns({ user_id: "text", group_id: "text", timestamp: "timestamp" }),
      },
      {
        file: "invite_sent",
        table: "app.invite_sent",
        title: "Segment's invite_sent",
        columns: columns({ id: "text", invitation_id: "text" }),
        optional: true,
      },
      {
        file: "signed_up",
        table: "app.signed_up",
        title: "Segment's signed_up",
        columns: columns({ id: "text", invitation_id: "text" }),
        optional: true,
      },
    ],
  },
  {
    name: "posthog",
    title: "PostHog",
    mapping: "posthog",
    tables: [
      {
        file: "events",
        table: "posthog.events",
        title: "PostHog's events",
        columns: columns({
          event: "text",
          distinct_id: "text",
          properties: "json",
          timestamp: "timestamp",
        }),
      },
    ],
  },
];
