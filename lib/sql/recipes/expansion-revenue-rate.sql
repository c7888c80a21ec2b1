-- Metric: expansion-revenue-rate
-- Returns: expansion, start, result
-- Result: expansion / start * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
--
-- Expansion revenue rate: the MRR that customers already paying at the start of the period added
-- by its end, as a percentage of the MRR at its start (catalog/metrics/expansion-revenue-rate.md).
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
    -- expansion: what a customer paying at the start pays above its starting MRR at the end; each
    -- customer's own changes are netted, and other customers' downgrades are not subtracted
    -- new customers and returning former customers are left out: they paid nothing at the start
    COALESCE(SUM(end_mrr - start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr > start_mrr), 0) AS "expansion",
    -- MRR at the start: every customer paying on its first instant; new MRR is left out
    COALESCE(SUM(start_mrr), 0) AS "start"
  FROM customer_mrr
)
SELECT "expansion", "start", "expansion" * 100.0 / NULLIF("start", 0) AS "result"
FROM inputs;
