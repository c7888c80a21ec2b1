/**
 * What each recipe should return on the generated data, counted in TypeScript from the
 * generator's own record (`_sql_data.ts`): each customer's MRR read from its subscriptions'
 * states, each person's activity from the sessions the generator built, each invitation from who
 * it brought in, each cohort from the signups it made. Every count follows the metric's definition
 * in the catalog, with plain loops; no SQL is involved. The parameters each recipe is run with are
 * here too.
 *
 * @module
 */
import { timestampText } from "../lib/sql/dialect.ts";
import { addMonths, AS_OF, DAY, type Subscription, type User, type World } from "./_sql_data.ts";

/** A recipe's parameters. */
export type Params = Record<string, string | number>;

/** The inputs a recipe should return, by name (null where the value is undefined), or no row. */
export type Expected = Record<string, number | null> | null;

const MONTHS: Params[] = [
  { period_start: "2024-02-01", period_end: "2024-03-01" },
  { period_start: "2024-03-01", period_end: "2024-04-01" },
  { period_start: "2024-11-01", period_end: "2024-12-01" },
];
/** Quarters: the first holds the cases written by hand; the last is the CLI's default one. */
const QUARTERS: Params[] = [
  { period_start: "2024-01-01", period_end: "2024-04-01" },
  { period_start: "2024-04-01", period_end: "2024-07-01" },
  { period_start: "2024-07-01", period_end: "2024-10-01" },
];
/** Twelve months: the last is the CLI's default twelve months. */
const YEARS: Params[] = [
  { period_start: "2023-07-01", period_end: "2024-07-01" },
  { period_start: "2023-12-01", period_end: "2024-12-01" },
];
const AS_OF_TEXT = timestampText(AS_OF);
const cohorts = (extra: Params): Params[] =>
  [["2023-06-01", "2023-07-01"], ["2024-03-01", "2024-04-01"], ["2024-12-01", "2025-01-01"]].map((
    [cohort_start, cohort_end],
  ) => ({
    cohort_start: cohort_start as string,
    cohort_end: cohort_end as string,
    ...extra,
    as_of: AS_OF_TEXT,
  }));
const each = (cases: Params[], extra: Params): Params[] =>
  cases.map((params) => ({ ...params, ...extra }));

