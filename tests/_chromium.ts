// deno-lint-ignore-file no-import-prefix -- playwright-core is a test-only package, locked in tests/deno.lock
/**
 * Debian's Chromium for the browser tests, driven by playwright-core: launched headless with a
 * fresh profile and nothing phoning home, and a test that is skipped without it (unless
 * `REQUIRE_SYSTEM_TESTS=1`).
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import type { Browser } from "npm:playwright-core@1.65.1";
import { systemBinary } from "./_system.ts";
import { childEnv } from "./_spawn.ts";

/** Debian's Chromium. */
export const browserBinary = systemBinary("chromium", ["/usr/bin/chromium"]);

// playwright-core probes /proc/sys/fs/binfmt_misc/WSLInterop when it is imported (its bundled
// is-wsl, used only to open a desktop browser, which these tests never do). Deno allows reading
// /proc/sys only under --allow-all; is-wsl's own switch defers the probe, so the tests keep their
// narrow permissions.
Deno.env.set("__IS_WSL_TEST__", "1");
const { chromium } = await import("npm:playwright-core@1.65.1");
/** Where the screenshots go. */
export const SCREENSHOTS = fileURLToPath(new URL("../test-output/screenshots/", import.meta.url));

/** Debian's Chromium, headless, with a fresh temporary profile and nothing phoning home. */
export async function launch(): Promise<Browser> {
  return await chromium.launch({
    executablePath: browserBinary.require(),
    headless: true,
    env: childEnv(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Opens Chromium until `use` returns; screenshots go to SCREENSHOTS, made here. */
export async function withChromium(use: (browser: Browser) => Promise<void>): Promise<void> {
  await Deno.mkdir(SCREENSHOTS, { recursive: true });
  const browser = await launch();
  try {
    await use(browser);
  } finally {
    await browser.close();
  }
}

/** A test that drives Chromium until `use` returns; skipped without Chromium. */
export function chromiumTest(name: string, use: (browser: Browser) => Promise<void>) {
  Deno.test({
    name,
    ignore: browserBinary.skip,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: () => withChromium(use),
  });
}
