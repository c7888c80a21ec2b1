-- Metric: monthly-active-users
-- Returns: newUsers, retained, resurrected, result
-- Result: newUsers + retained + resurrected
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first day of a calendar month, at midnight UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first day of the next month, at midnight UTC (2024-04-01), left out
--
-- Monthly active users for a calendar month, in growth accounting's three parts: new, retained
-- and resurrected users (catalog/metrics/monthly-active-users.md).
WITH people AS (
  -- a person is active in a month with at least one event there; every event counts as activity
  SELECT
    user_id,
    -- their first activity ever, to tell a new user from a returning one
    MIN(occurred_at) AS first_active_at,
    COUNT(*) FILTER (WHERE occurred_at >= :period_start AND occurred_at < :period_end) AS this_month,
    -- last month is the calendar month before :period_start
    COUNT(*) FILTER (WHERE occurred_at >= :period_start - INTERVAL '1 month'
      AND occurred_at < :period_start) AS last_month
  FROM events
  WHERE occurred_at < :period_end
  GROUP BY user_id
),
inputs AS (
  SELECT
    -- new: active this month for the first time ever
    COUNT(*) FILTER (WHERE this_month > 0 AND first_active_at >= :period_start) AS "newUsers",
    -- retained: active this month and last month
    COUNT(*) FILTER (WHERE this_month > 0 AND last_month > 0) AS "retained",
    -- resurrected: active this month, not last month, but at some earlier time; not new users
    COUNT(*) FILTER (WHERE this_month > 0 AND last_month = 0
      AND first_active_at < :period_start) AS "resurrected"
  FROM people
)
SELECT "newUsers", "retained", "resurrected", "newUsers" + "retained" + "resurrected" AS "result"
FROM inputs;
