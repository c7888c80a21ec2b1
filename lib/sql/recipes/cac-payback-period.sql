-- Metric: cac-payback-period
-- Returns: cac, newMrr, grossMargin, result
-- Result: cac / (newMrr * grossMargin / 100)
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 3 months, the first day of the period's first month in UTC (a quarter: 2024-04-01)
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
first_paid AS (
  -- a customer's first payment is the start of its first state with MRR above 0
  SELECT s.customer_id, MIN(st.valid_from) AS first_paid_at
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  WHERE st.mrr > 0
  GROUP BY s.customer_id
),
new_customers AS (
  -- new customers: whose first payment falls in the period; not reactivations or trials
  SELECT
    customer_id,
    -- its first full month: the calendar month its first payment opens when that payment falls
    -- on a month's first instant, otherwise the month after; for a period of several months it
    -- is not where the period ends
    CASE WHEN first_paid_at = date_trunc('month', first_paid_at) THEN first_paid_at
      ELSE date_trunc('month', first_paid_at) + INTERVAL '1 month' END AS first_full_month
  FROM first_paid
  WHERE first_paid_at >= :period_start AND first_paid_at < :period_end
),
new_mrr AS (
  -- its MRR in that month, read at the month's end as billing shows it: the states in force just
  -- before the next month begins (begun before it, not ended by it), so a change within the first
  -- full month counts; upgrades, add-ons, downgrades and cancellations after it are not
  -- acquisition, and one that left by then brings 0
  SELECT n.customer_id, COALESCE(SUM(st.mrr), 0) AS mrr
  FROM new_customers AS n
  JOIN subscriptions AS s ON s.customer_id = n.customer_id
  LEFT JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
    AND st.valid_from < n.first_full_month + INTERVAL '1 month'
    AND (st.valid_to IS NULL OR st.valid_to >= n.first_full_month + INTERVAL '1 month')
  GROUP BY n.customer_id
),
inputs AS (
  SELECT
    -- CAC: fully loaded sales and marketing spend per new customer
    (SELECT spend FROM ledger) / NULLIF((SELECT COUNT(*) FROM new_customers), 0) AS "cac",
    -- new MRR per customer: the average new customer's MRR in its first full month; its
    -- acquisition cost is in the CAC whatever it pays, and expansion from existing customers is
    -- left out
    (SELECT AVG(mrr) FROM new_mrr) AS "newMrr",
    -- gross margin on the same months' revenue, not 100%
    ((SELECT revenue FROM ledger) - (SELECT cost FROM ledger)) * 100.0
      / NULLIF((SELECT revenue FROM ledger), 0) AS "grossMargin"
)
SELECT "cac", "newMrr", "grossMargin",
  "cac" / NULLIF("newMrr" * "grossMargin" / 100, 0) AS "result"
FROM inputs;
