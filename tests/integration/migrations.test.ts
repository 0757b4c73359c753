import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { DeleteCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { sweepExpiredOrders } from "@fruit/core/expiry";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { type Item, StoredItemError } from "@fruit/core/internal/db/kind";
import { holdKind, orderKind } from "@fruit/core/internal/orders/order.records";
import {
  categoryCountKind,
  productKind,
  searchEntryKind,
  searchTokens,
} from "@fruit/core/internal/products/product.records";
import { userKind } from "@fruit/core/internal/users/user.records";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { runMigrations } from "@fruit/ops/migrate";
import * as categoryCounts from "@fruit/ops/migrations/2026-11-25-category-counts";
import * as orderHolds from "@fruit/ops/migrations/2026-11-25-order-holds";
import * as orderShards from "@fruit/ops/migrations/2026-11-25-order-shards";
import * as ratingTotals from "@fruit/ops/migrations/2026-11-25-rating-totals";
import * as searchText from "@fruit/ops/migrations/2026-11-25-search-text";
import * as sellingUnits from "@fruit/ops/migrations/2026-11-25-selling-units";
import * as tokenVersions from "@fruit/ops/migrations/2026-11-25-token-versions";
import * as uploadedImages from "@fruit/ops/migrations/2026-11-25-uploaded-images";
import * as searchIndex from "@fruit/ops/migrations/2026-11-27-search-index";
import { appliedMigrationKind } from "@fruit/ops/migrations/applied";
import type { Migration } from "@fruit/ops/migrations/migration";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, call, orderBody, place, stockOf } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The dated migrations of packages/ops/src/migrations/ (`npm run migrate`): items as an older version
 * stored them are written raw — today's decoders refuse them — and each migration, run twice (the
 * second run changes nothing), leaves items that decode and that the everyday verbs use.
 */
const putRaw = (item: Item) => db().send(new PutCommand({ TableName: tableName(), Item: item }));
const getRaw = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

/** Runs a migration twice and answers what its first run changed: the second must change nothing. */
async function runTwice(migration: Migration): Promise<number> {
  const changed = await migration.run();
  expect(await migration.run()).toBe(0);
  return changed;
}

/** The stored user without `tokenVersion`, as it was before token versions existed. */
async function unversioned(user: TestUser): Promise<Item> {
  const { tokenVersion: _, ...item } = (await getRaw(userKind.key(user._id)))!;
  await putRaw(item);
  return item;
}

const profile = (token: string, body: Record<string, unknown> = {}) =>
  api("/api/users/profile", { method: "PUT", token, body });

let ann: TestUser;
let bob: TestUser;
let cid: TestUser;

beforeAll(async () => {
  await useFreshTable("migrations");
  [ann, bob, cid] = await Promise.all([
    createUser({ name: "Ann" }),
    createUser({ name: "Bob" }),
    createUser({ name: "Cid" }),
  ]);
});

describe(orderHolds.id, () => {
  /** An order as it was stored before holds existed: no `holdUntil`, no hold item, no `rev`. */
  function oldOrder(product: { _id: string; name: string; slug: string; image: string }, paid: boolean) {
    const id = newId();
    return {
      pk: `ORDER#${id}`,
      sk: "ORDER",
      gsi1pk: "ORDERS",
      gsi1sk: id,
      gsi2pk: `USER#${ann._id}`,
      gsi2sk: `ORDER#${id}`,
      id,
      userId: ann._id,
      orderItems: [
        {
          productId: product._id,
          name: product.name,
          slug: product.slug,
          image: product.image,
          priceCents: 500,
          quantity: 2,
        },
      ],
      shippingAddress: address,
      paymentMethod: "PayPal",
      itemsCents: 1000,
      shippingCents: 1000,
      taxCents: 150,
      totalCents: 2150,
      isPaid: paid,
      ...(paid
        ? {
            paidAt: "2026-01-05T10:05:00.000Z",
            paymentResult: {
              id: "CAP1",
              status: "COMPLETED",
              update_time: "2026-01-05T10:05:00Z",
              email_address: "a@example.com",
            },
            paypalOrderId: "PP1",
          }
        : {}),
      isDelivered: false,
      createdAt: "2026-01-05T10:00:00.000Z",
    };
  }

  it("gives an old unpaid order a hold (createdAt + UNPAID_ORDER_MINUTES) that the sweep then expires", async () => {
    // Ten kiwis, of which the two old orders took four.
    const kiwi = await createProduct({ countInStock: 6 });
    const unpaid = oldOrder(kiwi, false);
    const paid = oldOrder(kiwi, true);
    await Promise.all([putRaw(unpaid), putRaw(paid)]);

    expect(await runTwice(orderHolds)).toBe(1);

    const stored = (await getRaw(orderKind.key(unpaid.id)))!;
    expect(stored).toMatchObject({ holdUntil: "2026-01-05T11:00:00.000Z", rev: 1 });
    // Orders of before holds are also of before selling units: their lines count whole kilograms.
    expect(await runTwice(sellingUnits)).toBe(2);
    expect(orderKind.decode((await getRaw(orderKind.key(unpaid.id)))!).holdUntil).toBe(
      "2026-01-05T11:00:00.000Z",
    );
    expect(holdKind.decode((await getRaw(holdKind.key(unpaid.id)))!)).toEqual({
      orderId: unpaid.id,
      holdUntil: "2026-01-05T11:00:00.000Z",
    });
    expect(await getRaw(holdKind.key(paid.id))).toBeUndefined();
    expect((await getRaw(orderKind.key(paid.id)))?.holdUntil).toBeUndefined();

    expect(await sweepExpiredOrders()).toMatchObject({ cancelled: 1, failed: 0 });
    expect(await stockOf(kiwi._id)).toBe(8);
    expect(await (await call(ann, "GET", `/${unpaid.id}`)).json()).toMatchObject({
      isCancelled: true,
      isPaid: false,
      holdUntil: null,
    });
    expect(await (await call(ann, "GET", `/${paid.id}`)).json()).toMatchObject({
      isCancelled: false,
      isPaid: true,
    });
    expect(await orderHolds.run()).toBe(0);
  });
});

