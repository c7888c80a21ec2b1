-- Metric: daily-active-users
-- Returns: userDays, days, result
-- Result: userDays / days
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first day of the period, at midnight UTC (2024-03-01)
-- Parameter: :period_end timestamp, the day after the period, at midnight UTC (2024-04-01), left out
--
-- Average daily active users over a period: the daily counts of distinct active people added up,
-- divided by the days in the period (catalog/metrics/daily-active-users.md).
WITH user_days AS (
  -- a person is active on a day with at least one event; every event counts as activity (the
  -- events table holds qualifying actions only), and one person counts once a day
  -- days are calendar days in UTC, the one reporting time zone
  SELECT DISTINCT user_id, CAST(occurred_at AS DATE) AS day
  FROM events
  -- an event at exactly :period_end belongs to the next period
  WHERE occurred_at >= :period_start AND occurred_at < :period_end
),
inputs AS (
  SELECT
    COUNT(*) AS "userDays",
    -- every calendar day of the period counts, weekends and days without activity included
    CAST(:period_end AS DATE) - CAST(:period_start AS DATE) AS "days"
  FROM user_days
)
SELECT "userDays", "days", "userDays" * 1.0 / NULLIF("days", 0) AS "result"
FROM inputs;