/** The parameters each recipe runs with: several periods, a month full of edge cases, open cohorts. */
export const CASES: Record<string, Params[]> = {
  "churn-rate": [...MONTHS, QUARTERS[0] as Params],
  "retention-rate": [...QUARTERS, MONTHS[1] as Params, YEARS[1] as Params],
  "revenue-churn-rate": [...MONTHS, QUARTERS[0] as Params],
  "gross-revenue-retention": YEARS,
  "net-revenue-retention": YEARS,
  "expansion-revenue-rate": [...MONTHS, YEARS[1] as Params],
  "monthly-recurring-revenue": MONTHS,
  "quick-ratio": [...MONTHS, QUARTERS[0] as Params],
  "annual-recurring-revenue": [{ snapshot_at: "2024-03-01" }, { snapshot_at: "2024-07-01" }],
  "average-revenue-per-user": [{ snapshot_at: "2024-03-01" }, { snapshot_at: "2024-07-01" }],
  "customer-acquisition-cost": [...QUARTERS, MONTHS[1] as Params, YEARS[1] as Params],
  "cac-payback-period": [...QUARTERS, MONTHS[1] as Params, YEARS[1] as Params],
  "customer-lifetime-value": MONTHS,
  "ltv-cac-ratio": MONTHS,
  "burn-multiple": [
    ...QUARTERS,
    { period_start: "2024-01-01", period_end: "2024-02-01" },
    YEARS[1] as Params,
  ],
  "gross-margin": [
    { period_start: "2024-01-01", period_end: "2025-01-01" },
    ...QUARTERS,
    YEARS[1] as Params,
  ],
  "magic-number": [{ quarter_start: "2024-01-01" }, { quarter_start: "2024-04-01" }],
  "rule-of-40": [{ year_start: "2024-01-01" }],
  "trial-to-paid-conversion-rate": cohorts({ grace_days: 7 }),
  "free-to-paid-conversion-rate": [
    ...cohorts({ window_days: 90 }),
    { cohort_start: "2024-09-01", cohort_end: "2024-10-01", window_days: 90, as_of: AS_OF_TEXT },
  ],
  "referral-rate": QUARTERS,
  "daily-active-users": [
    ...MONTHS,
    { period_start: "2024-03-04", period_end: "2024-03-11" },
    QUARTERS[0] as Params,
  ],
  "dau-mau-ratio": MONTHS,
  "monthly-active-users": MONTHS,
  "resurrection-rate": each(MONTHS, { lookback_months: 6 }),
  "current-user-retention-rate": [
    { week_start: "2023-10-02" },
    { week_start: "2024-03-04" },
    { week_start: "2024-03-25" },
  ],
  "n-day-retention": [
    { cohort_day: "2023-01-31", day_n: 30, as_of: AS_OF_TEXT },
    { cohort_day: "2024-03-01", day_n: 1, as_of: AS_OF_TEXT },
    { cohort_day: "2024-06-04", day_n: 1, as_of: AS_OF_TEXT },
    { cohort_day: "2024-06-04", day_n: 7, as_of: AS_OF_TEXT },
    { cohort_day: "2024-12-15", day_n: 7, as_of: AS_OF_TEXT },
  ],
  "activation-rate": cohorts({ activation_event: "created_project", window_days: 7 }),
  "average-session-duration": each([...MONTHS, QUARTERS[0] as Params], { timeout_minutes: 30 }),
  "conversion-rate": each([...MONTHS, QUARTERS[0] as Params], {
    visit_event: "viewed_pricing",
    conversion_event: "started_trial",
  }),
  "feature-adoption-rate": [
    ...each(MONTHS, {
      feature_event: "used_reports",
      access_event: "reports_enabled",
      min_days: 1,
    }),
    { ...MONTHS[1], feature_event: "used_reports", access_event: "reports_enabled", min_days: 2 },
    { ...QUARTERS[0], feature_event: "used_reports", access_event: "reports_enabled", min_days: 3 },
  ],
  "onboarding-completion-rate": [
    { period_start: "2023-07-01", period_end: "2023-08-01", window_days: 14, as_of: AS_OF_TEXT },
    { period_start: "2024-03-01", period_end: "2024-04-01", window_days: 14, as_of: AS_OF_TEXT },
    { period_start: "2024-12-01", period_end: "2025-01-01", window_days: 14, as_of: AS_OF_TEXT },
  ],
  "product-qualified-leads": each([...MONTHS, QUARTERS[0] as Params], {
    pql_event: "viewed_pricing",
    pql_threshold: 2,
  }),
  "viral-coefficient": cohorts({ window_days: 30 }),
  "net-promoter-score": QUARTERS,
  "customer-satisfaction-score": [...MONTHS, QUARTERS[0] as Params],
  "customer-effort-score": [...MONTHS, QUARTERS[0] as Params],
  "product-market-fit-score": MONTHS,
};

/** An instant from a parameter's text. */
function at(params: Params, name: string): number {
  const value = params[name];
  if (value === undefined) throw new Error(`No parameter "${name}"`);
  return Date.parse(`${timestampText(value)}Z`.replace(" ", "T"));
}

function number(params: Params, name: string): number {
  const value = Number(params[name]);
  if (!Number.isInteger(value)) throw new Error(`Parameter "${name}" is not a whole number`);
  return value;
}

/** What the generator's record says, indexed once per world. */
interface Record_ {
  customers: Map<string, Subscription[]>;
  /** Each person's events by name, in time order. */
  named: Map<User, Map<string, number[]>>;
  /** Each person's active days, as day numbers since 1970. */
  days: Map<User, Set<number>>;
  accounts: Map<string, User[]>;
}

const indexes = new WeakMap<World, Record_>();

function index(world: World): Record_ {
  const known = indexes.get(world);
  if (known) return known;
  const customers = new Map<string, Subscription[]>();
  for (const subscription of world.subscriptions) {
    customers.set(subscription.customerId, [
      ...customers.get(subscription.customerId) ?? [],
      subscription,
    ]);
  }
  const named = new Map<User, Map<string, number[]>>();
  const days = new Map<User, Set<number>>();
  const accounts = new Map<string, User[]>();
  for (const user of world.users) {
    const names = new Map<string, number[]>();
    const active = new Set<number>();
    for (const session of user.sessions) {
      for (const event of session.events) {
        names.set(event.name, [...names.get(event.name) ?? [], event.at]);
        active.add(Math.floor(event.at / DAY));
      }
    }
    for (const times of names.values()) times.sort((a, b) => a - b);
    named.set(user, names);
    days.set(user, active);
    accounts.set(user.accountId, [...accounts.get(user.accountId) ?? [], user]);
  }
  const made = { customers, named, days, accounts };
  indexes.set(world, made);
  return made;
}

