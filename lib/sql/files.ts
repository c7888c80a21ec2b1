/**
 * The recipe files as text, imported rather than read, so that every entry carries them: the
 * server, the CLI, the static export, the npm package's bundle and the single binary hold the same
 * bytes as `lib/sql/recipes/`. A recipe added to that folder is added here too
 * (`tests/sql/recipe_test.ts` fails until it is).
 *
 * @module
 */
import activationRate from "./recipes/activation-rate.sql" with { type: "text" };
import annualRecurringRevenue from "./recipes/annual-recurring-revenue.sql" with { type: "text" };
import averageRevenuePerUser from "./recipes/average-revenue-per-user.sql" with { type: "text" };
import averageSessionDuration from "./recipes/average-session-duration.sql" with { type: "text" };
import burnMultiple from "./recipes/burn-multiple.sql" with { type: "text" };
import cacPaybackPeriod from "./recipes/cac-payback-period.sql" with { type: "text" };
import churnRate from "./recipes/churn-rate.sql" with { type: "text" };
import conversionRate from "./recipes/conversion-rate.sql" with { type: "text" };
import currentUserRetentionRate from "./recipes/current-user-retention-rate.sql" with {
  type: "text",
};
import customerAcquisitionCost from "./recipes/customer-acquisition-cost.sql" with { type: "text" };
import customerEffortScore from "./recipes/customer-effort-score.sql" with { type: "text" };
import customerLifetimeValue from "./recipes/customer-lifetime-value.sql" with { type: "text" };
import customerSatisfactionScore from "./recipes/customer-satisfaction-score.sql" with {
  type: "text",
};
import dailyActiveUsers from "./recipes/daily-active-users.sql" with { type: "text" };
import dauMauRatio from "./recipes/dau-mau-ratio.sql" with { type: "text" };
import expansionRevenueRate from "./recipes/expansion-revenue-rate.sql" with { type: "text" };
import featureAdoptionRate from "./recipes/feature-adoption-rate.sql" with { type: "text" };
import freeToPaidConversionRate from "./recipes/free-to-paid-conversion-rate.sql" with {
  type: "text",
};
import grossMargin from "./recipes/gross-margin.sql" with { type: "text" };
import grossRevenueRetention from "./recipes/gross-revenue-retention.sql" with { type: "text" };
import ltvCacRatio from "./recipes/ltv-cac-ratio.sql" with { type: "text" };
import magicNumber from "./recipes/magic-number.sql" with { type: "text" };
import monthlyActiveUsers from "./recipes/monthly-active-users.sql" with { type: "text" };
import monthlyRecurringRevenue from "./recipes/monthly-recurring-revenue.sql" with { type: "text" };
import nDayRetention from "./recipes/n-day-retention.sql" with { type: "text" };
import netPromoterScore from "./recipes/net-promoter-score.sql" with { type: "text" };
import netRevenueRetention from "./recipes/net-revenue-retention.sql" with { type: "text" };
import onboardingCompletionRate from "./recipes/onboarding-completion-rate.sql" with {
  type: "text",
};
import productMarketFitScore from "./recipes/product-market-fit-score.sql" with { type: "text" };
import productQualifiedLeads from "./recipes/product-qualified-leads.sql" with { type: "text" };
import quickRatio from "./recipes/quick-ratio.sql" with { type: "text" };
import referralRate from "./recipes/referral-rate.sql" with { type: "text" };
import resurrectionRate from "./recipes/resurrection-rate.sql" with { type: "text" };
import retentionRate from "./recipes/retention-rate.sql" with { type: "text" };
import revenueChurnRate from "./recipes/revenue-churn-rate.sql" with { type: "text" };
import ruleOf40 from "./recipes/rule-of-40.sql" with { type: "text" };
import trialToPaidConversionRate from "./recipes/trial-to-paid-conversion-rate.sql" with {
  type: "text",
};
import viralCoefficient from "./recipes/viral-coefficient.sql" with { type: "text" };

/** Every recipe's text, by its metric's slug, in slug order. */
export const RECIPE_FILES: Readonly<Record<string, string>> = {
  "activation-rate": activationRate,
  "annual-recurring-revenue": annualRecurringRevenue,
  "average-revenue-per-user": averageRevenuePerUser,
  "average-session-duration": averageSessionDuration,
  "burn-multiple": burnMultiple,
  "cac-payback-period": cacPaybackPeriod,
  "churn-rate": churnRate,
  "conversion-rate": conversionRate,
  "current-user-retention-rate": currentUserRetentionRate,
  "customer-acquisition-cost": customerAcquisitionCost,
  "customer-effort-score": customerEffortScore,
  "customer-lifetime-value": customerLifetimeValue,
  "customer-satisfaction-score": customerSatisfactionScore,
  "daily-active-users": dailyActiveUsers,
  "dau-mau-ratio": dauMauRatio,
  "expansion-revenue-rate": expansionRevenueRate,
  "feature-adoption-rate": featureAdoptionRate,
  "free-to-paid-conversion-rate": freeToPaidConversionRate,
  "gross-margin": grossMargin,
  "gross-revenue-retention": grossRevenueRetention,
  "ltv-cac-ratio": ltvCacRatio,
  "magic-number": magicNumber,
  "monthly-active-users": monthlyActiveUsers,
  "monthly-recurring-revenue": monthlyRecurringRevenue,
  "n-day-retention": nDayRetention,
  "net-promoter-score": netPromoterScore,
  "net-revenue-retention": netRevenueRetention,
  "onboarding-completion-rate": onboardingCompletionRate,
  "product-market-fit-score": productMarketFitScore,
  "product-qualified-leads": productQualifiedLeads,
  "quick-ratio": quickRatio,
  "referral-rate": referralRate,
  "resurrection-rate": resurrectionRate,
  "retention-rate": retentionRate,
  "revenue-churn-rate": revenueChurnRate,
  "rule-of-40": ruleOf40,
  "trial-to-paid-conversion-rate": trialToPaidConversionRate,
  "viral-coefficient": viralCoefficient,
};
