import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Flags that work in containers and CI: no sandbox, no GPU, nothing phoning home. */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** `CHROME_PATH` when set, else Debian's Chromium (Playwright's own browser download does not work here). */
export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  const path = env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  return path;
}

/**
 * Launches headless Chromium through playwright-core.
 *
 * @example
 * const browser = await launchBrowser();
 * const page = await browser.newPage({ baseURL: inject("shopUrl") });
 */
export async function launchBrowser(): Promise<Browser> {
  // playwright-core adds its own --headless; ours (new headless mode) comes later and wins.
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}
