-- Metric: product-market-fit-score
-- Returns: veryDisappointed, respondents, result
-- Result: veryDisappointed / respondents * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 1 month, the first instant of the survey wave in UTC (2024-03-01)
-- Parameter: :period_end timestamp, the first instant after the wave (2024-04-01), left out
--
-- Product-market fit score (Sean Ellis's test): the respondents who would be very disappointed if
-- they could no longer use the product, as a percentage of the respondents who still use it
-- (catalog/metrics/product-market-fit-score.md). Who is asked decides the score: send the wave to
-- recently active users.
WITH answers AS (
  -- people surveyed who did not answer are left out
  SELECT respondent_id, answer,
    ROW_NUMBER() OVER (PARTITION BY respondent_id ORDER BY answered_at DESC) AS latest
  FROM survey_responses
  WHERE survey = 'pmf'
    AND answered_at IS NOT NULL
    AND answered_at >= :period_start AND answered_at < :period_end
),
respondents AS (
  -- one answer per respondent in the wave: their latest
  SELECT answer FROM answers WHERE latest = 1
),
inputs AS (
  SELECT
    COUNT(*) FILTER (WHERE answer = 'very_disappointed') AS "veryDisappointed",
    -- respondents still using it: "N/A, I no longer use it" is left out of the denominator
    COUNT(*) FILTER (WHERE answer <> 'no_longer_use') AS "respondents"
  FROM respondents
)
SELECT "veryDisappointed", "respondents",
  "veryDisappointed" * 100.0 / NULLIF("respondents", 0) AS "result"
FROM inputs;
