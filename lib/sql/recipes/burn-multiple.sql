-- Metric: burn-multiple
-- Returns: burn, netNewArr, result
-- Result: burn / netNewArr
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 3 months, the first day of the period's first month in UTC (a quarter: 2024-04-01)
-- Parameter: :period_end timestamp, the first day of the month after the period (2024-07-01), left out
--
-- Burn multiple: net cash burned in the period for each dollar of net new ARR it added
-- (catalog/metrics/burn-multiple.md).
WITH burn AS (
  -- net burn: operating cash out minus cash in over the period's months; money raised from
  -- equity or debt is not cash in (the ledger's net_burn leaves financing out)
  SELECT COALESCE(SUM(net_burn), 0) AS burn
  FROM finance_months
  WHERE month >= :period_start AND month < :period_end
),
arr AS (
  -- ARR is MRR × 12 at the instants just before :period_start and :period_end; its change is new
  -- plus expansion ARR minus contraction and churned ARR (returning customers count as new),
  -- which is net new ARR, not gross new ARR
  SELECT
    12 * COALESCE(SUM(CASE WHEN valid_from < :period_start
      AND (valid_to IS NULL OR valid_to >= :period_start) THEN mrr END), 0) AS start_arr,
    12 * COALESCE(SUM(CASE WHEN valid_from < :period_end
      AND (valid_to IS NULL OR valid_to >= :period_end) THEN mrr END), 0) AS end_arr
  FROM subscription_states
),
inputs AS (
  SELECT (SELECT burn FROM burn) AS "burn", end_arr - start_arr AS "netNewArr"
  FROM arr
)
SELECT "burn", "netNewArr",
  -- undefined when net new ARR is zero or negative, or when the period generated cash: report
  -- burn and the ARR change themselves instead of a ratio that reads like a score
  CASE WHEN "burn" >= 0 AND "netNewArr" > 0 THEN "burn" / "netNewArr" END AS "result"
FROM inputs;
