-- Metric: magic-number
-- Returns: revenue, priorRevenue, spend, result
-- Result: (revenue - priorRevenue) * 4 / spend
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :quarter_start timestamp, the first day of the quarter measured in UTC (2024-04-01)
--
-- SaaS magic number: the quarter's revenue growth, annualized, over the prior quarter's sales and
-- marketing expense (catalog/metrics/magic-number.md).
WITH inputs AS (
  SELECT
    -- revenue of the quarter measured: its three months, not annualized
    COALESCE(SUM(revenue) FILTER (WHERE month >= :quarter_start
      AND month < :quarter_start + INTERVAL '3 months'), 0) AS "revenue",
    -- revenue of the quarter before, on the same basis
    COALESCE(SUM(revenue) FILTER (WHERE month >= :quarter_start - INTERVAL '3 months'
      AND month < :quarter_start), 0) AS "priorRevenue",
    -- sales and marketing of the prior quarter, fully loaded, not of the quarter measured
    COALESCE(SUM(sales_marketing_spend) FILTER (WHERE month >= :quarter_start - INTERVAL '3 months'
      AND month < :quarter_start), 0) AS "spend"
  FROM finance_months
)
SELECT "revenue", "priorRevenue", "spend",
  ("revenue" - "priorRevenue") * 4 / NULLIF("spend", 0) AS "result"
FROM inputs;
