-- Metric: monthly-recurring-revenue
-- Returns: start, newMrr, expansion, contraction, churned, result
-- Result: start + newMrr + expansion - contraction - churned
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the month in UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first instant of the next month (2024-04-01), left out
--
-- Monthly recurring revenue at the end of the month, as the movement form builds it: MRR at the
-- start plus new and expansion MRR, less contraction and churned MRR
-- (catalog/metrics/monthly-recurring-revenue.md).
WITH customer_mrr AS (
  -- a customer's MRR at an instant is the sum of its subscriptions' states in force just before
  -- it (begun before it, not ended by it): a change at exactly :period_start is in this period
  -- each state's MRR is already a month's price: a yearly price ÷ 12, after recurring discounts
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
inputs AS (
  SELECT
    -- starting MRR: every paid subscription in force on the month's first instant
    COALESCE(SUM(start_mrr), 0) AS "start",
    -- new MRR: customers paying at the end who paid nothing at the start, counted at the end
    -- a former customer who comes back is counted here too, so the result is the MRR at the end
    -- of the month (the movement form has no reactivation term); one who joined and left adds 0
    COALESCE(SUM(end_mrr) FILTER (WHERE start_mrr = 0 AND end_mrr > 0), 0) AS "newMrr",
    -- expansion and contraction: each customer's changes in the month are netted first
    COALESCE(SUM(end_mrr - start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr > start_mrr), 0) AS "expansion",
    COALESCE(SUM(start_mrr - end_mrr) FILTER (WHERE end_mrr > 0 AND end_mrr < start_mrr), 0) AS "contraction",
    -- churned: the starting MRR of customers who pay nothing at the end
    COALESCE(SUM(start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr = 0), 0) AS "churned"
  FROM customer_mrr
)
SELECT "start", "newMrr", "expansion", "contraction", "churned",
  "start" + "newMrr" + "expansion" - "contraction" - "churned" AS "result"
FROM inputs;
