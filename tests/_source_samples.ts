/**
 * The sample folders of `examples/`: a few accounts of the generated data set (`_sql_data.ts`)
 * written as each source exports them (Stripe, Chargebee, Segment, PostHog), by the names
 * `lib/sql/source_files.ts` reads. Each sample keeps only what its source can say exactly (Stripe
 * and Chargebee without discounts, Chargebee without failed payments), and `sampleWorld` is that
 * part of the generated data, whose answers `_sql_expected.ts` counts without SQL. A few rows each
 * mapping view must leave out (test mode, anonymous, PostHog's own events) are added.
 *
 * `deno run --allow-write=examples tests/_source_samples.ts` writes the folders;
 * `tests/sql/sources_test.ts` checks that they are what this writes.
 *
 * @module
 */
import { timestampText } from "../lib/sql/dialect.ts";
import type { SourceName } from "../lib/sql/source_files.ts";
import { DAY, generate, PLANS, type Subscription, type World } from "./_sql_data.ts";

/** The customers whose subscriptions the billing samples hold: the cases written by hand, a few more. */
const billingCustomer = (id: string) => id.startsWith("x") || Number(id.slice(1)) <= 40;

/** The accounts whose people's events the event samples hold. */
const eventAccount = (id: string) => /^a\d+$/.test(id) && Number(id.slice(1)) <= 20;

/** Whether a subscription pays its plan's list price whenever it pays (no discount). */
const listPrice = (subscription: Subscription) =>
  subscription.states.every((state) => state.mrr === 0 || state.mrr === PLANS[state.plan]?.mrr);

/** Whether a source's own data says a subscription exactly, so its view gives it back. */
const SAYS: Record<"stripe" | "chargebee", (subscription: Subscription) => boolean> = {
  // it pays from its first state with MRR, which is active
  stripe: (subscription) =>
    listPrice(subscription) &&
    subscription.states.find((state) => state.mrr > 0)?.status !== "past_due",
  // Chargebee keeps a subscription active while a payment is retried
  chargebee: (subscription) =>
    listPrice(subscription) && subscription.states.every((state) => state.status !== "past_due"),
};

/** The part of the generated data a source's sample holds. */
export function sampleWorld(world: World, source: SourceName): World {
  const billing = source === "stripe" || source === "chargebee";
  const subscriptions = billing
    ? world.subscriptions.filter((each) => billingCustomer(each.customerId) && SAYS[source](each))
    : [];
  const users = billing ? [] : world.users.filter((user) => eventAccount(user.accountId));
  const ids = new Set(subscriptions.map(({ id }) => id));
  const people = new Set(users.map(({ id }) => id));
  return {
    users,
    subscriptions,
    invites: world.invites.filter((invite) => people.has(invite.senderId)),
    surveys: [],
    finance: [],
    rows: {
      subscriptions: (world.rows.subscriptions ?? []).filter((row) =>
        ids.has(String(row.subscription_id))
      ),
      subscription_states: (world.rows.subscription_states ?? []).filter((row) =>
        ids.has(String(row.subscription_id))
      ),
      events: (world.rows.events ?? []).filter((row) => people.has(String(row.user_id))),
      survey_responses: [],
      finance_months: [],
    },
  };
}

type Cell = string | number | boolean | null;

