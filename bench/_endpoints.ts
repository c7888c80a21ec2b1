/**
 * Every address the running server answers with 200: the API, the llms files, the data set, the
 * pages its sitemap lists, and the "where do you stand" answer with a value that changes on every
 * request (`{random}`, filled in by soak.lua). The soak and the shutdown check load all of them.
 *
 * @module
 */
import { rawRequest } from "../tests/_raw_http.ts";

const FIXED = [
  "/api/metrics",
  "/api/frameworks",
  "/api/openapi.json",
  "/llms.txt",
  "/llms-full.txt",
];
const OPTIONAL = [
  "/",
  "/sitemap.xml",
  "/search?q=churn",
  "/benchmarks.csv",
  "/benchmarks.json",
  "/datapackage.json",
  "/metrics/churn-rate/compare?value=3&model=b2b",
];

/** The answer pages with a new value each request (soak.lua fills in `{random}`). */
const RANDOM_COMPARE = "/metrics/churn-rate/compare?value={random}&model=b2b&arpa=200";
const RANDOM_CALC = "/metrics/customer-acquisition-cost/calc?spend={random}&customers=40";

/** The paths of the server on `port` that answer 200; throws if a listed one does not. */
export async function discoverPaths(port: number): Promise<string[]> {
  const paths = [...FIXED];
  for (const collection of ["metrics", "frameworks"]) {
    const list: unknown = JSON.parse(
      new TextDecoder().decode(
        (await rawRequest(`http://127.0.0.1:${port}`, `/api/${collection}`)).body,
      ),
    );
    if (!Array.isArray(list)) throw new Error(`/api/${collection} is not a list`);
    for (const record of list) {
      const slug: unknown = typeof record === "object" && record !== null
        ? Reflect.get(record, "slug")
        : undefined;
      if (typeof slug !== "string") throw new Error(`/api/${collection} has a record without slug`);
      paths.push(`/api/${collection}/${slug}`);
    }
  }
  for (const path of OPTIONAL) {
    const status = await rawRequest(`http://127.0.0.1:${port}`, path).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) paths.push(path);
  }
  if (paths.includes("/metrics/churn-rate/compare?value=3&model=b2b")) {
    paths.push(RANDOM_COMPARE, RANDOM_CALC);
  }
  if (paths.includes("/sitemap.xml")) {
    const xml = new TextDecoder().decode(
      (await rawRequest(`http://127.0.0.1:${port}`, "/sitemap.xml")).body,
    );
    for (const [, loc = ""] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      if (URL.canParse(loc)) paths.push(new URL(loc).pathname);
    }
  }
  const unique = [...new Set(paths)];
  for (const path of unique) {
    const { status } = await rawRequest(`http://127.0.0.1:${port}`, path.replace("{random}", "3"));
    if (status !== 200) throw new Error(`${path} answers ${status}, not 200`);
  }
  return unique;
}
