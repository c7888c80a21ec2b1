-- Metric: feature-adoption-rate
-- Returns: adopters, eligible, result
-- Result: adopters / eligible * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
-- Parameter: :feature_event text, the completed action that is a use of the feature (used_reports)
-- Parameter: :access_event text, the event logged when a person gets access to it, by plan, role or rollout (reports_enabled)
-- Parameter: :min_days integer = 1, the depth of use: on how many separate UTC days in the period (1 for at least once)
--
-- Feature adoption rate: the active users with access to a feature who used it at the defined
-- depth in the period, as a percentage of the active users with access
-- (catalog/metrics/feature-adoption-rate.md).
WITH active AS (
  -- active in the period: at least one event in it
  SELECT DISTINCT user_id
  FROM events
  WHERE occurred_at >= :period_start AND occurred_at < :period_end
),
eligible AS (
  -- eligible: active users who had access before the period ended; users without access are
  -- left out, so the denominator is not all active users
  SELECT a.user_id
  FROM active AS a
  WHERE EXISTS (
    SELECT 1 FROM events AS e
    WHERE e.user_id = a.user_id AND e.event_name = :access_event AND e.occurred_at < :period_end
  )
),
use_days AS (
  -- the depth of use: separate UTC days in the period with the completed action, not a click on
  -- its entry point
  SELECT user_id, COUNT(DISTINCT CAST(occurred_at AS DATE)) AS days
  FROM events
  WHERE event_name = :feature_event
    AND occurred_at >= :period_start AND occurred_at < :period_end
  GROUP BY user_id
),
inputs AS (
  SELECT
    COUNT(*) FILTER (WHERE u.days >= :min_days) AS "adopters",
    COUNT(*) AS "eligible"
  FROM eligible AS g
  LEFT JOIN use_days AS u ON u.user_id = g.user_id
)
SELECT "adopters", "eligible", "adopters" * 100.0 / NULLIF("eligible", 0) AS "result"
FROM inputs;
