import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { PLACEHOLDER_IMAGE } from "@fruit/core/browser/products";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { tombstoneKey } from "@fruit/core/internal/db/kind";
import { productKind, slugKind } from "@fruit/core/internal/products/product.records";
import { sink } from "@fruit/core/log";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

const get = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
const partition = async (id: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": productKind.key(id).pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const fullUpdate = {
  _id: "ignored",
  name: "Golden Kiwi",
  slug: "golden-kiwi",
  price: 7.25,
  image: "/images/01JABCDEFGHJKMNPQRSTVWXYZ0.webp",
  images: ["/images/seed/kiwi-2.webp", "https://cdn.example.com/kiwi-3.png"],
  category: "Exotic",
  brand: "Zespri",
  countInStock: 12,
  description: "Sweet golden kiwi",
};

describe("catalogue admin: create, page, update, delete", () => {
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    await useFreshTable("products-admin");
    admin = await createUser({ isAdmin: true });
    customer = await createUser();
  });

  it("creates a blank product (201) with a unique sample slug and its slug item", async () => {
    const first = await api("/api/products", { method: "POST", token: admin.token });
    const second = await api("/api/products", { method: "POST", token: admin.token });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Product Created");
    const product = first.body.product;
    expect(product).toMatchObject({
      price: 0,
      countInStock: 0,
      category: "Uncategorised",
      image: PLACEHOLDER_IMAGE,
      images: [],
      rating: 0,
      numReviews: 0,
    });
    expect(product.name).toMatch(/^sample name \d+$/);
    expect(product.slug).toMatch(/^sample-name-[0-9a-z]{10}$/);
    expect(second.body.product.slug).not.toBe(product.slug);
    expect(await get(slugKind.key(product.slug))).toMatchObject({ productId: product._id });
    const read = await api(`/api/products/${product._id}`);
    expect(read.body).toMatchObject({ _id: product._id, reviews: [] });
  });

  it("updates every field and answers { message, product }; the original client's string numbers are accepted", async () => {
    const { _id, slug } = await createProduct({ category: "Fruits" });
    const res = await api(`/api/products/${_id}`, { method: "PUT", token: admin.token, body: fullUpdate });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Product Updated");
    const { _id: _ignored, ...expected } = fullUpdate;
    expect(res.body.product).toMatchObject({ ...expected, _id, rating: 0, numReviews: 0 });
    expect((await get(productKind.key(_id)))?.priceCents).toBe(725);
    // Every edit raises the revision the stats rebuild's fences compare (docs/decisions/020-exact-rebuild.md).
    expect((await get(productKind.key(_id)))?.rev).toBe(1);
    // The slug item moved in the same transaction.
    expect(await get(slugKind.key(slug))).toBeUndefined();
    expect(await get(slugKind.key("golden-kiwi"))).toMatchObject({ productId: _id });
    expectClientError(await api(`/api/products/slug/${slug}`), 404);
    expect((await api("/api/products/slug/golden-kiwi")).body._id).toBe(_id);
    // The category moved its gsi2 keys.
    const exotic = await api("/api/products?category=Exotic");
    expect(exotic.body.map((p: { _id: string }) => p._id)).toContain(_id);
    const fruits = await api("/api/products?category=Fruits");
    expect(fruits.body.map((p: { _id: string }) => p._id)).not.toContain(_id);

    const asText = await api(`/api/products/${_id}`, {
      method: "PUT",
      token: admin.token,
      body: { price: "4.50", countInStock: "3" },
    });
    expect(asText.body.product).toMatchObject({ price: 4.5, countInStock: 3, name: "Golden Kiwi" });
  });

  it("changes exactly the fields sent and never the rating", async () => {
    const { _id, slug } = await createProduct({ price: 3, brand: "Orchard" });
    const review = await api(`/api/products/${_id}/reviews`, {
      method: "POST",
      token: customer.token,
      body: { rating: 4, comment: "Good" },
    });
    expect(review.status).toBe(201);
    const res = await api(`/api/products/${_id}`, {
      method: "PUT",
      token: admin.token,
      body: { name: "Renamed" },
    });
    expect(res.body.product).toMatchObject({
      name: "Renamed",
      slug,
      price: 3,
      brand: "Orchard",
      rating: 4,
      numReviews: 1,
    });
  });

  it("refuses a taken slug (409) and leaves both products unchanged", async () => {
    const a = await createProduct();
    const b = await createProduct();
    const res = await api(`/api/products/${a._id}`, {
      method: "PUT",
      token: admin.token,
      body: { slug: b.slug, name: "X" },
    });
    expectClientError(res, 409);
    expect(res.body.message).toBe("Slug already in use");
    expect(await get(productKind.key(a._id))).toMatchObject({ slug: a.slug, name: a.name });
    expect(await get(slugKind.key(a.slug))).toMatchObject({ productId: a._id });
    expect(await get(slugKind.key(b.slug))).toMatchObject({ productId: b._id });
  });

  it("refuses invalid prices, counts, slugs and image URLs with the field named", async () => {
    const { _id } = await createProduct();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ price: 1.001 }, /^price: Price must have at most 2 decimals$/],
      [{ price: "1.001" }, /^price: Price must have at most 2 decimals$/],
      [{ price: -1 }, /^price: Price must be 0 or more$/],
      [{ price: "abc" }, /^price: /],
      [{ price: null }, /^price: /],
      [
        { countInStock: 1.0005 },
        /^countInStock: Count in stock must have at most 3 decimals \(whole grams\)$/,
      ],
      [{ countInStock: -1 }, /^countInStock: /],
      [{ step: 0 }, /^step: Step must be more than 0$/],
      [{ step: -0.25 }, /^step: Step must be more than 0$/],
      [{ step: 0.0001 }, /^step: Step must have at most 3 decimals \(whole grams\)$/],
      [{ step: 101 }, /^step: Step must be at most 100$/],
      [{ unit: "litre", countInStock: 1 }, /^unit: Unit must be one of kg, piece$/],
      [{ unit: "piece" }, /^Count in stock is required with a new unit \(in that unit\)$/],
      [
        { unit: "piece", countInStock: 2.5 },
        /^Count in stock must be a whole number of pieces for a product sold by piece$/,
      ],
      [
        { unit: "piece", step: 0.5, countInStock: 2 },
        /^Step must be a whole number of pieces for a product sold by piece$/,
      ],
      [{ slug: "Not A Slug" }, /^slug: Slug must be lowercase/],
      [{ slug: "a--b" }, /^slug: /],
      [{ image: "javascript:alert(1)" }, /^image: must be an \/images\/\.\.\. path or an https URL$/],
      [{ image: "http://example.com/x.png" }, /^image: /],
      [{ image: "/images/../secret" }, /^image: /],
      [{ images: "/images/a.png" }, /^images: /],
      [{ images: ["/etc/passwd"] }, /^images\.0: /],
      [{ name: "" }, /^name: Name is required$/],
      [{ category: "   " }, /^category: /],
    ];
    for (const [body, message] of cases) {
      const res = await api(`/api/products/${_id}`, { method: "PUT", token: admin.token, body });
      expectClientError(res, 400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(
      (await api(`/api/products/${_id}`, { method: "PUT", token: admin.token, body: { price: 0.1 } })).body
        .product.price,
    ).toBe(0.1);
  });

  it("sets unit, step and stock in the product's unit: kg to the gram, or pieces", async () => {
    const { _id } = await createProduct();
    const put = (body: Record<string, unknown>) =>
      api(`/api/products/${_id}`, { method: "PUT", token: admin.token, body });
    const byWeight = await put({ unit: "kg", step: "0.25", countInStock: "5.125" });
    expect(byWeight.status).toBe(200);
    expect(byWeight.body.product).toMatchObject({ unit: "kg", step: 0.25, countInStock: 5.125 });
    expect(await get(productKind.key(_id))).toMatchObject({ unit: "kg", step: 250, countInStock: 5125 });
    // Without a unit, step and stock are in the stored one.
    expect((await put({ countInStock: 2.5 })).body.product).toMatchObject({ countInStock: 2.5, step: 0.25 });
    const byPiece = await put({ unit: "piece", countInStock: 7 });
    expect(byPiece.body.product).toMatchObject({ unit: "piece", step: 1, countInStock: 7 });
    expect(await get(productKind.key(_id))).toMatchObject({ unit: "piece", step: 1, countInStock: 7 });
    // A piece product's step and stock must be whole.
    expectClientError(await put({ step: 0.5 }), 400);
    const bad = await put({ countInStock: 2.5 });
    expectClientError(bad, 400);
    expect(bad.body.message).toBe(
      "Count in stock must be a whole number of pieces for a product sold by piece",
    );
  });

  it("answers 404 for unknown products on update and delete", async () => {
    for (const id of [newId(), "nope", "%C3%BC"]) {
      expectClientError(
        await api(`/api/products/${id}`, { method: "PUT", token: admin.token, body: { name: "x" } }),
        404,
      );
      expectClientError(await api(`/api/products/${id}`, { method: "DELETE", token: admin.token }), 404);
    }
  });

  it("deletes the product, its slug item, its reviews and reviewer items; the slug is free again", async () => {
    const { _id, slug } = await createProduct();
    const other = await createUser();
    for (const user of [customer, other]) {
      const res = await api(`/api/products/${_id}/reviews`, {
        method: "POST",
        token: user.token,
        body: { rating: 5, comment: "Yum" },
      });
      expect(res.status).toBe(201);
    }
    expect((await partition(_id)).length).toBe(5);
    const res = await api(`/api/products/${_id}`, { method: "DELETE", token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Product Deleted" });
    expect(await partition(_id)).toEqual([]);
    expect(await get(slugKind.key(slug))).toBeUndefined();
    // Its tombstone tells a stats rebuild it existed (docs/decisions/020-exact-rebuild.md).
    expect(await get(tombstoneKey(productKind.key(_id)))).toMatchObject({
      expiresAt: expect.any(Number),
    });
    expectClientError(await api(`/api/products/${_id}`), 404);
    expectClientError(
      await api(`/api/products/${_id}/reviews`, {
        method: "POST",
        token: customer.token,
        body: { rating: 5, comment: "x" },
      }),
      404,
    );
    expect((await createProduct({ slug })).slug).toBe(slug);
  });
});

