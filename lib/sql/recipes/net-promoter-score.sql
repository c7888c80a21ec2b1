-- Metric: net-promoter-score
-- Returns: promoters, detractors, responses, result
-- Result: (promoters - detractors) / responses * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 3 months, the first instant of the survey period in UTC (a quarter: 2024-04-01)
-- Parameter: :period_end timestamp, the first instant after the survey period (2024-07-01), left out
--
-- Net Promoter Score: the percentage of respondents scoring 9 or 10 minus the percentage scoring
-- 0 to 6 on the 0–10 likelihood-to-recommend question, from -100 to +100
-- (catalog/metrics/net-promoter-score.md).
WITH answers AS (
  -- people surveyed who did not answer are left out
  SELECT respondent_id, score,
    ROW_NUMBER() OVER (PARTITION BY respondent_id ORDER BY answered_at DESC) AS latest
  FROM survey_responses
  WHERE survey = 'nps'
    AND answered_at IS NOT NULL
    AND answered_at >= :period_start AND answered_at < :period_end
),
respondents AS (
  -- the score counts respondents: someone who answered twice in the period counts once, with
  -- their latest answer
  SELECT score FROM answers WHERE latest = 1
),
inputs AS (
  SELECT
    -- promoters: 9 or 10
    COUNT(*) FILTER (WHERE score >= 9) AS "promoters",
    -- detractors: 0 to 6
    COUNT(*) FILTER (WHERE score <= 6) AS "detractors",
    -- all respondents, passives (7 or 8) included
    COUNT(*) AS "responses"
  FROM respondents
)
SELECT "promoters", "detractors", "responses",
  ("promoters" - "detractors") * 100.0 / NULLIF("responses", 0) AS "result"
FROM inputs;
