/**
 * A service started through `npx` stops when `npx` is stopped. npm passes SIGTERM and SIGINT on to
 * the shell it runs the command in, and that shell ends without passing them on to its child
 * (`deno task`, or the package's `node`): the service would go on, with nothing left to stop it
 * but its own PID. So, where `/proc` tells a process's parent (Linux), a service started below
 * an `npm exec` notes the processes between itself and npm, and shuts down as on a signal once
 * one of them has gone. Started any other way, nothing is watched. Deno and Node both run it.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import process from "node:process";
import { clearInterval, setInterval } from "node:timers";

/** A process as `/proc/<pid>/stat` tells it: its parent, its name and when it started. */
interface ProcessInfo {
  pid: number;
  ppid: number;
  name: string;
  started: string;
}

/** How many parents up a launcher is looked for: npm, its shell, `deno task`, then the service. */
const MAX_DEPTH = 5;

/** How often the launchers are looked at, in milliseconds. */
const EVERY_MS = 250;

/** A process's parent, name and start time, or undefined when it has gone (or there is no /proc). */
function processInfo(pid: number): ProcessInfo | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The name is in parentheses and may hold spaces; the fields after it are space-separated.
  const close = stat.lastIndexOf(")");
  const fields = stat.slice(close + 2).split(" ");
  return {
    pid,
    ppid: Number(fields[1]),
    name: stat.slice(stat.indexOf("(") + 1, close),
    started: fields[19] ?? "",
  };
}

/**
 * The processes between this one and the `npm exec` (or `npx`) that launched it, npm's own last;
 * empty when no npm is found within a few parents up, or where there is no `/proc`.
 */
export function npmLaunchers(pid: number = process.ppid): ProcessInfo[] {
  const chain: ProcessInfo[] = [];
  for (let depth = 0; depth < MAX_DEPTH && pid > 1; depth++) {
    const info = processInfo(pid);
    if (info === undefined) return [];
    chain.push(info);
    if (/^(npm|npx)\b/.test(info.name)) return chain;
    pid = info.ppid;
  }
  return [];
}

/**
 * Calls `stop` once one of the processes that launched this one through npm has gone (see the
 * module's note); does nothing when it was not launched so. The check does not keep the process
 * alive.
 */
export function stopWithLaunchers(stop: () => void, { every = EVERY_MS }: { every?: number } = {}) {
  const chain = npmLaunchers();
  if (chain.length === 0) return;
  const timer = setInterval(() => {
    if (chain.every((item) => processInfo(item.pid)?.started === item.started)) return;
    clearInterval(timer);
    stop();
  }, every);
  timer.unref();
}
