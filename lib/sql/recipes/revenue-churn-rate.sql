-- Metric: revenue-churn-rate
-- Returns: cancelled, downgrades, start, result
-- Result: (cancelled + downgrades) / start * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
--
-- Gross revenue churn rate: the MRR that customers paying at the start of the period lost to
-- cancellations and downgrades by its end, as a percentage of the MRR at its start
-- (catalog/metrics/revenue-churn-rate.md).
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
    -- MRR cancelled: the starting MRR of customers paying at the start who pay nothing at its end
    -- customers who joined and left within the period are left out: they paid nothing at the start
    COALESCE(SUM(start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr = 0), 0) AS "cancelled",
    -- MRR downgraded: each starting customer's changes are netted first, so only a customer that
    -- ends below its starting MRR (and above 0) lost any; expansion and reactivations offset nothing
    COALESCE(SUM(start_mrr - end_mrr) FILTER (WHERE end_mrr > 0 AND end_mrr < start_mrr), 0) AS "downgrades",
    -- MRR at the start: every customer paying on its first instant; new MRR is left out
    COALESCE(SUM(start_mrr), 0) AS "start"
  FROM customer_mrr
)
SELECT "cancelled", "downgrades", "start",
  ("cancelled" + "downgrades") * 100.0 / NULLIF("start", 0) AS "result"
FROM inputs;