describe(ratingTotals.id, () => {
  /** A review and its reviewer item, as every version stored them. */
  async function oldReview(productId: string, user: TestUser, rating: number) {
    const id = newId();
    await putRaw({
      pk: `PRODUCT#${productId}`,
      sk: `REVIEW#${id}`,
      id,
      productId,
      userId: user._id,
      name: user.name,
      rating,
      comment: "Kept from an older seed",
      createdAt: new Date().toISOString(),
    });
    await putRaw({ pk: `PRODUCT#${productId}`, sk: `REVIEWER#${user._id}`, reviewId: id });
  }

  /** The stored product without the figures an older seed did not write. */
  async function withoutFigures(productId: string, keep: Record<string, unknown>) {
    const {
      ratingTotal: _total,
      numReviews: _count,
      rating: _rating,
      ...item
    } = (await getRaw(productKind.key(productId)))!;
    await putRaw({ ...item, ...keep });
    return { ...item, ...keep };
  }

  it("gives products kept without ratingTotal the sum of their reviews; they then take new reviews", async () => {
    const reviewed = await createProduct();
    const unreviewed = await createProduct();
    const current = await createProduct();
    await oldReview(reviewed._id, ann, 5);
    await oldReview(reviewed._id, bob, 2);
    const old = await withoutFigures(reviewed._id, { numReviews: 2, rating: 3.5 });
    // The oldest seeds wrote no figures at all on a product nobody reviewed.
    await withoutFigures(unreviewed._id, {});
    expect(() => productKind.decode(old)).toThrow(StoredItemError);

    expect(await runTwice(ratingTotals)).toBe(2);

    const repaired = (await getRaw(productKind.key(reviewed._id)))!;
    expect(repaired).toMatchObject({ numReviews: 2, ratingTotal: 7, rating: 3.5, rev: 1 });
    expect(productKind.decode(repaired).ratingTotal).toBe(7);
    expect(await getRaw(productKind.key(unreviewed._id))).toMatchObject({
      numReviews: 0,
      ratingTotal: 0,
      rating: 0,
    });
    expect((await getRaw(productKind.key(current._id)))?.rev).toBeUndefined();

    const third = await api(`/api/products/${reviewed._id}/reviews`, {
      method: "POST",
      token: cid.token,
      body: { rating: 4, comment: "Fine" },
    });
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({ numReviews: 3, rating: 3.7 });
    const again = await api(`/api/products/${reviewed._id}/reviews`, {
      method: "POST",
      token: ann.token,
      body: { rating: 1, comment: "Twice" },
    });
    expectClientError(again, 409);
    const first = await api(`/api/products/${unreviewed._id}/reviews`, {
      method: "POST",
      token: ann.token,
      body: { rating: 4, comment: "First" },
    });
    expect(first.body).toMatchObject({ numReviews: 1, rating: 4 });
  });
});