describe("catalogue admin: paged list", () => {
  let admin: TestUser;
  const ids: string[] = [];

  beforeAll(async () => {
    await useFreshTable("products-page");
    admin = await createUser({ isAdmin: true });
    for (let i = 0; i < 23; i++) ids.push((await createProduct({ name: `P${i}` }))._id);
    ids.reverse(); // newest first
  });

  const page = (query: string) => api(`/api/products/admin${query}`, { token: admin.token });

  it("answers 10 per page, newest first, with the count and number of pages", async () => {
    const first = await page("");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.body).toMatchObject({ countProducts: 23, page: 1, pages: 3 });
    expect(first.body.products.map((p: { _id: string }) => p._id)).toEqual(ids.slice(0, 10));
    const third = await page("?page=3");
    expect(third.body).toMatchObject({ countProducts: 23, page: 3, pages: 3 });
    expect(third.body.products.map((p: { _id: string }) => p._id)).toEqual(ids.slice(20));
  });

  it("honours pageSize up to 100 and answers an empty page past the end", async () => {
    const sized = await page("?page=2&pageSize=7");
    expect(sized.body).toMatchObject({ page: 2, pages: 4 });
    expect(sized.body.products.map((p: { _id: string }) => p._id)).toEqual(ids.slice(7, 14));
    const all = await page("?pageSize=100");
    expect(all.body.products).toHaveLength(23);
    expect(all.body.pages).toBe(1);
    const past = await page("?page=9");
    expect(past.body).toMatchObject({ products: [], countProducts: 23, page: 9, pages: 3 });
  });

  it("refuses bad paging values with 400", async () => {
    for (const query of ["?page=0", "?page=abc", "?page=-1", "?page=1.5", "?pageSize=101", "?pageSize=0"]) {
      expectClientError(await page(query), 400);
    }
  });

  it("keeps the public reads working and ?q= a search by words, never a pattern", async () => {
    const search = await api(`/api/products?q=${encodeURIComponent("P1")}`);
    expect(search.body.map((p: { name: string }) => p.name).sort()).toEqual(
      ["P1", "P10", "P11", "P12", "P13", "P14", "P15", "P16", "P17", "P18", "P19"].sort(),
    );
    // Punctuation separates words (docs/decisions/035-search-index.md): "P1.*" is the word "p1".
    const punctuated = await api(`/api/products?q=${encodeURIComponent("P1.*")}`);
    expect(punctuated.body.map((p: { name: string }) => p.name).sort()).toEqual(
      search.body.map((p: { name: string }) => p.name).sort(),
    );
    expect((await api(`/api/products?q=${encodeURIComponent(".*")}`)).body).toEqual([]);
    // An item of an older shape (no ratingTotal, no category…) is refused loudly, never half-read:
    // `npm run migrate` upgrades such items (docs/decisions/025-stored-kinds.md).
    const id = newId();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...productKind.key(id),
          id,
          slug: "legacy",
          name: "Legacy",
          priceCents: 100,
          countInStock: 1,
        },
      }),
    );
    const logged = vi.spyOn(sink, "write").mockImplementation(() => {});
    try {
      const legacy = await api(`/api/products/${id}`);
      expect(legacy.status).toBe(500);
      expect(legacy.body).toEqual({
        message: "Something went wrong on our side, please try again",
        code: "INTERNAL",
      });
      expect(logged.mock.calls[0]?.[0]).toBe("error");
      const line = JSON.parse(String(logged.mock.calls[0]?.[1]));
      // The line the API's 5xx alarm counts (stacks/alarms.ts), with the request id the answer carried.
      expect(line).toMatchObject({
        level: "error",
        status: 500,
        requestId: legacy.headers.get("x-request-id"),
      });
      expect(line.error).toContain(`Stored product item PRODUCT#${id} / PRODUCT is malformed`);
    } finally {
      logged.mockRestore();
    }
  });
});
