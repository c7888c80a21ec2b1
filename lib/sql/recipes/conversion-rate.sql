-- Metric: conversion-rate
-- Returns: conversions, visitors, result
-- Result: conversions / visitors * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
-- Parameter: :visit_event text, the event that makes someone a visitor of the step measured (viewed_pricing)
-- Parameter: :conversion_event text, the defined conversion action (started_trial)
--
-- Conversion rate, user-based: the visitors of a step in the period who completed the defined
-- conversion action in the same period, as a percentage of those visitors
-- (catalog/metrics/conversion-rate.md).
WITH visitors AS (
  -- visitors are people, each counted once however many visits (the unit is users, never mixed
  -- with sessions or clicks)
  SELECT DISTINCT user_id
  FROM events
  WHERE event_name = :visit_event
    AND occurred_at >= :period_start AND occurred_at < :period_end
),
converters AS (
  SELECT DISTINCT user_id
  FROM events
  WHERE event_name = :conversion_event
    AND occurred_at >= :period_start AND occurred_at < :period_end
),
inputs AS (
  SELECT
    -- conversions: visitors who also converted in the same period; someone who converted
    -- without visiting is not in the denominator, so not in the numerator either
    COUNT(c.user_id) AS "conversions",
    COUNT(*) AS "visitors"
  FROM visitors AS v
  LEFT JOIN converters AS c ON c.user_id = v.user_id
)
SELECT "conversions", "visitors", "conversions" * 100.0 / NULLIF("visitors", 0) AS "result"
FROM inputs;
