import { PutObjectCommand } from "@aws-sdk/client-s3";
import { AccessDenied, asFunction } from "@fruit/core/access";
import { TABLE_ACCESS } from "@fruit/core/access/grants";
import { setConfig } from "@fruit/core/config";
import { readItem, readQueryPage } from "@fruit/core/db/read-client";
import { tableName } from "@fruit/core/internal/db/client";
import { readObject } from "@fruit/core/pages/bucket-read";
import * as products from "@fruit/core/products";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The page function is public, so it may read only the public kinds (core's access/grants.ts,
 * `leadingKeys`; IAM's `dynamodb:LeadingKeys` in the cloud, stacks/permissions.ts): products with
 * their reviews, slugs, the catalogue's counts, the search index and the catalogue's list. A read of
 * a user's item — its password hash — fails as AWS would fail it. Its S3 reads (the site's index.html,
 * images' state records) are held to its grants too.
 */

let userId: string;
let slug: string;

beforeAll(async () => {
  await useFreshTable("pages-permissions", { SHOP_URL: "https://shop.example.com" });
  userId = (await createUser())._id;
  slug = (await createProduct({ name: "Public Pear" })).slug;
});

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("the page function's reads", () => {
  it("fails with AccessDenied on a user's item, by GetItem or by Query, before anything is sent", async () => {
    expect(TABLE_ACCESS.Pages.leadingKeys).not.toContain("USER#*");
    const byKey = await failureOf(() =>
      asFunction("Pages", () => readItem(tableName(), { pk: `USER#${userId}`, sk: "USER" }, false)),
    );
    expect(byKey).toBeInstanceOf(AccessDenied);
    expect(byKey).toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringMatching(/dynamodb:GetItem .*dynamodb:LeadingKeys "USER#/),
    });
    const byQuery = await failureOf(() =>
      asFunction("Pages", () =>
        readQueryPage({
          TableName: tableName(),
          KeyConditionExpression: "#pk = :pk",
          ExpressionAttributeNames: { "#pk": "pk" },
          ExpressionAttributeValues: { ":pk": `USER#${userId}` },
        }),
      ),
    );
    expect(byQuery).toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringContaining("USER#"),
    });
    // The users' list on gsi1 is not the catalogue's either.
    const list = await failureOf(() =>
      asFunction("Pages", () =>
        readQueryPage({
          TableName: tableName(),
          IndexName: "gsi1",
          KeyConditionExpression: "gsi1pk = :pk",
          ExpressionAttributeValues: { ":pk": "USERS" },
        }),
      ),
    );
    expect(list).toBeInstanceOf(AccessDenied);
    // The API, which reads accounts, is not limited so.
    expect(
      await asFunction("Api", () => readItem(tableName(), { pk: `USER#${userId}`, sk: "USER" }, false)),
    ).toBeDefined();
  });

  it("reads what a page needs: a product by slug with its reviews, the catalogue, its counts", async () => {
    const product = await asFunction("Pages", () => products.fromSlug(slug));
    expect(product.name).toBe("Public Pear");
    for (const [index, pk] of [
      [undefined, "CATALOGUE"],
      ["gsi1", "PRODUCTS"],
      [undefined, "SEARCH#pea"],
    ] as const) {
      const page = await asFunction("Pages", () =>
        readQueryPage({
          TableName: tableName(),
          ...(index ? { IndexName: index } : {}),
          KeyConditionExpression: `${index ? "gsi1pk" : "pk"} = :pk`,
          ExpressionAttributeValues: { ":pk": pk },
        }),
      );
      expect(page.count, pk).toBeGreaterThanOrEqual(0);
    }
  });

  it("holds its S3 reads to its grants: images' records and the site's index.html, nothing else", async () => {
    const bucket = bucketName();
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: "uploads/secret.jpg", Body: "x" }));
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: "images/pear/state.json", Body: "{}" }));
    expect(
      await failureOf(() => asFunction("Pages", () => readObject(bucket, "uploads/secret.jpg"))),
    ).toMatchObject({ name: "AccessDenied", message: expect.stringContaining("s3:GetObject") });
    expect(await asFunction("Pages", () => readObject(bucket, "images/pear/state.json"))).toMatchObject({
      found: true,
    });
  });
});

// The site's bucket: index.html only (WEB_BUCKET_ACCESS), checked by bucket name from the configuration.
describe("the page function in the site's bucket", () => {
  it("reads index.html and nothing else there", async () => {
    const { getConfig } = await import("@fruit/core/config");
    const config = getConfig();
    const web = bucketName();
    setConfig({ ...config, site: { ...config.site, webBucket: web } });
    try {
      await s3().send(new PutObjectCommand({ Bucket: web, Key: "index.html", Body: "<!doctype html>" }));
      expect(await asFunction("Pages", () => readObject(web, "index.html"))).toMatchObject({ found: true });
      expect(
        await failureOf(() => asFunction("Pages", () => readObject(web, "images/pear/state.json"))),
      ).toBeInstanceOf(AccessDenied);
    } finally {
      setConfig(config);
    }
  });
});
