import { catalogueHead, notFoundHead, productHead } from "@fruit/core/browser/pages";
import { beforeAll, describe, expect, it, vi } from "vitest";

/**
 * Client-side navigation keeps the head the server wrote in step (docs/decisions/034-page-heads.md):
 * the canonical's origin stays the one the server configured, whatever the address bar says.
 */
let applyPageHead: typeof import("./page-head.ts").applyPageHead;

beforeAll(async () => {
  // What the server rendered for the first page: its canonical names the configured public URL.
  document.head.innerHTML = `<title>Fruit Shop</title>
    <meta name="description" content="first" />
    <link rel="canonical" href="https://shop.example.com/" />
    <meta property="og:url" content="https://shop.example.com/" />`;
  // page-head.ts reads the configured origin from the head when it is first evaluated: evaluate it
  // afresh here, whatever another file of the same worker imported before (vitest.config.ts, web).
  vi.resetModules();
  ({ applyPageHead } = await import("./page-head.ts"));
});

const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;

describe("applyPageHead", () => {
  it("writes the title, description and canonical of the page on the configured origin", () => {
    applyPageHead(catalogueHead("Stone fruit"));
    expect(document.title).toBe("Stone fruit — Fruit Shop");
    expect(meta('meta[name="description"]')).toContain("Stone fruit");
    expect(canonical()).toBe("https://shop.example.com/products?category=Stone+fruit");
    expect(meta('meta[property="og:url"]')).toBe(canonical());
    const product = { name: "Fig", slug: "fig", description: "Soft.", price: 4, unit: "piece" as const };
    applyPageHead(productHead(product));
    expect(document.title).toBe("Fig — Fruit Shop");
    expect(canonical()).toBe("https://shop.example.com/product/fig");
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it("removes the canonical link on a page without one, and puts it back after", () => {
    applyPageHead(notFoundHead("/nowhere"), { canonical: false });
    expect(document.title).toBe("Page not found — Fruit Shop");
    expect(canonical()).toBeUndefined();
    expect(meta('meta[property="og:url"]')).toBeUndefined();
    applyPageHead(catalogueHead());
    expect(canonical()).toBe("https://shop.example.com/products");
  });
});
