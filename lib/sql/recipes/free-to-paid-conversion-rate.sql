-- Metric: free-to-paid-conversion-rate
-- Returns: paid, signups, result
-- Result: paid / signups * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :cohort_start timestamp = 1 month, the first instant of the signup cohort in UTC (a month: 2024-03-01)
-- Parameter: :cohort_end timestamp, the first instant after the signup cohort (2024-04-01), left out
-- Parameter: :window_days integer = 90, the days after its signup in which an account's first payment counts (90)
-- Parameter: :as_of timestamp, the instant the data is complete up to (now)
--
-- Free-to-paid conversion rate: the accounts of a signup cohort, all starting free (a free plan or
-- a trial), that became paying customers within N days of signup, as a percentage of the cohort
-- (catalog/metrics/free-to-paid-conversion-rate.md). The unit is the account: in a team product the
-- workspace upgrades, not the person.
WITH account_signups AS (
  -- an account signs up with the first signed_up of any of its people
  SELECT account_id, MIN(occurred_at) AS signed_up_at
  FROM events
  WHERE event_name = 'signed_up'
  GROUP BY account_id
),
cohort AS (
  SELECT account_id, signed_up_at FROM account_signups
  WHERE signed_up_at >= :cohort_start AND signed_up_at < :cohort_end
),
first_paid AS (
  -- an account becomes a paying customer at the start of its first state with MRR above 0;
  -- a trial pays 0, so starting a trial is not paying
  SELECT s.customer_id, MIN(st.valid_from) AS first_paid_at
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  WHERE st.mrr > 0
  GROUP BY s.customer_id
),
inputs AS (
  SELECT
    -- paid: first payment before signup plus :window_days days; those who pay later do not count
    COUNT(p.customer_id) FILTER (WHERE p.first_paid_at < c.signed_up_at + :window_days * INTERVAL '1 day') AS "paid",
    COUNT(*) AS "signups"
  FROM cohort AS c
  LEFT JOIN first_paid AS p ON p.customer_id = c.account_id
)
SELECT "paid", "signups", "paid" * 100.0 / NULLIF("signups", 0) AS "result"
FROM inputs
-- only a cohort whose window has closed for its last signup: a younger one returns no row
WHERE :cohort_end + :window_days * INTERVAL '1 day' <= :as_of;