/** Rows as CSV: a header, an empty value for null, a value quoted when it needs it. */
function csv(header: readonly string[], rows: readonly Cell[][]): string {
  const field = (value: Cell) => {
    if (value === null) return "";
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\n") + "\n";
}

/** An instant in Unix seconds, as Stripe's and Chargebee's APIs send it. */
function unix(at: number | null): number | null {
  if (at === null) return null;
  if (at % 1000 !== 0) throw new Error(`${timestampText(at)} is not a whole second`);
  return at / 1000;
}

/** An instant as a warehouse writes a timestamp in UTC. */
const stamp = (at: number | null) => at === null ? null : timestampText(at);

/** A plan's price for its billing period, in cents. */
const planPrice = (plan: string) => {
  const { interval, mrr } = PLANS[plan] as { interval: string; mrr: number };
  return interval === "year" ? mrr * 12 : mrr;
};

/** Each state of a subscription with the instant it ends (null for the last). */
const spans = (subscription: Subscription) =>
  subscription.states.map((state, index) => ({
    ...state,
    to: subscription.states[index + 1]?.from ?? null,
  }));

/** Stripe's tables: subscriptions, dbt snapshots of them and their items, prices, invoices. */
function stripeFiles(world: World): Record<string, string> {
  const subscriptions: Cell[][] = [];
  const snapshot: Cell[][] = [];
  const items: Cell[][] = [];
  const invoices: Cell[][] = [];
  const plans = new Set<string>();
  const all = [...world.subscriptions, testMode(world.subscriptions[0])];
  for (const [index, subscription] of all.entries()) {
    const live = index < world.subscriptions.length;
    const last = subscription.states.at(-1);
    subscriptions.push([
      subscription.id,
      subscription.customerId,
      last?.status ?? "active",
      unix(subscription.startedAt),
      subscription.trialEndsAt === null ? null : unix(subscription.startedAt),
      unix(subscription.trialEndsAt),
      unix(subscription.cancelRequestedAt),
      unix(subscription.endedAt),
      subscription.cancelRequestedAt !== null && subscription.endedAt === null,
      live,
    ]);
    for (const state of spans(subscription)) {
      plans.add(state.plan);
      snapshot.push([
        subscription.id,
        subscription.customerId,
        state.status,
        stamp(state.from),
        stamp(state.to),
      ]);
      items.push([
        `si_${subscription.id}`,
        subscription.id,
        `price_${state.plan}`,
        1,
        stamp(state.from),
        stamp(state.to),
      ]);
    }
    // a trial's invoice of nothing, a first charge that failed, the first one paid
    if (subscription.trialEndsAt !== null) {
      invoices.push([
        `in_${subscription.id}_0`,
        subscription.id,
        "paid",
        0,
        unix(subscription.startedAt),
      ]);
    }
    const paid = subscription.states.find((state) => state.mrr > 0);
    const failed = subscription.states.find((state) => state.status === "past_due");
    if (failed !== undefined && (paid === undefined || failed.from < paid.from)) {
      invoices.push([
        `in_${subscription.id}_1`,
        subscription.id,
        "open",
        planPrice(failed.plan),
        null,
      ]);
    }
    if (paid !== undefined) {
      invoices.push([
        `in_${subscription.id}_2`,
        subscription.id,
        "paid",
        planPrice(paid.plan),
        unix(paid.from),
      ]);
    }
  }
  const prices = [...plans].sort().map((plan) => [
    `price_${plan}`,
    plan,
    planPrice(plan),
    "usd",
    PLANS[plan]?.interval ?? "month",
    1,
  ]);
  const snapshotColumns = ["dbt_valid_from", "dbt_valid_to"];
  return {
    "subscriptions.csv": csv([
      "id",
      "customer",
      "status",
      "start_date",
      "trial_start",
      "trial_end",
      "canceled_at",
      "ended_at",
      "cancel_at_period_end",
      "livemode",
    ], subscriptions),
    "subscriptions_snapshot.csv": csv(["id", "customer", "status", ...snapshotColumns], snapshot),
    "subscription_items_snapshot.csv": csv(
      ["id", "subscription", "price", "quantity", ...snapshotColumns],
      items,
    ),
    "prices.csv": csv(
      [
        "id",
        "nickname",
        "unit_amount",
        "currency",
        "recurring_interval",
        "recurring_interval_count",
      ],
      prices,
    ),
    "invoices.csv": csv(
      ["id", "subscription", "status", "amount_due", "status_transitions_paid_at"],
      invoices,
    ),
  };
}

/** A copy of a subscription made in test mode, which the views leave out. */
function testMode(subscription: Subscription | undefined): Subscription {
  if (subscription === undefined) throw new Error("No subscription to copy");
  return { ...subscription, id: `${subscription.id}_test` };
}

/** Chargebee's subscriptions, and a dbt snapshot of them. */
function chargebeeFiles(world: World): Record<string, string> {
  const subscriptions: Cell[][] = [];
  const snapshot: Cell[][] = [];
  const statusOf = (subscription: Subscription, status: string, from: number) =>
    status === "trialing"
      ? "in_trial"
      : status === "canceled"
      ? "cancelled"
      : subscription.cancelRequestedAt !== null && from >= subscription.cancelRequestedAt
      ? "non_renewing"
      : "active";
  for (const subscription of world.subscriptions) {
    const last = spans(subscription).at(-1);
    const status = last === undefined ? "active" : statusOf(subscription, last.status, last.from);
    subscriptions.push([
      subscription.id,
      subscription.customerId,
      status,
      last?.plan ?? null,
      subscription.trialEndsAt === null ? null : unix(subscription.startedAt),
      unix(subscription.trialEndsAt),
      unix(subscription.startedAt),
      unix(subscription.cancelRequestedAt),
      status === "cancelled" ? unix(subscription.endedAt) : null,
    ]);
    for (const state of spans(subscription)) {
      snapshot.push([
        subscription.id,
        subscription.customerId,
        statusOf(subscription, state.status, state.from),
        state.plan,
        planPrice(state.plan),
        1,
        1,
        PLANS[state.plan]?.interval ?? "month",
        stamp(state.from),
        stamp(state.to),
      ]);
    }
  }
  // a subscription that starts later, which the views leave out
  const start = unix(Date.UTC(2025, 0, 1));
  subscriptions.push(["cb_future", "a0001", "future", "pro", null, null, start, null, null]);
  snapshot.push([
    "cb_future",
    "a0001",
    "future",
    "pro",
    planPrice("pro"),
    1,
    1,
    "month",
    stamp(Date.UTC(2024, 11, 1)),
    null,
  ]);
  return {
    "subscriptions.csv": csv([
      "id",
      "customer_id",
      "status",
      "plan_id",
      "trial_start",
      "trial_end",
      "started_at",
      "cancel_schedule_created_at",
      "cancelled_at",
    ], subscriptions),
    "subscriptions_snapshot.csv": csv([
      "id",
      "customer_id",
      "status",
      "plan_id",
      "plan_unit_price",
      "plan_quantity",
      "billing_period",
      "billing_period_unit",
      "dbt_valid_from",
      "dbt_valid_to",
    ], snapshot),
  };
}

/** The events of a sample, in time order, each with its person and an identifier. */
function eventsOf(world: World) {
  return world.users.flatMap((user) =>
    user.sessions.flatMap((session) => session.events.map((event) => ({ user, event })))
  ).sort((a, b) => a.event.at - b.event.at || a.user.id.localeCompare(b.user.id))
    .map((each, index) => ({ ...each, id: String(index + 1).padStart(6, "0") }));
}

/** An event's name as sent: `signed_up` was sent as "Signed Up". */
const title = (name: string) =>
  name.split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");

/** Segment's warehouse tables: tracks, groups, and the tables of two events' properties. */
function segmentFiles(world: World): Record<string, string> {
  const events = eventsOf(world);
  const tracks: Cell[][] = events.map(({ user, event, id }) => [
    `m${id}`,
    `anon_${user.id}`,
    user.id,
    event.name,
    title(event.name),
    stamp(event.at),
  ]);
  const first = world.users[0];
  if (first !== undefined) {
    // an email opened and a visitor who never signed up, which the view leaves out
    const at = first.signupAt + DAY;
    tracks.push([
      "m_email",
      `anon_${first.id}`,
      first.id,
      "email_opened",
      "Email Opened",
      stamp(at),
    ]);
    tracks.push(["m_anon", "anon_visitor", null, "viewed_pricing", "Viewed Pricing", stamp(at)]);
  }
  const groups: Cell[][] = world.users.map((user) => [
    `g_${user.id}`,
    `anon_${user.id}`,
    user.id,
    user.accountId,
    stamp(user.signupAt),
  ]);
  // a group left before the latest one: the latest is the person's account
  if (first !== undefined) {
    groups.unshift(["g_old", `anon_${first.id}`, first.id, "a_old", stamp(first.signupAt - DAY)]);
  }
  const properties = (name: string) =>
    events.filter(({ event }) => event.name === name).map(({ user, event, id }) => [
      `m${id}`,
      user.id,
      name,
      event.objectId,
      stamp(event.at),
    ]);
  const header = ["id", "anonymous_id", "user_id", "event", "event_text", "timestamp"];
  const propertyHeader = ["id", "user_id", "event", "invitation_id", "timestamp"];
  return {
    "tracks.csv": csv(header, tracks),
    "groups.csv": csv(["id", "anonymous_id", "user_id", "group_id", "timestamp"], groups),
    "invite_sent.csv": csv(propertyHeader, properties("invite_sent")),
    "signed_up.csv": csv(propertyHeader, properties("signed_up")),
  };
}

/** PostHog's events table, as exported: properties as JSON text, times to the microsecond. */
function posthogFiles(world: World): Record<string, string> {
  const uuid = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, "0")}`;
  const rows: Cell[][] = eventsOf(world).map(({ user, event }, index) => [
    uuid(index + 1),
    event.name,
    JSON.stringify({
      $group_0: user.accountId,
      ...(event.objectId === null ? {} : { invitation_id: event.objectId }),
    }),
    `${timestampText(event.at).replace(" ", "T")}.000000Z`,
    user.id,
  ]);
  const first = world.users[0];
  if (first !== undefined) {
    // PostHog's own events and an event without a group, which the view leaves out
    const at = `${timestampText(first.signupAt + DAY).replace(" ", "T")}.000000Z`;
    const group = JSON.stringify({ $group_0: first.accountId });
    rows.push([uuid(rows.length + 1), "$identify", group, at, first.id]);
    rows.push([uuid(rows.length + 1), "$feature_flag_called", group, at, first.id]);
    rows.push([uuid(rows.length + 1), "viewed_pricing", "{}", at, "anon_visitor"]);
  }
  return { "events.csv": csv(["uuid", "event", "properties", "timestamp", "distinct_id"], rows) };
}

/** The files of each source's sample, by file name. */
export function sampleFiles(world: World): Record<SourceName, Record<string, string>> {
  return {
    stripe: stripeFiles(sampleWorld(world, "stripe")),
    chargebee: chargebeeFiles(sampleWorld(world, "chargebee")),
    segment: segmentFiles(sampleWorld(world, "segment")),
    posthog: posthogFiles(sampleWorld(world, "posthog")),
  };
}

if (import.meta.main) {
  for (const [source, files] of Object.entries(sampleFiles(generate()))) {
    await Deno.mkdir(`examples/${source}`, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`examples/${source}/${name}`, text);
    }
  }
}
