-- The Metrics Catalog's reference schema, version 1, for ClickHouse.
-- Generated from lib/sql/schema.ts. Licence: MIT (the code's licence).
-- Map your warehouse onto these tables with views of the same names and columns; the
-- recipes in lib/sql/recipes/ read them. Timestamps are in UTC, amounts in US dollars.
-- On a cluster, create these on each shard (as local tables) and a Distributed table of
-- each name over them (docs/sql.md). Keys and references are the loader's to keep.

CREATE TABLE subscriptions (
  subscription_id String COMMENT 'The subscription''s identifier.',
  customer_id String COMMENT 'The paying account, with the same identifier as events.account_id; leave internal and test accounts out of the mapping.',
  started_at DateTime64(3, 'UTC') COMMENT 'When the subscription was created: the start of its free trial, or its first paid day when it had none.',
  trial_ends_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When its free trial ends or ended; null for a subscription without a trial.',
  cancel_requested_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When the customer asked to cancel (it keeps paying until its paid term ends); null if they never did.',
  ended_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When it stopped: the end of the paid term after a cancellation, the lapse after failed payments, or the end of a trial that did not convert; null while it runs.',
  CONSTRAINT subscriptions_check CHECK trial_ends_at IS NULL OR trial_ends_at > started_at
)
ENGINE = MergeTree
ORDER BY (subscription_id)
COMMENT 'One row per subscription a customer holds; a customer who leaves and later comes back starts a new subscription, and one customer may hold several at once (an add-on).';

CREATE TABLE subscription_states (
  subscription_id String COMMENT 'The subscription.',
  valid_from DateTime64(3, 'UTC') COMMENT 'When this state began.',
  valid_to Nullable(DateTime64(3, 'UTC')) COMMENT 'When the next state began; null for the state in force now.',
  status String COMMENT 'trialing: in its free trial; active: paid and current; past_due: a charge failed and is being retried; canceled: ended.',
  plan String COMMENT 'The plan''s name, as the price list calls it.',
  billing_interval String COMMENT 'How often the plan is billed; a multi-year contract is billed by the year.',
  mrr Decimal(14, 2) COMMENT 'The monthly recurring revenue the subscription counts in this state: its recurring price for one month (a yearly price ÷ 12, a multi-year contract''s yearly value ÷ 12) after recurring discounts, without taxes, one-time fees or usage; 0 while trialing or canceled and while a first charge after a trial is failing, while a paying subscription keeps its MRR during the retries.',
  CONSTRAINT status_check CHECK status IN ('trialing', 'active', 'past_due', 'canceled'),
  CONSTRAINT billing_interval_check CHECK billing_interval IN ('month', 'year'),
  CONSTRAINT mrr_check CHECK mrr >= 0,
  CONSTRAINT subscription_states_check CHECK valid_to IS NULL OR valid_to > valid_from
)
ENGINE = MergeTree
ORDER BY (subscription_id, valid_from)
COMMENT 'One row per stretch of time in which a subscription''s status, plan and MRR stayed the same, so the rows of a subscription are its status changes: each state runs from valid_from until valid_to.';

CREATE TABLE events (
  user_id String COMMENT 'The person who acted, one identifier per person.',
  account_id String COMMENT 'The account (workspace or company) the person acts in; the same identifier as subscriptions.customer_id once the account pays.',
  event_name String COMMENT 'What they did; the names the recipes look for are in the schema''s event vocabulary, and the recipes that take an event as a parameter accept any name.',
  occurred_at DateTime64(3, 'UTC') COMMENT 'When it happened, in UTC.',
  object_id Nullable(String) COMMENT 'What the event acted on, where a recipe links two events: the invitation''s identifier on invite_sent and on the signed_up of the person it brought in.'
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (event_name, toDate(occurred_at), user_id, occurred_at)
COMMENT 'One row per action a person took in the product; map only actions that count as activity (leave out notification deliveries and opens, email clicks, background syncs, bots, internal and test users), since every recipe counts any event as activity.';

CREATE TABLE survey_responses (
  survey String COMMENT 'The question: nps (0–10 likelihood to recommend), csat (1–5 satisfaction), ces (1–7 agreement that the company made it easy to handle the issue), pmf (how they would feel if they could no longer use the product).',
  respondent_id String COMMENT 'Who was asked: their events.user_id.',
  sent_at DateTime64(3, 'UTC') COMMENT 'When the question was sent.',
  answered_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When it was answered; null when it was not.',
  score Nullable(Int32) COMMENT 'The rating on the survey''s scale (nps, csat, ces); null for pmf and when not answered.',
  answer Nullable(String) COMMENT 'The pmf answer (no_longer_use is the N/A option for people who no longer use the product); null for the other surveys and when not answered.',
  CONSTRAINT survey_check CHECK survey IN ('nps', 'csat', 'ces', 'pmf'),
  CONSTRAINT score_check CHECK score IS NULL OR score BETWEEN 0 AND 10,
  CONSTRAINT answer_check CHECK answer IS NULL OR answer IN ('very_disappointed', 'somewhat_disappointed', 'not_disappointed', 'no_longer_use'),
  CONSTRAINT survey_responses_check CHECK answered_at IS NOT NULL OR (score IS NULL AND answer IS NULL),
  CONSTRAINT survey_responses_check_2 CHECK score IS NULL OR answer IS NULL
)
ENGINE = MergeTree
ORDER BY (survey, sent_at, respondent_id)
COMMENT 'One row per survey question sent to a person, answered or not.';

CREATE TABLE finance_months (
  month Date COMMENT 'The month, as its first day.',
  revenue Decimal(14, 2) COMMENT 'Revenue recognized in the month: subscriptions, services and usage.',
  cost_of_revenue Decimal(14, 2) COMMENT 'The cost of delivering and supporting that revenue: hosting, third-party services, customer support and payment processing; not sales, marketing or R&D.',
  sales_marketing_spend Decimal(14, 2) COMMENT 'All sales and marketing expense of the month: salaries, commissions, paid media, tools and agencies.',
  ebitda Decimal(14, 2) COMMENT 'Earnings before interest, taxes, depreciation and amortization; negative for a loss.',
  net_burn Decimal(14, 2) COMMENT 'Operating cash out minus cash in, leaving out money raised or repaid (equity and debt); negative in a month that generated cash.',
  CONSTRAINT revenue_check CHECK revenue >= 0,
  CONSTRAINT cost_of_revenue_check CHECK cost_of_revenue >= 0,
  CONSTRAINT sales_marketing_spend_check CHECK sales_marketing_spend >= 0
)
ENGINE = MergeTree
ORDER BY (month)
COMMENT 'One row per calendar month of the finance ledger, as the accounts close it.';
