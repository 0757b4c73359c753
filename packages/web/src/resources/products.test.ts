import { afterEach, describe, expect, it, vi } from "vitest";
import { product } from "../test/products.ts";
import { fetchProduct, productKey } from "./products.ts";

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with one product answer and returns the recorded calls. */
function stubFetch() {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => new Response(JSON.stringify(product())));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the products resource", () => {
  it("names one product by its page's slug or by its id", () => {
    expect(productKey({ slug: "blood orange" })).toBe("/api/products/slug/blood%20orange");
    expect(productKey({ id: "p/1" })).toBe("/api/products/p%2F1");
  });

  it("reads a product past the browser's cache only when asked for a fresh read (the stock check)", async () => {
    const fetch = stubFetch();
    await expect(fetchProduct(productKey({ id: "p1" }), { cache: "no-store" })).resolves.toMatchObject({
      _id: "p1",
    });
    await fetchProduct(productKey({ slug: "mango" }));
    expect(fetch.mock.calls.map(([path, init]) => [path, init?.cache])).toEqual([
      ["/api/products/p1", "no-store"],
      ["/api/products/slug/mango", undefined],
    ]);
  });
});
