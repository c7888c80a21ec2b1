/**
 * Rules that span records: duplicate slugs, references that must point to a record of the
 * right kind, and series ids, each of which names one series in the catalog.
 *
 * @module
 */
import type { Catalog } from "./records.ts";

/** The slugs of every record file found, whether or not the record itself is valid. */
export interface KnownSlugs {
  metrics: Set<string>;
  frameworks: Set<string>;
}

/**
 * Lists every cross-record problem of a parsed catalog, one line each. References are checked
 * against every record file found, so one broken record does not make others report it missing.
 */
export function crossRecordProblems(
  catalog: Catalog,
  { known, label }: { known: KnownSlugs; label: string },
): string[] {
  const problems: string[] = [];
  const { metrics: metricSlugs, frameworks: frameworkSlugs } = known;
  const expect = (slug: string, kind: "metric" | "framework") => {
    const [own, other] = kind === "metric"
      ? [metricSlugs, frameworkSlugs]
      : [frameworkSlugs, metricSlugs];
    if (own.has(slug)) return undefined;
    if (other.has(slug)) return `"${slug}" is a ${kind === "metric" ? "framework" : "metric"}`;
    return `"${slug}" is no ${kind} in the catalog`;
  };

  for (const slug of metricSlugs) {
    if (frameworkSlugs.has(slug)) {
      problems.push(
        `${label}/frameworks/${slug}.md: slug: "${slug}" is already the slug of a metric`,
      );
    }
  }
  const seriesOwner = new Map<string, string>();
  for (const metric of catalog.metrics) {
    const path = `${label}/metrics/${metric.slug}.md`;
    for (const id of new Set((metric.figures ?? []).flatMap((figure) => figure.series ?? []))) {
      const owner = seriesOwner.get(id);
      if (owner === undefined) seriesOwner.set(id, metric.slug);
      else problems.push(`${path}: series "${id}": is already a series of ${owner}; name it anew`);
    }
    metric.relatedMetrics.forEach(({ slug }, index) => {
      const problem = slug === metric.slug
        ? "a metric cannot be related to itself"
        : expect(slug, "metric");
      if (problem) problems.push(`${path}: relatedMetrics[${index}].slug: ${problem}`);
    });
  }
  for (const framework of catalog.frameworks) {
    const path = `${label}/frameworks/${framework.slug}.md`;
    framework.components.forEach((component, index) => {
      component.metricSlugs.forEach((slug, position) => {
        const problem = expect(slug, "metric");
        if (problem) {
          problems.push(`${path}: components[${index}].metricSlugs[${position}]: ${problem}`);
        }
      });
    });
    framework.pairsWith.forEach(({ slug }, index) => {
      const problem = slug === framework.slug
        ? "a framework cannot pair with itself"
        : expect(slug, "framework");
      if (problem) problems.push(`${path}: pairsWith[${index}].slug: ${problem}`);
    });
  }
  for (const slug of catalog.synonyms.keys()) {
    if (!metricSlugs.has(slug) && !frameworkSlugs.has(slug)) {
      problems.push(`${label}/synonyms.yaml: ${slug}: "${slug}" is no record in the catalog`);
    }
  }
  return problems;
}
