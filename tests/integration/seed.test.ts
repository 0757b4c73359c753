import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { GetCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { DEAL_SLUG, HOME_BANNER_SLUGS } from "@fruit/core/browser/products";
import { db, tableName } from "@fruit/core/internal/db/client";
import { emailKind, userKind, userPatterns } from "@fruit/core/internal/users/user.records";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { app } from "@fruit/functions/api/index";
import { seedIfEmpty } from "@fruit/local/seed";
import { SEED_PRODUCTS, seedImageFiles } from "@fruit/local/seed-data";
import bcrypt from "bcryptjs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { createUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

const accounts = {
  admin: { name: "Admin", email: "admin@example.com", password: "admin1234" },
  customer: { name: "Jane Customer", email: "user@example.com", password: "user1234" },
};

type ApiProduct = {
  _id: string;
  slug: string;
  image: string;
  images: string[];
  price: number;
  category: string;
  countInStock: number;
  rating: number;
  numReviews: number;
  updatedAt: string;
  reviews?: { user: string; rating: number }[];
};

const listProducts = async (): Promise<ApiProduct[]> => (await app.request("/api/products")).json();

async function tableItemCount(): Promise<number> {
  // Tests only: a fresh, tiny table, so a full count is cheap and catches any stray write.
  const result = await db().send(new ScanCommand({ TableName: tableName(), Select: "COUNT" }));
  return result.Count ?? 0;
}

describe("local seed", () => {
  let first: { seeded: boolean };
  beforeAll(async () => {
    await useFreshTable("seed");
    first = await seedIfEmpty(accounts);
  });

  it("seeds a catalogue of at least 24 products across several categories", async () => {
    expect(first).toEqual({ seeded: true });
    const products = await listProducts();
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(products).toHaveLength(SEED_PRODUCTS.length);
    const categories: string[] = await (await app.request("/api/products/categories")).json();
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(products.some((product) => product.countInStock === 0)).toBe(true);
    for (const product of products) {
      expect(Number.isInteger(Math.round(product.price * 100))).toBe(true);
      expect(product.price).toBeGreaterThan(0);
      expect(product.image).toMatch(/^\/images\/seed\/[a-z-]+\/800\.webp$/);
    }
    // Newest first: the catalogue's first product leads the list.
    expect(products[0]?.slug).toBe(SEED_PRODUCTS[0]?.slug);
  });

  it("has the home banner and deal products, readable by slug, with reviews consistent with ratings", async () => {
    for (const slug of [...Object.values(HOME_BANNER_SLUGS), DEAL_SLUG]) {
      const res = await app.request(`/api/products/slug/${slug}`);
      expect(res.status, slug).toBe(200);
      const product: ApiProduct = await res.json();
      expect(product.slug).toBe(slug);
      expect(product.countInStock).toBeGreaterThan(0);
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.reviews).toHaveLength(product.numReviews);
      if (product.numReviews > 0) expect(product.rating).toBe(product.reviews?.[0]?.rating);
    }
  });

  it("uploads every image under uploads/seed/ and has its variants made under images/seed/", async () => {
    const listed = await s3().send(
      new ListObjectsV2Command({ Bucket: bucketName(), Prefix: "uploads/seed/" }),
    );
    expect(listed.KeyCount).toBe(seedImageFiles().length);
    const states = await s3().send(
      new ListObjectsV2Command({ Bucket: bucketName(), Prefix: "images/seed/" }),
    );
    expect(states.Contents?.filter((object) => object.Key?.endsWith("/state.json"))).toHaveLength(
      seedImageFiles().length,
    );
    const head = await s3().send(
      new HeadObjectCommand({ Bucket: bucketName(), Key: "images/seed/banner-strawberry/1600.avif" }),
    );
    expect(head.ContentType).toBe("image/avif");
    const strawberry: ApiProduct = await (await app.request("/api/products/slug/strawberry")).json();
    for (const url of [strawberry.image, ...strawberry.images]) {
      const key = `images/${url.slice("/images/".length)}`;
      await expect(
        s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key })),
      ).resolves.toBeDefined();
    }
  });

  it("creates the admin and the customer with hashed passwords and email items", async () => {
    for (const [account, isAdmin] of [
      [accounts.admin, true],
      [accounts.customer, false],
    ] as const) {
      const email = await db().send(
        new GetCommand({ TableName: tableName(), Key: emailKind.key(account.email) }),
      );
      const userId = email.Item?.userId as string;
      const user = await db().send(new GetCommand({ TableName: tableName(), Key: userKind.key(userId) }));
      expect(user.Item).toMatchObject({ id: userId, email: account.email, isAdmin, name: account.name });
      expect(await bcrypt.compare(account.password, user.Item?.passwordHash as string)).toBe(true);
    }
    const users = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: "gsi1",
        ...userPatterns.all(),
      }),
    );
    expect(users.Items).toHaveLength(2);
  });

  it("does nothing on a seeded table", async () => {
    const before = await listProducts();
    const count = await tableItemCount();
    expect(await seedIfEmpty(accounts)).toEqual({ seeded: false });
    expect(await tableItemCount()).toBe(count);
    const after = await listProducts();
    expect(after.map((product) => [product._id, product.updatedAt])).toEqual(
      before.map((product) => [product._id, product.updatedAt]),
    );
  });

  it("writes items the core verbs wrote: a seeded review's product takes the next review exactly", async () => {
    const seeded: ApiProduct = await (await app.request("/api/products/slug/strawberry")).json();
    expect(seeded.numReviews).toBe(1);
    const stored = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `PRODUCT#${seeded._id}`, sk: "PRODUCT" } }),
    );
    expect(stored.Item).toMatchObject({ ratingTotal: seeded.rating, numReviews: 1 });
    const reviewer = await createUser();
    const res = await api(`/api/products/${seeded._id}/reviews`, {
      method: "POST",
      token: reviewer.token,
      body: { rating: 1, comment: "Too ripe for me" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ numReviews: 2, rating: (seeded.rating + 1) / 2 });
  });
});
