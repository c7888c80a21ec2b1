/**
 * `serve`: the HTTP service, where `--port` (or `PORT`), `HOSTNAME` and `BASE_URL` say.
 *
 * @module
 */
import { serveOptionsFromEnv } from "../../server/config.ts";
import { type CliIo, type Command, NO_ARGUMENTS, parse } from "../command.ts";

/** The `serve` command. */
export class ServeCommand implements Command {
  readonly name = "serve";
  readonly usage = "serve [--port N]";
  readonly summary = "Start the HTTP service (PORT, HOSTNAME, BASE_URL apply)";
  readonly options = { port: "string" } as const;
  arity = () => NO_ARGUMENTS;

  async run(args: readonly string[], io: CliIo) {
    const context = await parse(this, { args, io });
    if (context === undefined) return;
    const { catalogDir, text } = context;
    const options = serveOptionsFromEnv(io.env, { port: text("port") });
    await io.serve(await io.loadCatalog(catalogDir), options);
    return "running" as const;
  }
}
