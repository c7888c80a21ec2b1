/**
 * `search`: ranked search over metrics and frameworks, each hit with the passage its words
 * match in, or the API's hits. The search index loads only for it.
 *
 * @module
 */
import { displayName } from "../../catalog/records.ts";
import { Problem } from "../../problem.ts";
import type { SearchHit, Snippet } from "../../read/search.ts";
import { type CliIo, type Command, knownTag, parse } from "../command.ts";
import { paint, type TextStyle, wrap } from "../output.ts";

/** The `search` command. */
export class SearchCommand implements Command {
  readonly name = "search";
  readonly usage = "search <query> [--limit N] [--tag TAG] [--json]";
  readonly summary =
    "Ranked search over metrics and frameworks, optionally only metrics with a tag";
  readonly options = { limit: "string", tag: "string", json: "boolean" } as const;

  arity() {
    return ({ min: 1, max: Infinity, says: "needs a query" });
  }

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { positionals, text, model, style, answer } = context;
    const limitText = text("limit") ?? "10";
    if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1) {
      throw new Problem(
        `--limit "${limitText.slice(0, 20)}" must be a whole number from 1 to 999`,
        { exitCode: 2, usage: "search" },
      );
    }
    const tag = knownTag(text("tag"));
    const read = await model();
    const results = (await read.search()).results(positionals.join(" "), {
      limit: Number(limitText),
      tag,
    });
    const hits = results.map((result) => result.hit);
    answer(hits, () => formatHits(hits, results.map((result) => result.snippet), style));
  }
}

/** Search hits, best first, each with the passage where the query's words match. */
function formatHits(
  hits: readonly SearchHit[],
  snippets: readonly (Snippet | undefined)[],
  style: TextStyle,
): string {
  if (hits.length === 0) return "No matches.\n";
  const numberWidth = String(hits.length).length + 2;
  const indent = " ".repeat(numberWidth);
  return hits.map((hit, index) => {
    const name = displayName(hit);
    const number = `${index + 1}.`.padEnd(numberWidth);
    const snippet = snippets[index];
    const summary = wrap(hit.summary, { width: style.width, indent });
    const passage = snippet && !snippet.summary
      ? `\n${wrap(`“${snippet.text}”`, { width: style.width, indent })}`
      : "";
    return `${number}${paint(name, { style, format: "bold" })}  ${
      paint(`${hit.slug} · ${hit.type}`, { style, format: "dim" })
    }\n${snippet?.summary ? emphasise(summary, snippet.words, style) : summary}${
      snippet ? emphasise(passage, snippet.words, style) : ""
    }`;
  }).join("\n") + "\n";
}

/** Wrapped text with the matched words in bold (wrapping first, so colour codes take no room). */
function emphasise(text: string, words: readonly string[], style: TextStyle): string {
  if (!style.color || words.length === 0) return text;
  const wanted = new Set(words);
  return text.replace(
    /[\p{L}\p{N}]+/gu,
    (word) => wanted.has(word) ? paint(word, { style, format: "bold" }) : word,
  );
}
