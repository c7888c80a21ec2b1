/**
 * `validate`: checks the catalog's Markdown files (a problem in them is the catalog's
 * problem, each line naming file and field); `--write` also writes the artifact.
 *
 * @module
 */
import { type CliIo, type Command, NO_ARGUMENTS, parse } from "../command.ts";

/** The `validate` command. */
export class ValidateCommand implements Command {
  readonly name = "validate";
  readonly usage = "validate [--write]";
  readonly summary =
    "Check the catalog's Markdown files (CATALOG_DIR applies); print each problem with " +
    "file and field; --write also writes the validated artifact.json that loads in its place";
  readonly options = { write: "boolean" } as const;
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { catalogDir, flag, print } = context;
    const written = flag("write") ? await io.writeArtifact(catalogDir) : undefined;
    const catalog = written?.catalog ?? await io.loadCatalog(catalogDir, { prebuilt: false });
    print(
      `The catalog is valid: ${catalog.metrics.length} metrics, ${catalog.frameworks.length} frameworks\n`,
    );
    if (written) print(`Wrote ${written.file}\n`);
  }
}
