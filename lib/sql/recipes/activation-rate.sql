-- Metric: activation-rate
-- Returns: activated, cohort, result
-- Result: activated / cohort * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :cohort_start timestamp = 1 month, the first instant of the signup cohort in UTC (a month: 2024-03-01)
-- Parameter: :cohort_end timestamp, the first instant after the signup cohort (2024-04-01), left out
-- Parameter: :activation_event text, the event that marks the activation milestone (created_project)
-- Parameter: :window_days integer = 7, the days after their own signup in which a user must reach it (7)
-- Parameter: :as_of timestamp, the instant the data is complete up to (now)
--
-- Activation rate: the users of a signup cohort who reached the activation milestone within N
-- days of their own signup, as a percentage of the cohort (catalog/metrics/activation-rate.md).
WITH cohort AS (
  -- the signup cohort: every user whose first signed_up falls in it, activated or not
  SELECT user_id, MIN(occurred_at) AS signed_up_at
  FROM events
  WHERE event_name = 'signed_up'
  GROUP BY user_id
  HAVING MIN(occurred_at) >= :cohort_start AND MIN(occurred_at) < :cohort_end
),
activated AS (
  -- activated: reached the milestone before their own signup plus :window_days days; later
  -- activators are left out, so old cohorts do not keep rising
  SELECT DISTINCT c.user_id
  FROM cohort AS c
  JOIN events AS e ON e.user_id = c.user_id
    AND e.event_name = :activation_event
    AND e.occurred_at >= c.signed_up_at
    AND e.occurred_at < c.signed_up_at + :window_days * INTERVAL '1 day'
),
inputs AS (
  SELECT COUNT(a.user_id) AS "activated", COUNT(*) AS "cohort"
  FROM cohort AS c
  LEFT JOIN activated AS a ON a.user_id = c.user_id
)
SELECT "activated", "cohort", "activated" * 100.0 / NULLIF("cohort", 0) AS "result"
FROM inputs
-- only a cohort whose window has closed for its last signup: a younger one is understated, so
-- it returns no row
WHERE :cohort_end + :window_days * INTERVAL '1 day' <= :as_of;
