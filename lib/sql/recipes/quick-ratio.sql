-- Metric: quick-ratio
-- Returns: newMrr, expansion, churned, contraction, result
-- Result: (newMrr + expansion) / (churned + contraction)
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
--
-- SaaS quick ratio: new and expansion MRR gained in the period over churned and contraction MRR
-- lost in it (catalog/metrics/quick-ratio.md).
WITH customer_mrr AS (
  -- a customer's MRR at an instant is the sum of its subscriptions' states in force just before
  -- it (begun before it, not ended by it): a change at exactly :period_start is in this period
  SELECT
    s.customer_id,
    SUM(CASE WHEN st.valid_from < :period_start
      AND (st.valid_to IS NULL OR st.valid_to >= :period_start) THEN st.mrr ELSE 0 END) AS start_mrr,
    SUM(CASE WHEN st.valid_from < :period_end
      AND (st.valid_to IS NULL OR st.valid_to >= :period_end) THEN st.mrr ELSE 0 END) AS end_mrr,
    -- when the customer first paid anything, to tell a new customer from a returning one
    MIN(CASE WHEN st.mrr > 0 THEN st.valid_from END) AS first_paid_at
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  GROUP BY s.customer_id
),
inputs AS (
  SELECT
    -- new MRR: customers who first paid during the period, at their MRR at its end
    -- reactivated former customers are left out (their first payment came before the period)
    COALESCE(SUM(end_mrr) FILTER (WHERE start_mrr = 0 AND end_mrr > 0
      AND first_paid_at >= :period_start), 0) AS "newMrr",
    -- the movement rules of net revenue retention: each customer's changes are netted first
    COALESCE(SUM(end_mrr - start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr > start_mrr), 0) AS "expansion",
    -- churned: the starting MRR of customers who pay nothing at the end (cancelled or lapsed)
    COALESCE(SUM(start_mrr) FILTER (WHERE start_mrr > 0 AND end_mrr = 0), 0) AS "churned",
    COALESCE(SUM(start_mrr - end_mrr) FILTER (WHERE end_mrr > 0 AND end_mrr < start_mrr), 0) AS "contraction"
  FROM customer_mrr
)
SELECT "newMrr", "expansion", "churned", "contraction",
  ("newMrr" + "expansion") / NULLIF("churned" + "contraction", 0) AS "result"
FROM inputs;
