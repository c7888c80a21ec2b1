-- Metric: dau-mau-ratio
-- Returns: dau, mau, result
-- Result: dau / mau * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first day of the month, at midnight UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first day of the next month, at midnight UTC (2024-04-01), left out
--
-- DAU/MAU ratio (stickiness): the month's average daily active users as a percentage of its
-- monthly active users (catalog/metrics/dau-mau-ratio.md).
WITH user_days AS (
  -- DAU and MAU use the same definition of active: at least one event, counted in UTC days
  SELECT DISTINCT user_id, CAST(occurred_at AS DATE) AS day
  FROM events
  -- an event at exactly :period_end belongs to the next month
  WHERE occurred_at >= :period_start AND occurred_at < :period_end
),
inputs AS (
  SELECT
    -- average DAU: the daily counts added up over every calendar day of the month, not one day's
    -- count and not the best day
    COUNT(*) * 1.0 / NULLIF(CAST(:period_end AS DATE) - CAST(:period_start AS DATE), 0) AS "dau",
    -- MAU: distinct people active at least once in the same month
    COUNT(DISTINCT user_id) AS "mau"
  FROM user_days
)
SELECT "dau", "mau", "dau" * 100.0 / NULLIF("mau", 0) AS "result"
FROM inputs;
