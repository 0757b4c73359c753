import { createHash } from "node:crypto";
import { STOREFRONT_PAGE_SIZE } from "@fruit/core/browser/products";
import { SEED_PRODUCTS } from "@fruit/local/seed-data";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("smoke: the started shop", () => {
  it("lists the seeded products with their pictures on /products", async () => {
    const shopUrl = inject("shopUrl");
    const catalogue = (await (await fetch(`${shopUrl}/api/products`)).json()) as {
      name: string;
      slug: string;
    }[];
    const page = await browser.newPage({ baseURL: shopUrl });
    try {
      await page.goto("/products");
      await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();

      const first = catalogue[0]!;
      await page.getByRole("link", { name: first.name, exact: true }).first().waitFor({ timeout: 15_000 });
      // The grid's first page (24 cards, decision 026); the cards past the first screen arrive in a
      // second render pass (ProductGrid). The rest come with the shopper's scroll (or Load more).
      const cards = page.locator("article");
      const firstPage = Math.min(STOREFRONT_PAGE_SIZE, catalogue.length);
      await expect.poll(() => cards.count()).toBe(firstPage);
      if (catalogue.length > firstPage) {
        // Scrolling to the end reads the next page (nothing is read ahead before a scroll).
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => cards.count()).toBe(catalogue.length);
        await page.evaluate(() => window.scrollTo(0, 0)); // cards far off screen are not rendered
      }
      const cardLinks = page.locator('article a[href^="/product/"]');
      expect(await cardLinks.count()).toBeGreaterThanOrEqual(catalogue.length);
      const names = await page.locator("article").allInnerTexts();
      for (const product of catalogue.slice(0, 5)) {
        expect(names.some((text) => text.includes(product.name))).toBe(true);
      }

      // The first cards load eagerly: their pictures come from the bucket through /images. Other
      // journeys may have run first and added products without a picture (the blank product's
      // placeholder), newest first: the first seeded product's card is the one looked at.
      const seeded = new Set(SEED_PRODUCTS.map((product) => product.slug));
      const firstSeeded = catalogue.find((product) => seeded.has(product.slug));
      expect(firstSeeded, "a seeded product on the first page").toBeDefined();
      const firstImage = page
        .locator("article")
        .filter({ has: page.locator(`a[href="/product/${firstSeeded?.slug}"]`) })
        .locator("img")
        .first();
      await expect
        .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await firstImage.getAttribute("src")).toMatch(/^\/images\//);
      // Every picture asks for variants only: AVIF/WebP srcsets sized for the card, never an upload.
      const asked = await page.locator("article picture").evaluateAll((pictures) =>
        pictures.map((picture) => ({
          sources: [...picture.querySelectorAll("source")].map((s) => [s.type, s.srcset, s.sizes]),
          img: picture.querySelector("img")?.getAttribute("srcset") ?? "",
          current: picture.querySelector("img")?.currentSrc ?? "",
          sizes: picture.querySelector("img")?.getAttribute("sizes") ?? "",
        })),
      );
      expect(asked.length).toBeGreaterThanOrEqual(catalogue.length > 24 ? 24 : catalogue.length);
      for (const picture of asked) {
        expect(picture.sources).toHaveLength(1);
        const [type, srcset, sizes] = picture.sources[0] as string[];
        expect(type).toBe("image/avif");
        for (const candidate of [...(srcset as string).split(", "), ...picture.img.split(", ")])
          expect(candidate).toMatch(/^\/images\/[\w/-]+\/(160|320|480|800|1200|1600)\.(avif|webp) \d+w$/);
        expect(sizes).toBe(picture.sizes);
        if (picture.current) expect(picture.current).toMatch(/\/images\/[\w/-]+\/\d+\.avif$/);
      }
    } finally {
      await page.close();
    }
  });

  it("serves React's production build even when started from the test runner (NODE_ENV=test)", async () => {
    const shopUrl = inject("shopUrl");
    const html = await (await fetch(`${shopUrl}/`)).text();
    const scripts = [...html.matchAll(/\/assets\/[\w~.-]+\.js/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of new Set(scripts)) {
      const code = await (await fetch(`${shopUrl}${script}`)).text();
      expect(code, script).not.toContain("jsxDEV");
    }
  });

  it("allows every inline script of the built index.html by its hash in the CSP, and only those", async () => {
    const response = await fetch(`${inject("shopUrl")}/`);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const html = await response.text();
    // Executable inline scripts: no src, and no data type such as application/json.
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, body] of inline) {
      const hash = `'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`;
      expect(scriptSrc, "the inline script's hash").toContain(hash);
    }
  });
});
