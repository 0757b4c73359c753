import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { AppError } from "@fruit/core/errors";
import { newId } from "@fruit/core/ids";
import * as products from "@fruit/core/products/index";
import * as reviews from "@fruit/core/reviews/index";
import { bucketName, IMAGE_KEY_PREFIX, publicImageUrl, s3 } from "@fruit/core/uploads/s3";
import * as users from "@fruit/core/users/index";
import { SEED_PRODUCTS, SEED_REVIEWS, type SeedProduct, seedImageFiles } from "./seed-data.ts";

/** An account the seed creates (the local runtime passes the env's or the default credentials). */
export interface SeedAccount {
  name: string;
  email: string;
  password: string;
}

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

/** True for the 409 a core verb answers when the item is already there (a taken slug or email). */
const isTaken = (error: unknown) => error instanceof AppError && error.kind === "conflict";

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
 * Creates an account through the accounts verb, or keeps the existing one: an emptied catalogue
 * (every product deleted) is re-seeded on start, and the accounts may well still be there.
 */
async function ensureUser(account: SeedAccount, isAdmin: boolean): Promise<{ _id: string; name: string }> {
  try {
    return await users.create({
      name: account.name,
      email: account.email,
      password: account.password,
      isAdmin,
    });
  } catch (error) {
    const existing = isTaken(error) ? await users.findByEmail(account.email) : undefined;
    if (!existing) throw error;
    return existing;
  }
}

/**
 * Creates one product through the catalogue verb, with its fixed id and slug, and (with a customer,
 * when it has one) the customer's review through the reviews verb, dated `daysAgo` before `now`. A
 * product whose slug is still taken is skipped rather than duplicated.
 */
async function seedProduct(
  product: SeedProduct,
  id: string,
  now: Date,
  customer: { _id: string; name: string } | undefined,
): Promise<void> {
  try {
    await products.create({
      id,
      slug: product.slug,
      name: product.name,
      image: publicImageUrl(seedKey(product.image)),
      images: product.images.map((file) => publicImageUrl(seedKey(file))),
      price: product.price,
      unit: product.unit,
      step: product.step,
      description: product.description,
      category: product.category,
      brand: product.brand,
      countInStock: product.countInStock,
    });
  } catch (error) {
    if (isTaken(error)) return;
    throw error;
  }
  const review = customer && SEED_REVIEWS.find((candidate) => candidate.slug === product.slug);
  if (!review || !customer) return;
  await reviews.addReview(
    customer,
    id,
    { rating: review.rating, comment: review.comment },
    { createdAt: new Date(now.getTime() - review.daysAgo * DAY_MS) },
  );
}

/**
 * Seeds the demo catalogue when the table has no product (docs/architecture.md, 'The local runtime'): its images, the given
 * accounts (`admin` as an administrator; `customer` as the author of the demo reviews — without one
 * the products come without reviews), and the products. The local runtime passes both accounts;
 * `npm run stage:init --demo` passes no admin (it makes its own) and a customer only locally, since a
 * deployed stage must not get an account with a known password. The table and bucket must exist.
 * Re-running on a seeded table does nothing and returns `{ seeded: false }`. Everything is written
 * through core's own verbs (accounts, products, reviews), so seeded items have exactly the shapes
 * of docs/data-model.md; a product whose slug is still taken is skipped rather than duplicated.
 */
export async function seedIfEmpty(accounts: {
  admin?: SeedAccount;
  customer?: SeedAccount;
}): Promise<{ seeded: boolean }> {
  if (!(await products.isEmpty())) return { seeded: false };

  await uploadSeedImages();
  if (accounts.admin) await ensureUser(accounts.admin, true);
  const customer = accounts.customer ? await ensureUser(accounts.customer, false) : undefined;

  // ULIDs sort by creation time and lists are newest first: minting the ids in reverse makes the
  // first product of the catalogue the first one shown.
  const ids = SEED_PRODUCTS.map(() => "");
  for (let index = SEED_PRODUCTS.length - 1; index >= 0; index -= 1) ids[index] = newId();
  const now = new Date();

  await inBatches(
    SEED_PRODUCTS.map((product, index) => ({ product, id: ids[index] as string })),
    ({ product, id }) => seedProduct(product, id, now, customer),
  );
  return { seeded: true };
}
