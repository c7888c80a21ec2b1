-- Metric: resurrection-rate
-- Returns: resurrected, dormant, result
-- Result: resurrected / dormant * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first day of a calendar month, at midnight UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first day of the next month, at midnight UTC (2024-04-01), left out
-- Parameter: :lookback_months integer = 6, how many months before last month a dormant user's earlier activity may lie (6)
--
-- Resurrection rate: the dormant users at the start of the month who are active again in it, as
-- a percentage of the dormant users (catalog/metrics/resurrection-rate.md).
WITH people AS (
  -- a person is active in a month with at least one event there; every event counts as activity,
  -- so notification taps and email clicks must stay out of the events table
  SELECT
    user_id,
    COUNT(*) FILTER (WHERE occurred_at >= :period_start AND occurred_at < :period_end) AS this_month,
    -- last month is the calendar month before :period_start
    COUNT(*) FILTER (WHERE occurred_at >= :period_start - INTERVAL '1 month'
      AND occurred_at < :period_start) AS last_month,
    -- the fixed lookback window: the :lookback_months months before last month
    COUNT(*) FILTER (WHERE occurred_at >= :period_start - (:lookback_months + 1) * INTERVAL '1 month'
      AND occurred_at < :period_start - INTERVAL '1 month') AS earlier
  FROM events
  WHERE occurred_at >= :period_start - (:lookback_months + 1) * INTERVAL '1 month'
    AND occurred_at < :period_end
  GROUP BY user_id
),
inputs AS (
  SELECT
    -- resurrected: dormant at the start and active this month; the same lookback bounds both, so
    -- every resurrected user was in the dormant pool, and new users are in neither
    COUNT(*) FILTER (WHERE earlier > 0 AND last_month = 0 AND this_month > 0) AS "resurrected",
    -- dormant: active in the lookback window but not last month; not all active users
    COUNT(*) FILTER (WHERE earlier > 0 AND last_month = 0) AS "dormant"
  FROM people
)
SELECT "resurrected", "dormant", "resurrected" * 100.0 / NULLIF("dormant", 0) AS "result"
FROM inputs;
