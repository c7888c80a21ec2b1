-- Metric: customer-satisfaction-score
-- Returns: satisfied, responses, result
-- Result: satisfied / responses * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
--
-- Customer Satisfaction Score: the responses rating 4 or 5 on the 1–5 satisfaction scale, as a
-- percentage of all responses in the period (catalog/metrics/customer-satisfaction-score.md).
WITH inputs AS (
  SELECT
    -- satisfied: 4 or 5; a 3 does not count
    COUNT(*) FILTER (WHERE score >= 4) AS "satisfied",
    -- every rating received, one per response (a customer who answers two surveys counts twice)
    COUNT(*) AS "responses"
  FROM survey_responses
  WHERE survey = 'csat'
    -- surveys sent but not answered are left out
    AND answered_at IS NOT NULL
    AND answered_at >= :period_start AND answered_at < :period_end
)
SELECT "satisfied", "responses", "satisfied" * 100.0 / NULLIF("responses", 0) AS "result"
FROM inputs;
