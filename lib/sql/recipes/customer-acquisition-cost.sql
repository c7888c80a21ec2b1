-- Metric: customer-acquisition-cost
-- Returns: spend, customers, result
-- Result: spend / customers
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 3 months, the first day of the period's first month in UTC (a quarter: 2024-04-01)
-- Parameter: :period_end timestamp, the first day of the month after the period (2024-07-01), left out
--
-- Customer acquisition cost: the sales and marketing expense of the period divided by the new
-- paying customers it acquired (catalog/metrics/customer-acquisition-cost.md).
WITH spend AS (
  -- fully loaded: the ledger's sales and marketing line holds salaries, commissions, paid media,
  -- tools and agencies, not ad spend alone; the ledger is by whole months
  SELECT COALESCE(SUM(sales_marketing_spend), 0) AS spend
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
inputs AS (
  SELECT
    (SELECT spend FROM spend) AS "spend",
    -- new paying customers: whose first payment falls in the period; not free signups or trials
    -- (they pay 0) and not reactivations (their first payment came earlier)
    (SELECT COUNT(*) FROM first_paid
      WHERE first_paid_at >= :period_start AND first_paid_at < :period_end) AS "customers"
)
SELECT "spend", "customers", "spend" / NULLIF("customers", 0) AS "result"
FROM inputs;
