import * as products from "@fruit/core/products";
import { app } from "@fruit/functions/api/index";
import { beforeAll, describe, expect, it } from "vitest";
import { roundTrips } from "../support/round-trips.ts";
import { useFreshTable } from "../support/table.ts";

/** A product made through the catalogue verb, so its slug item and its category's count come with it. */
async function putProduct(name: string, category: string, slug: string) {
  const product = await products.create({
    name,
    slug,
    category,
    brand: "Farm",
    price: 4.5,
    unit: "kg",
    step: 0.25,
    countInStock: 3,
    image: "/images/x.jpg",
    images: [],
    description: "d",
  });
  return product._id;
}

describe("public catalogue reads", () => {
  let appleId = "";
  beforeAll(async () => {
    await useFreshTable("catalogue");
    appleId = await putProduct("Green Apple", "Fruits", "green-apple");
    await putProduct("Carrot", "Vegetables", "carrot");
  });

  it("lists products, filters by category and by a case-insensitive name search", async () => {
    const all = await (await app.request("/api/products")).json();
    expect(all.map((p: { name: string }) => p.name).sort()).toEqual(["Carrot", "Green Apple"]);
    const veg = await (await app.request("/api/products?category=Vegetables")).json();
    expect(veg.map((p: { name: string }) => p.name)).toEqual(["Carrot"]);
    const search = await (await app.request("/api/products?q=APPLE")).json();
    expect(search.map((p: { name: string }) => p.name)).toEqual(["Green Apple"]);
    const regex = await app.request(`/api/products?q=${encodeURIComponent(".*(")}`);
    expect(regex.status).toBe(200);
    expect(await regex.json()).toEqual([]);
  });

  it("lists categories and reads by id and slug", async () => {
    expect(await (await app.request("/api/products/categories")).json()).toEqual(["Fruits", "Vegetables"]);
    const byId = await (await app.request(`/api/products/${appleId}`)).json();
    expect(byId).toMatchObject({ _id: appleId, price: 4.5, countInStock: 3, reviews: [] });
    const bySlug = await (await app.request("/api/products/slug/green-apple")).json();
    expect(bySlug._id).toBe(appleId);
  });

  it("answers 404 { message } for missing or malformed ids and slugs", async () => {
    for (const path of [
      "/api/products/nope",
      "/api/products/%E2%9C%93",
      `/api/products/${"Z".repeat(26)}`,
      "/api/products/slug/none",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: "Product Not Found", code: "NOT_FOUND" });
    }
  });

  it("sends public cache headers and an ETag that revalidates to 304", async () => {
    const first = await app.request("/api/products");
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    const second = await app.request("/api/products", { headers: { "If-None-Match": tag! } });
    expect(second.status).toBe(304);
    expect((await app.request("/api/health")).headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps the stock check's read by id out of shared caches, revalidated by ETag", async () => {
    const path = `/api/products/${appleId}`;
    const first = await app.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    expect((await app.request(path, { headers: { "If-None-Match": tag! } })).status).toBe(304);
    // The product page by slug is a public catalogue read: the CDN may keep it for a minute.
    expect((await app.request("/api/products/slug/green-apple")).headers.get("cache-control")).toContain(
      "s-maxage=60",
    );
  });
});

describe("catalogue list under concurrent load", () => {
  beforeAll(async () => {
    await useFreshTable("catalogue-load");
    await putProduct("Kiwi", "Fruits", "kiwi");
  });

  it("answers concurrent identical list reads with one query (single flight)", async () => {
    const { list } = await import("@fruit/core/products");
    let results: Awaited<ReturnType<typeof list>>[] = [];
    const shared = await roundTrips(async () => {
      results = await Promise.all(Array.from({ length: 10 }, () => list()));
    });
    // One query for all ten readers: the page holds every match, so it is also the count.
    expect(shared.map((trip) => trip.operation)).toEqual(["Query"]);
    expect(
      results.every((page) => page.items.length === 1 && page.items[0]?.name === "Kiwi" && page.total === 1),
    ).toBe(true);
    expect(await roundTrips(() => list())).toHaveLength(1); // settled queries are not reused
  });

  it("shares concurrent product-page reads by slug, but never the stock-check read by id", async () => {
    const products = await import("@fruit/core/products");
    let pages: Awaited<ReturnType<typeof products.fromSlug>>[] = [];
    const bySlug = await roundTrips(async () => {
      pages = await Promise.all(Array.from({ length: 10 }, () => products.fromSlug("kiwi")));
    });
    // The slug item, then the product's partition.
    expect(bySlug.map((trip) => trip.operation)).toEqual(["GetItem", "Query"]);
    expect(new Set(pages.map((page) => page._id)).size).toBe(1);
    const byId = await roundTrips(() =>
      Promise.all(Array.from({ length: 3 }, () => products.detail(pages[0]!._id))),
    );
    expect(byId).toHaveLength(3);
  });
});
