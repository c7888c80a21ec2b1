/**
 * A seeded, deterministic data set for the SQL recipes' tests: accounts whose people sign up,
 * come back in sessions, invite teammates and drop away; subscriptions with trials, plan changes,
 * failed payments, cancellations, add-ons and returns; survey answers; a finance ledger. The
 * generator keeps its own record of what it made (each session as it built it, each subscription
 * as a list of states, each invitation with who it brought in), and `_sql_expected.ts` counts each
 * recipe's inputs from that record, never from SQL.
 *
 * Besides the random population, a few accounts are written by hand so that every test month
 * holds the cases the catalog's definitions single out: customers who join and leave within a
 * month, leave and come back within it, return after leaving, downgrade, upgrade and net out,
 * annual contracts that end or start exactly on a month's first instant, trials that convert late
 * or fail their first charge, sessions and answers exactly at a month's boundary in UTC.
 *
 * @module
 */
import { timestampText } from "../lib/sql/dialect.ts";
import { TABLES } from "../lib/sql/schema.ts";

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An instant in UTC, from its calendar parts (month 1–12). */
export function utc(year: number, month: number, day = 1, hour = 0, minute = 0, second = 0) {
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The instant `months` calendar months after `at`, on the same day (the month's last if shorter). */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) + (at % DAY);
}

/** The first instant of the data. */
export const START = utc(2023, 1, 1);
/** The instant the data is complete up to: later cohorts and windows are still open. */
export const AS_OF = utc(2024, 12, 20);

/** One event, as the generator placed it. */
export interface Event {
  name: string;
  at: number;
  objectId: string | null;
}

/** A session as the generator built it: its events, in order, each less than 30 minutes apart. */
export interface Session {
  events: Event[];
  /** Built with an exact gap to the next session, so nothing may be appended to it. */
  sealed: boolean;
}

/** A person. */
export interface User {
  id: string;
  accountId: string;
  signupAt: number;
  /** The invitation that brought them, if one did. */
  inviteId: string | null;
  sessions: Session[];
}

/** A stretch of a subscription with one status, plan and MRR, until the next state. */
export interface State {
  from: number;
  status: "trialing" | "active" | "past_due" | "canceled";
  plan: string;
  interval: "month" | "year";
  /** MRR in cents. */
  mrr: number;
}

/** A subscription, as a list of states in time order. */
export interface Subscription {
  id: string;
  customerId: string;
  startedAt: number;
  trialEndsAt: number | null;
  cancelRequestedAt: number | null;
  endedAt: number | null;
  states: State[];
}

/** An invitation and, when someone joined with it, when. */
export interface Invite {
  id: string;
  senderId: string;
  sentAt: number;
  joinedAt: number | null;
}

/** A survey question sent to someone. */
export interface Survey {
  survey: "nps" | "csat" | "ces" | "pmf";
  respondentId: string;
  sentAt: number;
  answeredAt: number | null;
  score: number | null;
  answer: string | null;
}

/** A month of the finance ledger, amounts in cents. */
export interface FinanceMonth {
  month: number;
  revenue: number;
  cost: number;
  spend: number;
  ebitda: number;
  netBurn: number;
}

/** A value of a row: text, a number (cents for amounts, milliseconds for instants) or null. */
export type Value = string | number | null;

/** A generated value as text the engines read: instants and days in UTC, cents as dollars. */
export function valueText(value: Value, type: string): string | null {
  if (value === null) return null;
  if (type === "timestamp") return timestampText(value);
  if (type === "date") return timestampText(value).slice(0, 10);
  if (type === "usd") {
    const cents = Math.abs(value as number);
    const dollars = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    return (value as number) < 0 ? `-${dollars}` : dollars;
  }
  return String(value);
}

/**
 * The rows as CSV files, one a table, by file name (`subscriptions.csv`), as the CLI's `--data`
 * reads them: a header row of the table's columns, an empty value for null, a value quoted when it
 * holds a comma, a quote or a line break.
 */
export function csvFiles(world: World): Record<string, string> {
  const field = (text: string | null) =>
    text === null ? "" : /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  return Object.fromEntries(TABLES.map((table) => {
    const lines = [table.columns.map((column) => column.name).join(",")];
    for (const row of world.rows[table.name] ?? []) {
      lines.push(
        table.columns.map((column) => field(valueText(row[column.name] ?? null, column.type)))
          .join(","),
      );
    }
    return [`${table.name}.csv`, `${lines.join("\n")}\n`];
  }));
}

/** Everything the generator made. */
export interface World {
  users: User[];
  subscriptions: Subscription[];
  invites: Invite[];
  surveys: Survey[];
  finance: FinanceMonth[];
  /** The rows of each table of the reference schema, by column name. */
  rows: Record<string, Record<string, Value>[]>;
}

/** Plans and their monthly prices in cents (a yearly plan's price ÷ 12). */
export const PLANS: Record<string, { interval: "month" | "year"; mrr: number }> = {
  starter: { interval: "month", mrr: 2900 },
  pro: { interval: "month", mrr: 9900 },
  business: { interval: "month", mrr: 29900 },
  "pro-annual": { interval: "year", mrr: 8250 },
  "business-annual": { interval: "year", mrr: 24900 },
  addon: { interval: "month", mrr: 1900 },
};
const LADDERS = [["starter", "pro", "business"], ["pro-annual", "business-annual"]];

const CORE_EVENTS = ["viewed_dashboard", "edited_item", "commented", "searched"];

/** A 32-bit xorshift: the same seed draws the same numbers. */
function randomSource(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

type Random = ReturnType<typeof randomSource>;

/** The seed of the data set the tests use: the same seed makes the same data. */
export const SEED = 20240301;

/** Makes the data set. */
export function generate(seed = SEED): World {
  const random = randomSource(seed);
  const users: User[] = [];
  const invites: Invite[] = [];
  const subscriptions: Subscription[] = [];
  const queue: User[] = [];
  const teams = new Map<string, number>();
  let inviteCount = 0;

  const newUser = (accountId: string, signupAt: number, inviteId: string | null): User => {
    const user: User = {
      id: `u${String(users.length + 1).padStart(4, "0")}`,
      accountId,
      signupAt,
      inviteId,
      sessions: [],
    };
    users.push(user);
    teams.set(accountId, (teams.get(accountId) ?? 0) + 1);
    return user;
  };

  // The random population: accounts sign up over the two years, a few on a month's first instant.
  const accounts: string[] = [];
  for (let i = 1; i <= 800; i++) {
    const accountId = `a${String(i).padStart(4, "0")}`;
    accounts.push(accountId);
    let signupAt = START + Math.floor(random.next() * (AS_OF - START - 2 * DAY) / SECOND) * SECOND;
    if (random.chance(0.03) && firstOfMonth(signupAt) < AS_OF - DAY) {
      signupAt = firstOfMonth(signupAt);
    } else signupAt = clearOfEdges(signupAt);
    queue.push(newUser(accountId, signupAt, null));
  }
  while (queue.length > 0) {
    const user = queue.shift() as User;
    live(user, random);
    placeNamedEvents(user, random, (sender, sentAt) => {
      inviteCount++;
      const invite: Invite = {
        id: `inv${inviteCount}`,
        senderId: sender.id,
        sentAt,
        joinedAt: null,
      };
      invites.push(invite);
      if ((teams.get(sender.accountId) ?? 0) < 5 && random.chance(0.4)) {
        const joinedAt = clearOfEdges(
          sentAt + random.int(1, 45 * 24) * HOUR + random.int(0, 3599) * SECOND,
        );
        if (joinedAt < AS_OF - DAY) {
          invite.joinedAt = joinedAt;
          queue.push(newUser(sender.accountId, joinedAt, invite.id));
        }
      }
      return invite.id;
    });
  }

  // Subscriptions of the random population.
  const subscriber = new Subscriber(random, subscriptions);
  for (const accountId of accounts) {
    const first = users.find((user) => user.accountId === accountId) as User;
    subscriber.account(first);
  }

  // The accounts written by hand.
  const scenarios = new Scenarios(newUser, subscriptions);
  scenarios.write();

  const surveys = makeSurveys(random, users);
  const finance = makeFinance(random);
  checkSessions(users);
  return {
    users,
    subscriptions,
    invites,
    surveys,
    finance,
    rows: rowsOf(users, subscriptions, surveys, finance),
  };
}

/** The first instant of the month after `at`. */
function firstOfMonth(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Moves an instant into the hours normal sessions use (01:00 to 20:59), keeping its day. */
function clearOfEdges(at: number): number {
  const day = Math.floor(at / DAY) * DAY;
  const within = at - day;
  return day + HOUR + (within % (20 * HOUR));
}

/** A session's events from a start: 1 to 5 events, 5 seconds to 12 minutes apart. */
function sessionFrom(start: number, random: Random, count = random.int(1, 5)): Session {
  const events: Event[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (i > 0) at += random.int(5, 12 * 60) * SECOND;
    events.push({ name: random.pick(CORE_EVENTS), at, objectId: null });
  }
  return { events, sealed: false };
}

/**
 * A person's sessions from signup to the end of the data: spells of use, each day active with the
 * person's own probability, broken by lapses, after half of which they never return. On a few
 * days a session starts exactly at midnight, runs across midnight, or two sessions lie exactly 30
 * minutes apart.
 */
function live(user: User, random: Random) {
  const first = sessionFrom(user.signupAt, random, random.int(1, 4));
  (first.events[0] as Event).name = "signed_up";
  (first.events[0] as Event).objectId = user.inviteId;
  user.sessions.push(first);
  const rate = 0.05 + random.next() * 0.3;
  let lapsed = false;
  let gone = false;
  let skipEarly = false;
  const lastDay = Math.floor(AS_OF / DAY);
  for (let day = Math.floor(user.signupAt / DAY) + 1; day < lastDay && !gone; day++) {
    if (lapsed) {
      if (random.chance(1 / 45)) lapsed = false;
      else continue;
    } else if (random.chance(1 / 35)) {
      lapsed = true;
      gone = random.chance(0.5);
      continue;
    }
    if (!random.chance(rate)) {
      skipEarly = false;
      continue;
    }
    const midnight = day * DAY;
    const date = new Date(midnight);
    const firstOfMonth = date.getUTCDate() === 1;
    const lastOfMonth = new Date(midnight + DAY).getUTCDate() === 1 && day + 1 < lastDay;
    const afterMidnightSession = skipEarly;
    const slots = [1, 5, 9, 13, 17].filter((hour) => !(afterMidnightSession && hour === 1));
    skipEarly = false;
    if (firstOfMonth && !afterMidnightSession && random.chance(0.15)) {
      // a session that starts exactly at the month's first instant
      user.sessions.push(sessionFrom(midnight, random));
      slots.shift();
    }
    const count = random.chance(0.25) ? 2 : 1;
    const chosen = slots.filter(() => random.chance(0.5)).slice(0, count);
    if (chosen.length === 0) chosen.push(random.pick(slots));
    for (const hour of chosen) {
      const start = midnight + hour * HOUR + random.int(0, 59 * 60) * SECOND;
      const session = sessionFrom(start, random);
      user.sessions.push(session);
      const shape = random.next();
      if (shape < 0.03) {
        // the next session starts exactly 30 minutes after this one's last event
        session.sealed = true;
        const last = (session.events.at(-1) as Event).at;
        user.sessions.push(sessionFrom(last + 30 * MINUTE, random));
      } else if (shape < 0.06) {
        // a gap of 29:59 inside one session
        const last = (session.events.at(-1) as Event).at;
        session.events.push({
          name: random.pick(CORE_EVENTS),
          at: last + 30 * MINUTE - SECOND,
          objectId: null,
        });
      }
    }
    if (lastOfMonth && random.chance(0.15)) {
      // a session that runs across the month's end, with an event exactly at the next month's
      // first instant
      const events = [
        midnight + DAY - 10 * MINUTE,
        midnight + DAY - random.int(1, 300) * SECOND,
        midnight + DAY,
      ];
      user.sessions.push({
        events: events.map((at) => ({ name: random.pick(CORE_EVENTS), at, objectId: null })),
        sealed: false,
      });
      skipEarly = true;
    }
  }
  user.sessions.sort((a, b) => (a.events[0] as Event).at - (b.events[0] as Event).at);
}

/** Appends an event a few seconds to five minutes after a session's last one. */
function append(
  session: Session,
  name: string,
  random: Random,
  objectId: string | null = null,
): number {
  const at = (session.events.at(-1) as Event).at + random.int(5, 300) * SECOND;
  session.events.push({ name, at, objectId });
  return at;
}

/** The sessions of a person starting in [from, to) that may take another event. */
function open(user: User, from: number, to: number): Session[] {
  return user.sessions.filter((session) => {
    const start = (session.events[0] as Event).at;
    return !session.sealed && start >= from && start < to;
  });
}

/**
 * The events the recipes look for by name, placed in a person's sessions: onboarding started,
 * finished or left; the activation milestone; access to the reports feature and its use; pricing
 * views; referrals; invitations (the callback makes each one, and may bring in a new person).
 */
function placeNamedEvents(
  user: User,
  random: Random,
  invite: (sender: User, sentAt: number) => string,
) {
  const [first, ...rest] = user.sessions as [Session, ...Session[]];
  if (random.chance(0.75)) {
    const startedAt = append(first, "onboarding_started", random);
    const roll = random.next();
    if (roll < 0.3) append(first, "onboarding_completed", random);
    else if (roll < 0.6) {
      const later = open(user, startedAt + MINUTE, startedAt + 20 * DAY);
      if (later.length > 0) append(random.pick(later), "onboarding_completed", random);
    } else if (roll < 0.75) append(first, "onboarding_exited", random);
  }
  const candidates = rest.filter((session) => !session.sealed);
  if (random.chance(0.04) && candidates.length > 0) {
    // a second start of the flow: the first one counts
    append(random.pick(candidates), "onboarding_started", random);
  }
  if (candidates.length > 0 && random.chance(0.7)) {
    const index = Math.min(candidates.length - 1, random.int(0, 6));
    append(candidates[index] as Session, "created_project", random);
    for (const session of candidates.slice(index + 1)) {
      if (random.chance(0.15)) append(session, "created_project", random);
    }
  }
  if (candidates.length > 0 && random.chance(0.4)) {
    const index = random.int(0, candidates.length - 1);
    append(candidates[index] as Session, "reports_enabled", random);
    for (const session of candidates.slice(index)) {
      if (random.chance(0.3)) append(session, "used_reports", random);
    }
  }
  for (const session of user.sessions) {
    if (session.sealed) continue;
    if (random.chance(0.06)) append(session, "viewed_pricing", random);
    if (random.chance(0.02)) append(session, "referral_sent", random);
    if (random.chance(0.05)) {
      const sentAt = (session.events.at(-1) as Event).at + random.int(5, 300) * SECOND;
      session.events.push({ name: "invite_sent", at: sentAt, objectId: invite(user, sentAt) });
    }
  }
}

/** Builds the subscriptions of the random population's accounts. */
class Subscriber {
  #count = 0;
  constructor(private random: Random, private subscriptions: Subscription[]) {}

  /** A new subscription of a customer. */
  open(customerId: string, startedAt: number, trialEndsAt: number | null = null): Subscription {
    this.#count++;
    const subscription: Subscription = {
      id: `s${String(this.#count).padStart(4, "0")}`,
      customerId,
      startedAt,
      trialEndsAt,
      cancelRequestedAt: null,
      endedAt: null,
      states: [],
    };
    this.subscriptions.push(subscription);
    return subscription;
  }

  /** What one account of the random population does: a trial, a purchase, or nothing. */
  account(first: User) {
    const random = this.random;
    const roll = random.next();
    if (roll < 0.35) {
      const sessions = open(first, first.signupAt, first.signupAt + 60 * DAY);
      if (sessions.length === 0) return;
      const session = random.pick(sessions);
      if (random.chance(0.7)) append(session, "viewed_pricing", random);
      const startedAt = append(session, "started_trial", random);
      this.trial(first.accountId, startedAt);
    } else if (roll < 0.57) {
      let paidAt = first.signupAt + random.int(1, 300) * DAY + random.int(0, 86399) * SECOND;
      if (random.chance(0.08)) paidAt = firstOfMonth(paidAt);
      if (paidAt >= AS_OF) return;
      const plan = random.pick(["starter", "pro", "business", "pro-annual", "business-annual"]);
      this.paid(this.open(first.accountId, paidAt), paidAt, plan, random.chance(0.15), 0);
    }
  }

  /** A 14-day trial: converted at its end, a first charge that fails (and may be paid later), or not. */
  trial(customerId: string, startedAt: number) {
    const random = this.random;
    const endsAt = startedAt + 14 * DAY;
    const subscription = this.open(customerId, startedAt, endsAt);
    const plan = random.pick(["starter", "pro", "business"]);
    subscription.states.push({
      from: startedAt,
      status: "trialing",
      plan,
      interval: "month",
      mrr: 0,
    });
    if (endsAt >= AS_OF) return;
    const roll = random.next();
    if (roll < 0.55) this.paid(subscription, endsAt, plan, random.chance(0.15), 0);
    else if (roll < 0.7) {
      subscription.states.push({
        from: endsAt,
        status: "past_due",
        plan,
        interval: "month",
        mrr: 0,
      });
      const recoveredAt = endsAt + random.int(1, 12) * DAY + random.int(0, 86399) * SECOND;
      if (random.chance(0.5) && recoveredAt < AS_OF) {
        this.paid(subscription, recoveredAt, plan, random.chance(0.15), 0);
      } else if (endsAt + 10 * DAY < AS_OF) this.end(subscription, endsAt + 10 * DAY);
    } else this.end(subscription, endsAt);
  }

  /** Ends a subscription at an instant. */
  end(subscription: Subscription, at: number) {
    const last = subscription.states.at(-1) as State;
    subscription.states.push({ ...last, from: at, status: "canceled", mrr: 0 });
    subscription.endedAt = at;
  }

  /**
   * A paying subscription from `paidAt`: plan changes within each billing term, renewals, failed
   * renewals that recover or lapse, cancellations at the end of a term, sometimes an add-on, and
   * after an end, sometimes a return as a new subscription.
   */
  paid(subscription: Subscription, paidAt: number, plan: string, discount: boolean, depth: number) {
    const random = this.random;
    const price = (name: string) => {
      const mrr = (PLANS[name] as { mrr: number }).mrr;
      return discount ? mrr * 9 / 10 : mrr;
    };
    const interval = (PLANS[plan] as { interval: "month" | "year" }).interval;
    const state = (from: number, status: State["status"], name: string) =>
      subscription.states.push({
        from,
        status,
        plan: name,
        interval,
        mrr: status === "canceled" ? 0 : price(name),
      });
    state(paidAt, "active", plan);
    let current = plan;
    const term = interval === "month" ? 1 : 12;
    if (random.chance(0.03)) {
      // joined and left within the first term (a refund)
      const leftAt = paidAt + random.int(2, 20) * DAY + random.int(0, 86399) * SECOND;
      if (leftAt < AS_OF) this.end(subscription, leftAt);
      return;
    }
    const ladder = LADDERS.find((names) => names.includes(plan)) as string[];
    for (let k = 1;; k++) {
      const previous = addMonths(paidAt, term * (k - 1));
      const renewal = addMonths(paidAt, term * k);
      const since = Math.max(previous, (subscription.states.at(-1) as State).from) + DAY;
      if (random.chance(interval === "month" ? 0.05 : 0.08) && since < renewal - DAY) {
        const at = since + Math.floor(random.next() * (renewal - DAY - since) / SECOND) * SECOND;
        const step = ladder.indexOf(current) + (random.chance(0.55) ? 1 : -1);
        const next = ladder[step];
        if (next !== undefined && at < AS_OF) {
          state(at, "active", next);
          current = next;
        }
      }
      if (renewal >= AS_OF) break;
      if (random.chance(interval === "month" ? 0.04 : 0.2)) {
        subscription.cancelRequestedAt = renewal - random.int(1, 20) * DAY -
          random.int(0, 86399) * SECOND;
        this.end(subscription, renewal);
        break;
      }
      if (random.chance(0.03)) {
        state(renewal, "past_due", current);
        if (random.chance(0.7)) {
          const recoveredAt = renewal + random.int(1, 6) * DAY + random.int(0, 86399) * SECOND;
          if (recoveredAt >= AS_OF) break;
          state(recoveredAt, "active", current);
        } else {
          if (renewal + 14 * DAY < AS_OF) this.end(subscription, renewal + 14 * DAY);
          break;
        }
      }
    }
    const endedAt = subscription.endedAt;
    if (depth === 0 && random.chance(0.1)) {
      // an add-on held beside the plan, sometimes dropped while the plan goes on
      const from = paidAt + random.int(5, 200) * DAY + random.int(0, 86399) * SECOND;
      const until = endedAt ?? AS_OF;
      if (from < until) {
        const addon = this.open(subscription.customerId, from);
        addon.states.push({
          from,
          status: "active",
          plan: "addon",
          interval: "month",
          mrr: PLANS.addon?.mrr ?? 0,
        });
        const dropAt = from + random.int(20, 300) * DAY;
        if (random.chance(0.4) && dropAt < until) this.end(addon, dropAt);
        else if (endedAt !== null) this.end(addon, endedAt);
      }
    }
    if (endedAt !== null && depth < 2 && random.chance(0.25)) {
      const returnAt = endedAt + random.int(10, 200) * DAY + random.int(0, 86399) * SECOND;
      if (returnAt < AS_OF) {
        const plan = random.pick(["starter", "pro", "business"]);
        this.paid(this.open(subscription.customerId, returnAt), returnAt, plan, false, depth + 1);
      }
    }
  }
}

/** The accounts written by hand, each one case the definitions name, in March 2024 mostly. */
class Scenarios {
  #count = 0;
  constructor(
    private newUser: (accountId: string, signupAt: number, inviteId: string | null) => User,
    private subscriptions: Subscription[],
  ) {}

  /** A scenario's account, with one person who signed up a month before `at`. */
  account(at: number): User {
    this.#count++;
    const user = this.newUser(
      `x${String(this.#count).padStart(3, "0")}`,
      at - 30 * DAY + 13 * HOUR,
      null,
    );
    user.sessions.push({
      events: [{ name: "signed_up", at: user.signupAt, objectId: null }],
      sealed: false,
    });
    return user;
  }

  /** A subscription from a list of [from, status, plan] changes; "canceled" ends it. */
  subscription(
    user: User,
    changes: [number, State["status"], string][],
    { trialEndsAt = null, cancelRequestedAt = null }: {
      trialEndsAt?: number | null;
      cancelRequestedAt?: number | null;
    } = {},
  ) {
    const states = changes.map(([from, status, plan]): State => {
      const { interval, mrr } = PLANS[plan] as { interval: "month" | "year"; mrr: number };
      return { from, status, plan, interval, mrr: status === "active" ? mrr : 0 };
    });
    const canceled = states.find((state) => state.status === "canceled");
    this.subscriptions.push({
      id: `sx${String(this.subscriptions.length + 1).padStart(4, "0")}`,
      customerId: user.accountId,
      startedAt: (states[0] as State).from,
      trialEndsAt,
      cancelRequestedAt,
      endedAt: canceled?.from ?? null,
      states,
    });
  }

  /** A trial started at an instant, with the started_trial event in a session of its own. */
  trial(at: number, outcome: [number, State["status"], string][]) {
    const user = this.account(at);
    user.sessions.push({
      events: [
        { name: "viewed_pricing", at, objectId: null },
        { name: "started_trial", at: at + 20 * SECOND, objectId: null },
      ],
      sealed: false,
    });
    const startedAt = at + 20 * SECOND;
    const endsAt = startedAt + 14 * DAY;
    this.subscription(user, [
      [startedAt, "trialing", "pro"],
      ...outcome.map(([offset, status, plan]): [
        number,
        State["status"],
        string,
      ] => [endsAt + offset, status, plan]),
    ], { trialEndsAt: endsAt });
  }

  write() {
    const march = (day: number, hour = 0, minute = 0, second = 0) =>
      utc(2024, 3, day, hour, minute, second);
    // joined and left within March
    this.subscription(this.account(march(5)), [[march(5, 10), "active", "pro"], [
      march(20, 9),
      "canceled",
      "pro",
    ]]);
    // left in January, returned in March
    const returning = this.account(utc(2023, 10, 10));
    this.subscription(returning, [[utc(2023, 10, 10, 8), "active", "starter"], [
      utc(2024, 1, 10, 8),
      "canceled",
      "starter",
    ]]);
    this.subscription(returning, [[march(10, 15), "active", "pro"]]);
    // left and came back within March, on a cheaper plan
    const back = this.account(utc(2023, 6, 3));
    this.subscription(back, [[utc(2023, 6, 3, 11), "active", "business"], [
      march(8),
      "canceled",
      "business",
    ]], {
      cancelRequestedAt: utc(2024, 2, 20, 16),
    });
    this.subscription(back, [[march(22, 14), "active", "pro"]]);
    // a downgrade
    this.subscription(this.account(utc(2023, 5, 7)), [[utc(2023, 5, 7, 9), "active", "business"], [
      march(12, 17),
      "active",
      "pro",
    ]]);
    // an upgrade then a bigger downgrade: net contraction
    this.subscription(this.account(utc(2023, 8, 15)), [
      [utc(2023, 8, 15, 10), "active", "pro"],
      [march(5, 12), "active", "business"],
      [march(25, 12), "active", "starter"],
    ]);
    // an upgrade then a smaller downgrade: net expansion
    this.subscription(this.account(utc(2023, 9, 1)), [
      [utc(2023, 9, 1, 10), "active", "starter"],
      [march(4, 12), "active", "business"],
      [march(27, 12), "active", "pro"],
    ]);
    // an annual contract that ends exactly on March's first instant: lost in March
    this.subscription(this.account(utc(2023, 3, 1)), [[utc(2023, 3, 1), "active", "pro-annual"], [
      march(1),
      "canceled",
      "pro-annual",
    ]], {
      cancelRequestedAt: utc(2024, 1, 15, 10),
    });
    // an annual contract that starts exactly on April's first instant: new in April, not March
    this.subscription(this.account(utc(2024, 4, 1)), [[
      utc(2024, 4, 1),
      "active",
      "business-annual",
    ]]);
    // an upgrade exactly on March's first instant: expansion in March
    this.subscription(this.account(utc(2023, 11, 1)), [[utc(2023, 11, 1), "active", "pro"], [
      march(1),
      "active",
      "business",
    ]]);
    // an add-on dropped in March while the plan goes on: contraction, not churn
    const addon = this.account(utc(2023, 7, 9));
    this.subscription(addon, [[utc(2023, 7, 9, 9), "active", "pro"]]);
    this.subscription(addon, [[utc(2023, 12, 1, 9), "active", "addon"], [
      march(15, 9),
      "canceled",
      "addon",
    ]]);
    // a failed renewal across the month's end, recovered in April: still paying at the end
    this.subscription(this.account(utc(2023, 10, 28)), [
      [utc(2023, 10, 28, 6), "active", "starter"],
      [march(28, 6), "past_due", "starter"],
      [utc(2024, 4, 3, 6), "active", "starter"],
    ]);
    this.subscriptions.at(-1)?.states.forEach((state) => {
      if (state.status === "past_due") state.mrr = (PLANS.starter as { mrr: number }).mrr;
    });
    // a failed renewal that lapses in March: involuntary churn
    this.subscription(this.account(utc(2023, 9, 18)), [
      [utc(2023, 9, 18, 7), "active", "pro"],
      [utc(2024, 2, 18, 7), "past_due", "pro"],
      [march(3, 7), "canceled", "pro"],
    ]);
    this.subscriptions.at(-1)?.states.forEach((state) => {
      if (state.status === "past_due") state.mrr = (PLANS.pro as { mrr: number }).mrr;
    });
    // new customers of 2024's first quarter whose MRR changes after their first full month
    // began, within the quarter: one paid in January that upgrades in March ...
    this.subscription(this.account(utc(2024, 1, 16)), [
      [utc(2024, 1, 16, 10), "active", "starter"],
      [
        march(6, 10),
        "active",
        "business",
      ],
    ]);
    // ... one paid exactly on February's first instant (February is its first full month) that
    // upgrades within it ...
    this.subscription(this.account(utc(2024, 2, 1)), [[utc(2024, 2, 1), "active", "starter"], [
      utc(2024, 2, 20, 11),
      "active",
      "pro",
    ]]);
    // ... one paid in January whose downgrade takes effect exactly on February's first instant ...
    this.subscription(this.account(utc(2024, 1, 20)), [[utc(2024, 1, 20, 15), "active", "pro"], [
      utc(2024, 2, 1),
      "active",
      "starter",
    ]]);
    // ... and one paid in February that leaves in March
    this.subscription(this.account(utc(2024, 2, 9)), [[utc(2024, 2, 9, 12), "active", "business"], [
      march(9, 12),
      "canceled",
      "business",
    ]]);
    // trials of the March cohort: one started on its first instant and converted at its end ...
    this.trial(march(1) - 20 * SECOND, [[0, "active", "pro"]]);
    // ... a failed first charge paid 4 days later, within a 7-day grace ...
    this.trial(march(10, 9), [[0, "past_due", "pro"], [4 * DAY, "active", "pro"]]);
    // ... one paid 10 days later, after it ...
    this.trial(march(12, 9), [[0, "past_due", "pro"], [10 * DAY, "active", "pro"]]);
    // ... one never paid, and one that did not convert
    this.trial(march(20, 9), [[0, "past_due", "pro"], [10 * DAY, "canceled", "pro"]]);
    this.trial(march(25, 9), [[0, "canceled", "pro"]]);
    // a trial started a second before March, converted: not in the March cohort
    this.trial(march(1) - 21 * SECOND, [[0, "active", "pro"]]);
  }
}

/** Survey questions sent each month to people active that month, answered or not. */
function makeSurveys(random: Random, users: User[]): Survey[] {
  const surveys: Survey[] = [];
  const activeIn = (from: number, to: number) =>
    users.filter((user) =>
      user.sessions.some((session) =>
        session.events.some((event) => event.at >= from && event.at < to)
      )
    );
  for (let month = START; month < AS_OF; month = addMonths(month, 1)) {
    const next = addMonths(month, 1);
    const active = activeIn(month, next);
    const ask = (
      survey: Survey["survey"],
      count: number,
      answer: () => Pick<Survey, "score" | "answer">,
    ) => {
      for (let i = 0; i < count && active.length > 0; i++) {
        const respondent = random.pick(active);
        const sentAt = month +
          Math.floor(random.next() * (Math.min(next, AS_OF) - month - DAY) / SECOND) * SECOND;
        const answered = random.chance(0.75);
        const answeredAt = answered
          ? Math.min(sentAt + random.int(60, 4 * 86400) * SECOND, AS_OF - SECOND)
          : null;
        surveys.push({
          survey,
          respondentId: respondent.id,
          sentAt,
          answeredAt,
          ...(answered ? answer() : { score: null, answer: null }),
        });
        if (answered && random.chance(0.08)) {
          // the same person answers again later
          const againAt = Math.min(
            (answeredAt as number) + random.int(1, 20) * DAY,
            AS_OF - SECOND,
          );
          surveys.push({
            survey,
            respondentId: respondent.id,
            sentAt: againAt - HOUR,
            answeredAt: againAt,
            ...answer(),
          });
        }
      }
    };
    ask("nps", 40, () => ({ score: random.int(0, 10), answer: null }));
    ask("csat", 50, () => ({ score: random.int(1, 5), answer: null }));
    ask("ces", 40, () => ({ score: random.int(1, 7), answer: null }));
    ask("pmf", 30, () => ({
      score: null,
      answer: random.pick([
        "very_disappointed",
        "somewhat_disappointed",
        "not_disappointed",
        "no_longer_use",
      ]),
    }));
  }
  // answers exactly on a month's first instant belong to that month
  const someone = (users[0] as User).id;
  surveys.push({
    survey: "csat",
    respondentId: someone,
    sentAt: utc(2024, 2, 28),
    answeredAt: utc(2024, 3, 1),
    score: 5,
    answer: null,
  });
  surveys.push({
    survey: "nps",
    respondentId: someone,
    sentAt: utc(2024, 3, 28),
    answeredAt: utc(2024, 4, 1),
    score: 10,
    answer: null,
  });
  surveys.push({
    survey: "ces",
    respondentId: someone,
    sentAt: utc(2024, 3, 30),
    answeredAt: utc(2024, 4, 1),
    score: 7,
    answer: null,
  });
  surveys.push({
    survey: "pmf",
    respondentId: someone,
    sentAt: utc(2024, 2, 27),
    answeredAt: utc(2024, 3, 1),
    score: null,
    answer: "very_disappointed",
  });
  return surveys;
}

/** The finance ledger: growing revenue, a loss most months, cash generated in a few. */
function makeFinance(random: Random): FinanceMonth[] {
  const months: FinanceMonth[] = [];
  let k = 0;
  for (let month = START; month < AS_OF; month = addMonths(month, 1), k++) {
    const revenue = (180_000 + k * 9_000 + random.int(-8_000, 8_000)) * 100 + random.int(0, 99);
    const cost = Math.round(revenue * (0.18 + random.next() * 0.08));
    const spend = (70_000 + k * 2_000 + random.int(-10_000, 10_000)) * 100 + random.int(0, 99);
    const ebitda = revenue - cost - spend - (60_000 + random.int(0, 20_000)) * 100 +
      random.int(0, 99);
    const netBurn = k % 7 === 5
      ? -random.int(1_000, 30_000) * 100
      : random.int(5_000, 90_000) * 100 + random.int(0, 99);
    months.push({ month, revenue, cost, spend, ebitda, netBurn });
  }
  return months;
}

/**
 * Checks how the sessions were built: inside a session events are less than 30 minutes apart, and
 * a person's next session starts 30 minutes or more after their last event.
 */
function checkSessions(users: User[]) {
  for (const user of users) {
    user.sessions.sort((a, b) => (a.events[0] as Event).at - (b.events[0] as Event).at);
    let previousEnd = -Infinity;
    for (const session of user.sessions) {
      const times = session.events.map((event) => event.at);
      for (let i = 1; i < times.length; i++) {
        const gap = (times[i] as number) - (times[i - 1] as number);
        if (gap < 0 || gap >= 30 * MINUTE) {
          throw new Error(`${user.id}: a gap of ${gap} ms inside a session`);
        }
      }
      if ((times[0] as number) - previousEnd < 30 * MINUTE) {
        throw new Error(
          `${user.id}: a session at ${
            new Date(times[0] as number).toISOString()
          } is too close to the last`,
        );
      }
      previousEnd = times.at(-1) as number;
    }
  }
}

/** The rows of the reference schema's tables. */
function rowsOf(
  users: User[],
  subscriptions: Subscription[],
  surveys: Survey[],
  finance: FinanceMonth[],
) {
  const rows: Record<string, Record<string, Value>[]> = Object.fromEntries(
    TABLES.map((table) => [table.name, []]),
  );
  for (const subscription of subscriptions) {
    rows.subscriptions?.push({
      subscription_id: subscription.id,
      customer_id: subscription.customerId,
      started_at: subscription.startedAt,
      trial_ends_at: subscription.trialEndsAt,
      cancel_requested_at: subscription.cancelRequestedAt,
      ended_at: subscription.endedAt,
    });
    subscription.states.forEach((state, i) => {
      rows.subscription_states?.push({
        subscription_id: subscription.id,
        valid_from: state.from,
        valid_to: subscription.states[i + 1]?.from ?? null,
        status: state.status,
        plan: state.plan,
        billing_interval: state.interval,
        mrr: state.mrr,
      });
    });
  }
  for (const user of users) {
    for (const session of user.sessions) {
      for (const event of session.events) {
        rows.events?.push({
          user_id: user.id,
          account_id: user.accountId,
          event_name: event.name,
          occurred_at: event.at,
          object_id: event.objectId,
        });
      }
    }
  }
  for (const survey of surveys) {
    rows.survey_responses?.push({
      survey: survey.survey,
      respondent_id: survey.respondentId,
      sent_at: survey.sentAt,
      answered_at: survey.answeredAt,
      score: survey.score,
      answer: survey.answer,
    });
  }
  for (const month of finance) {
    rows.finance_months?.push({
      month: month.month,
      revenue: month.revenue,
      cost_of_revenue: month.cost,
      sales_marketing_spend: month.spend,
      ebitda: month.ebitda,
      net_burn: month.netBurn,
    });
  }
  return rows;
}
