import { existsSync } from "node:fs";

/**
 * How every tool of this repository starts Chromium (browser tests, Lighthouse, the seed-image
 * renderer): Debian's build, with flags that work in containers and CI (no sandbox, no GPU,
 * nothing phoning home).
 */
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
