-- Metric: referral-rate
-- Returns: referrers, customers, result
-- Result: referrers / customers * 100
-- Schema: version 1 of the Metrics Catalog's reference schema (lib/sql/schema.ts)
-- Licence: MIT, the licence of the catalog's code: copy, adapt and paste it freely
-- Parameter: :period_start timestamp = 3 months, the first instant of the period in UTC (a quarter: 2024-04-01)
-- Parameter: :period_end timestamp, the first instant after the period (2024-07-01), left out
--
-- Referral rate, the participation form: the customers active at the start of the period who
-- referred at least one person during it, as a percentage of those customers
-- (catalog/metrics/referral-rate.md).
WITH customers AS (
  -- active customers at the start: accounts whose subscriptions' states in force just before
  -- :period_start carry MRR; all of them, not only those enrolled in a referral program
  SELECT s.customer_id
  FROM subscriptions AS s
  JOIN subscription_states AS st ON st.subscription_id = s.subscription_id
  WHERE st.valid_from < :period_start
    AND (st.valid_to IS NULL OR st.valid_to >= :period_start)
  GROUP BY s.customer_id
  HAVING SUM(st.mrr) > 0
),
referrers AS (
  -- a customer referred when any of its people sent a referral in the period; each customer
  -- counts once however many referrals it sent
  SELECT DISTINCT account_id
  FROM events
  WHERE event_name = 'referral_sent'
    AND occurred_at >= :period_start AND occurred_at < :period_end
),
inputs AS (
  SELECT
    COUNT(r.account_id) AS "referrers",
    COUNT(*) AS "customers"
  FROM customers AS c
  LEFT JOIN referrers AS r ON r.account_id = c.customer_id
)
SELECT "referrers", "customers", "referrers" * 100.0 / NULLIF("customers", 0) AS "result"
FROM inputs;
