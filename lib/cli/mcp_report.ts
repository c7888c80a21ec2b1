/**
 * The MCP tool `report_from_data`, offered over stdio only: the scorecard of a folder of the
 * user's own tables, the folder inside one of the roots the client declared (MCP `roots`). Any
 * other path is refused in one sentence. Its text is a summary within the tools' text budget; the
 * whole scorecard is its structured content. Over HTTP (`/mcp`) and in the static export there is
 * no such tool: a server reads no one's files.
 *
 * @module
 */
import { realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { TEXT_BUDGET, type ToolResult } from "../agents/mcp_tools.ts";
import { Problem } from "../problem.ts";
import type { ReadModel } from "../read/model.ts";
import { checkSegment, type Scorecard, scorecardJson } from "../read/scorecard.ts";
import type { CliIo } from "./command.ts";
import { scorecardFromData } from "./from_data.ts";

/** The tool's name. */
export const REPORT_TOOL = "report_from_data";

/** Registers the tool on a server over stdio, which asks its client for the roots. */
export function registerReportTool(
  server: McpServer,
  { model, importPackage }: { model: ReadModel; importPackage: CliIo["importPackage"] },
): void {
  server.registerTool(REPORT_TOOL, {
    title: "Your scorecard",
    description: "Every metric a folder of your tables gives, placed against the cited figures.",
    inputSchema: {
      folder: z.string().describe("A folder inside a root"),
      segment: z.record(z.string(), z.string()).optional().describe('e.g. {"model": "b2b"}'),
      parameters: z.record(z.string(), z.string()).optional()
        .describe('e.g. {"period-start": "2024-03-01"}'),
    },
    outputSchema: z.looseObject({}),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, async ({ folder, segment = {}, parameters = {} }: {
    folder: string;
    segment?: Record<string, string>;
    parameters?: Record<string, string>;
  }): Promise<ToolResult> => {
    try {
      for (const [key, value] of Object.entries({ folder, ...segment, ...parameters })) {
        if (key.length > 40 || value.length > (key === "folder" ? 4096 : 100)) {
          throw new Problem(
            `"${key.slice(0, 40)}" is too long: a key of 40, a value of 100 at most`,
          );
        }
      }
      const roots = await rootsOf(server);
      const inside = await insideRoots(folder, roots);
      const checked = checkSegment(segment, {
        metrics: model.metrics(),
        vocabulary: model.vocabulary(),
      });
      const scorecard = await scorecardFromData(inside, {
        options: parameters,
        segment: checked,
        read: model,
        importPackage,
      });
      return {
        content: [{ type: "text", text: summaryText(scorecard) }],
        structuredContent: scorecardJson(scorecard),
      };
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      return { content: [{ type: "text", text: error.message }], isError: true };
    }
  });
}

/** The folders of the roots the client declared; a client with none is told so. */
async function rootsOf(server: McpServer): Promise<string[]> {
  if (server.server.getClientCapabilities()?.roots === undefined) {
    throw new Problem(
      `${REPORT_TOOL} reads folders inside the roots a client declares, and this client ` +
        "declares none: add the folder as a root in the client's settings",
    );
  }
  const { roots }: { roots: { uri: string }[] } = await server.server.listRoots();
  const folders = roots.flatMap((root) =>
    root.uri.startsWith("file:") ? [fileURLToPath(root.uri)] : []
  );
  if (folders.length === 0) {
    throw new Problem(`The client declares no folder as a root; ${REPORT_TOOL} reads only those`);
  }
  return folders;
}

/**
 * The folder, its links followed, when it lies inside one of the roots (their links followed
 * too); otherwise a one-line refusal that names the roots.
 */
async function insideRoots(folder: string, roots: readonly string[]): Promise<string> {
  const [first = "/"] = roots;
  const given = folder.startsWith("file:") ? fileURLToPath(folder) : resolve(first, folder);
  let real: string;
  try {
    real = await realpath(given);
  } catch {
    throw new Problem(`"${folder.slice(0, 200)}": no such folder`);
  }
  for (const root of roots) {
    const base = await realpath(root).catch(() => undefined);
    if (base === undefined) continue;
    const path = relative(base, real);
    if (path === "" || (!path.startsWith("..") && !isAbsolute(path))) {
      if (!(await stat(real)).isDirectory()) {
        throw new Problem(`"${folder.slice(0, 200)}" is not a folder`);
      }
      return real;
    }
  }
  throw new Problem(
    `"${folder.slice(0, 200)}" is outside the roots this client declared (${
      roots.join(", ")
    }): give a folder inside one of them`,
  );
}

/**
 * The scorecard in words, within the text budget: the counts, then a line per metric (its value
 * and lead) until the budget is spent, then what is missing; the rest is in structured content.
 */
function summaryText(scorecard: Scorecard): string {
  const { data } = scorecard;
  const lines = [
    `Scorecard from ${data.folder}: ${data.computed} of ${data.of} metrics computed; ` +
    `${data.better} better and ${data.worse} worse than most of their medians and averages.`,
    ...(data.attention.length > 0
      ? [`Most in need of attention: ${data.attention.join(", ")}.`]
      : []),
    "",
  ];
  const missing = scorecard.missing.map((item) =>
    `Not computed: ${item.slug}: ${item.problem ?? `needs ${item.needs.join("; ")}`}`
  );
  const more = "(The whole scorecard, with every figure placed and each citation, is in the " +
    "structured content.)";
  const size = (parts: readonly string[]) => new TextEncoder().encode(parts.join("\n")).length;
  for (const entry of scorecard.metrics) {
    const per = entry.per ? ` ${/^\d/.test(entry.per) ? "over" : "a"} ${entry.per}` : "";
    const line = `${entry.name} (${entry.slug}): ${entry.written}${per}. ${entry.lead ?? ""}`
      .trim();
    if (size([...lines, line, ...missing, more]) > TEXT_BUDGET) break;
    lines.push(line);
  }
  const text = [...lines, "", ...missing, more];
  return size(text) > TEXT_BUDGET ? [...lines, "", more].join("\n") : text.join("\n");
}