/** A subscription's MRR in cents just before an instant: its state begun before it and not ended by it. */
function subscriptionMrr(subscription: Subscription, instant: number): number {
  let mrr = 0;
  for (const [i, state] of subscription.states.entries()) {
    const until = subscription.states[i + 1]?.from ?? Infinity;
    if (state.from < instant && until >= instant) mrr = state.mrr;
  }
  return mrr;
}

/** A customer's MRR in cents just before an instant. */
function mrrAt(subscriptions: Subscription[], instant: number): number {
  return subscriptions.reduce(
    (sum, subscription) => sum + subscriptionMrr(subscription, instant),
    0,
  );
}

/**
 * A customer's MRR in cents during an instant: its states begun at or before it and not ended by
 * it (a change at exactly that instant counts), what it pays from that instant on.
 */
function mrrDuring(subscriptions: Subscription[], instant: number): number {
  let mrr = 0;
  for (const subscription of subscriptions) {
    for (const [i, state] of subscription.states.entries()) {
      const until = subscription.states[i + 1]?.from ?? Infinity;
      if (state.from <= instant && until > instant) mrr += state.mrr;
    }
  }
  return mrr;
}

/**
 * The first instant of a customer's first full calendar month from an instant: that instant when
 * it is a month's first, otherwise the first instant of the next month.
 */
function firstFullMonth(instant: number): number {
  const date = new Date(instant);
  const month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return month === instant ? instant : addMonths(month, 1);
}

/** When a customer first paid: the start of its first state with MRR. */
function firstPaidAt(subscriptions: Subscription[]): number {
  return Math.min(
    ...subscriptions.flatMap((subscription) =>
      subscription.states.filter((state) => state.mrr > 0).map((state) => state.from)
    ),
  );
}

/** Each customer's MRR in cents at the start and at the end of a period. */
function movements(world: World, start: number, end: number) {
  return [...index(world).customers].map(([customerId, subscriptions]) => ({
    customerId,
    start: mrrAt(subscriptions, start),
    end: mrrAt(subscriptions, end),
    firstPaidAt: firstPaidAt(subscriptions),
  }));
}

const dollars = (cents: number) => cents / 100;
const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : numerator / denominator;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The revenue movements of a period, each customer's changes netted, in cents. */
function revenue(world: World, params: Params) {
  const customers = movements(world, at(params, "period_start"), at(params, "period_end"));
  const starting = customers.filter((customer) => customer.start > 0);
  return {
    customers,
    start: sum(starting.map((customer) => customer.start)),
    expansion: sum(starting.filter((c) => c.end > c.start).map((c) => c.end - c.start)),
    contraction: sum(
      starting.filter((c) => c.end > 0 && c.end < c.start).map((c) => c.start - c.end),
    ),
    churned: sum(starting.filter((c) => c.end === 0).map((c) => c.start)),
    lost: starting.filter((c) => c.end === 0).length,
    payingAtStart: starting.length,
  };
}

/** The finance ledger's months in [from, to), summed, in cents. */
function ledger(world: World, from: number, to: number) {
  const months = world.finance.filter((month) => month.month >= from && month.month < to);
  return {
    revenue: sum(months.map((month) => month.revenue)),
    cost: sum(months.map((month) => month.cost)),
    spend: sum(months.map((month) => month.spend)),
    ebitda: sum(months.map((month) => month.ebitda)),
    netBurn: sum(months.map((month) => month.netBurn)),
  };
}

/** Whether a person was active on any day in [from, to) (both at midnight). */
function activeIn(world: World, user: User, from: number, to: number): boolean {
  for (const day of index(world).days.get(user) ?? []) {
    if (day * DAY >= from && day * DAY < to) return true;
  }
  return false;
}

function times(world: World, user: User, name: string): number[] {
  return index(world).named.get(user)?.get(name) ?? [];
}

/** The people whose signup falls in [from, to). */
function signedUp(world: World, from: number, to: number): User[] {
  return world.users.filter((user) => user.signupAt >= from && user.signupAt < to);
}

