-- Metric: product-qualified-leads
-- Returns: pqls, signups, result
-- Result: pqls / signups * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
-- Parameter: :pql_event text, the usage signal of the condition-based PQL definition (viewed_pricing)
-- Parameter: :pql_threshold integer = 2, how many times an account's people must show it, in all (2)
--
-- PQL rate: the accounts that newly met the PQL definition in the period, as a percentage of the
-- accounts that signed up in it (catalog/metrics/product-qualified-leads.md). The definition here
-- is one condition, an account showing :pql_event :pql_threshold times; the unit is the account.
WITH signals AS (
  SELECT account_id, occurred_at,
    ROW_NUMBER() OVER (PARTITION BY account_id ORDER BY occurred_at) AS n
  FROM events
  WHERE event_name = :pql_event
),
qualified AS (
  -- an account meets the definition when its :pql_threshold-th signal arrives, and is counted
  -- once, in the period that happens in
  SELECT account_id, occurred_at AS qualified_at
  FROM signals
  WHERE n = :pql_threshold
),
paying AS (
  -- a PQL is a lead: an account already paying at the start of the period is a customer
  SELECT s.customer_id
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  WHERE st.valid_from < :period_start
    AND (st.valid_to IS NULL OR st.valid_to >= :period_start)
  GROUP BY s.customer_id
  HAVING SUM(st.mrr) > 0
),
signups AS (
  -- new signups: accounts whose first signed_up falls in the period, qualified or not
  SELECT account_id
  FROM events
  WHERE event_name = 'signed_up'
  GROUP BY account_id
  HAVING MIN(occurred_at) >= :period_start AND MIN(occurred_at) < :period_end
),
inputs AS (
  SELECT
    (SELECT COUNT(*) FROM qualified AS q
      WHERE q.qualified_at >= :period_start AND q.qualified_at < :period_end
        AND q.account_id NOT IN (SELECT customer_id FROM paying)) AS "pqls",
    (SELECT COUNT(*) FROM signups) AS "signups"
)
SELECT "pqls", "signups", "pqls" * 100.0 / NULLIF("signups", 0) AS "result"
FROM inputs;
