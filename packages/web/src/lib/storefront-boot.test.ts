import { STOREFRONT_BOOT_DATA_ID, STOREFRONT_BOOT_SCRIPT } from "@fruit/core/browser/http";
import { afterEach, describe, expect, it, vi } from "vitest";

/** index.html's boot script (core's http/storefront-boot.ts) run as the browser runs it, in jsdom. */

const boot = {
  routes: [
    ["^/$", ["/assets/home.js", "/assets/kit.js"], ["/assets/home.css"]],
    [
      "^/products$",
      ["/assets/products.js", "/assets/kit.js"],
      ["/assets/kit.css"],
      ["/assets/fr-catalog.js"],
    ],
    ["^/product/[^/]+$", ["/assets/product.js"], []],
  ],
  fr: ["/assets/fr-shell.js"],
  banner: "/images/seed/banner-strawberry.webp",
  images: {
    widths: [160, 800],
    columns: [
      [1200, 4],
      [992, 3],
      [0, 2],
    ],
    sizes: { banner: "100vw", card: "48vw", product: "100vw" },
  },
};

function run(url: string, answers: Record<string, unknown> = {}) {
  window.history.replaceState({}, "", url);
  document.head.innerHTML = `<script type="application/json" id="${STOREFRONT_BOOT_DATA_ID}">${JSON.stringify(boot)}</script>`;
  const fetch = vi.fn(
    async (key: string) => new Response(JSON.stringify(answers[key] ?? []), { status: 200 }),
  );
  vi.stubGlobal("fetch", fetch);
  new Function(STOREFRONT_BOOT_SCRIPT)();
  const links = () =>
    [...document.head.querySelectorAll("link")].map((link) => [
      link.rel,
      link.getAttribute("href"),
      link.getAttribute("as"),
    ]);
  const early = (window as unknown as { __early: Record<string, Promise<Response>> }).__early;
  return { fetch, links, early };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
});

describe("storefront boot script", () => {
  it("on /, loads the home screen's CSS and chunks and preloads the first banner; fetches nothing", () => {
    const { fetch, links, early } = run("/");
    expect(links()).toEqual([
      ["stylesheet", "/assets/home.css", null],
      ["modulepreload", "/assets/home.js", null],
      ["modulepreload", "/assets/kit.js", null],
      ["preload", boot.banner, "image"],
    ]);
    expect(fetch).not.toHaveBeenCalled();
    expect(early).toEqual({});
  });

  it("on /products, starts the category and (filtered) product reads and preloads the first pictures", async () => {
    const list = "/api/products?category=Citrus&q=lime&limit=24";
    const { fetch, links, early } = run("/products?category=Citrus&q=%20lime%20&page=2", {
      [list]: [{ image: "/images/a.webp" }, { image: "/images/b.webp" }],
    });
    expect(fetch.mock.calls.map(([key]) => key)).toEqual(["/api/products/categories", list]);
    expect(Object.keys(early)).toEqual(["/api/products/categories", list]);
    await vi.waitFor(() =>
      expect(links()).toEqual(
        expect.arrayContaining([
          ["preload", "/images/a.webp", "image"],
          ["preload", "/images/b.webp", "image"],
        ]),
      ),
    );
    expect(links()).toEqual(expect.arrayContaining([["modulepreload", "/assets/products.js", null]]));
  });

  it("preloads the pictures of the grid's first row only: two on a phone, three or four on wider screens", async () => {
    const list = "/api/products?limit=24";
    const answer = { [list]: ["a", "b", "c", "d", "e"].map((name) => ({ image: `/images/${name}.webp` })) };
    const preloaded = async (width: number) => {
      vi.stubGlobal("innerWidth", width);
      const { links } = run("/products", answer);
      await vi.waitFor(() => expect(links().some(([, href]) => href === "/images/a.webp")).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 10));
      return links()
        .filter(([rel, , as]) => rel === "preload" && as === "image")
        .map(([, href]) => href);
    };
    expect(await preloaded(412)).toEqual(["/images/a.webp", "/images/b.webp"]);
    expect(await preloaded(1024)).toEqual(["/images/a.webp", "/images/b.webp", "/images/c.webp"]);
    expect(await preloaded(1280)).toHaveLength(4);
  });

  it("preloads a variant as its <picture> asks for it: the AVIF srcset with the screen's sizes", async () => {
    const list = "/api/products?limit=24";
    run("/products", { [list]: [{ image: "/images/01ABC/800.webp" }] });
    await vi.waitFor(() => expect(document.head.querySelector("link[imagesrcset]")).not.toBeNull());
    const link = document.head.querySelector("link[imagesrcset]") as HTMLLinkElement;
    expect(link.getAttribute("href")).toBeNull();
    expect(link.getAttribute("as")).toBe("image");
    expect(link.getAttribute("type")).toBe("image/avif");
    expect(link.getAttribute("imagesrcset")).toBe("/images/01ABC/160.avif 160w, /images/01ABC/800.avif 800w");
    expect(link.getAttribute("imagesizes")).toBe("48vw");

    const product = "/api/products/slug/kiwi";
    run("/product/kiwi", { [product]: { image: "/images/seed/kiwi/800.webp" } });
    await vi.waitFor(() => expect(document.head.querySelector("link[imagesrcset]")).not.toBeNull());
    expect(document.head.querySelector("link[imagesrcset]")?.getAttribute("imagesizes")).toBe("100vw");
  });

  it("on /product/{slug}, starts the product read", () => {
    const { fetch, early } = run("/product/blood%20orange");
    expect(fetch.mock.calls.map(([key]) => key)).toEqual(["/api/products/slug/blood%20orange"]);
    expect(Object.keys(early)).toEqual(["/api/products/slug/blood%20orange"]);
  });

  it("on a French page, starts the same screen's chunks and its reads with ?lang=fr-CA last, as the app's keys", async () => {
    const list = "/api/products?category=Agrumes&limit=24&lang=fr-CA";
    const { fetch, links } = run("/fr/products?category=Agrumes", { [list]: [{ image: "/images/a.webp" }] });
    expect(fetch.mock.calls.map(([key]) => key)).toEqual(["/api/products/categories?lang=fr-CA", list]);
    expect(links()).toEqual(
      expect.arrayContaining([
        ["modulepreload", "/assets/products.js", null],
        ["modulepreload", "/assets/fr-shell.js", null],
        ["modulepreload", "/assets/fr-catalog.js", null],
      ]),
    );
    await vi.waitFor(() =>
      expect(links()).toEqual(expect.arrayContaining([["preload", "/images/a.webp", "image"]])),
    );
    expect(run("/fr/product/kiwi").fetch.mock.calls.map(([key]) => key)).toEqual([
      "/api/products/slug/kiwi?lang=fr-CA",
    ]);
    expect(run("/fr").links()).toEqual(expect.arrayContaining([["preload", boot.banner, "image"]]));
    expect(run("/fresh").fetch).not.toHaveBeenCalled();
    const english = run("/products")
      .links()
      .map(([, href]) => href);
    expect(english).toContain("/assets/products.js");
    expect(english).not.toContain("/assets/fr-shell.js");
    expect(english).not.toContain("/assets/fr-catalog.js");
  });

  it("does nothing without its data block", () => {
    window.history.replaceState({}, "", "/products");
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    new Function(STOREFRONT_BOOT_SCRIPT)();
    expect(fetch).not.toHaveBeenCalled();
  });
});