/** Survey answers in [from, to), and the latest of each respondent. */
function answers(world: World, survey: string, params: Params, latestOnly: boolean) {
  const from = at(params, "period_start");
  const to = at(params, "period_end");
  const answered = world.surveys.filter((row) =>
    row.survey === survey && row.answeredAt !== null && row.answeredAt >= from &&
    row.answeredAt < to
  );
  if (!latestOnly) return answered;
  const latest = new Map<string, (typeof answered)[number]>();
  for (const row of answered) {
    const known = latest.get(row.respondentId);
    if (!known || (row.answeredAt as number) > (known.answeredAt as number)) {
      latest.set(row.respondentId, row);
    }
  }
  return [...latest.values()];
}

type Count = (world: World, params: Params) => Expected;

const EXPECTED: Record<string, Count> = {
  "churn-rate": (world, params) => {
    const { lost, payingAtStart } = revenue(world, params);
    return { lost, start: payingAtStart };
  },
  "retention-rate": (world, params) => {
    const { customers } = revenue(world, params);
    return {
      end: customers.filter((c) => c.end > 0).length,
      newCustomers: customers.filter((c) => c.end > 0 && c.start === 0).length,
      start: customers.filter((c) => c.start > 0).length,
    };
  },
  "revenue-churn-rate": (world, params) => {
    const { churned, contraction, start } = revenue(world, params);
    return { cancelled: dollars(churned), downgrades: dollars(contraction), start: dollars(start) };
  },
  "gross-revenue-retention": (world, params) => {
    const { churned, contraction, start } = revenue(world, params);
    return { start: dollars(start), cancelled: dollars(churned), downgrades: dollars(contraction) };
  },
  "net-revenue-retention": (world, params) => {
    const { start, expansion, contraction, churned } = revenue(world, params);
    return {
      start: dollars(start),
      expansion: dollars(expansion),
      contraction: dollars(contraction),
      churned: dollars(churned),
    };
  },
  "expansion-revenue-rate": (world, params) => {
    const { expansion, start } = revenue(world, params);
    return { expansion: dollars(expansion), start: dollars(start) };
  },
  "monthly-recurring-revenue": (world, params) => {
    const { customers, start, expansion, contraction, churned } = revenue(world, params);
    const joining = customers.filter((c) => c.start === 0 && c.end > 0);
    return {
      start: dollars(start),
      newMrr: dollars(sum(joining.map((c) => c.end))),
      expansion: dollars(expansion),
      contraction: dollars(contraction),
      churned: dollars(churned),
    };
  },
  "quick-ratio": (world, params) => {
    const { customers, expansion, contraction, churned } = revenue(world, params);
    const joining = customers.filter((c) =>
      c.start === 0 && c.end > 0 && c.firstPaidAt >= at(params, "period_start")
    );
    return {
      newMrr: dollars(sum(joining.map((c) => c.end))),
      expansion: dollars(expansion),
      churned: dollars(churned),
      contraction: dollars(contraction),
    };
  },
  "annual-recurring-revenue": (world, params) => {
    const instant = at(params, "snapshot_at");
    let annual = 0;
    let monthly = 0;
    for (const subscription of world.subscriptions) {
      const mrr = subscriptionMrr(subscription, instant);
      const state = subscription.states.findLast((candidate) => candidate.from < instant);
      if (state?.interval === "year") annual += mrr * 12;
      else monthly += mrr;
    }
    return { annual: dollars(annual), mrr: dollars(monthly) };
  },
  "average-revenue-per-user": (world, params) => {
    const instant = at(params, "snapshot_at");
    const paying = [...index(world).customers.values()].map((subscriptions) =>
      mrrAt(subscriptions, instant)
    );
    return { revenue: dollars(sum(paying)), users: paying.filter((mrr) => mrr > 0).length };
  },
  "customer-acquisition-cost": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const customers = movements(world, from, to).filter((c) =>
      c.firstPaidAt >= from && c.firstPaidAt < to
    );
    return { spend: dollars(ledger(world, from, to).spend), customers: customers.length };
  },
  "cac-payback-period": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    // new customers: whose first payment falls in the period
    const joined = [...index(world).customers.values()].filter((subscriptions) => {
      const paidAt = firstPaidAt(subscriptions);
      return paidAt >= from && paidAt < to;
    });
    // each one's MRR in its first full month: what it pays as that month begins
    const firstMonths = joined.map((subscriptions) =>
      mrrDuring(subscriptions, firstFullMonth(firstPaidAt(subscriptions)))
    );
    const books = ledger(world, from, to);
    return {
      cac: ratio(dollars(books.spend), joined.length),
      newMrr: ratio(dollars(sum(firstMonths)), joined.length),
      grossMargin: ratio((books.revenue - books.cost) * 100, books.revenue),
    };
  },
  "customer-lifetime-value": (world, params) => {
    const { start, payingAtStart, lost } = revenue(world, params);
    const books = ledger(world, at(params, "period_start"), at(params, "period_end"));
    return {
      arpa: ratio(dollars(start), payingAtStart),
      grossMargin: ratio((books.revenue - books.cost) * 100, books.revenue),
      churn: ratio(lost * 100, payingAtStart),
    };
  },
  "ltv-cac-ratio": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const { customers, start, payingAtStart, churned, contraction } = revenue(world, params);
    const books = ledger(world, from, to);
    const joined = customers.filter((c) => c.firstPaidAt >= from && c.firstPaidAt < to);
    return {
      arpa: ratio(dollars(start), payingAtStart),
      grossMargin: ratio((books.revenue - books.cost) * 100, books.revenue),
      churn: ratio((churned + contraction) * 100, start),
      cac: ratio(dollars(books.spend), joined.length),
    };
  },
  "burn-multiple": (world, params) => {
    // net new ARR: new plus expansion ARR, less contraction and churned ARR, each customer's
    // changes netted over the period (a returning customer's ARR is new), ARR being MRR × 12
    const { customers, expansion, contraction, churned } = revenue(world, params);
    const newMrr = sum(customers.filter((c) => c.start === 0).map((c) => c.end));
    const books = ledger(world, at(params, "period_start"), at(params, "period_end"));
    return {
      burn: dollars(books.netBurn),
      netNewArr: dollars((newMrr + expansion - contraction - churned) * 12),
    };
  },
  "gross-margin": (world, params) => {
    const books = ledger(world, at(params, "period_start"), at(params, "period_end"));
    return { revenue: dollars(books.revenue), cost: dollars(books.cost) };
  },
  "magic-number": (world, params) => {
    const quarter = at(params, "quarter_start");
    const now = ledger(world, quarter, addMonths(quarter, 3));
    const before = ledger(world, addMonths(quarter, -3), quarter);
    return {
      revenue: dollars(now.revenue),
      priorRevenue: dollars(before.revenue),
      spend: dollars(before.spend),
    };
  },
  "rule-of-40": (world, params) => {
    const year = at(params, "year_start");
    const now = ledger(world, year, addMonths(year, 12));
    const before = ledger(world, addMonths(year, -12), year);
    return {
      growth: ratio((now.revenue - before.revenue) * 100, before.revenue),
      margin: ratio(now.ebitda * 100, now.revenue),
    };
  },
  "trial-to-paid-conversion-rate": (world, params) => {
    const from = at(params, "cohort_start");
    const to = at(params, "cohort_end");
    const grace = number(params, "grace_days") * DAY;
    const trials = world.subscriptions.filter((s) =>
      s.trialEndsAt !== null && s.startedAt >= from && s.startedAt < to
    );
    if (
      trials.length === 0 ||
      Math.max(...trials.map((s) => s.trialEndsAt as number)) + grace > at(params, "as_of")
    ) {
      return null;
    }
    const converted = trials.filter((trial) => {
      const paid = trial.states.find((state) => state.mrr > 0);
      return paid !== undefined && paid.from < (trial.trialEndsAt as number) + grace;
    });
    return { converted: converted.length, trials: trials.length };
  },
  "free-to-paid-conversion-rate": (world, params) => {
    const to = at(params, "cohort_end");
    const window = number(params, "window_days") * DAY;
    if (to + window > at(params, "as_of")) return null;
    const { accounts, customers } = index(world);
    let signups = 0;
    let paid = 0;
    for (const [accountId, people] of accounts) {
      const signupAt = Math.min(...people.map((user) => user.signupAt));
      if (signupAt < at(params, "cohort_start") || signupAt >= to) continue;
      signups++;
      const subscriptions = customers.get(accountId);
      if (subscriptions && firstPaidAt(subscriptions) < signupAt + window) paid++;
    }
    return { paid, signups };
  },
  "referral-rate": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const customers = movements(world, from, to).filter((c) => c.start > 0);
    const referrers = customers.filter((customer) =>
      (index(world).accounts.get(customer.customerId) ?? []).some((user) =>
        times(world, user, "referral_sent").some((time) => time >= from && time < to)
      )
    );
    return { referrers: referrers.length, customers: customers.length };
  },
  "daily-active-users": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    let userDays = 0;
    for (const active of index(world).days.values()) {
      for (const day of active) if (day * DAY >= from && day * DAY < to) userDays++;
    }
    return { userDays, days: (to - from) / DAY };
  },
  "dau-mau-ratio": (world, params) => {
    const daily = EXPECTED["daily-active-users"]?.(world, params) as Record<string, number>;
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    return {
      dau: (daily.userDays as number) / (daily.days as number),
      mau: world.users.filter((user) => activeIn(world, user, from, to)).length,
    };
  },
  "monthly-active-users": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const active = world.users.filter((user) => activeIn(world, user, from, to));
    const lastMonth = (user: User) => activeIn(world, user, addMonths(from, -1), from);
    // each person's days of activity: new if none comes before this month, resurrected if one
    // comes before last month and none in it
    const before = (user: User, instant: number) => activeIn(world, user, -Infinity, instant);
    return {
      newUsers: active.filter((user) => !before(user, from)).length,
      retained: active.filter(lastMonth).length,
      resurrected: active.filter((user) => !lastMonth(user) && before(user, addMonths(from, -1)))
        .length,
    };
  },
  "resurrection-rate": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const lookback = number(params, "lookback_months");
    const dormant = world.users.filter((user) =>
      activeIn(world, user, addMonths(from, -(lookback + 1)), addMonths(from, -1)) &&
      !activeIn(world, user, addMonths(from, -1), from)
    );
    return {
      resurrected: dormant.filter((user) => activeIn(world, user, from, to)).length,
      dormant: dormant.length,
    };
  },
  "current-user-retention-rate": (world, params) => {
    const week = at(params, "week_start");
    const current = world.users.filter((user) =>
      activeIn(world, user, week - 14 * DAY, week - 7 * DAY) &&
      activeIn(world, user, week - 7 * DAY, week)
    );
    return {
      returned: current.filter((user) => activeIn(world, user, week, week + 7 * DAY)).length,
      current: current.length,
    };
  },
  "n-day-retention": (world, params) => {
    const day0 = at(params, "cohort_day");
    const n = number(params, "day_n");
    if (day0 + (n + 1) * DAY > at(params, "as_of")) return null;
    const cohort = signedUp(world, day0, day0 + DAY);
    const dayN = Math.floor(day0 / DAY) + n;
    return {
      active: cohort.filter((user) => index(world).days.get(user)?.has(dayN)).length,
      cohort: cohort.length,
    };
  },
  "activation-rate": (world, params) => {
    const window = number(params, "window_days") * DAY;
    if (at(params, "cohort_end") + window > at(params, "as_of")) return null;
    const cohort = signedUp(world, at(params, "cohort_start"), at(params, "cohort_end"));
    const milestone = String(params.activation_event);
    const activated = cohort.filter((user) => {
      const first = times(world, user, milestone)[0];
      return first !== undefined && first < user.signupAt + window;
    });
    return { activated: activated.length, cohort: cohort.length };
  },
  "average-session-duration": (world, params) => {
    if (number(params, "timeout_minutes") !== 30) {
      throw new Error("The generator builds 30-minute sessions");
    }
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const sessions = world.users.flatMap((user) => user.sessions).filter((session) => {
      const start = session.events[0]?.at as number;
      return start >= from && start < to;
    });
    const lengths = sessions.map((session) =>
      (session.events.at(-1)?.at as number) - (session.events[0]?.at as number)
    );
    return { total: sum(lengths) / 1000, sessions: sessions.length };
  },
  "conversion-rate": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const within = (user: User, name: string) =>
      times(world, user, String(params[name])).some((t) => t >= from && t < to);
    const visitors = world.users.filter((user) => within(user, "visit_event"));
    return {
      conversions: visitors.filter((user) => within(user, "conversion_event")).length,
      visitors: visitors.length,
    };
  },
  "feature-adoption-rate": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const eligible = world.users.filter((user) =>
      activeIn(world, user, from, to) &&
      times(world, user, String(params.access_event)).some((t) => t < to)
    );
    const adopters = eligible.filter((user) => {
      const days = new Set(
        times(world, user, String(params.feature_event)).filter((t) => t >= from && t < to).map((
          t,
        ) => Math.floor(t / DAY)),
      );
      return days.size >= number(params, "min_days");
    });
    return { adopters: adopters.length, eligible: eligible.length };
  },
  "onboarding-completion-rate": (world, params) => {
    const window = number(params, "window_days") * DAY;
    if (at(params, "period_end") + window > at(params, "as_of")) return null;
    const started = world.users.flatMap((user) => {
      const first = times(world, user, "onboarding_started")[0];
      return first !== undefined && first >= at(params, "period_start") &&
          first < at(params, "period_end")
        ? [{ user, first }]
        : [];
    });
    const completed = started.filter(({ user, first }) =>
      times(world, user, "onboarding_completed").some((t) => t >= first && t < first + window)
    );
    return { completed: completed.length, started: started.length };
  },
  "product-qualified-leads": (world, params) => {
    const from = at(params, "period_start");
    const to = at(params, "period_end");
    const threshold = number(params, "pql_threshold");
    const { accounts, customers } = index(world);
    let pqls = 0;
    let signups = 0;
    for (const [accountId, people] of accounts) {
      const signals = people.flatMap((user) => times(world, user, String(params.pql_event))).sort((
        a,
        b,
      ) => a - b);
      const qualifiedAt = signals[threshold - 1];
      const paying = mrrAt(customers.get(accountId) ?? [], from) > 0;
      if (qualifiedAt !== undefined && qualifiedAt >= from && qualifiedAt < to && !paying) pqls++;
      const signupAt = Math.min(...people.map((user) => user.signupAt));
      if (signupAt >= from && signupAt < to) signups++;
    }
    return { pqls, signups };
  },
  "viral-coefficient": (world, params) => {
    const window = number(params, "window_days") * DAY;
    if (at(params, "cohort_end") + window > at(params, "as_of")) return null;
    const cohort = signedUp(world, at(params, "cohort_start"), at(params, "cohort_end"));
    const senders = new Map(cohort.map((user) => [user.id, user.signupAt]));
    const sent = world.invites.filter((invite) => {
      const signupAt = senders.get(invite.senderId);
      return signupAt !== undefined && invite.sentAt >= signupAt &&
        invite.sentAt < signupAt + window;
    });
    const joined = sent.filter((invite) =>
      invite.joinedAt !== null &&
      invite.joinedAt < (senders.get(invite.senderId) as number) + window
    );
    return {
      invites: ratio(sent.length, cohort.length),
      conversion: ratio(joined.length * 100, sent.length),
    };
  },
  "net-promoter-score": (world, params) => {
    const rows = answers(world, "nps", params, true);
    return {
      promoters: rows.filter((row) => (row.score as number) >= 9).length,
      detractors: rows.filter((row) => (row.score as number) <= 6).length,
      responses: rows.length,
    };
  },
  "customer-satisfaction-score": (world, params) => {
    const rows = answers(world, "csat", params, false);
    return {
      satisfied: rows.filter((row) => (row.score as number) >= 4).length,
      responses: rows.length,
    };
  },
  "customer-effort-score": (world, params) => {
    const rows = answers(world, "ces", params, false);
    return {
      agree: rows.filter((row) => (row.score as number) >= 5).length,
      responses: rows.length,
    };
  },
  "product-market-fit-score": (world, params) => {
    const rows = answers(world, "pmf", params, true);
    return {
      veryDisappointed: rows.filter((row) => row.answer === "very_disappointed").length,
      respondents: rows.filter((row) => row.answer !== "no_longer_use").length,
    };
  },
};

/** The metrics the expectations cover. */
export const COUNTED: readonly string[] = Object.keys(EXPECTED);

/** What a recipe should return on the generated data with these parameters. */
export function expectedInputs(world: World, metric: string, params: Params): Expected {
  const count = EXPECTED[metric];
  if (!count) throw new Error(`No expectation for "${metric}"`);
  return count(world, params);
}

/** The MRR in dollars of every customer just before an instant (what MRR's result must equal). */
export function totalMrr(world: World, instant: string): number {
  const moment = at({ instant }, "instant");
  return dollars(
    sum([...index(world).customers.values()].map((subscriptions) => mrrAt(subscriptions, moment))),
  );
}
