-- Metric: n-day-retention
-- Returns: active, cohort, result
-- Result: active / cohort * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :cohort_day timestamp, day 0, at midnight UTC (2024-03-01)
-- Parameter: :day_n integer = 1, the day after day 0 whose activity counts (1, 7, 30)
-- Parameter: :as_of timestamp, the instant the data is complete up to (now)
--
-- N-day retention: the users who signed up on day 0 and are active on exactly day N, as a
-- percentage of them (catalog/metrics/n-day-retention.md).
WITH cohort AS (
  -- the day-0 cohort: everyone whose first signed_up falls on day 0 (a UTC calendar day), active
  -- later or not
  SELECT user_id
  FROM events
  WHERE event_name = 'signed_up'
  GROUP BY user_id
  HAVING MIN(occurred_at) >= :cohort_day AND MIN(occurred_at) < :cohort_day + INTERVAL '1 day'
),
active AS (
  -- active on exactly day N: an event on that calendar day; not on any later day (that would be
  -- unbounded retention), and not users from other cohorts
  SELECT DISTINCT user_id
  FROM events
  WHERE occurred_at >= :cohort_day + :day_n * INTERVAL '1 day'
    AND occurred_at < :cohort_day + (:day_n + 1) * INTERVAL '1 day'
),
inputs AS (
  SELECT COUNT(a.user_id) AS "active", COUNT(*) AS "cohort"
  FROM cohort AS c
  LEFT JOIN active AS a ON a.user_id = c.user_id
)
SELECT "active", "cohort", "active" * 100.0 / NULLIF("cohort", 0) AS "result"
FROM inputs
-- a cohort that has not reached the end of day N by :as_of returns no row
WHERE :cohort_day + (:day_n + 1) * INTERVAL '1 day' <= :as_of;
