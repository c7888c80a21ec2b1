-- Metric: average-revenue-per-user
-- Returns: revenue, users, result
-- Result: revenue / users
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :snapshot_at timestamp, the instant the figure describes in UTC (2024-04-01: the state left by every change before it)
--
-- Average revenue per account (ARPA), the subscription form of ARPU: total MRR at a point in time
-- divided by the number of paying accounts at that point, in dollars per account per month
-- (catalog/metrics/average-revenue-per-user.md).
WITH customer_mrr AS (
  -- a customer's MRR is the sum of its subscriptions' states in force just before :snapshot_at
  SELECT s.customer_id, SUM(st.mrr) AS mrr
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  WHERE st.valid_from < :snapshot_at
    AND (st.valid_to IS NULL OR st.valid_to >= :snapshot_at)
  GROUP BY s.customer_id
),
inputs AS (
  SELECT
    -- revenue: MRR at the point in time, recurring only (no one-time fees or usage overages)
    COALESCE(SUM(mrr), 0) AS "revenue",
    -- users: paying accounts at the same point, each counted once however many subscriptions it
    -- holds; trialing accounts pay 0 and are not counted
    COUNT(*) FILTER (WHERE mrr > 0) AS "users"
  FROM customer_mrr
)
SELECT "revenue", "users", "revenue" / NULLIF("users", 0) AS "result"
FROM inputs;
