/**
 * The README's commands as a new user runs them: in a copy of the checkout's tracked files (what a
 * clone holds) inside a folder whose parent holds a `package.json` and a `node_modules`, as many
 * home folders do, which is where npm's resolution of a relative tarball path goes wrong.
 *
 * @module
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { tmpdir } from "node:os";
import { ROOT, runDeno, spawnServer, taskArgs } from "./_spawn.ts";
import { systemBinary } from "./_system.ts";

const npx = systemBinary("npm", ["/usr/bin/npx", "/usr/local/bin/npx"]);
const sh = "/bin/sh";

/** The README's shell commands, in order, each without its comment. */
function readmeCommands(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)]
    .flatMap((block) => (block[1] ?? "").split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "");
}

/** The prefix the README puts before `task`, for Deno from the npm registry. */
const DENO_FROM_NPM = "npx -y deno@2.9.6 ";

/** The README's commands that this test does not run, each with where they are run instead. */
const NOT_RUN: [RegExp, string][] = [
  [/^npx -y deno@2\.9\.6 task ok$/, "the gate that runs this test"],
  [/^npx -y deno@2\.9\.6 task binary$/, "tests/binary_test.ts builds the binary and runs it"],
  [/\.\/binary\/metrics-catalog /, "tests/binary_test.ts runs the binary's commands"],
  [
    /^(npx -y metrics-catalog|deno run -A npm:metrics-catalog) /,
    "not published yet (the README says so); tests/package_test.ts runs the same bin",
  ],
];

/** The checkout's tracked files copied under `parent/metrics-catalog`, as a clone has them. */
async function copyOfCheckout(parent: string): Promise<string> {
  const listed = await runDeno(["ls-files", "-z"], { command: "git" });
  assert.equal(listed.code, 0, listed.stderr);
  const copy = `${parent}/metrics-catalog`;
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    const from = `${ROOT}${file}`;
    const info = await Deno.lstat(from).catch(() => undefined);
    if (!info?.isFile) continue;
    await mkdir(dirname(`${copy}/${file}`), { recursive: true });
    await Deno.copyFile(from, `${copy}/${file}`);
  }
  return copy;
}

/** Runs a command line with the shell, as typed, in a folder. */
function shell(line: string, cwd: string) {
  return runDeno(["-c", line], { cwd, command: sh });
}

Deno.test({
  name: "every README command runs as written in a clone under a folder holding node_modules",
  ignore: npx.skip,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const commands = readmeCommands(await Deno.readTextFile(`${ROOT}README.md`));
    assert.ok(commands.length >= 10, commands.join("\n"));
    const home = await mkdtemp(`${tmpdir()}/readme home `);
    await writeFile(`${home}/package.json`, JSON.stringify({ name: "home", private: true }));
    await mkdir(`${home}/node_modules`);
    const checkout = await copyOfCheckout(home);
    let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
    const ran: string[] = [];
    try {
      for (const command of commands) {
        if (NOT_RUN.some(([pattern]) => pattern.test(command))) continue;
        ran.push(command);
        if (command === `${DENO_FROM_NPM}task start`) {
          // The task's own flags, on a free port; the README's address is given the same port.
          server = await spawnServer(taskArgs("start"), { cwd: checkout });
          continue;
        }
        // `deno` stands for `npx -y deno@2.9.6`, as the README says, without fetching Deno again.
        const line = command.replace(DENO_FROM_NPM, `"${Deno.execPath()}" `)
          .replace("http://127.0.0.1:8000/", `http://127.0.0.1:${server?.port ?? 8000}/`);
        const output = await shell(line, checkout);
        assert.equal(output.code, 0, `${command}\n${output.stderr}`);
        if (command.startsWith("curl ")) {
          assert.equal(JSON.parse(output.stdout).slug, "churn-rate", command);
        } else if (command.includes("task pack")) {
          // The command it prints runs from any folder: from the parent, and from elsewhere.
          const printed = /Run it from any folder:\n {2}(.+)/.exec(output.stderr)?.[1];
          assert.ok(printed, output.stderr);
          for (const folder of [home, tmpdir()]) {
            const anywhere = await shell(printed, folder);
            assert.equal(anywhere.code, 0, `${printed} in ${folder}\n${anywhere.stderr}`);
            assert.match(anywhere.stdout, /^Customer Churn Rate\n/, printed);
          }
        } else if (command.includes("metrics-catalog show churn-rate")) {
          assert.match(output.stdout, /^Customer Churn Rate\n/, command);
        }
      }
      assert.ok(ran.some((command) => command.includes("--package=")), ran.join("\n"));
      assert.ok(ran.some((command) => command.startsWith("curl ")), ran.join("\n"));
    } finally {
      await server?.stop();
      await rm(home, { recursive: true, force: true });
    }
  },
});

Deno.test("the README gives npm no relative tarball path, which fails under such a folder", () => {
  for (const command of readmeCommands(Deno.readTextFileSync(`${ROOT}README.md`))) {
    assert.doesNotMatch(command, /--package=\.{0,2}\/?npm-package/, command);
  }
});
