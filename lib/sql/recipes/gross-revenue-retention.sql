-- Metric: gross-revenue-retention
-- Returns: start, cancelled, downgrades, result
-- Result: (start - cancelled - downgrades) / start * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 12 months, the first instant of the period in UTC (twelve months: 2023-07-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-07-01), left out
--
-- Gross revenue retention: the recurring revenue of the customers paying at the start of the
-- period that they still pay at its end, each customer capped at its starting revenue, as a
-- percentage of the revenue at its start (catalog/metrics/gross-revenue-retention.md). Revenue
-- is MRR; ARR (MRR × 12) gives the same percentage.
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
    -- revenue at the start: the customers paying on its first instant; customers acquired during
    -- the period are left out
    COALESCE(SUM(start_mrr), 0) AS "start",
    -- lost to cancellations: the starting revenue of starting customers who pay nothing at the end
    COALESCE(SUM(start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr = 0), 0) AS "cancelled",
    -- lost to downgrades: each customer's changes are netted first and capped at its starting
    -- revenue, so a customer that grew overall shows no loss and expansion never offsets one
    COALESCE(SUM(start_mrr - end_mrr) FILTER (WHERE end_mrr > 0 AND end_mrr < start_mrr), 0) AS "downgrades"
  FROM customer_mrr
)
SELECT "start", "cancelled", "downgrades",
  ("start" - "cancelled" - "downgrades") * 100.0 / NULLIF("start", 0) AS "result"
FROM inputs;