describe(tokenVersions.id, () => {
  it("gives users stored without tokenVersion version 0: their tokens work, a password change revokes them", async () => {
    const user = await createUser({ name: "Old Timer", password: "first-password" });
    const other = await createUser();
    const old = await unversioned(user);
    expect(() => userKind.decode(old)).toThrow(StoredItemError);

    expect(await runTwice(tokenVersions)).toBe(1);

    const stored = (await getRaw(userKind.key(user._id)))!;
    expect(userKind.decode(stored)).toMatchObject({ tokenVersion: 0, rev: 1 });
    expect((await getRaw(userKind.key(other._id)))?.rev).toBeUndefined();
    // The token issued before the migration (version 0) signs in and places an order (its session
    // check, decision 021).
    expect((await profile(user.token)).status).toBe(200);
    const plum = await createProduct({ countInStock: 5 });
    expect((await place(user, orderBody([{ product: plum, quantity: 1 }]))).status).toBe(201);
    expect(await stockOf(plum._id)).toBe(4);
    const changed = await profile(user.token, { password: "second-password" });
    expect(changed.status).toBe(200);
    expectClientError(await profile(user.token), 401);
    expect((await profile(changed.body.token)).status).toBe(200);
  });
});

describe(orderShards.id, () => {
  it("moves orders and holds of the single index partitions to their shards, where lists and the sweep find them", async () => {
    const admin = await createUser({ isAdmin: true });
    const kiwi = await createProduct({ countInStock: 5 });
    const placed = await place(ann, orderBody([{ product: kiwi, quantity: 2 }]));
    expect(placed.status).toBe(201);
    const order = (await placed.json()).order as { _id: string };
    // As stored before shards: the order under gsi1 ORDERS, its hold (run out) under gsi2 UNPAID_ORDERS.
    const storedOrder = (await getRaw(orderKind.key(order._id)))!;
    const past = "2026-01-01T00:00:00.000Z";
    await putRaw({ ...storedOrder, gsi1pk: "ORDERS", holdUntil: past });
    await putRaw({ ...holdKind.item({ orderId: order._id, holdUntil: past }), gsi2pk: "UNPAID_ORDERS" });
    const listed = async () =>
      (await api("/api/orders", { token: admin.token })).body.map((o: { _id: string }) => o._id);
    expect(await listed()).not.toContain(order._id);
    expect(await sweepExpiredOrders()).toMatchObject({ cancelled: 0 });

    // This order and its hold, and the two old orders of the order-holds test.
    expect(await runTwice(orderShards)).toBe(4);

    expect(await listed()).toContain(order._id);
    expect(await sweepExpiredOrders()).toMatchObject({ cancelled: 1, failed: 0 });
    expect(await stockOf(kiwi._id)).toBe(5);
  });
});

describe(categoryCounts.id, () => {
  it("recounts every category from the catalogue, so the storefront's and admin's counts are right", async () => {
    const admin = await createUser({ isAdmin: true });
    const nut = await createProduct({ category: "Nuts" });
    await createProduct({ category: "Nuts" });
    // As before counts existed: the category holds no count.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: categoryCountKind.key("Nuts") }));
    expect((await api("/api/products?category=Nuts&limit=1")).headers.get("x-total-count")).toBe("0");

    expect(await runTwice(categoryCounts)).toBeGreaterThanOrEqual(1);

    expect((await api("/api/products?category=Nuts&limit=1")).headers.get("x-total-count")).toBe("2");
    const total = Number((await api("/api/products?limit=1")).headers.get("x-total-count"));
    const page = await api("/api/products/admin?pageSize=100", { token: admin.token });
    expect(page.body.countProducts).toBe(total);
    expect(page.body.products.map((p: { _id: string }) => p._id)).toContain(nut._id);
  });
});

describe(searchText.id, () => {
  it("gives products and users stored before searches their search text, so searches find them", async () => {
    const admin = await createUser({ isAdmin: true });
    const plum = await createProduct({ name: "Dark Plum" });
    const dora = await createUser({ name: "Dora Explorer" });
    const { search: _p, ...product } = (await getRaw(productKind.key(plum._id)))!;
    const { search: _u, ...user } = (await getRaw(userKind.key(dora._id)))!;
    await Promise.all([putRaw(product), putRaw(user)]);
    expect((await api("/api/users?q=explorer", { token: admin.token })).body).toEqual([]);

    expect(await runTwice(searchText)).toBe(2);

    // Products are searched through their search entries since 2026-11-27-search-index; their
    // `search` text is still restored.
    expect((await getRaw(productKind.key(plum._id)))?.search).toBe("dark plum");
    const found = await api("/api/users?q=explorer", { token: admin.token });
    expect(found.body.map((u: { _id: string }) => u._id)).toEqual([dora._id]);
  });
});

