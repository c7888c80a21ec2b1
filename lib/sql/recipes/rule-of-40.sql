-- Metric: rule-of-40
-- Returns: growth, margin, result
-- Result: growth + margin
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :year_start timestamp, the first day of the twelve months measured in UTC (2024-01-01)
--
-- Rule of 40: year-over-year revenue growth plus EBITDA margin for the same twelve months, in
-- percentage points (catalog/metrics/rule-of-40.md).
WITH ledger AS (
  SELECT
    SUM(revenue) FILTER (WHERE month >= :year_start
      AND month < :year_start + INTERVAL '12 months') AS revenue,
    -- the twelve months before, for year-over-year growth
    SUM(revenue) FILTER (WHERE month >= :year_start - INTERVAL '12 months'
      AND month < :year_start) AS prior_revenue,
    -- EBITDA, the default profit measure (Feld's); a loss is negative
    SUM(ebitda) FILTER (WHERE month >= :year_start
      AND month < :year_start + INTERVAL '12 months') AS ebitda
  FROM finance_months
),
inputs AS (
  SELECT
    -- growth over the full twelve months against the twelve before, not an annualized quarter
    (revenue - prior_revenue) * 100.0 / NULLIF(prior_revenue, 0) AS "growth",
    -- EBITDA margin of the same twelve months
    ebitda * 100.0 / NULLIF(revenue, 0) AS "margin"
  FROM ledger
)
SELECT "growth", "margin", "growth" + "margin" AS "result"
FROM inputs;
