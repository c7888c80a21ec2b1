/**
 * The search test set: how people actually phrase things, and the record they want. The search
 * tests hold the server's ranking to it, and the browser test holds the static export's search
 * page to the server's answers for each of these queries.
 *
 * @module
 */

/** How people actually phrase things, and the record they want. */
export const QUERIES: [query: string, slug: string][] = [
  // Abbreviations
  ["CAC", "customer-acquisition-cost"],
  ["NRR", "net-revenue-retention"],
  ["GRR", "gross-revenue-retention"],
  ["K-factor", "viral-coefficient"],
  ["DAU/MAU", "dau-mau-ratio"],
  ["LTV", "customer-lifetime-value"],
  ["LTV:CAC", "ltv-cac-ratio"],
  ["MRR", "monthly-recurring-revenue"],
  ["ARR", "annual-recurring-revenue"],
  ["ARPU", "average-revenue-per-user"],
  ["NPS", "net-promoter-score"],
  ["CSAT", "customer-satisfaction-score"],
  ["CES", "customer-effort-score"],
  ["PQL", "product-qualified-leads"],
  ["ROAS", "return-on-ad-spend"],
  ["TTV", "time-to-value"],
  ["CURR", "current-user-retention-rate"],
  ["PES", "product-engagement-score"],
  ["DAU", "daily-active-users"],
  ["MAU", "monthly-active-users"],
  // Synonyms
  ["net dollar retention", "net-revenue-retention"],
  ["logo churn", "churn-rate"],
  ["stickiness", "dau-mau-ratio"],
  ["virality", "viral-coefficient"],
  ["pirate metrics", "aarrr"],
  ["Sean Ellis test", "product-market-fit-score"],
  ["freemium conversion", "free-to-paid-conversion-rate"],
  ["reactivated users", "resurrection-rate"],
  ["L28 histogram", "power-user-curve"],
  ["gross dollar retention", "gross-revenue-retention"],
  ["one metric that matters", "north-star"],
  ["new retained resurrected churned", "growth-accounting"],
  // Plain-language questions
  ["how much does it cost to acquire a customer", "customer-acquisition-cost"],
  ["how long until we earn back acquisition spend", "cac-payback-period"],
  ["how many users come back the next day", "n-day-retention"],
  ["what percent of customers cancel each month", "churn-rate"],
  ["how likely are customers to recommend us", "net-promoter-score"],
  ["revenue we lose from downgrades and cancellations", "revenue-churn-rate"],
  ["growth rate plus profit margin", "rule-of-40"],
  ["how much cash we burn for each dollar of new ARR", "burn-multiple"],
  ["how many trial users become paying customers", "trial-to-paid-conversion-rate"],
  ["share of users who use a new feature", "feature-adoption-rate"],
  ["how easy was it to solve my problem", "customer-effort-score"],
  ["did users complete the task in the usability test", "task-success-rate"],
  ["Google framework for user experience metrics", "heart"],
  // Held out: never used to choose synonyms or boosts, so the hit rate is not fitted to them
  [
    "what share of revenue do we keep from existing customers including upsells",
    "net-revenue-retention",
  ],
  ["how many invites does each user send that turn into signups", "viral-coefficient"],
  ["average revenue per account", "average-revenue-per-user"],
  ["percentage of visitors who sign up", "conversion-rate"],
  ["how fast do new users reach their first success", "time-to-value"],
  ["customers we win back after they left", "resurrection-rate"],
  ["gross profit as a percent of revenue", "gross-margin"],
  ["how many users finish the setup checklist", "onboarding-completion-rate"],
  ["users who would be very disappointed without the product", "product-market-fit-score"],
  ["at risk accounts score for customer success", "customer-health-score"],
  ["revenue from upgrades and seat expansion", "expansion-revenue-rate"],
  ["how efficiently sales spend turns into new revenue", "magic-number"],
  ["users active every day", "daily-active-users"],
  ["how long people stay in the app each visit", "average-session-duration"],
  ["new plus resurrected divided by churned", "quick-ratio"],
  ["how many customers refer a friend", "referral-rate"],
  ["happiness engagement adoption retention task success", "heart"],
  ["Dave McClure startup metrics", "aarrr"],
  ["single metric that captures customer value", "north-star"],
  ["free trial conversion rate", "trial-to-paid-conversion-rate"],
  // Typos
  ["retension rate", "retention-rate"],
  ["chrun rate", "churn-rate"],
  ["lifetime vlaue", "customer-lifetime-value"],
  ["north star metirc", "north-star"],
  ["onbording completion", "onboarding-completion-rate"],
  // One word with a slip, and a tag
  ["chrun", "churn-rate"],
  ["retnetion", "retention-rate"],
  ["activaton", "activation-rate"],
  ["referral", "referral-rate"],
  // Issue 24: one word that names a record and also stands in passing in other records' prose
  ["activation", "activation-rate"],
  ["onboarding", "onboarding-completion-rate"],
];
