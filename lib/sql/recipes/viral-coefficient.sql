-- Metric: viral-coefficient
-- Returns: invites, conversion, result
-- Result: invites * conversion / 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :cohort_start timestamp = 1 month, the first instant of the signup cohort in UTC (a month: 2024-03-01)
-- Parameter: :cohort_end timestamp, the first instant after the signup cohort (2024-04-01), left out
-- Parameter: :window_days integer = 30, the days after each user's own signup that the cycle covers (30)
-- Parameter: :as_of timestamp, the instant the data is complete up to (now)
--
-- Viral coefficient (K-factor): invites the signup cohort sent per user in the window, times the
-- share of those invites that brought in a new user within the same window
-- (catalog/metrics/viral-coefficient.md).
WITH cohort AS (
  -- the signup cohort: every user whose first signed_up falls in it
  SELECT user_id, MIN(occurred_at) AS signed_up_at
  FROM events
  WHERE event_name = 'signed_up'
  GROUP BY user_id
  HAVING MIN(occurred_at) >= :cohort_start AND MIN(occurred_at) < :cohort_end
),
invites AS (
  -- invites the cohort sent within :window_days days of each sender's signup; invite_sent holds
  -- only invitations people chose to send, not automatic contact imports
  SELECT e.object_id AS invite_id, c.signed_up_at
  FROM cohort AS c
  JOIN events AS e ON e.user_id = c.user_id
    AND e.event_name = 'invite_sent'
    AND e.occurred_at >= c.signed_up_at
    AND e.occurred_at < c.signed_up_at + :window_days * INTERVAL '1 day'
),
joined AS (
  -- an invite converts when someone signs up with it (its identifier on their signed_up) within
  -- the same window, the sender's :window_days days; each invite counts once
  SELECT DISTINCT i.invite_id
  FROM invites AS i
  JOIN events AS e ON e.event_name = 'signed_up'
    AND e.object_id = i.invite_id
    AND e.occurred_at < i.signed_up_at + :window_days * INTERVAL '1 day'
),
inputs AS (
  SELECT
    -- invites per new user: all the cohort's invites over everyone in the cohort, inviters or not
    (SELECT COUNT(*) FROM invites) * 1.0 / NULLIF((SELECT COUNT(*) FROM cohort), 0) AS "invites",
    -- invite conversion rate, in percent of the invites sent
    (SELECT COUNT(*) FROM joined) * 100.0 / NULLIF((SELECT COUNT(*) FROM invites), 0) AS "conversion"
)
SELECT "invites", "conversion", "invites" * "conversion" / 100 AS "result"
FROM inputs
-- only a cohort whose window has closed for its last signup returns a row
WHERE :cohort_end + :window_days * INTERVAL '1 day' <= :as_of;
