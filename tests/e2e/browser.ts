import { CHROMIUM_FLAGS, chromiumPath } from "@fruit/tools/chromium";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

const watched = new WeakSet<BrowserContext>();

/**
 * Watches a context's pages for Content-Security-Policy violations: the `securitypolicyviolation`
 * events of every document, and Chromium's "Refused to …" console messages (which also cover what
 * has no event, e.g. a blocked inline script in a frame).
 */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  // browser.newPage() makes its context through browser.newContext(): watch each context once.
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding("__fruitCspViolation", ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __fruitCspViolation?: (text: string) => void })
        .__fruitCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text))
      violations.push(`${message.location().url}: ${text}`);
  });
}

/**
 * Launches headless Chromium through playwright-core. Every page it opens runs under the shop's
 * real headers, and any CSP violation on any page fails the test file: `close()` throws, listing
 * them (docs/decisions/011-security-headers.md).
 *
 * @example
 * const browser = await launchBrowser();
 * const page = await browser.newPage({ baseURL: inject("shopUrl") });
 */
export async function launchBrowser(): Promise<Browser> {
  // playwright-core adds its own --headless; ours (new headless mode) comes later and wins.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const violations: string[] = [];
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const close = browser.close.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context, violations);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await watchCsp(page.context(), violations);
    return page;
  };
  browser.close = async (options) => {
    await close(options);
    if (violations.length > 0)
      throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join("\n")}`);
  };
  return browser;
}
