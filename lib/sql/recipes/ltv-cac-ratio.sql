-- Metric: ltv-cac-ratio
-- Returns: arpa, grossMargin, churn, cac, result
-- Result: arpa * grossMargin / 100 / (churn / 100) / cac
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the month in UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first instant of the next month (2024-04-01), left out
--
-- LTV:CAC ratio: lifetime gross profit of an average customer (revenue per account times gross
-- margin over monthly revenue churn) divided by the cost of acquiring one, all for the same month
-- (catalog/metrics/ltv-cac-ratio.md).
WITH customer_mrr AS (
  -- a customer's MRR at an instant is the sum of its subscriptions' states in force just before
  -- it (begun before it, not ended by it): a change at exactly :period_start is in this period
  SELECT
    s.customer_id,
    SUM(CASE WHEN st.valid_from < :period_start
      AND (st.valid_to IS NULL OR st.valid_to >= :period_start) THEN st.mrr ELSE 0 END) AS start_mrr,
    SUM(CASE WHEN st.valid_from < :period_end
      AND (st.valid_to IS NULL OR st.valid_to >= :period_end) THEN st.mrr ELSE 0 END) AS end_mrr,
    -- a customer's first payment is the start of its first state with MRR above 0
    MIN(CASE WHEN st.mrr > 0 THEN st.valid_from END) AS first_paid_at
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  GROUP BY s.customer_id
),
ledger AS (
  -- the ledger's months in the period: revenue, its cost, and sales and marketing
  SELECT SUM(revenue) AS revenue, SUM(cost_of_revenue) AS cost,
    COALESCE(SUM(sales_marketing_spend), 0) AS spend
  FROM finance_months
  WHERE month >= :period_start AND month < :period_end
),
inputs AS (
  SELECT
    -- ARPA: MRR per paying account at the start of the month; recurring only
    SUM(start_mrr) / NULLIF(COUNT(*) FILTER (WHERE start_mrr > 0), 0) AS "arpa",
    -- gross margin: LTV is lifetime gross profit, not lifetime revenue
    ((SELECT revenue FROM ledger) - (SELECT cost FROM ledger)) * 100.0
      / NULLIF((SELECT revenue FROM ledger), 0) AS "grossMargin",
    -- monthly gross revenue churn, as revenue-churn-rate.sql counts it: MRR of starting
    -- customers lost to cancellations and to net downgrades, over MRR at the start
    (COALESCE(SUM(start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr = 0), 0)
      + COALESCE(SUM(start_mrr - end_mrr) FILTER (WHERE end_mrr > 0 AND end_mrr < start_mrr), 0))
      * 100.0 / NULLIF(SUM(start_mrr), 0) AS "churn",
    -- CAC: fully loaded sales and marketing spend of the same month per customer whose first
    -- payment falls in it (not reactivations)
    (SELECT spend FROM ledger) / NULLIF(COUNT(*) FILTER (WHERE first_paid_at >= :period_start
      AND first_paid_at < :period_end), 0) AS "cac"
  FROM customer_mrr
)
SELECT "arpa", "grossMargin", "churn", "cac",
  "arpa" * "grossMargin" / 100 / NULLIF("churn" / 100, 0) / NULLIF("cac", 0) AS "result"
FROM inputs;