describe(sellingUnits.id, () => {
  it("counts old products' stock and old order lines in grams, sold by the kg in steps of 1 kg", async () => {
    const melon = await createProduct({ name: "Melon", countInStock: 6, price: 3 });
    // An unpaid order whose hold ran out, holding 2 kg of it (4 kg left).
    const placed = await place(ann, orderBody([{ product: melon, quantity: 2 }]));
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()).order as { _id: string })._id;
    // Both as stored before selling units: no unit or step, stock and quantities in whole kilograms.
    const { unit: _unit, step: _step, ...product } = (await getRaw(productKind.key(melon._id)))!;
    const oldProduct = { ...product, countInStock: 4 };
    await putRaw(oldProduct);
    expect(() => productKind.decode(oldProduct)).toThrow(StoredItemError);
    const stored = (await getRaw(orderKind.key(orderId)))!;
    const oldLines = (stored.orderItems as Item[]).map(({ unit: _u, step: _s, ...line }) => ({
      ...line,
      quantity: 2,
    }));
    const past = "2026-01-01T00:00:00.000Z";
    await putRaw({ ...stored, orderItems: oldLines, holdUntil: past });
    await putRaw(holdKind.item({ orderId, holdUntil: past }));

    expect(await runTwice(sellingUnits)).toBe(2);

    expect(await getRaw(productKind.key(melon._id))).toMatchObject({
      unit: "kg",
      step: 1000,
      countInStock: 4000,
    });
    expect(orderKind.decode((await getRaw(orderKind.key(orderId)))!).orderItems).toMatchObject([
      { productId: melon._id, unit: "kg", step: 1000, quantity: 2000, priceCents: 300 },
    ]);
    expect((await api(`/api/products/${melon._id}`)).body).toMatchObject({
      unit: "kg",
      step: 1,
      countInStock: 4,
    });
    expect((await call(ann, "GET", `/${orderId}`)).status).toBe(200);
    // The sweep gives the 2 kg back, in grams.
    expect(await sweepExpiredOrders()).toMatchObject({ cancelled: 1, failed: 0 });
    expect(await stockOf(melon._id)).toBe(6);
  });
});

describe(uploadedImages.id, () => {
  /** Puts an object in the bucket as an upload was stored before variants: public, under images/. */
  const putOriginal = (key: string, body: Uint8Array, type = "image/jpeg") =>
    s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: type }));
  const inBucket = async (key: string) =>
    s3()
      .send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }))
      .then(() => true)
      .catch(() => false);
  const imagesOf = async (productId: string) => {
    const { image, images } = (await getRaw(productKind.key(productId)))!;
    return { image, images };
  };

  it("makes variants of old public originals, points products and order lines at them and deletes the originals", async () => {
    // A phone photo with its camera and GPS position, stored as uploads were before variants.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c0392b" } })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: "PhoneMaker" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" },
      })
      .toBuffer();
    const stem = newId();
    await putOriginal(`images/${stem}.jpg`, photo);
    const notAnImage = newId();
    await putOriginal(`images/${notAnImage}.jpg`, new TextEncoder().encode("not a picture"));
    const oldUrl = `/images/${stem}.jpg`;
    const badUrl = `/images/${notAnImage}.jpg`;
    const variant = `/images/${stem}/800.webp`;

    const kiwi = await createProduct({ name: "Kiwi" });
    const fig = await createProduct({ name: "Fig" });
    const lime = await createProduct({ name: "Lime" });
    const date = await createProduct({ name: "Date" });
    const save = async (productId: string, image: string, images: string[]) =>
      putRaw({ ...(await getRaw(productKind.key(productId)))!, image, images });
    await save(kiwi._id, oldUrl, [oldUrl, "https://example.com/kiwi.jpg"]);
    await save(fig._id, "/placeholder.svg", [oldUrl]);
    await save(lime._id, badUrl, []);
    await save(date._id, "/images/gone.jpg", []); // a broken link: not in the bucket
    // An order whose first line kept the old photo; its second line names a variant already.
    const placed = await place(
      ann,
      orderBody([
        { product: kiwi, quantity: 1 },
        { product: fig, quantity: 1 },
      ]),
    );
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()).order as { _id: string })._id;
    const stored = (await getRaw(orderKind.key(orderId)))!;
    const lines = stored.orderItems as Item[];
    await putRaw({ ...stored, orderItems: [{ ...lines[0], image: oldUrl }, lines[1]] });
    const lineImages = async () =>
      orderKind.decode((await getRaw(orderKind.key(orderId)))!).orderItems.map((line) => line.image);
    const secondLine = (await lineImages())[1];

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await uploadedImages.run()).toBe(4); // kiwi, fig, lime and the order
      // The refused image is named, with the product that showed it.
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`1 image\\(s\\).*${badUrl} \\(Lime\\): .*Upload a new picture`)),
      );
    } finally {
      warn.mockRestore();
    }
    expect(await imagesOf(kiwi._id)).toEqual({
      image: variant,
      images: [variant, "https://example.com/kiwi.jpg"],
    });
    expect(await imagesOf(fig._id)).toEqual({ image: "/placeholder.svg", images: [variant] });
    expect(await imagesOf(lime._id)).toEqual({ image: "/placeholder.svg", images: [] });
    expect(await imagesOf(date._id)).toEqual({ image: "/images/gone.jpg", images: [] });
    expect(await lineImages()).toEqual([variant, secondLine]);
    // No original is public any more; uploads/ (served by nothing) keeps them.
    for (const original of [stem, notAnImage]) {
      expect(await inBucket(`images/${original}.jpg`)).toBe(false);
      expect(await inBucket(`uploads/${original}.jpg`)).toBe(true);
    }
    // What shoppers get: a variant without the photo's EXIF, through the API.
    const served = await s3().send(
      new GetObjectCommand({ Bucket: bucketName(), Key: `images/${stem}/800.webp` }),
    );
    const metadata = await sharp(await served.Body!.transformToByteArray()).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 800, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect((await api(`/api/products/${kiwi._id}`)).body).toMatchObject({ image: variant });
    expect((await call(ann, "GET", `/${orderId}`)).status).toBe(200);

    expect(await runTwice(uploadedImages)).toBe(0);
  });
});

