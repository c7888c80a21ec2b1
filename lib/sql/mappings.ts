/**
 * How data from four common sources maps onto the reference schema: Stripe-shaped billing
 * (subscriptions, subscription items, invoices), Chargebee-shaped billing, an event pipeline
 * that loads a `tracks` table (Segment, RudderStack), and a PostHog-style `events` table in
 * ClickHouse. Each says what maps to what, in sentences whose `code` is marked with backticks,
 * and gives one short view that the engines it names read, with further views where the source
 * gives more tables or `--from` runs it on DuckDB (`sources.ts`); the schema page shows them, and
 * `tests/sql/mappings_test.ts` runs every view on those engines and loads its rows into the schema's
 * own table.
 *
 * The sources' table and column names here are the ones their documentation gives: Stripe's API
 * objects (and its Sigma and Data Pipeline tables), the attributes of Chargebee's Subscription as
 * its official Node library declares them, Segment's warehouse schema, and the columns of
 * PostHog's events table in ClickHouse.
 *
 * @module
 */
import type { Dialect } from "./dialect.ts";

/** One source of data, mapped onto the schema. */
export interface Mapping {
  /** Its anchor on the schema page. */
  id: string;
  /** Its heading. */
  title: string;
  /** What maps to what, one paragraph each; `code` is in backticks. */
  notes: readonly string[];
  /** The table of the reference schema the example view stands in for. */
  table: string;
  /** The example: one `CREATE VIEW`, with a comment on the source table it reads. */
  view: string;
  /** The engines the view is written for (and run on in the tests): PostgreSQL and DuckDB. */
  engines?: readonly Dialect[];
  /** The source's other views: another table of the schema, or the view for another engine. */
  more?: readonly MoreView[];
}

/** A further view of a mapping's source, which `--from` runs on DuckDB with the first. */
export interface MoreView {
  /** The table of the reference schema it stands in for. */
  table: string;
  /** One `CREATE VIEW`, with a comment on the source tables it reads. */
  view: string;
  /** The engines it is written for. */
  engines: readonly Dialect[];
}

