-- Metric: customer-lifetime-value
-- Returns: arpa, grossMargin, churn, result
-- Result: arpa * grossMargin / 100 / (churn / 100)
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the month in UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first instant of the next month (2024-04-01), left out
--
-- Customer lifetime value, the simple subscription form: revenue per account times gross margin,
-- divided by monthly customer churn, all for the same month
-- (catalog/metrics/customer-lifetime-value.md).
WITH customer_mrr AS (
  -- a customer's MRR at an instant is the sum of its subscriptions' states in force just before
  -- it (begun before it, not ended by it): a change at exactly :period_start is in this period
  SELECT
    s.customer_id,
    SUM(CASE WHEN st.valid_from < :period_start
      AND (st.valid_to IS NULL OR st.valid_to >= :period_start) THEN st.mrr ELSE 0 END) AS start_mrr,
    SUM(CASE WHEN st.valid_from < :period_end
      AND (st.valid_to IS NULL OR st.valid_to >= :period_end) THEN st.mrr ELSE 0 END) AS end_mrr
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  GROUP BY s.customer_id
),
ledger AS (
  -- the ledger's months in the period: revenue and its cost
  SELECT SUM(revenue) AS revenue, SUM(cost_of_revenue) AS cost
  FROM finance_months
  WHERE month >= :period_start AND month < :period_end
),
inputs AS (
  SELECT
    -- ARPA: MRR per paying account at the start of the month (monthly, to pair with monthly
    -- churn); recurring only
    SUM(start_mrr) / NULLIF(COUNT(*) FILTER (WHERE start_mrr > 0), 0) AS "arpa",
    -- gross margin, so that the value is lifetime gross profit, not lifetime revenue
    ((SELECT revenue FROM ledger) - (SELECT cost FROM ledger)) * 100.0
      / NULLIF((SELECT revenue FROM ledger), 0) AS "grossMargin",
    -- monthly customer churn of the same customers, as churn-rate.sql counts it: paying at the
    -- start, nothing at the end; customers who joined and left within the month are left out
    COUNT(*) FILTER (WHERE start_mrr > 0 AND end_mrr = 0) * 100.0
      / NULLIF(COUNT(*) FILTER (WHERE start_mrr > 0), 0) AS "churn"
  FROM customer_mrr
)
SELECT "arpa", "grossMargin", "churn",
  "arpa" * "grossMargin" / 100 / NULLIF("churn" / 100, 0) AS "result"
FROM inputs;
