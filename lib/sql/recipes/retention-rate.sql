-- Metric: retention-rate
-- Returns: end, newCustomers, start, result
-- Result: (end - newCustomers) / start * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 3 months, the first instant of the period in UTC (a quarter: 2024-04-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-07-01), left out
--
-- Customer retention rate: the customers paying at the end of the period, less those acquired
-- during it, as a percentage of the customers paying at its start (catalog/metrics/retention-rate.md).
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
    -- customers at the end: paying on the period's last instant, new customers included
    COUNT(*) FILTER (WHERE end_mrr > 0) AS "end",
    -- new customers: paying at the end but not at the start, which includes former customers
    -- who came back during the period (the fixed rule for reactivations: they count as new)
    -- a customer paying at both the start and the end is retained, even if it left and came
    -- back in between
    COUNT(*) FILTER (WHERE end_mrr > 0 AND start_mrr = 0) AS "newCustomers",
    -- customers at the start: paying on its first instant; trials and failing first charges pay 0
    COUNT(*) FILTER (WHERE start_mrr > 0) AS "start"
  FROM customer_mrr
)
SELECT "end", "newCustomers", "start", ("end" - "newCustomers") * 100.0 / NULLIF("start", 0) AS "result"
FROM inputs;
