/**
 * Watching processes from a test: a process and everything it started (read with `ps`, which
 * needs no more than the tests' `--allow-run`), whether they have all gone, whether a port is
 * free, each within a deadline.
 *
 * @module
 */

/** A process and every process below it, by PID, as `ps` lists them now. */
export async function processTree(pid: number): Promise<number[]> {
  const output = await new Deno.Command("ps", { args: ["-e", "-o", "pid=,ppid="] }).output();
  const children = new Map<number, number[]>();
  for (const line of new TextDecoder().decode(output.stdout).trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined) continue;
    children.set(parent, [...children.get(parent) ?? [], child]);
  }
  const found = [pid];
  for (let at = 0; at < found.length; at++) found.push(...children.get(found[at] ?? 0) ?? []);
  return found;
}

/** The PIDs of `pids` that are still running (a zombie counts as gone). */
export async function running(pids: readonly number[]): Promise<number[]> {
  const output = await new Deno.Command("ps", { args: ["-e", "-o", "pid=,stat="] }).output();
  const alive = new Set(
    new TextDecoder().decode(output.stdout).trim().split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter(([, stat]) => !stat?.startsWith("Z"))
      .map(([pid]) => Number(pid)),
  );
  return pids.filter((pid) => alive.has(pid));
}

/** Whether nothing listens on a port of 127.0.0.1. */
export async function portFree(port: number): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return false;
  } catch {
    return true;
  }
}

/** Whether `check` holds within `ms` milliseconds, looked at every 50 ms. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return await check();
}

/**
 * Starts `command args` with its stdin open (as an MCP client holds it) and waits until its
 * stderr says `ready`; the caller ends it.
 */
export async function spawnUntil(
  command: string,
  args: string[],
  ready: RegExp,
  { cwd, env }: { cwd: string; env: Record<string, string> },
): Promise<{ process: Deno.ChildProcess; stderr: () => string }> {
  const child = new Deno.Command(command, {
    args,
    cwd,
    clearEnv: true,
    env,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !ready.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  (async () => {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      text += next.value;
    }
  })().catch(() => {});
  if (!ready.test(text)) {
    throw new Error(`${command} ${args.join(" ")} never said ${ready}:\n${text}`);
  }
  return { process: child, stderr: () => text };
}

/**
 * The processes of `tree` still running once `ms` milliseconds have passed (none, as soon as all
 * have gone); then `child`'s stdin is closed and its end awaited.
 */
export async function leftAfter(
  child: Deno.ChildProcess,
  tree: readonly number[],
  ms = 2000,
): Promise<number[]> {
  await within(ms, async () => (await running(tree)).length === 0);
  const left = await running(tree);
  await child.stdin.close().catch(() => {});
  await child.status;
  return left;
}
