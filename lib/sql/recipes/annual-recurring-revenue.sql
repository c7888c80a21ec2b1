-- Metric: annual-recurring-revenue
-- Returns: annual, mrr, result
-- Result: annual + mrr * 12
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :snapshot_at timestamp, the instant the snapshot describes in UTC (2024-07-01: the state left by every change before it)
--
-- Annual recurring revenue at a point in time: the yearly value of the annual contracts in force
-- plus twelve times the MRR of the monthly-billed subscriptions
-- (catalog/metrics/annual-recurring-revenue.md).
WITH live AS (
  -- the state in force just before :snapshot_at (begun before it, not ended by it); a contract
  -- signed to start later has no state yet, so it is not live ARR
  SELECT st.billing_interval, st.mrr
  FROM subscription_states AS st
  WHERE st.valid_from < :snapshot_at
    AND (st.valid_to IS NULL OR st.valid_to >= :snapshot_at)
),
inputs AS (
  SELECT
    -- annual contract value: an annual (or multi-year) contract's MRR is its yearly value ÷ 12
    COALESCE(SUM(mrr * 12) FILTER (WHERE billing_interval = 'year'), 0) AS "annual",
    -- monthly-plan MRR: recurring only, net of recurring discounts; no one-time or usage fees
    -- trials and canceled subscriptions carry 0 MRR
    COALESCE(SUM(mrr) FILTER (WHERE billing_interval = 'month'), 0) AS "mrr"
  FROM live
)
SELECT "annual", "mrr", "annual" + "mrr" * 12 AS "result"
FROM inputs;
