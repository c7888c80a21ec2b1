-- Metric: current-user-retention-rate
-- Returns: returned, current, result
-- Result: returned / current * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :week_start timestamp, the first day of this week, at midnight UTC (a Monday: 2024-03-04)
--
-- Current user retention rate, Zynga's weekly form: the users active in each of the past two
-- weeks who are active again this week, as a percentage of them
-- (catalog/metrics/current-user-retention-rate.md).
WITH people AS (
  -- weeks are seven UTC days: this one starts at :week_start, the past two just before it; a
  -- person is active in a week with at least one event there (the core actions the events hold)
  SELECT
    user_id,
    COUNT(*) FILTER (WHERE occurred_at >= :week_start - INTERVAL '14 days'
      AND occurred_at < :week_start - INTERVAL '7 days') AS two_weeks_ago,
    COUNT(*) FILTER (WHERE occurred_at >= :week_start - INTERVAL '7 days'
      AND occurred_at < :week_start) AS last_week,
    COUNT(*) FILTER (WHERE occurred_at >= :week_start
      AND occurred_at < :week_start + INTERVAL '7 days') AS this_week
  FROM events
  WHERE occurred_at >= :week_start - INTERVAL '14 days'
    AND occurred_at < :week_start + INTERVAL '7 days'
  GROUP BY user_id
),
inputs AS (
  SELECT
    -- returned: current users active again this week
    COUNT(*) FILTER (WHERE two_weeks_ago > 0 AND last_week > 0 AND this_week > 0) AS "returned",
    -- current: active in each of the past two weeks, so users new, reactivated or resurrected
    -- last week are not yet current
    COUNT(*) FILTER (WHERE two_weeks_ago > 0 AND last_week > 0) AS "current"
  FROM people
)
SELECT "returned", "current", "returned" * 100.0 / NULLIF("current", 0) AS "result"
FROM inputs;
