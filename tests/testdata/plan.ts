/** The 44 metrics of the catalog plan: slug, name, abbreviation, tags, kind. */
export const PLAN_METRICS: {
  slug: string;
  name: string;
  abbreviation?: string;
  tags: string[];
  kind?: "composite";
}[] = [
  {
    slug: "customer-acquisition-cost",
    name: "Customer Acquisition Cost",
    abbreviation: "CAC",
    tags: ["acquisition", "revenue"],
  },
  {
    slug: "cac-payback-period",
    name: "CAC Payback Period",
    tags: ["acquisition", "revenue", "health"],
  },
  { slug: "conversion-rate", name: "Conversion Rate", abbreviation: "CVR", tags: ["acquisition"] },
  {
    slug: "return-on-ad-spend",
    name: "Return on Ad Spend",
    abbreviation: "ROAS",
    tags: ["acquisition", "revenue"],
  },
  { slug: "magic-number", name: "SaaS Magic Number", tags: ["acquisition", "revenue", "health"] },
  { slug: "activation-rate", name: "Activation Rate", tags: ["activation", "leading"] },
  {
    slug: "time-to-value",
    name: "Time to Value",
    abbreviation: "TTV",
    tags: ["activation", "leading"],
  },
  { slug: "onboarding-completion-rate", name: "Onboarding Completion Rate", tags: ["activation"] },
  {
    slug: "trial-to-paid-conversion-rate",
    name: "Trial-to-Paid Conversion Rate",
    tags: ["activation", "revenue"],
  },
  {
    slug: "free-to-paid-conversion-rate",
    name: "Free-to-Paid Conversion Rate",
    tags: ["activation", "revenue"],
  },
  {
    slug: "product-qualified-leads",
    name: "Product-Qualified Leads",
    abbreviation: "PQL",
    tags: ["activation", "revenue", "leading"],
  },
  {
    slug: "feature-adoption-rate",
    name: "Feature Adoption Rate",
    tags: ["activation", "retention"],
  },
  { slug: "churn-rate", name: "Customer Churn Rate", tags: ["retention", "health"] },
  {
    slug: "retention-rate",
    name: "Customer Retention Rate",
    abbreviation: "CRR",
    tags: ["retention"],
  },
  { slug: "n-day-retention", name: "N-Day Retention", tags: ["retention", "leading"] },
  {
    slug: "daily-active-users",
    name: "Daily Active Users",
    abbreviation: "DAU",
    tags: ["retention"],
  },
  {
    slug: "monthly-active-users",
    name: "Monthly Active Users",
    abbreviation: "MAU",
    tags: ["retention"],
  },
  {
    slug: "dau-mau-ratio",
    name: "DAU/MAU Ratio (Stickiness)",
    abbreviation: "DAU/MAU",
    tags: ["retention", "leading"],
  },
  { slug: "average-session-duration", name: "Average Session Duration", tags: ["retention"] },
  {
    slug: "power-user-curve",
    name: "Power User Curve",
    abbreviation: "L28",
    tags: ["retention", "leading"],
  },
  { slug: "resurrection-rate", name: "Resurrection Rate", tags: ["retention"] },
  {
    slug: "current-user-retention-rate",
    name: "Current User Retention Rate",
    abbreviation: "CURR",
    tags: ["retention", "leading"],
  },
  { slug: "quick-ratio", name: "Growth Quick Ratio", tags: ["retention", "health"] },
  {
    slug: "monthly-recurring-revenue",
    name: "Monthly Recurring Revenue",
    abbreviation: "MRR",
    tags: ["revenue"],
  },
  {
    slug: "annual-recurring-revenue",
    name: "Annual Recurring Revenue",
    abbreviation: "ARR",
    tags: ["revenue"],
  },
  {
    slug: "average-revenue-per-user",
    name: "Average Revenue per User",
    abbreviation: "ARPU",
    tags: ["revenue"],
  },
  {
    slug: "customer-lifetime-value",
    name: "Customer Lifetime Value",
    abbreviation: "LTV",
    tags: ["revenue", "retention"],
  },
  {
    slug: "ltv-cac-ratio",
    name: "LTV:CAC Ratio",
    abbreviation: "LTV:CAC",
    tags: ["revenue", "acquisition", "health"],
  },
  {
    slug: "net-revenue-retention",
    name: "Net Revenue Retention",
    abbreviation: "NRR",
    tags: ["retention", "revenue", "health"],
  },
  {
    slug: "gross-revenue-retention",
    name: "Gross Revenue Retention",
    abbreviation: "GRR",
    tags: ["retention", "revenue", "health"],
  },
  { slug: "revenue-churn-rate", name: "Revenue Churn Rate", tags: ["retention", "revenue"] },
  {
    slug: "expansion-revenue-rate",
    name: "Expansion Revenue Rate",
    tags: ["revenue", "retention"],
  },
  { slug: "gross-margin", name: "Gross Margin", tags: ["revenue", "health"] },
  { slug: "burn-multiple", name: "Burn Multiple", tags: ["health"] },
  { slug: "rule-of-40", name: "Rule of 40", tags: ["health", "revenue"] },
  {
    slug: "viral-coefficient",
    name: "Viral Coefficient",
    abbreviation: "K-factor",
    tags: ["referral", "acquisition"],
  },
  { slug: "referral-rate", name: "Referral Rate", tags: ["referral"] },
  {
    slug: "net-promoter-score",
    name: "Net Promoter Score",
    abbreviation: "NPS",
    tags: ["referral", "health"],
  },
  {
    slug: "customer-satisfaction-score",
    name: "Customer Satisfaction Score",
    abbreviation: "CSAT",
    tags: ["health"],
  },
  {
    slug: "customer-effort-score",
    name: "Customer Effort Score",
    abbreviation: "CES",
    tags: ["health"],
  },
  { slug: "task-success-rate", name: "Task Success Rate", tags: ["health"] },
  {
    slug: "product-market-fit-score",
    name: "Product-Market Fit Score",
    abbreviation: "PMF score",
    tags: ["leading", "health"],
  },
  {
    slug: "customer-health-score",
    name: "Customer Health Score",
    tags: ["health", "leading"],
    kind: "composite",
  },
  {
    slug: "product-engagement-score",
    name: "Product Engagement Score",
    abbreviation: "PES",
    tags: ["retention", "health"],
    kind: "composite",
  },
];

