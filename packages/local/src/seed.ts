import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/db/client";
import { newId } from "@fruit/core/ids";
import { toCents } from "@fruit/core/money/pricing";
import { productKeys } from "@fruit/core/products/product.keys";
import { bucketName, IMAGE_KEY_PREFIX, publicImageUrl, s3 } from "@fruit/core/uploads/s3";
import { BCRYPT_COST, newAccountItems } from "@fruit/core/users/index";
import { userKeys } from "@fruit/core/users/user.keys";
import bcrypt from "bcryptjs";
import { SEED_PRODUCTS, SEED_REVIEWS, type SeedProduct, seedImageFiles } from "./seed-data.ts";

/** An account the seed creates (the local runtime passes the env's or the default credentials). */
export interface SeedAccount {
  name: string;
  email: string;
  password: string;
}

type Item = Record<string, unknown>;
type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]["TransactItems"]
>[number];

const IMAGES_DIR = fileURLToPath(new URL("./seed-images/", import.meta.url));
/** Bucket key of a seed file; public as `/images/seed/<file>` like any uploaded image. */
const seedKey = (file: string) => `${IMAGE_KEY_PREFIX}seed/${file}`;
/** Bounded parallelism: fast on DynamoDB Local and S3, without a burst of throttling in the cloud. */
const CONCURRENCY = 8;
const DAY_MS = 86_400_000;

async function inBatches<T>(values: readonly T[], run: (value: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < values.length; start += CONCURRENCY) {
    await Promise.all(values.slice(start, start + CONCURRENCY).map(run));
  }
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === "ConditionalCheckFailedException" ||
    (error.name === "TransactionCanceledException" && error.message.includes("ConditionalCheckFailed")));

const conditionalPut = (Item: Item): TransactItem => ({
  Put: { TableName: tableName(), Item, ConditionExpression: "attribute_not_exists(pk)" },
});

async function hasProducts(): Promise<boolean> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": productKeys.allPartition },
      Limit: 1,
    }),
  );
  return (result.Items?.length ?? 0) > 0;
}

/**
 * Cache-Control of the seed's images: long-lived and immutable, like images stored by `/api/upload`
 * (core/src/uploads/index.ts) — the router serves a stored object's own header.
 */
export const SEED_IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  avif: "image/avif",
};

function contentTypeOf(file: string): string {
  const type = CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1).toLowerCase()];
  if (!type) throw new Error(`seed image ${file}: unknown image type`);
  return type;
}

/** Whether the bucket already holds exactly this file with these headers (the ETag of a put is its MD5). */
async function storedUnchanged(key: string, body: Buffer, contentType: string): Promise<boolean> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    const md5 = createHash("md5").update(body).digest("hex");
    return (
      head.ETag === `"${md5}"` &&
      head.ContentType === contentType &&
      head.CacheControl === SEED_IMAGE_CACHE_CONTROL
    );
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === "NotFound") return false;
    throw error;
  }
}

/**
 * Puts seed image files (from seed-images/) into the bucket as `images/seed/<file>` with their
 * content type and the immutable Cache-Control, skipping those already stored unchanged. Used by
 * the seed (every product image and banner) and by `npm run stage:init` (the storefront's fixed
 * images), so both store them the same way.
 */
export async function uploadSeedImages(
  files: readonly string[] = seedImageFiles(),
): Promise<{ uploaded: string[]; unchanged: string[] }> {
  const uploaded: string[] = [];
  const unchanged: string[] = [];
  await inBatches(files, async (file) => {
    const body = await readFile(`${IMAGES_DIR}${file}`);
    const contentType = contentTypeOf(file);
    if (await storedUnchanged(seedKey(file), body, contentType)) {
      unchanged.push(file);
      return;
    }
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: seedKey(file),
        Body: body,
        ContentType: contentType,
        CacheControl: SEED_IMAGE_CACHE_CONTROL,
      }),
    );
    uploaded.push(file);
  });
  return { uploaded, unchanged };
}

/**
 * Creates an account with its email uniqueness item, or keeps the existing one: an emptied catalogue
 * (every product deleted) is re-seeded on start, and the accounts may well still be there.
 */
