-- Metric: cac-payback-period
-- Returns: cac, newMrr, grossMargin, result
-- Result: cac / (newMrr * grossMargin / 100)
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp, the first day of the period's first month in UTC (a quarter: 2024-04-01)
-- Parameter: :period_end timestamp, the first day of the month after the period (2024-07-01), left out
--
-- CAC payback period: the months of gross profit from an average new customer needed to recover
-- what acquiring it cost (catalog/metrics/cac-payback-period.md).
WITH ledger AS (
  -- the ledger is by whole months: sales and marketing, revenue and its cost over the period
  SELECT
    COALESCE(SUM(sales_marketing_spend), 0) AS spend,
    SUM(revenue) AS revenue,
    SUM(cost_of_revenue) AS cost
  FROM finance_months
  WHERE month >= :period_start AND month < :period_end
),
customer_mrr AS (
  SELECT
    s.customer_id,
    -- a customer's first payment is the start of its first state with MRR above 0
    MIN(CASE WHEN st.mrr > 0 THEN st.valid_from END) AS first_paid_at,
    -- its MRR at the end: the states in force just before :period_end, where its first full
    -- month begins
    SUM(CASE WHEN st.valid_from < :period_end
      AND (st.valid_to IS NULL OR st.valid_to >= :period_end) THEN st.mrr ELSE 0 END) AS end_mrr
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  GROUP BY s.customer_id
),
new_customers AS (
  -- new customers: whose first payment falls in the period; not reactivations or trials
  SELECT end_mrr FROM customer_mrr
  WHERE first_paid_at >= :period_start AND first_paid_at < :period_end
),
inputs AS (
  SELECT
    -- CAC: fully loaded sales and marketing spend per new customer
    (SELECT spend FROM ledger) / NULLIF((SELECT COUNT(*) FROM new_customers), 0) AS "cac",
    -- new MRR per customer: the average new customer's MRR as its first full month begins; one
    -- that left before then brings 0 (its acquisition cost is in the CAC all the same), and
    -- expansion from existing customers is left out
    (SELECT AVG(end_mrr) FROM new_customers) AS "newMrr",
    -- gross margin on the same months' revenue, not 100%
    ((SELECT revenue FROM ledger) - (SELECT cost FROM ledger)) * 100.0
      / NULLIF((SELECT revenue FROM ledger), 0) AS "grossMargin"
)
SELECT "cac", "newMrr", "grossMargin",
  "cac" / NULLIF("newMrr" * "grossMargin" / 100, 0) AS "result"
FROM inputs;
