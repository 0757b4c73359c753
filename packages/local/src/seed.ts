import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { DISPLAY_FORMAT, DISPLAY_WIDTH } from "@fruit/core/browser/uploads";
import { AppError } from "@fruit/core/errors";
import { newId } from "@fruit/core/ids";
import * as products from "@fruit/core/products";
import * as reviews from "@fruit/core/reviews";
import { bucketName, IMAGE_KEY_PREFIX, publicImageUrl, s3, UPLOAD_KEY_PREFIX } from "@fruit/core/uploads/s3";
import { readImageState, stateKey } from "@fruit/core/uploads/state";
import * as users from "@fruit/core/users";
import { SEED_PRODUCTS, SEED_REVIEWS, type SeedProduct, seedImageFiles } from "./seed-data.ts";

/** An account the seed creates (the local runtime passes the env's or the default credentials). */
export interface SeedAccount {
  name: string;
  email: string;
  password: string;
}

const IMAGES_DIR = fileURLToPath(new URL("./seed-images/", import.meta.url));
/**
 * Bucket key of a seed file: an upload like any other (`uploads/seed/<file>`), so the image function
 * makes its variants under `images/seed/<name>/` (docs/decisions/029-image-variants.md).
 */
const seedKey = (file: string) => `${UPLOAD_KEY_PREFIX}seed/${file}`;
const stemOf = (file: string) => `seed/${file.slice(0, file.lastIndexOf("."))}`;
/** The public URL of a seed file's display variant, `/images/seed/<name>/800.webp`, as uploads answer. */
export const seedImageUrl = (file: string): string =>
  publicImageUrl(`${IMAGE_KEY_PREFIX}${stemOf(file)}/${DISPLAY_WIDTH}.${DISPLAY_FORMAT}`);
/** Bounded parallelism: fast on DynamoDB Local and S3, without a burst of throttling in the cloud. */
const CONCURRENCY = 8;
const DAY_MS = 86_400_000;

async function inBatches<T>(values: readonly T[], run: (value: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < values.length; start += CONCURRENCY) {
    await Promise.all(values.slice(start, start + CONCURRENCY).map(run));
  }
}

/** True for the 409 a core verb answers when the item is already there (a taken slug or email). */
const isTaken = (error: unknown) => error instanceof AppError && error.status === 409;

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

/**
 * Whether the bucket already holds exactly this file with these headers (the ETag of a put is its
 * MD5) and its variants' state record (written last by the image function).
 */
async function storedUnchanged(file: string, body: Buffer, contentType: string): Promise<boolean> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: seedKey(file) }));
    const md5 = createHash("md5").update(body).digest("hex");
    if (
      head.ETag !== `"${md5}"` ||
      head.ContentType !== contentType ||
      head.CacheControl !== SEED_IMAGE_CACHE_CONTROL
    )
      return false;
    await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: stateKey(stemOf(file)) }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === "NotFound") return false;
    throw error;
  }
}

/**
 * Puts seed image files (from seed-images/) into the bucket as `uploads/seed/<file>` with their
 * content type and the immutable Cache-Control, skipping those already stored unchanged with their
 * variants; the bucket's notification makes the variants, and this waits until they are made. Used by
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
    if (await storedUnchanged(file, body, contentType)) {
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
  await variantsReady(uploaded);
  return { uploaded, unchanged };
}

/** How long the seed waits for the image function (locally ~1 s for all; a cold Lambda a few s). */
const VARIANTS_TIMEOUT_MS = 120_000;

/**
 * Waits until the image function has made the variants of every given seed file, so the catalogue
 * is never shown with missing pictures; throws naming any file that failed or is still pending.
 */
async function variantsReady(files: readonly string[]): Promise<void> {
  let pending = [...files];
  const started = Date.now();
  while (pending.length > 0) {
    const states = await Promise.all(
      pending.map(async (file) => [file, await readImageState(stemOf(file))] as const),
    );
    const failed = states.filter(([, state]) => state.state === "failed");
    if (failed.length > 0)
      throw new Error(
        `seed images refused by the image function: ${failed.map(([file]) => file).join(", ")}`,
      );
    pending = states.filter(([, state]) => state.state === "pending").map(([file]) => file);
    if (pending.length === 0) return;
    if (Date.now() - started > VARIANTS_TIMEOUT_MS)
      throw new Error(
        `seed images still without variants after ${VARIANTS_TIMEOUT_MS / 1000} s: ${pending.join(", ")}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
      image: seedImageUrl(product.image),
      images: product.images.map(seedImageUrl),
      price: product.price,
      unit: product.unit,
      step: product.step,
      description: product.description,
      category: product.category,
      brand: product.brand,
      countInStock: product.countInStock,
      translations: product.translations,
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
