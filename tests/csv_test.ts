import assert from "node:assert/strict";
import { DataError, readTable } from "../lib/sql/csv.ts";
import { TABLES } from "../lib/sql/schema.ts";

const table = (name: string) => {
  const found = TABLES.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};
const subscriptions = table("subscriptions");
const header = subscriptions.columns.map((column) => column.name).join(",");

/** The one-line message a file gives, or "" when it reads. */
function problem(text: string, name = "subscriptions"): string {
  try {
    readTable(table(name), text, `${name}.csv`);
    return "";
  } catch (error) {
    assert.ok(error instanceof DataError, String(error));
    assert.equal(error.message.split("\n").length, 1, error.message);
    return error.message;
  }
}

Deno.test("readTable() reads RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM, blank lines", () => {
  const text = `\ufeff${header}\r\n` +
    `s1,c1,2024-03-01,,,\r\n` +
    `\r\n` +
    `"s,2","c""x\nline two",2024-03-01 10:00:00,,,\n` +
    `s3,c3,2024-03-02T08:00:00Z,,,`;
  const read = readTable(subscriptions, text, "subscriptions.csv");
  assert.deepEqual(read.rows, [
    ["s1", "c1", "2024-03-01 00:00:00", null, null, null],
    ["s,2", 'c"x\nline two', "2024-03-01 10:00:00", null, null, null],
    ["s3", "c3", "2024-03-02 08:00:00", null, null, null],
  ]);
  assert.deepEqual(read.lines, [2, 4, 6], "each row's line, after a blank line and a break");
});

Deno.test("readTable() takes the columns in any order and returns them in the schema's", () => {
  const read = readTable(
    subscriptions,
    "ended_at,customer_id,subscription_id,started_at,cancel_requested_at,trial_ends_at\n" +
      ",c1,s1,2024-03-01,,2024-03-15\n",
    "subscriptions.csv",
  );
  assert.deepEqual(read.rows, [[
    "s1",
    "c1",
    "2024-03-01 00:00:00",
    "2024-03-15 00:00:00",
    null,
    null,
  ]]);
});

Deno.test("readTable() reads timestamps in UTC: a T, a Z, fractions and offsets, written for both engines", () => {
  const read = (value: string) =>
    readTable(subscriptions, `${header}\ns,c,${value},,,\n`, "subscriptions.csv").rows[0]?.[2];
  assert.equal(read("2024-03-01"), "2024-03-01 00:00:00");
  assert.equal(read("2024-03-01 14:30"), "2024-03-01 14:30:00");
  assert.equal(read("2024-03-01T14:30:00.120Z"), "2024-03-01 14:30:00.12");
  assert.equal(read("2024-03-01T00:30:00+02:00"), "2024-02-29 22:30:00");
  assert.equal(read("2024-03-01 12:00:00-05"), "2024-03-01 17:00:00");
});

Deno.test("readTable() says how far the rows reach: a planned trial end does not count, a ledger month counts to its end", () => {
  const read = readTable(
    subscriptions,
    `${header}\ns1,c,2024-03-01,2030-01-01,,\ns2,c,2024-02-01,,2024-05-10,2024-06-01\n`,
    "subscriptions.csv",
  );
  assert.deepEqual(read.reach, {
    first: Date.UTC(2024, 1, 1),
    last: Date.UTC(2024, 5, 1),
  });
  const ledger = readTable(
    table("finance_months"),
    "month,revenue,cost_of_revenue,sales_marketing_spend,ebitda,net_burn\n2024-11-01,1,1,1,-1,-1\n",
    "finance_months.csv",
  );
  assert.deepEqual(ledger.reach, { first: Date.UTC(2024, 10, 1), last: Date.UTC(2024, 11, 1) });
  assert.equal(readTable(subscriptions, `${header}\n`, "subscriptions.csv").reach, undefined);
});