async function ensureUser(account: SeedAccount, isAdmin: boolean): Promise<string> {
  const { user, emailItem } = newAccountItems({
    name: account.name,
    email: account.email.toLowerCase(),
    passwordHash: await bcrypt.hash(account.password, BCRYPT_COST),
    isAdmin,
  });
  try {
    await db().send(
      new TransactWriteCommand({ TransactItems: [conditionalPut(user), conditionalPut(emailItem)] }),
    );
    return user.id;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await db().send(
      new GetCommand({ TableName: tableName(), Key: userKeys.email(account.email), ConsistentRead: true }),
    );
    return existing.Item?.userId as string;
  }
}

/** The product, its slug item and (with a customer, when it has one) the customer's review and its reviewer item. */
function productItems(
  product: SeedProduct,
  id: string,
  now: Date,
  customer: { id: string; name: string } | undefined,
) {
  const review = customer && SEED_REVIEWS.find((candidate) => candidate.slug === product.slug);
  const createdAt = now.toISOString();
  const items: TransactItem[] = [
    conditionalPut({
      ...productKeys.item(id),
      ...productKeys.listIndex(id),
      ...productKeys.categoryIndex(product.category, id),
      id,
      slug: product.slug,
      name: product.name,
      image: publicImageUrl(seedKey(product.image)),
      images: product.images.map((file) => publicImageUrl(seedKey(file))),
      priceCents: toCents(product.price),
      description: product.description,
      category: product.category,
      brand: product.brand,
      countInStock: product.countInStock,
      rating: review?.rating ?? 0,
      numReviews: review ? 1 : 0,
      createdAt,
      updatedAt: createdAt,
    }),
    conditionalPut({ ...productKeys.slug(product.slug), productId: id }),
  ];
  if (review && customer) {
    const reviewId = newId();
    const pk = productKeys.item(id).pk;
    items.push(
      conditionalPut({
        pk,
        sk: `REVIEW#${reviewId}`,
        id: reviewId,
        productId: id,
        userId: customer.id,
        name: customer.name,
        rating: review.rating,
        comment: review.comment,
        createdAt: new Date(now.getTime() - review.daysAgo * DAY_MS).toISOString(),
      }),
      conditionalPut({ pk, sk: `REVIEWER#${customer.id}`, reviewId }),
    );
  }
  return items;
}

/**
 * Seeds the demo catalogue when the table has no product (docs/architecture.md, 'The local runtime'): its images, the given
 * accounts (`admin` as an administrator; `customer` as the author of the demo reviews — without one
 * the products come without reviews), and the products. The local runtime passes both accounts;
 * `npm run stage:init --demo` passes no admin (it makes its own) and a customer only locally, since a
 * deployed stage must not get an account with a known password. The table and bucket must exist.
 * Re-running on a seeded table does nothing and returns `{ seeded: false }`. Each product is one
 * transaction whose slug put is conditional, so a product whose slug is still taken is skipped
 * rather than duplicated.
 */
export async function seedIfEmpty(accounts: {
  admin?: SeedAccount;
  customer?: SeedAccount;
}): Promise<{ seeded: boolean }> {
  if (await hasProducts()) return { seeded: false };

  await uploadSeedImages();
  if (accounts.admin) await ensureUser(accounts.admin, true);
  const customer = accounts.customer
    ? { id: await ensureUser(accounts.customer, false), name: accounts.customer.name }
    : undefined;

  // ULIDs sort by creation time and lists are newest first: minting the ids in reverse makes the
  // first product of the catalogue the first one shown.
  const ids = SEED_PRODUCTS.map(() => "");
  for (let index = SEED_PRODUCTS.length - 1; index >= 0; index -= 1) ids[index] = newId();
  const now = new Date();

  await inBatches(
    SEED_PRODUCTS.map((product, index) => ({ product, id: ids[index] as string })),
    async ({ product, id }) => {
      try {
        await db().send(
          new TransactWriteCommand({ TransactItems: productItems(product, id, now, customer) }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  );
  return { seeded: true };
}
