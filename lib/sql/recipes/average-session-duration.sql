-- Metric: average-session-duration
-- Returns: total, sessions, result
-- Result: total / sessions
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
-- Parameter: :timeout_minutes integer = 30, the minutes without an event that end a session (30, Google Analytics' default)
--
-- Average session duration: the summed length of the sessions that started in the period divided
-- by their number, in seconds; sessions end after a period of inactivity and run from their first
-- event to their last (catalog/metrics/average-session-duration.md).
WITH recent AS (
  -- an event less than :timeout_minutes before the period can continue into it, so the events
  -- are read from that early
  SELECT user_id, occurred_at,
    LAG(occurred_at) OVER (PARTITION BY user_id ORDER BY occurred_at) AS previous_at
  FROM events
  WHERE occurred_at >= :period_start - :timeout_minutes * INTERVAL '1 minute'
),
marked AS (
  -- a gap of :timeout_minutes or more since the person's previous event starts a new session
  SELECT user_id, occurred_at,
    CASE WHEN previous_at IS NULL
      OR occurred_at >= previous_at + :timeout_minutes * INTERVAL '1 minute' THEN 1 ELSE 0 END AS starts
  FROM recent
),
numbered AS (
  -- a session's number is the count of starts so far; events at the same instant share one
  SELECT user_id, occurred_at,
    SUM(starts) OVER (PARTITION BY user_id ORDER BY occurred_at
      RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS session_number
  FROM marked
),
sessions AS (
  -- a session lasts from its first event to its last, so a single-event session lasts 0 seconds
  -- (and counts, as a bounce does); it belongs to the period it starts in, even if it runs past it
  SELECT user_id, session_number, MIN(occurred_at) AS started_at, MAX(occurred_at) AS ended_at
  FROM numbered
  GROUP BY user_id, session_number
),
inputs AS (
  SELECT
    COALESCE(SUM(EXTRACT(EPOCH FROM ended_at - started_at)), 0) AS "total",
    COUNT(*) AS "sessions"
  FROM sessions
  WHERE started_at >= :period_start AND started_at < :period_end
)
SELECT "total", "sessions", "total" / NULLIF("sessions", 0) AS "result"
FROM inputs;
