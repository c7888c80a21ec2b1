/**
 * Seeded data files of the reference schema at a size the tests never reach, for the `--data`
 * benchmark: `events.csv`, `subscriptions.csv` and `subscription_states.csv` for a product whose
 * people sign up over two years, stay active for a while and drift away, and whose accounts
 * subscribe, change plans and cancel. The same seed and size always write the same bytes. Rows are
 * written as they are made, so the files may be far larger than memory.
 *
 * @module
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The first and last instants of the data. */
const START = Date.UTC(2023, 0, 1);
const END = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

/** What each person does besides signing up, most common first. */
const ACTIONS = [
  "page_viewed",
  "page_viewed",
  "page_viewed",
  "report_viewed",
  "report_created",
  "comment_added",
  "file_uploaded",
  "search_run",
  "invite_sent",
  "export_downloaded",
];

const PLANS = [
  { plan: "starter", interval: "month", mrr: 2900 },
  { plan: "team", interval: "month", mrr: 9900 },
  { plan: "business", interval: "year", mrr: 39900 },
] as const;

/** A small, fast generator of numbers in [0, 1), the same for the same seed (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A file written in large pieces. */
class Sink {
  #fd: number;
  #parts: string[] = [];
  #size = 0;
  constructor(path: string, header: string) {
    this.#fd = openSync(path, "w");
    this.line(header);
  }
  line(text: string): void {
    this.#parts.push(text, "\n");
    this.#size += text.length + 1;
    if (this.#size > 1 << 22) this.flush();
  }
  flush(): void {
    writeSync(this.#fd, this.#parts.join(""));
    this.#parts = [];
    this.#size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.#fd);
  }
}

/** Timestamps as the schema writes them, `2024-03-01 14:30:00`, with the day's text cached. */
function timestamps(): (at: number) => string {
  const days = new Map<number, string>();
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return (at) => {
    const day = Math.floor(at / DAY);
    let text = days.get(day);
    if (text === undefined) {
      text = new Date(day * DAY).toISOString().slice(0, 10);
      days.set(day, text);
    }
    const seconds = Math.floor((at - day * DAY) / 1000);
    return `${text} ${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${
      two(seconds % 60)
    }`;
  };
}

/** How many rows each file got. */
export interface Written {
  events: number;
  subscriptions: number;
  subscriptionStates: number;
}

/**
 * Writes the three files into `folder` with about `events` events: one person per hundred
 * events, four people per account, about one account in three paying.
 */
export function writeDataFiles(folder: string, events: number, seed = 20240301): Written {
  const next = random(seed);
  const at = timestamps();
  const people = Math.max(100, Math.round(events / 100));
  // each person is active from sign-up for an exponentially distributed time (mean 240 days)
  const signups = new Float64Array(people);
  const lasts = new Float64Array(people);
  let activeDays = 0;
  for (let person = 0; person < people; person++) {
    const signup = START + next() * (END - START - DAY);
    const last = Math.min(END - 1000, signup + DAY - Math.log(1 - next()) * 240 * DAY);
    signups[person] = signup;
    lasts[person] = last;
    activeDays += (last - signup) / DAY;
  }
  const eventSink = new Sink(
    join(folder, "events.csv"),
    "user_id,account_id,event_name,occurred_at,object_id",
  );
  let written = 0;
  let owed = 0;
  for (let person = 0; person < people; person++) {
    const signup = signups[person] as number;
    const span = (lasts[person] as number) - signup;
    const user = `u${person}`;
    const account = `a${person >> 2}`;
    eventSink.line(`${user},${account},signed_up,${at(signup)},`);
    written++;
    owed += (events - people) * (span / DAY) / activeDays;
    for (; owed >= 1; owed--) {
      const action = ACTIONS[Math.floor(next() * ACTIONS.length)] as string;
      eventSink.line(`${user},${account},${action},${at(signup + next() * span)},`);
      written++;
    }
  }
  eventSink.close();

  const subscriptionSink = new Sink(
    join(folder, "subscriptions.csv"),
    "subscription_id,customer_id,started_at,trial_ends_at,cancel_requested_at,ended_at",
  );
  const stateSink = new Sink(
    join(folder, "subscription_states.csv"),
    "subscription_id,valid_from,valid_to,status,plan,billing_interval,mrr",
  );
  let subscriptions = 0;
  let states = 0;
  for (let account = 0; account < people >> 2; account++) {
    if (next() >= 0.35) continue;
    const id = `s${account}`;
    const started = (signups[account << 2] as number) + next() * 20 * DAY;
    if (started >= END - 40 * DAY) continue;
    const trialEnds = started + 14 * DAY;
    let from = started;
    let status = "trialing";
    let choice = PLANS[Math.floor(next() * PLANS.length)] ?? PLANS[0];
    let mrr = 0;
    let to = trialEnds;
    let ended: number | undefined;
    let cancelAsked: number | undefined;
    const rows: string[] = [];
    for (;;) {
      const end = to >= END ? undefined : to;
      rows.push(
        `${id},${at(from)},${end === undefined ? "" : at(end)},${status},${choice.plan},` +
          `${choice.interval},${(mrr / 100).toFixed(2)}`,
      );
      if (end === undefined || status === "canceled") break;
      from = end;
      const roll = next();
      if (roll < 0.04) {
        cancelAsked = from - 5 * DAY;
        ended = from;
        status = "canceled";
        mrr = 0;
        to = END;
      } else {
        status = "active";
        if (roll < 0.1) choice = PLANS[Math.min(2, PLANS.indexOf(choice) + 1)] ?? choice;
        else if (roll < 0.13) choice = PLANS[Math.max(0, PLANS.indexOf(choice) - 1)] ?? choice;
        mrr = choice.mrr + (next() < 0.2 ? 1000 * Math.floor(next() * 5) : 0);
        to = from + (28 + Math.floor(next() * 4)) * DAY;
      }
    }
    subscriptionSink.line(
      `${id},a${account},${at(started)},${at(trialEnds)},` +
        `${cancelAsked === undefined ? "" : at(cancelAsked)},${
          ended === undefined ? "" : at(ended)
        }`,
    );
    for (const row of rows) stateSink.line(row);
    subscriptions++;
    states += rows.length;
  }
  subscriptionSink.close();
  stateSink.close();
  return { events: written, subscriptions, subscriptionStates: states };
}

if (import.meta.main) {
  const [folder, size] = Deno.args;
  if (folder === undefined || size === undefined || !/^\d+$/.test(size)) {
    console.error("Usage: deno run --allow-write bench/data_files.ts FOLDER EVENTS");
    Deno.exit(2);
  }
  const started = performance.now();
  const written = writeDataFiles(folder, Number(size));
  console.log(JSON.stringify({ ...written, seconds: (performance.now() - started) / 1000 }));
}
