-- Metric: gross-margin
-- Returns: revenue, cost, result
-- Result: (revenue - cost) / revenue * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 12 months, the first day of the period's first month in UTC (2024-01-01)
-- Parameter: :period_end timestamp, the first day of the month after the period (2025-01-01), left out
--
-- Gross margin: revenue less the cost of delivering it, as a percentage of revenue
-- (catalog/metrics/gross-margin.md).
WITH inputs AS (
  SELECT
    -- revenue recognized in the period's months: every line, so this is total gross margin
    COALESCE(SUM(revenue), 0) AS "revenue",
    -- cost of revenue of the same months: hosting, third-party services, support, payment
    -- processing; sales, marketing and R&D are not in it
    COALESCE(SUM(cost_of_revenue), 0) AS "cost"
  FROM finance_months
  -- the ledger is by whole months: a month counts when its first day is in the period
  WHERE month >= :period_start AND month < :period_end
)
SELECT "revenue", "cost", ("revenue" - "cost") * 100.0 / NULLIF("revenue", 0) AS "result"
FROM inputs;