describe(searchIndex.id, () => {
  it("gives products stored before the search index their entries, so searches find them", async () => {
    const pear = await createProduct({ name: "Crème Pear 7", category: "Orchard" });
    const kept = await createProduct({ name: "Kept Quince" });
    // As stored before: no search entries.
    for (const token of searchTokens(pear.name))
      await db().send(
        new DeleteCommand({ TableName: tableName(), Key: searchEntryKind.key(token, pear._id) }),
      );
    expect((await api("/api/products?q=creme%20pear")).body).toEqual([]);

    expect(await runTwice(searchIndex)).toBe(1);

    for (const q of ["creme pear", "CRÈME", "pear 7", "pe 7"])
      expect(
        (await api(`/api/products?q=${encodeURIComponent(q)}`)).body.map((p: { _id: string }) => p._id),
        q,
      ).toEqual([pear._id]);
    expect((await api("/api/products?q=quince")).body.map((p: { _id: string }) => p._id)).toEqual([kept._id]);
  });
});

describe("npm run migrate (runMigrations)", () => {
  it("runs every migration once per table, in date order, recording each; --again runs them again", async () => {
    await unversioned(await createUser());
    const first = await runMigrations();
    // The suites above left nothing for the other two.
    expect(first.map(({ id, status, changed }) => [id, status, changed])).toEqual([
      [categoryCounts.id, "applied", 0],
      [orderHolds.id, "applied", 0],
      [orderShards.id, "applied", 0],
      [ratingTotals.id, "applied", 0],
      [searchText.id, "applied", 0],
      [sellingUnits.id, "applied", 0],
      [tokenVersions.id, "applied", 1],
      [uploadedImages.id, "applied", 0],
      [searchIndex.id, "applied", 0],
    ]);
    const record = appliedMigrationKind.decode((await getRaw(appliedMigrationKind.key(tokenVersions.id)))!);
    expect(record).toMatchObject({ id: tokenVersions.id, changed: 1 });
    expect(Date.parse(record.appliedAt)).toBeLessThanOrEqual(Date.now());

    const late = await createUser();
    await unversioned(late);
    const second = await runMigrations();
    expect(second.map(({ status }) => status)).toEqual(Array(9).fill("already"));
    expect(second[6]).toMatchObject({ changed: 1, appliedAt: record.appliedAt });
    expect((await getRaw(userKind.key(late._id)))?.tokenVersion).toBeUndefined();

    const again = await runMigrations({ again: true });
    expect(again.map(({ status, changed }) => [status, changed])).toEqual([
      ["applied", 0],
      ["applied", 0],
      ["applied", 0],
      ["applied", 0],
      ["applied", 0],
      ["applied", 0],
      ["applied", 1],
      ["applied", 0],
      ["applied", 0],
    ]);
    expect((await getRaw(userKind.key(late._id)))?.tokenVersion).toBe(0);
  });
});
