import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { waitReady } from "./journeys.ts";

/**
 * The page heads through the started shop (`npm start`, docs/decisions/034-page-heads.md): the raw
 * HTML a link-preview crawler reads, and the SPA keeping the title and canonical in step on
 * client-side navigation — the same ones the server writes for each address.
 */

let shopUrl: string;
let browser: Browser;

beforeAll(async () => {
  shopUrl = inject("shopUrl");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The title and canonical the server writes into a page's raw HTML (what a crawler reads). */
async function serverHead(path: string) {
  const html = await (await fetch(`${shopUrl}${path}`)).text();
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll("&amp;", "&"),
    canonical: /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1]?.replaceAll("&amp;", "&"),
  };
}

async function browserHead(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
    canonicals: document.querySelectorAll('link[rel="canonical"]').length,
  }));
}

/** Waits until the document's title and canonical are the server's for `path`. */
async function expectInStep(page: Page, path: string) {
  const expected = await serverHead(path);
  expect(expected.title, path).toBeTruthy();
  await expect
    .poll(
      async () => {
        const { title, canonical } = await browserHead(page);
        return { title, canonical };
      },
      { timeout: 10_000 },
    )
    .toEqual(expected);
  expect((await browserHead(page)).canonicals, path).toBe(1);
}

describe("page heads in the started shop", () => {
  it("answers a crawler the product's own head, and an unknown product 404 with the SPA shell", async () => {
    const product = await fetch(`${shopUrl}/product/strawberry`);
    expect(product.status).toBe(200);
    const html = await product.text();
    expect(html).toContain("<title>Strawberries — Fruit Shop</title>");
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:\d+\/images\/seed\/strawberry\/share\.jpg" \/>/,
    );
    expect(html).toContain('<script type="application/ld+json">');
    // The local shop is not for search engines unless SEARCH_INDEXING=on.
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(await (await fetch(`${shopUrl}/robots.txt`)).text()).toBe("User-agent: *\nDisallow: /\n");
    const missing = await fetch(`${shopUrl}/product/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
    // The share JPEG the head names exists.
    const share = await fetch(`${shopUrl}/images/seed/strawberry/share.jpg`);
    expect(share.status).toBe(200);
    expect(share.headers.get("content-type")).toBe("image/jpeg");
  });

  it("keeps the title and canonical in step with the server's on client-side navigation", async () => {
    const context = await browser.newContext({ baseURL: shopUrl, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await waitReady(page);
      await expectInStep(page, "/");

      await page.getByRole("banner").getByRole("link", { name: "PRODUCTS", exact: true }).first().click();
      await page.waitForURL("**/products");
      await expectInStep(page, "/products");

      await page.getByRole("tab", { name: "Citrus" }).click();
      await page.waitForURL("**/products?category=Citrus");
      await expectInStep(page, "/products?category=Citrus");

      await page.getByRole("link", { name: "Navel Oranges", exact: true }).click();
      await page.waitForURL("**/product/*");
      await expectInStep(page, new URL(page.url()).pathname);

      await page.goBack();
      await page.waitForURL("**/products?category=Citrus");
      await expectInStep(page, "/products?category=Citrus");

      await page.goto("/about");
      await waitReady(page);
      await page.getByRole("banner").getByRole("link", { name: "CONTACT", exact: true }).first().click();
      await page.waitForURL("**/contact");
      await expectInStep(page, "/contact");

      // A client-side route to an unknown product: the not-found screen, without a canonical.
      await page.evaluate(() => {
        history.pushState({}, "", "/product/no-such-thing");
        dispatchEvent(new PopStateEvent("popstate"));
      });
      await page.getByRole("heading", { name: "This page was not found" }).waitFor();
      await expect
        .poll(() => browserHead(page))
        .toMatchObject({ title: "Page not found — Fruit Shop", canonicals: 0 });
    } finally {
      await context.close();
    }
  });
});