/** The 4 frameworks of the catalog plan, with their components and metric slugs in order. */
export const PLAN_FRAMEWORKS: {
  slug: string;
  name: string;
  components: { name: string; metricSlugs: string[] }[];
}[] = [
  {
    slug: "aarrr",
    name: "AARRR (Pirate Metrics)",
    components: [
      {
        name: "Acquisition",
        metricSlugs: [
          "customer-acquisition-cost",
          "conversion-rate",
          "return-on-ad-spend",
          "cac-payback-period",
          "magic-number",
        ],
      },
      {
        name: "Activation",
        metricSlugs: [
          "activation-rate",
          "time-to-value",
          "onboarding-completion-rate",
          "product-qualified-leads",
        ],
      },
      {
        name: "Retention",
        metricSlugs: ["churn-rate", "retention-rate", "n-day-retention", "dau-mau-ratio"],
      },
      {
        name: "Revenue",
        metricSlugs: [
          "monthly-recurring-revenue",
          "average-revenue-per-user",
          "customer-lifetime-value",
          "trial-to-paid-conversion-rate",
          "free-to-paid-conversion-rate",
          "net-revenue-retention",
        ],
      },
      {
        name: "Referral",
        metricSlugs: ["viral-coefficient", "referral-rate", "net-promoter-score"],
      },
    ],
  },
  {
    slug: "heart",
    name: "HEART Framework",
    components: [
      {
        name: "Happiness",
        metricSlugs: [
          "net-promoter-score",
          "customer-satisfaction-score",
          "customer-effort-score",
          "product-market-fit-score",
        ],
      },
      {
        name: "Engagement",
        metricSlugs: [
          "dau-mau-ratio",
          "average-session-duration",
          "power-user-curve",
          "product-engagement-score",
        ],
      },
      {
        name: "Adoption",
        metricSlugs: ["activation-rate", "feature-adoption-rate", "onboarding-completion-rate"],
      },
      { name: "Retention", metricSlugs: ["n-day-retention", "retention-rate", "churn-rate"] },
      { name: "Task success", metricSlugs: ["task-success-rate", "time-to-value"] },
    ],
  },
  {
    slug: "north-star",
    name: "North Star Framework",
    components: [
      { name: "North Star Metric", metricSlugs: [] },
      { name: "Breadth", metricSlugs: ["monthly-active-users", "daily-active-users"] },
      { name: "Depth", metricSlugs: ["feature-adoption-rate", "product-engagement-score"] },
      { name: "Frequency", metricSlugs: ["dau-mau-ratio", "power-user-curve"] },
      { name: "Efficiency", metricSlugs: ["time-to-value", "task-success-rate"] },
    ],
  },
  {
    slug: "growth-accounting",
    name: "Growth Accounting",
    components: [
      { name: "New", metricSlugs: ["activation-rate", "conversion-rate"] },
      {
        name: "Retained",
        metricSlugs: ["current-user-retention-rate", "retention-rate", "n-day-retention"],
      },
      { name: "Resurrected", metricSlugs: ["resurrection-rate"] },
      { name: "Churned", metricSlugs: ["churn-rate", "revenue-churn-rate"] },
      {
        name: "Expansion and contraction",
        metricSlugs: ["expansion-revenue-rate", "net-revenue-retention", "gross-revenue-retention"],
      },
      { name: "Quick ratio", metricSlugs: ["quick-ratio"] },
    ],
  },
];
