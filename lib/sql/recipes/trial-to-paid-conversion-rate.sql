-- Metric: trial-to-paid-conversion-rate
-- Returns: converted, trials, result
-- Result: converted / trials * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :cohort_start timestamp = 1 month, the first instant of the cohort period in UTC (a month: 2024-03-01)
-- Parameter: :cohort_end timestamp, the first instant after the cohort period (2024-04-01), left out
-- Parameter: :grace_days integer = 7, the days after a trial's end in which a first payment still counts (7)
-- Parameter: :as_of timestamp, the instant the data is complete up to (now)
--
-- Trial-to-paid conversion rate: the trials started in the cohort period that became paying
-- subscriptions by the end of the trial plus a fixed grace window, as a percentage of the trials
-- started (catalog/metrics/trial-to-paid-conversion-rate.md).
WITH trials AS (
  -- trials started in the cohort period: every subscription with a trial, converted or not
  SELECT s.subscription_id, s.trial_ends_at
  FROM subscriptions AS s
  WHERE s.trial_ends_at IS NOT NULL
    AND s.started_at >= :cohort_start AND s.started_at < :cohort_end
),
first_payment AS (
  -- a trial converts when its subscription first has MRR above 0; a failing first charge keeps
  -- MRR at 0 (past_due), so a failed first charge is not a conversion until it is paid
  SELECT t.subscription_id, t.trial_ends_at, MIN(st.valid_from) AS paid_at
  FROM trials AS t
  LEFT JOIN subscription_states AS st ON st.subscription_id = t.subscription_id AND st.mrr > 0
  GROUP BY t.subscription_id, t.trial_ends_at
),
inputs AS (
  SELECT
    -- converted: paid before the trial's end plus :grace_days days; later payments do not count
    COUNT(*) FILTER (WHERE paid_at < trial_ends_at + :grace_days * INTERVAL '1 day') AS "converted",
    COUNT(*) AS "trials",
    -- when the last trial's grace window closes
    MAX(trial_ends_at) + :grace_days * INTERVAL '1 day' AS closes_at
  FROM first_payment
)
SELECT "converted", "trials", "converted" * 100.0 / NULLIF("trials", 0) AS "result"
FROM inputs
-- a cohort with a trial or grace window still open at :as_of returns no row: open trials are
-- neither converted nor lost
WHERE closes_at <= :as_of;
