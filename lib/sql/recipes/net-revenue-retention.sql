-- Metric: net-revenue-retention
-- Returns: start, expansion, contraction, churned, result
-- Result: (start + expansion - contraction - churned) / start * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 12 months, the first instant of the period in UTC (twelve months: 2023-07-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-07-01), left out
--
-- Net revenue retention: the recurring revenue that the customers paying at the start of the
-- period pay at its end, as a percentage of what they paid at its start
-- (catalog/metrics/net-revenue-retention.md). Revenue is MRR; ARR gives the same percentage.
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
cohort AS (
  -- the cohort is fixed at the start: the customers paying on its first instant, including
  -- those who leave later; customers acquired during the period are left out
  SELECT start_mrr, end_mrr FROM customer_mrr WHERE start_mrr > 0
),
inputs AS (
  SELECT
    COALESCE(SUM(start_mrr), 0) AS "start",
    -- each customer's changes are netted over the period: it expanded if it ends above its start
    COALESCE(SUM(end_mrr - start_mrr) FILTER (WHERE end_mrr > start_mrr), 0) AS "expansion",
    -- contracted if it ends below its start and still pays
    COALESCE(SUM(start_mrr - end_mrr) FILTER (WHERE end_mrr > 0 AND end_mrr < start_mrr), 0) AS "contraction",
    -- churned if it pays nothing at the end: all of its starting revenue
    COALESCE(SUM(start_mrr) FILTER (WHERE end_mrr = 0), 0) AS "churned"
  FROM cohort
)
SELECT "start", "expansion", "contraction", "churned",
  ("start" + "expansion" - "contraction" - "churned") * 100.0 / NULLIF("start", 0) AS "result"
FROM inputs;
