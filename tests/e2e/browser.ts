import { CHROMIUM_FLAGS, chromiumPath } from "@fruit/functions/scripts/chromium";
import { type Browser, chromium } from "playwright-core";

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