Deno.test("readTable() names the file, the line and the column of a header that is not the table's", () => {
  assert.equal(
    problem(""),
    `subscriptions.csv: the file is empty; its first line names the columns: ${header}`,
  );
  assert.match(
    problem(`${header},plan\n`),
    /^subscriptions\.csv: line 1, column 7: "plan" is not a column of subscriptions; its columns are subscription_id, /,
  );
  assert.match(
    problem("subscription_id,customer_id,started_at,trial_ends_at,cancel_requested_at\n"),
    /^subscriptions\.csv: line 1: the column "ended_at" is missing; /,
  );
  assert.equal(
    problem(`${header},ended_at\n`),
    'subscriptions.csv: line 1, column 7: "ended_at" is named twice',
  );
});

Deno.test("readTable() names the file, the line and the column of the first value that is wrong", () => {
  const row = (line: string) => problem(`${header}\ns0,c,2024-01-01,,,\n${line}\n`);
  assert.equal(
    row("s1,c,2024-02-30,,,"),
    'subscriptions.csv: line 3, column started_at: "2024-02-30" is not a timestamp: write it ' +
      "as 2024-03-01 14:30:00, in UTC (a T, fractions of a second, a Z or an offset such as " +
      "+02:00 are read too)",
  );
  assert.equal(
    row("s1,,2024-02-03,,,"),
    "subscriptions.csv: line 3, column customer_id: needs a value: it may not be empty",
  );
  assert.equal(
    row("s1,c,2024-02-03,,"),
    "subscriptions.csv: line 3: 5 values, but the header names 6 columns",
  );
  assert.equal(
    problem(`${header}\n"s1\nstill s1,c,2024-02-03,,,\n`),
    "subscriptions.csv: line 2: a quoted value opens here and never closes",
  );
  assert.match(
    row('s1,c"x,2024-02-03,,,'),
    /^subscriptions\.csv: line 3: a quote inside a value that is not quoted/,
  );
  assert.match(
    row('"s1"x,c,2024-02-03,,,'),
    /^subscriptions\.csv: line 3: a value goes on after its closing quote/,
  );
  assert.equal(
    problem(
      "subscription_id,valid_from,valid_to,status,plan,billing_interval,mrr\n" +
        "s1,2024-01-01,,paused,pro,month,49\n",
      "subscription_states",
    ),
    'subscription_states.csv: line 2, column status: "paused" is not one of: trialing, ' +
      "active, past_due, canceled",
  );
  const states = (mrr: string) =>
    problem(
      "subscription_id,valid_from,valid_to,status,plan,billing_interval,mrr\n" +
        `s1,2024-01-01,,active,pro,month,${mrr}\n`,
      "subscription_states",
    );
  assert.equal(states("49.99"), "");
  assert.match(
    states("$49"),
    /column mrr: "\$49" is not an amount in US dollars: write a plain number/,
  );
  assert.match(states("1,200"), /line 2: 8 values, but the header names 7 columns/);
  assert.equal(
    states("-5"),
    'subscription_states.csv: line 2, column mrr: "-5" is below zero, which mrr may not be',
  );
  const surveys = (score: string) =>
    problem(
      "survey,respondent_id,sent_at,answered_at,score,answer\n" +
        `nps,u1,2024-01-01,2024-01-02,${score},\n`,
      "survey_responses",
    );
  assert.equal(surveys("10"), "");
  assert.match(surveys("11"), /column score: "11" is not between 0 and 10$/);
  assert.match(surveys("7.5"), /column score: "7\.5" is not a whole number$/);
  const ledger = (month: string) =>
    problem(
      "month,revenue,cost_of_revenue,sales_marketing_spend,ebitda,net_burn\n" +
        `${month},1,1,1,-1,-1\n`,
      "finance_months",
    );
  assert.equal(ledger("2024-03-01"), "");
  assert.match(ledger("2024-03-15"), /column month: "2024-03-15" is not the first day of a month/);
  assert.match(
    ledger("March 2024"),
    /column month: "March 2024" is not a date: write it as 2024-03-01$/,
  );
});
