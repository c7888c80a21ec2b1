/**
 * The search page's script, for the static export, where no server answers `/search?q=`. Without
 * a query or a tag in the address it does nothing, and the page stays the full list; with one it
 * loads the results script (`search_results.ts`) and, for a query, the search documents
 * (`/assets/search-index.json`) at once, and hands them over. Kept small, so that the full list
 * costs the reader no more than this. Bundled into `lib/web/pages/_browser_scripts.ts` by
 * `deno task scripts`.
 *
 * @module
 */
import type { SearchDocuments } from "../../read/search.ts";
import { SEARCH_INDEX_PATH, SEARCH_RESULTS_SCRIPT_PATH } from "../paths.ts";

const { location } = globalThis as unknown as { location: { search: string } };

const params = new URLSearchParams(location.search);
const query = (params.get("q") ?? "").trim();
if (query !== "" || (params.get("tag") ?? "").trim() !== "") {
  const documents = query === "" ? undefined : fetch(SEARCH_INDEX_PATH).then((response) => {
    if (!response.ok) throw new Error(`${SEARCH_INDEX_PATH} answered ${response.status}`);
    return response.json() as Promise<SearchDocuments>;
  });
  const results: Promise<typeof import("./search_results.ts")> = import(
    SEARCH_RESULTS_SCRIPT_PATH
  );
  results.then(({ showSearch }) => showSearch(params, documents));
}
