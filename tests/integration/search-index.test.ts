import { newId } from "@fruit/core/ids";
import { batchWrite } from "@fruit/core/internal/db/batch";
import { queryAll } from "@fruit/core/internal/db/query";
import {
  categoryCountKind,
  type ProductRecord,
  productKind,
  searchEntryKind,
  searchEntryOf,
  searchTokens,
} from "@fruit/core/internal/products/product.records";
import * as products from "@fruit/core/products";
import { app } from "@fruit/functions/api/index";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { createProduct } from "../support/fixtures.ts";
import { roundTrips } from "../support/round-trips.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The catalogue's search reads only what matches (docs/decisions/035-search-index.md): the search
 * entries of its longest word's prefix, kept by the product's own writes, answered newest first and
 * paged like every list; the category list reads the category counts only.
 */

/** The partition a recorded Query read. */
const partitionOf = (input: Record<string, unknown> | undefined) =>
  (input?.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[":pk"];
const ids = (body: { _id: string }[]) => body.map((product) => product._id);
const nextOf = (headers: Headers) => /<([^>]+)>;\s*rel="next"/.exec(headers.get("link") ?? "")?.[1];

/** A product as the catalogue verb stores it, with its search entries, written in bulk. */
function carrot(index: number): ProductRecord {
  const now = new Date().toISOString();
  return {
    id: newId(),
    slug: `carrot-${index}`,
    name: `Carrot ${index}`,
    image: "/placeholder.svg",
    images: [],
    priceCents: 100,
    unit: "kg",
    step: 1000,
    description: "",
    category: "Veg",
    brand: "",
    countInStock: 1000,
    rating: 0,
    numReviews: 0,
    ratingTotal: 0,
    createdAt: now,
    updatedAt: now,
  };
}

let apples: string[] = [];

beforeAll(async () => {
  await useFreshTable("search");
  // The matches are the oldest: a newest-first read of the catalogue meets 240 carrots first
  // (more than any page holds; the round trips below show that none of them is read).
  for (const n of [7, 17, 70])
    apples.push((await createProduct({ name: `Apple ${n}`, category: "Fruits" }))._id);
  apples = apples.reverse();
  const carrots = Array.from({ length: 240 }, (_, index) => carrot(index));
  const items = [
    ...carrots.flatMap((record) => [
      productKind.put(record),
      ...searchTokens(record.name).map((token) =>
        searchEntryKind.putAt(searchEntryKind.key(token, record.id), searchEntryOf(record)),
      ),
    ]),
    categoryCountKind.putAt(categoryCountKind.key("Veg"), { count: carrots.length }),
  ];
  // About 2,400 items, written by 8 batch writers at once.
  const writers = 8;
  const share = Math.ceil(items.length / writers);
  await Promise.all(
    Array.from({ length: writers }, (_, writer) =>
      batchWrite(items.slice(writer * share, (writer + 1) * share)),
    ),
  );
}, 300_000);

describe("GET /api/products?q=", () => {
  it("finds the matches behind 240 newer products by reading their search entries only", async () => {
    let answer: Response | undefined;
    const trips = await roundTrips(async () => {
      answer = await app.request("/api/products?q=apple%207");
    });
    expect(answer?.status).toBe(200);
    // "Apple 70" and "Apple 7", newest first ("Apple 17" has no word starting with "7").
    expect(ids((await answer?.json()) as { _id: string }[])).toEqual([apples[0], apples[2]]);
    // One query of the entries of "apple" (only products with a word starting with it), then the
    // page's products by key.
    expect(trips.map((trip) => trip.operation)).toEqual(["Query", "BatchGetItem"]);
    expect(partitionOf(trips[0]?.input)).toBe("SEARCH#apple");
  });

  it("matches each word as the start of a word of the name, case and accents aside", async () => {
    expect(ids((await api("/api/products?q=APPLE%207")).body)).toEqual([apples[0], apples[2]]);
    expect(ids((await api("/api/products?q=ap%201")).body)).toEqual([apples[1]]);
    expect(ids((await api("/api/products?q=%C3%A1pple%2070")).body)).toEqual([apples[0]]);
    expect((await api("/api/products?q=pple")).body).toEqual([]);
    expect((await api("/api/products?q=apple%208")).body).toEqual([]);
    expect((await api("/api/products?q=%2A%2A%2A")).body).toEqual([]);
    expect(ids((await api("/api/products?q=apple&category=Fruits")).body)).toEqual(apples);
    expect((await api("/api/products?q=apple&category=Veg")).body).toEqual([]);
  });

  it("answers in a stable order, paged like every list: each match exactly once", async () => {
    const seen: string[] = [];
    let next: string | undefined = "/api/products?q=carrot%2011&limit=5";
    while (next) {
      const page = await api(next);
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(5);
      seen.push(...ids(page.body));
      next = nextOf(page.headers);
    }
    // "Carrot 11" and "Carrot 110" … "Carrot 119": 11 products, in 3 pages.
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect([...seen].sort().reverse()).toEqual(seen);
    const again = await api("/api/products?q=carrot%2011&limit=5");
    expect(ids(again.body)).toEqual(seen.slice(0, 5));
  });

  it("follows a rename, a new category and a delete in the product's own writes", async () => {
    const plum = await createProduct({ name: "Dark Plum", category: "Fruits" });
    expect(ids((await api("/api/products?q=plum")).body)).toEqual([plum._id]);
    await products.update(plum._id, { name: "Golden Greengage" });
    expect((await api("/api/products?q=plum")).body).toEqual([]);
    expect(ids((await api("/api/products?q=greengage")).body)).toEqual([plum._id]);
    await products.update(plum._id, { category: "Stone fruit" });
    expect(ids((await api("/api/products?q=golden&category=Stone%20fruit")).body)).toEqual([plum._id]);
    expect((await api("/api/products?q=golden&category=Fruits")).body).toEqual([]);
    await products.remove(plum._id);
    expect((await api("/api/products?q=golden")).body).toEqual([]);
    const left = await Promise.all(
      searchTokens("Golden Greengage Dark Plum").map((token) =>
        queryAll({
          KeyConditionExpression: "pk = :pk AND sk = :sk",
          ExpressionAttributeValues: { ":pk": `SEARCH#${token}`, ":sk": plum._id },
        }),
      ),
    );
    expect(left.flat()).toEqual([]);
  });
});

describe("GET /api/products/categories", () => {
  it("answers from the category counts in one query, whatever the catalogue's size", async () => {
    let answer: Response | undefined;
    const trips = await roundTrips(async () => {
      answer = await app.request("/api/products/categories");
    });
    const categories = (await answer?.json()) as string[];
    expect(categories).toContain("Fruits");
    expect(categories).toContain("Veg");
    expect([...categories].sort()).toEqual(categories);
    expect(trips.map((trip) => trip.operation)).toEqual(["Query"]);
    expect(partitionOf(trips[0]?.input)).toBe("CATALOGUE");
  });

  it("leaves out a category whose last product moved away", async () => {
    const lonely = await createProduct({ name: "Lonely Lychee", category: "Exotic" });
    expect((await api("/api/products/categories")).body).toContain("Exotic");
    await products.update(lonely._id, { category: "Fruits" });
    expect((await api("/api/products/categories")).body).not.toContain("Exotic");
  });
});
