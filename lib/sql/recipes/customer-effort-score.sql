-- Metric: customer-effort-score
-- Returns: agree, responses, result
-- Result: agree / responses * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the period in UTC (a month: 2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-04-01), left out
--
-- Customer Effort Score (CES 2.0): the responses of 5, 6 or 7 to "The company made it easy for me
-- to handle my issue" on the 1–7 agreement scale, as a percentage of all responses in the period
-- (catalog/metrics/customer-effort-score.md).
WITH inputs AS (
  SELECT
    -- agree: 5, 6 or 7 (higher is easier on this scale); a 4 is neutral and does not count
    COUNT(*) FILTER (WHERE score >= 5) AS "agree",
    -- every answer to the statement, one per response
    COUNT(*) AS "responses"
  FROM survey_responses
  WHERE survey = 'ces'
    -- surveys sent but not answered are left out
    AND answered_at IS NOT NULL
    AND answered_at >= :period_start AND answered_at < :period_end
)
SELECT "agree", "responses", "agree" * 100.0 / NULLIF("responses", 0) AS "result"
FROM inputs;
