-- Metric: onboarding-completion-rate
-- Returns: completed, started, result
-- Result: completed / started * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
-- Parameter: :window_days integer = 14, the days after starting the flow in which finishing it counts (14)
-- Parameter: :as_of timestamp, the instant the data is complete up to (now)
--
-- Onboarding completion rate, on a started basis: the users who started the onboarding flow in
-- the period and finished every required step within the window, as a percentage of those who
-- started it (catalog/metrics/onboarding-completion-rate.md).
WITH started AS (
  -- started: a user's first onboarding_started falls in the period
  SELECT user_id, MIN(occurred_at) AS started_at
  FROM events
  WHERE event_name = 'onboarding_started'
  GROUP BY user_id
  HAVING MIN(occurred_at) >= :period_start AND MIN(occurred_at) < :period_end
),
completed AS (
  -- completed: onboarding_completed, which the flow logs when its last required step is done
  -- (optional steps do not log it, and an exit on the last step is another event), before the
  -- start plus :window_days days
  SELECT DISTINCT s.user_id
  FROM started AS s
  JOIN events AS e ON e.user_id = s.user_id
    AND e.event_name = 'onboarding_completed'
    AND e.occurred_at >= s.started_at
    AND e.occurred_at < s.started_at + :window_days * INTERVAL '1 day'
),
inputs AS (
  SELECT COUNT(c.user_id) AS "completed", COUNT(*) AS "started"
  FROM started AS s
  LEFT JOIN completed AS c ON c.user_id = s.user_id
)
SELECT "completed", "started", "completed" * 100.0 / NULLIF("started", 0) AS "result"
FROM inputs
-- only once the window has closed for the last user who started: completion at any time would
-- keep rising, so a younger period returns no row
WHERE :period_end + :window_days * INTERVAL '1 day' <= :as_of;
