/**
 * The commands, in the order the tool's help lists them: a new one is a class beside this module.
 *
 * @module
 */
import type { Command } from "../command.ts";
import { BenchmarksCommand } from "./benchmarks.ts";
import { CalcCommand } from "./calc.ts";
import { CompareCommand } from "./compare.ts";
import { FrameworkCommand } from "./framework.ts";
import { FrameworksCommand } from "./frameworks.ts";
import { ListCommand } from "./list.ts";
import { McpCommand } from "./mcp.ts";
import { ReportCommand } from "./report.ts";
import { SearchCommand } from "./search.ts";
import { ServeCommand } from "./serve.ts";
import { ShowCommand } from "./show.ts";
import { SqlCommand } from "./sql.ts";
import { ValidateCommand } from "./validate.ts";

/** Every command, in the order the tool's help lists them. */
export const COMMANDS: readonly Command[] = [
  new ListCommand(),
  new ShowCommand(),
  new SearchCommand(),
  new BenchmarksCommand(),
  new CompareCommand(),
  new CalcCommand(),
  new ReportCommand(),
  new FrameworksCommand(),
  new FrameworkCommand(),
  new SqlCommand(),
  new ValidateCommand(),
  new ServeCommand(),
  new McpCommand(),
];
