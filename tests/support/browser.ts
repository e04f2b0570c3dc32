import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium unless SCOUTS_CHROMIUM names another (scripts/pretest.ts checks it is there). */
export const CHROMIUM_PATH = process.env.SCOUTS_CHROMIUM || "/usr/bin/chromium";

/** The Chromium flags STACK.md prescribes for this machine (Debian chromium, no sandbox, no GPU). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/**
 * Headless Debian Chromium with a fresh user-data-dir (service workers and IndexedDB start empty),
 * removed again by `close()`.
 *
 * @example const { context, close } = await launchChromium(); const page = await context.newPage();
 */
export async function launchChromium(
  opts: {
    viewport?: { width: number; height: number };
    touch?: boolean;
    /** Lets axe-core be injected into pages the Worker serves with its strict CSP. */
    bypassCsp?: boolean;
  } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "scouts-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: opts.viewport ?? { width: 420, height: 860 },
    // A phone: touch events and the mobile viewport meta honoured.
    ...(opts.touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
    ...(opts.bypassCsp ? { bypassCSP: true } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