/** Stripe, Chargebee, a Segment-style event pipeline and PostHog in ClickHouse, in that order. */
export const MAPPINGS: readonly Mapping[] = [
  {
    id: "stripe",
    title: "Stripe: subscriptions, subscription items and invoices",
    notes: [
      "Stripe's data, whether from Sigma, Data Pipeline or a sync of its API, has a row per " +
      "Subscription, per subscription item and per Invoice. The names here are the API's fields; " +
      "Sigma and Data Pipeline call the customer `customer_id` where the API says `customer`, " +
      "and the API sends times as Unix seconds and amounts in cents.",
      "`subscriptions`: `id` is `subscription_id`, `customer` is `customer_id`, `started_at` is " +
      "`trial_start` when there was a trial and `start_date` otherwise, `trial_end` is " +
      "`trial_ends_at`, `canceled_at` (when the cancellation was made) is `cancel_requested_at` " +
      "and `ended_at` (when it stopped) is `ended_at`. Leave out test-mode rows " +
      "(`livemode` false).",
      "`subscription_states`: Stripe keeps each subscription as it is now, so the history comes " +
      "from snapshots of subscriptions and their items (a dbt snapshot adds `dbt_valid_from` and " +
      "`dbt_valid_to`, which are `valid_from` and `valid_to`). A state's `mrr` is the sum over " +
      "its subscription items of the price's `unit_amount` × `quantity` ÷ 100, turned into a " +
      "month (÷ 12 for a `recurring.interval` of `year`, ÷ `recurring.interval_count` for a " +
      "price billed every few months), after recurring discounts. Stripe's `trialing`, " +
      "`active` and `past_due` are the same statuses; `canceled`, `unpaid` and " +
      "`incomplete_expired` are `canceled`, with MRR 0. The second view builds the states so, " +
      "with the `nickname` of the price that bills the most as `plan`; it leaves discounts out.",
      "Invoices say whether a subscription has been paid yet: until its first invoice with an " +
      "`amount_due` is `paid`, its states count MRR 0, the schema's rule for a first charge " +
      "that fails, whether at sign-up (Stripe's `incomplete`) or when a trial ends " +
      "(`past_due`); it was paid at its `status_transitions.paid_at`.",
    ],
    table: "subscriptions",
    view: `-- stripe.subscriptions: one row per Subscription, a column per field of the API,
-- times in Unix seconds as the API sends them
CREATE VIEW subscriptions AS
SELECT
  id AS subscription_id,
  customer AS customer_id,
  to_timestamp(COALESCE(trial_start, start_date)) AT TIME ZONE 'UTC' AS started_at,
  to_timestamp(trial_end) AT TIME ZONE 'UTC' AS trial_ends_at,
  to_timestamp(canceled_at) AT TIME ZONE 'UTC' AS cancel_requested_at,
  to_timestamp(ended_at) AT TIME ZONE 'UTC' AS ended_at
FROM stripe.subscriptions
WHERE livemode;
`,
    more: [{
      table: "subscription_states",
      engines: ["duckdb"],
      view:
        `-- snapshots.stripe_subscriptions, snapshots.stripe_subscription_items: dbt snapshots of
-- Stripe's subscriptions and subscription items, a row per version; stripe.prices and
-- stripe.invoices as the API sends them, nested fields joined by _, times in Unix seconds
CREATE VIEW subscription_states AS
WITH changes AS (  -- each instant a subscription or one of its items changed
  SELECT id AS subscription_id, dbt_valid_from AS changed_at
  FROM snapshots.stripe_subscriptions
  UNION
  SELECT subscription, dbt_valid_from FROM snapshots.stripe_subscription_items
  UNION
  SELECT subscription, dbt_valid_to FROM snapshots.stripe_subscription_items
  WHERE dbt_valid_to IS NOT NULL
),
spans AS (
  SELECT subscription_id, changed_at AS valid_from,
    lead(changed_at) OVER (PARTITION BY subscription_id ORDER BY changed_at) AS valid_to
  FROM changes
),
first_paid AS (  -- a subscription pays nothing until its first invoice with an amount is paid
  SELECT subscription AS subscription_id,
    min(to_timestamp(status_transitions_paid_at) AT TIME ZONE 'UTC') AS paid_at
  FROM stripe.invoices
  WHERE status = 'paid' AND amount_due > 0
  GROUP BY subscription
)
SELECT
  t.subscription_id,
  t.valid_from,
  t.valid_to,
  CASE WHEN s.status IN ('trialing', 'active', 'past_due') THEN s.status
       WHEN s.status = 'incomplete' THEN 'past_due'
       ELSE 'canceled' END AS status,
  (array_agg(p.nickname ORDER BY p.unit_amount * i.quantity DESC))[1] AS plan,
  CASE WHEN bool_or(p.recurring_interval = 'year') THEN 'year' ELSE 'month' END
    AS billing_interval,
  CASE WHEN s.status IN ('active', 'past_due') AND f.paid_at <= t.valid_from
       THEN CAST(sum(p.unit_amount * i.quantity / 100.0 / p.recurring_interval_count
         / CASE p.recurring_interval WHEN 'year' THEN 12 ELSE 1 END) AS DECIMAL(14, 2))
       ELSE 0 END AS mrr
FROM spans AS t
JOIN stripe.subscriptions AS live ON live.id = t.subscription_id AND live.livemode
JOIN snapshots.stripe_subscriptions AS s ON s.id = t.subscription_id
  AND s.dbt_valid_from <= t.valid_from
  AND (s.dbt_valid_to IS NULL OR s.dbt_valid_to > t.valid_from)
JOIN snapshots.stripe_subscription_items AS i ON i.subscription = t.subscription_id
  AND i.dbt_valid_from <= t.valid_from
  AND (i.dbt_valid_to IS NULL OR i.dbt_valid_to > t.valid_from)
JOIN stripe.prices AS p ON p.id = i.price
LEFT JOIN first_paid AS f ON f.subscription_id = t.subscription_id
GROUP BY t.subscription_id, t.valid_from, t.valid_to, s.status, f.paid_at;
`,
    }],
  },
  {
    id: "chargebee",
    title: "Chargebee: subscriptions",
    notes: [
      "Chargebee's Subscription has `id`, `customer_id`, `status` (`future`, `in_trial`, " +
      "`active`, `non_renewing`, `paused`, `cancelled`, `transferred`), `trial_start`, " +
      "`trial_end`, `started_at`, `activated_at` (when it left its trial), `cancelled_at`, " +
      "`cancel_schedule_created_at` (when a cancellation was scheduled), " +
      "`plan_id`, `plan_unit_price` and `plan_quantity`, billed every `billing_period` " +
      "`billing_period_unit` (`day`, `week`, `month`, `year`). Its amounts are in cents for " +
      "currencies with cents.",
      "`subscriptions`: `id`, `customer_id`, `trial_start` (or `started_at` without a trial) " +
      "as `started_at`, `trial_end` as `trial_ends_at`, `cancel_schedule_created_at` as " +
      "`cancel_requested_at`, and `cancelled_at` as `ended_at` once " +
      "the status is `cancelled` (before that, `cancelled_at` is when it is set to end). Leave " +
      "out `future` and `transferred` subscriptions.",
      "`subscription_states`: keep a history of each subscription, as a dbt snapshot does, and " +
      "map each version: `in_trial` is `trialing`, `active` and `non_renewing` are `active`, " +
      "and the rest pay nothing. Its `mrr` is `plan_unit_price` × " +
      "`plan_quantity` ÷ 100 for one billing period, turned into a month; recurring add-ons " +
      "and discounts change it too, and a plan billed by the week or the day needs its own " +
      "factor.",
    ],
    table: "subscription_states",
    view:
      `-- snapshots.chargebee_subscriptions: a dbt snapshot of Chargebee's subscriptions, one row
-- per version, its times loaded as UTC timestamps
CREATE VIEW subscription_states AS
SELECT
  id AS subscription_id,
  dbt_valid_from AS valid_from,
  dbt_valid_to AS valid_to,
  CASE WHEN status = 'in_trial' THEN 'trialing'
       WHEN status IN ('active', 'non_renewing') THEN 'active'
       ELSE 'canceled' END AS status,
  plan_id AS plan,
  CASE billing_period_unit WHEN 'year' THEN 'year' ELSE 'month' END AS billing_interval,
  CASE WHEN status IN ('active', 'non_renewing')
       THEN plan_unit_price * plan_quantity / 100.0
         / (billing_period * CASE billing_period_unit WHEN 'year' THEN 12 ELSE 1 END)
       ELSE 0 END AS mrr
FROM snapshots.chargebee_subscriptions
WHERE status NOT IN ('future', 'transferred');
`,
    more: [{
      table: "subscriptions",
      engines: ["duckdb"],
      view:
        `-- chargebee.subscriptions: Chargebee's subscriptions as its API sends them, times in Unix
-- seconds; cancel_schedule_created_at is when the cancellation was scheduled
CREATE VIEW subscriptions AS
SELECT
  id AS subscription_id,
  customer_id,
  to_timestamp(COALESCE(trial_start, started_at)) AT TIME ZONE 'UTC' AS started_at,
  to_timestamp(trial_end) AT TIME ZONE 'UTC' AS trial_ends_at,
  to_timestamp(cancel_schedule_created_at) AT TIME ZONE 'UTC' AS cancel_requested_at,
  CASE WHEN status = 'cancelled' THEN to_timestamp(cancelled_at) AT TIME ZONE 'UTC' END
    AS ended_at
FROM chargebee.subscriptions
WHERE status NOT IN ('future', 'transferred');
`,
    }],
  },
  {
    id: "events",
    title: "An event pipeline: Segment or RudderStack tracks",
    notes: [
      "Segment loads each `track` call into `<source>.tracks`: `user_id`, `anonymous_id`, " +
      "`event` (the event's name in snake case, so Signed Up is `signed_up`), `event_text` " +
      "(the name as sent) and `timestamp` (when it happened, in UTC); each event's properties " +
      "go to a table of its own, such as `<source>.invite_sent`, with the call's `id`; and " +
      "each `group` call to `<source>.groups`, with `user_id` and `group_id`. RudderStack's " +
      "warehouse schema also has a `tracks` table of every track call; check its column names " +
      "against the view.",
      "`events`: `user_id` as it is (rows without one are anonymous and stay out), the " +
      "person's `group_id` as `account_id`, `event` as `event_name`, `timestamp` as " +
      "`occurred_at`, and the invitation's identifier, a property of your `invite_sent` and " +
      "`signed_up` calls, as `object_id`. Name the events the recipes look for as the schema's " +
      "event names are written, and leave out what is not activity: notifications, emails and what " +
      "your own services send on a person's behalf.",
    ],
    table: "events",
    view:
      `-- app: a Segment source's schema; invitation_id is a property of invite_sent and signed_up
CREATE VIEW events AS
WITH accounts AS (  -- each person's account: the group of their latest group call
  SELECT DISTINCT ON (user_id) user_id, group_id
  FROM app.groups
  ORDER BY user_id, "timestamp" DESC
)
SELECT
  t.user_id,
  a.group_id AS account_id,
  t.event AS event_name,
  t."timestamp" AS occurred_at,  -- for a column with a time zone: AT TIME ZONE 'UTC'
  COALESCE(i.invitation_id, s.invitation_id) AS object_id
FROM app.tracks AS t
JOIN accounts AS a ON a.user_id = t.user_id
LEFT JOIN app.invite_sent AS i ON i.id = t.id
LEFT JOIN app.signed_up AS s ON s.id = t.id
WHERE t.event NOT IN ('email_opened', 'notification_received');
`,
  },
  {
    id: "posthog",
    title: "PostHog events in ClickHouse",
    notes: [
      "PostHog keeps events in ClickHouse, one row per captured event: `event` (its name; " +
      "names that start with `$` are PostHog's own, such as `$pageview` and `$autocapture`), " +
      "`distinct_id` (who sent it), `timestamp` (`DateTime64(6, 'UTC')`) and `properties`, " +
      "a JSON object stored as text, where group analytics puts the event's group as " +
      "`$group_0`. The same shape suits any ClickHouse events table of that kind, and an " +
      "export of the table as CSV maps the same way on DuckDB, whose `->>` reads the JSON.",
      "`events`: `distinct_id` as `user_id` (where the table has PostHog's `person_id`, take " +
      "`toString(person_id)` instead, so that a person's anonymous and identified IDs count " +
      "once), the `$group_0` property as `account_id` (events without a group stay out), " +
      "`event` as `event_name`, `timestamp` to the millisecond as `occurred_at`, and the " +
      "invitation's identifier, a property of your own `invite_sent` and `signed_up` events, " +
      "as `object_id`. Of PostHog's own events keep only what a person did (pageviews and " +
      "autocaptured clicks), not `$identify`, `$set`, `$feature_flag_called` and the like; in " +
      "PostHog's own cluster, where one table holds every project, add `team_id = <yours>`.",
    ],
    table: "events",
    engines: ["clickhouse"],
    view: `-- posthog.events: one row per captured event, properties as JSON text
CREATE VIEW events AS
SELECT
  distinct_id AS user_id,
  JSONExtractString(properties, '$group_0') AS account_id,
  event AS event_name,
  toDateTime64(timestamp, 3, 'UTC') AS occurred_at,
  nullIf(JSONExtractString(properties, 'invitation_id'), '') AS object_id
FROM posthog.events
WHERE JSONExtractString(properties, '$group_0') <> ''
  AND (event NOT LIKE '$%' OR event IN ('$pageview', '$autocapture'));
`,
    more: [{
      table: "events",
      engines: ["duckdb"],
      view: `-- posthog.events: PostHog's events exported as they are, properties as JSON text
CREATE VIEW events AS
SELECT
  distinct_id AS user_id,
  properties ->> '$."$group_0"' AS account_id,
  event AS event_name,
  date_trunc('millisecond', "timestamp") AS occurred_at,
  nullif(properties ->> '$.invitation_id', '') AS object_id
FROM posthog.events
WHERE coalesce(properties ->> '$."$group_0"', '') <> ''
  AND (event NOT LIKE '$%' OR event IN ('$pageview', '$autocapture'));
`,
    }],
  },
];
