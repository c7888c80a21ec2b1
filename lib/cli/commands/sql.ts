/**
 * `sql`: a metric's SQL recipe as its file is (or ClickHouse's rewriting of it), or with
 * `--schema` the DDL of the reference schema it reads, in the dialect asked for.
 *
 * @module
 */
import { Problem } from "../../problem.ts";
import { findRecipe } from "../../read/recipes.ts";
import { type Dialect, DIALECTS } from "../../sql/dialect.ts";
import { recipeText } from "../../sql/recipe.ts";
import { ddl } from "../../sql/schema.ts";
import { type CliIo, type Command, parse, type Parsed, sayAlias, TOOL } from "../command.ts";

/** The `sql` command. */
export class SqlCommand implements Command {
  readonly name = "sql";
  readonly usage = "sql <slug or name> | --schema [--dialect postgres|duckdb|clickhouse]";
  readonly listed = "sql <slug or name> | --schema";
  readonly summary =
    "Print a metric's SQL recipe, which computes it from your own tables, or with " +
    "--schema the DDL of the reference schema it reads";
  readonly details = [
    "Options:",
    "  --schema             Print the reference schema's DDL instead of a recipe",
    "  --dialect NAME       postgres (the default), duckdb or clickhouse; a recipe is one text " +
    "for PostgreSQL and DuckDB, and ClickHouse's is that text through a few named rewrites, " +
    "ending with the settings it relies on",
    "",
    "The recipe is printed as its file is, to run as it is or save: replace each :name with a " +
    "value, or bind it. A metric without a recipe says why.",
    "",
    `Examples: ${TOOL} sql churn-rate > churn-rate.sql · ${TOOL} sql --schema --dialect duckdb` +
    ` · ${TOOL} sql churn-rate --dialect clickhouse`,
  ];
  readonly options = { dialect: "string", schema: "boolean" } as const;

  arity({ values }: Parsed) {
    return values.get("schema") === true
      ? { min: 0, max: 0, says: "takes no slug with --schema" }
      : { min: 1, max: 1, says: "takes exactly one slug, or --schema" };
  }

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { positionals: [slug = ""], text, flag, print, model } = context;
    const dialect = dialectOf(text("dialect"));
    // The schema is the code's, whatever the catalog: no catalog is loaded for it.
    if (flag("schema")) {
      print(ddl(dialect));
      return;
    }
    const recipe = findRecipe(await model(), slug);
    if (!recipe.ok) throw new Problem(recipe.message);
    sayAlias(io, { alias: recipe.alias, slug: recipe.slug });
    // The file as it is (one text for PostgreSQL and DuckDB), or ClickHouse's rewriting of it.
    print(recipeText(recipe.recipe.text, dialect));
  }
}

/** The engine `--dialect` names (postgres when left out), or a one-line usage problem. */
function dialectOf(given: string | undefined): Dialect {
  if (given === undefined) return "postgres";
  const dialect = DIALECTS.find((item) => item === given.toLowerCase());
  if (dialect === undefined) {
    throw new Problem(`--dialect "${given.slice(0, 40)}" must be one of: ${DIALECTS.join(", ")}`, {
      exitCode: 2,
    });
  }
  return dialect;
}
