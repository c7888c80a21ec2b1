-- The Metrics Catalog's reference schema, version 1, for PostgreSQL.
-- Generated from lib/sql/schema.ts. Licence: MIT (the code's licence).
-- Map your warehouse onto these tables with views of the same names and columns; the
-- recipes in lib/sql/recipes/ read them. Timestamps are in UTC, amounts in US dollars.

CREATE TABLE subscriptions (
  subscription_id text NOT NULL,
  customer_id text NOT NULL,
  started_at timestamp NOT NULL,
  trial_ends_at timestamp,
  cancel_requested_at timestamp,
  ended_at timestamp,
  PRIMARY KEY (subscription_id),
  CHECK (trial_ends_at IS NULL OR trial_ends_at > started_at)
);
COMMENT ON TABLE subscriptions IS 'One row per subscription a customer holds; a customer who leaves and later comes back starts a new subscription, and one customer may hold several at once (an add-on).';
COMMENT ON COLUMN subscriptions.subscription_id IS 'The subscription''s identifier.';
COMMENT ON COLUMN subscriptions.customer_id IS 'The paying account, with the same identifier as events.account_id; leave internal and test accounts out of the mapping.';
COMMENT ON COLUMN subscriptions.started_at IS 'When the subscription was created: the start of its free trial, or its first paid day when it had none.';
COMMENT ON COLUMN subscriptions.trial_ends_at IS 'When its free trial ends or ended; null for a subscription without a trial.';
COMMENT ON COLUMN subscriptions.cancel_requested_at IS 'When the customer asked to cancel (it keeps paying until its paid term ends); null if they never did.';
COMMENT ON COLUMN subscriptions.ended_at IS 'When it stopped: the end of the paid term after a cancellation, the lapse after failed payments, or the end of a trial that did not convert; null while it runs.';

CREATE TABLE subscription_states (
  subscription_id text NOT NULL,
  valid_from timestamp NOT NULL,
  valid_to timestamp,
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
  plan text NOT NULL,
  billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
  mrr numeric(14, 2) NOT NULL CHECK (mrr >= 0),
  PRIMARY KEY (subscription_id, valid_from),
  FOREIGN KEY (subscription_id) REFERENCES subscriptions (subscription_id),
  CHECK (valid_to IS NULL OR valid_to > valid_from)
);
COMMENT ON TABLE subscription_states IS 'One row per stretch of time in which a subscription''s status, plan and MRR stayed the same, so the rows of a subscription are its status changes: each state runs from valid_from until valid_to.';
COMMENT ON COLUMN subscription_states.subscription_id IS 'The subscription.';
COMMENT ON COLUMN subscription_states.valid_from IS 'When this state began.';
COMMENT ON COLUMN subscription_states.valid_to IS 'When the next state began; null for the state in force now.';
COMMENT ON COLUMN subscription_states.status IS 'trialing: in its free trial; active: paid and current; past_due: a charge failed and is being retried; canceled: ended.';
COMMENT ON COLUMN subscription_states.plan IS 'The plan''s name, as the price list calls it.';
COMMENT ON COLUMN subscription_states.billing_interval IS 'How often the plan is billed; a multi-year contract is billed by the year.';
COMMENT ON COLUMN subscription_states.mrr IS 'The monthly recurring revenue the subscription counts in this state: its recurring price for one month (a yearly price ÷ 12, a multi-year contract''s yearly value ÷ 12) after recurring discounts, without taxes, one-time fees or usage; 0 while trialing or canceled and while a first charge after a trial is failing, while a paying subscription keeps its MRR during the retries.';

CREATE TABLE events (
  user_id text NOT NULL,
  account_id text NOT NULL,
  event_name text NOT NULL,
  occurred_at timestamp NOT NULL,
  object_id text
);
COMMENT ON TABLE events IS 'One row per action a person took in the product; map only actions that count as activity (leave out notification deliveries and opens, email clicks, background syncs, bots, internal and test users), since every recipe counts any event as activity.';
COMMENT ON COLUMN events.user_id IS 'The person who acted, one identifier per person.';
COMMENT ON COLUMN events.account_id IS 'The account (workspace or company) the person acts in; the same identifier as subscriptions.customer_id once the account pays.';
COMMENT ON COLUMN events.event_name IS 'What they did; the names the recipes look for are in the schema''s event vocabulary, and the recipes that take an event as a parameter accept any name.';
COMMENT ON COLUMN events.occurred_at IS 'When it happened, in UTC.';
COMMENT ON COLUMN events.object_id IS 'What the event acted on, where a recipe links two events: the invitation''s identifier on invite_sent and on the signed_up of the person it brought in.';

CREATE TABLE survey_responses (
  survey text NOT NULL CHECK (survey IN ('nps', 'csat', 'ces', 'pmf')),
  respondent_id text NOT NULL,
  sent_at timestamp NOT NULL,
  answered_at timestamp,
  score integer CHECK (score BETWEEN 0 AND 10),
  answer text CHECK (answer IN ('very_disappointed', 'somewhat_disappointed', 'not_disappointed', 'no_longer_use')),
  CHECK (answered_at IS NOT NULL OR (score IS NULL AND answer IS NULL)),
  CHECK (score IS NULL OR answer IS NULL)
);
COMMENT ON TABLE survey_responses IS 'One row per survey question sent to a person, answered or not.';
COMMENT ON COLUMN survey_responses.survey IS 'The question: nps (0–10 likelihood to recommend), csat (1–5 satisfaction), ces (1–7 agreement that the company made it easy to handle the issue), pmf (how they would feel if they could no longer use the product).';
COMMENT ON COLUMN survey_responses.respondent_id IS 'Who was asked: their events.user_id.';
COMMENT ON COLUMN survey_responses.sent_at IS 'When the question was sent.';
COMMENT ON COLUMN survey_responses.answered_at IS 'When it was answered; null when it was not.';
COMMENT ON COLUMN survey_responses.score IS 'The rating on the survey''s scale (nps, csat, ces); null for pmf and when not answered.';
COMMENT ON COLUMN survey_responses.answer IS 'The pmf answer (no_longer_use is the N/A option for people who no longer use the product); null for the other surveys and when not answered.';

CREATE TABLE finance_months (
  month date NOT NULL,
  revenue numeric(14, 2) NOT NULL CHECK (revenue >= 0),
  cost_of_revenue numeric(14, 2) NOT NULL CHECK (cost_of_revenue >= 0),
  sales_marketing_spend numeric(14, 2) NOT NULL CHECK (sales_marketing_spend >= 0),
  ebitda numeric(14, 2) NOT NULL,
  net_burn numeric(14, 2) NOT NULL,
  PRIMARY KEY (month)
);
COMMENT ON TABLE finance_months IS 'One row per calendar month of the finance ledger, as the accounts close it.';
COMMENT ON COLUMN finance_months.month IS 'The month, as its first day.';
COMMENT ON COLUMN finance_months.revenue IS 'Revenue recognized in the month: subscriptions, services and usage.';
COMMENT ON COLUMN finance_months.cost_of_revenue IS 'The cost of delivering and supporting that revenue: hosting, third-party services, customer support and payment processing; not sales, marketing or R&D.';
COMMENT ON COLUMN finance_months.sales_marketing_spend IS 'All sales and marketing expense of the month: salaries, commissions, paid media, tools and agencies.';
COMMENT ON COLUMN finance_months.ebitda IS 'Earnings before interest, taxes, depreciation and amortization; negative for a loss.';
COMMENT ON COLUMN finance_months.net_burn IS 'Operating cash out minus cash in, leaving out money raised or repaid (equity and debt); negative in a month that generated cash.';
