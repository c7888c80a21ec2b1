-- Metric: churn-rate
-- Returns: lost, start, result
-- Result: lost / start * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
--
-- Customer churn rate: the customers paying at the start of the period who no longer pay at its
-- end, as a percentage of the customers paying at its start (catalog/metrics/churn-rate.md).
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
inputs AS (
  SELECT
    -- customers lost: paying at the start and paying nothing at the end; churn counts when the
    -- paid term ends or failed payments lapse (MRR 0), not when the customer asks to cancel
    -- customers who joined and left within the period are not churn: they were not paying at the start
    -- a customer who left and came back within the period is not lost
    -- a customer who cancels one of several subscriptions is still a customer (contraction, not churn)
    COUNT(*) FILTER (WHERE start_mrr > 0 AND end_mrr = 0) AS "lost",
    -- customers at the start: paying on its first instant; trials and failing first charges pay 0
    COUNT(*) FILTER (WHERE start_mrr > 0) AS "start"
  FROM customer_mrr
)
SELECT "lost", "start", "lost" * 100.0 / NULLIF("start", 0) AS "result"
FROM inputs;
