import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

/**
 * Open tabs survive a deploy (packages/web/src/lib/chunk-reload.ts): a deploy removes the SPA's
 * previous files, so a tab opened before it that then navigates asks for a chunk that is gone. The
 * tests play that deploy by answering the About screen's chunk with a 404 (a removed object) or
 * with index.html (an SPA fallback), and check that the tab reloads once and shows the screen —
 * and that a chunk that keeps failing does not reload the tab forever.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ABOUT_CHUNK = /\/assets\/about-page-[^/]+\.js$/;

/** Opens `/`, counting the document loads and answering the About chunk's first `failures` requests with `gone`. */
async function openHome(failures: number, gone: "404" | "index.html") {
  const shopUrl = inject("shopUrl");
  const page = await browser.newPage({ baseURL: shopUrl });
  const seen = { loads: 0, chunkRequests: 0 };
  page.on("load", () => {
    seen.loads += 1;
  });
  await page.route(ABOUT_CHUNK, async (route) => {
    seen.chunkRequests += 1;
    if (seen.chunkRequests > failures) return route.continue();
    if (gone === "404") return route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });
    const index = await (await fetch(`${shopUrl}/`)).text();
    return route.fulfill({ status: 200, contentType: "text/html", body: index });
  });
  await page.goto("/");
  await page.getByRole("heading", { name: "Fresh from the farm" }).waitFor();
  return { page, seen };
}

async function navigateToAbout(page: Page) {
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
}

describe("a tab opened before a deploy", () => {
  for (const gone of ["404", "index.html"] as const) {
    it(`reloads once and shows the screen when its chunk is gone (answered ${gone})`, async () => {
      const { page, seen } = await openHome(1, gone);
      try {
        expect(seen.loads).toBe(1);
        await navigateToAbout(page);
        await page.getByRole("heading", { name: "We sale fresh fruits" }).waitFor({ timeout: 15_000 });
        expect(new URL(page.url()).pathname).toBe("/about");
        expect(seen.loads).toBe(2);
        expect(seen.chunkRequests).toBe(2);
      } finally {
        await page.close();
      }
    });
  }

  it("does not reload forever when the chunk keeps failing: one reload, then the error screen", async () => {
    const { page, seen } = await openHome(Number.POSITIVE_INFINITY, "404");
    try {
      await navigateToAbout(page);
      await expect.poll(() => seen.loads, { timeout: 15_000 }).toBe(2);
      // After the reload the same chunk fails again: the router shows its error instead.
      await page
        .getByText(/Failed to fetch dynamically imported module|Unexpected Application Error/i)
        .first()
        .waitFor({
          timeout: 15_000,
        });
      await page.waitForTimeout(1_500);
      expect(seen.loads).toBe(2);
    } finally {
      await page.close();
    }
  });
});
