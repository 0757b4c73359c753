import { CopyObjectCommand, DeleteObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { DISPLAY_FORMAT, DISPLAY_WIDTH, type ImageState, variantSetOf } from "@fruit/core/browser/uploads";
import { exists } from "@fruit/core/internal/db/conditions";
import { getItem } from "@fruit/core/internal/db/items";
import { queryAll } from "@fruit/core/internal/db/query";
import { AGAIN, giveUp, retrying } from "@fruit/core/internal/db/retry";
import { OrderRecordSchema, orderKind, StoredLineSchema } from "@fruit/core/internal/orders/order.records";
import {
  ProductRecordSchema,
  productKind,
  productPatterns,
} from "@fruit/core/internal/products/product.records";
import { PLACEHOLDER_IMAGE } from "@fruit/core/internal/products/product.schema";
import {
  bucketName,
  IMAGE_KEY_PREFIX,
  imageKeyOf,
  publicImageUrl,
  s3,
  UPLOAD_KEY_PREFIX,
} from "@fruit/core/uploads/s3";
import { readImageState } from "@fruit/core/uploads/state";
import * as v from "valibot";
import { ordersMatching, updateIfStill } from "./migration.ts";

/**
 * Before image variants (docs/decisions/029-image-variants.md), an upload was stored public as
 * `images/<stem>.<ext>` and products named that original (`/images/<stem>.<ext>`): every shopper
 * downloaded the administrator's photo whole, with its EXIF and GPS data; order lines keep the
 * image their product had when ordered. For each such image a product or an order line names, this
 * migration
 * 1. copies the original to `uploads/<stem>.<ext>`, where nothing serves it: the bucket's
 *    notification runs the image function on it as on any upload (skipped when its variants exist);
 * 2. waits for the variants' state record;
 * 3. replaces the URL in every product and order line that names it by the display variant
 *    (`/images/<stem>/800.webp`, what an upload's `secure_url` names today), each write conditioned on
 *    the images being those it read;
 * 4. deletes the public original once nothing names it.
 * An image the function refuses (not an image, truncated, over 50 MP) is no more public either: its
 * URLs become the blank product's placeholder, its original is kept privately under `uploads/`, and
 * the run warns which products need a new picture. A URL whose object is not in the bucket (a broken
 * link, or the web app's own file) is no upload and is left alone. Reads every product (pattern 1)
 * and every order (pattern 17) twice: to convert, then to see what still names an original before
 * deleting it.
 */
export const id = "2026-11-25-uploaded-images";
export const description =
  "images uploaded before variants (public originals with their EXIF) become variants in products and order lines; the originals are deleted";

/** How long the variants of one image may take before the run gives up (the function retries twice). */
const READY_WITHIN_MS = 180_000;
const POLL_MS = 250;

/** What the migration reads of a product: its id, name and image URLs. */
const ProductImages = v.object({
  id: ProductRecordSchema.entries.id,
  name: ProductRecordSchema.entries.name,
  image: ProductRecordSchema.entries.image,
  images: ProductRecordSchema.entries.images,
});
type ProductImages = v.InferOutput<typeof ProductImages>;

/** What it reads of an order: its id and its lines' images. */
const OrderImages = v.object({
  id: OrderRecordSchema.entries.id,
  orderItems: v.array(v.object({ image: StoredLineSchema.entries.image })),
});
type OrderImages = v.InferOutput<typeof OrderImages>;

/** An original as stored before variants: its key, and the stem its variants are filed under. */
interface Original {
  key: string;
  stem: string;
}

/** The original an image URL names, or undefined for a variant, the placeholder or an https URL. */
export function originalOf(url: string): Original | undefined {
  if (variantSetOf(url)) return undefined;
  const key = imageKeyOf(url);
  if (!key) return undefined;
  const rest = key.slice(IMAGE_KEY_PREFIX.length);
  const dot = rest.lastIndexOf(".");
  if (dot <= 0 || rest.endsWith("/state.json")) return undefined;
  return { key, stem: rest.slice(0, dot) };
}

const displayUrl = (stem: string): string =>
  publicImageUrl(`${IMAGE_KEY_PREFIX}${stem}/${DISPLAY_WIDTH}.${DISPLAY_FORMAT}`);

const httpStatus = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Whether the bucket holds `key`. */
async function stored(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return true;
  } catch (error) {
    if (httpStatus(error) === 404 || (error as Error).name === "NotFound") return false;
    throw error;
  }
}

/** The variants' state once the image function has run on the copy, waiting at most READY_WITHIN_MS. */
async function settled(stem: string): Promise<Exclude<ImageState, { state: "pending" }>> {
  const started = Date.now();
  for (;;) {
    const state = await readImageState(stem);
    if (state.state !== "pending") return state;
    if (Date.now() - started > READY_WITHIN_MS)
      throw new Error(
        `the variants of ${IMAGE_KEY_PREFIX}${stem} were not made within ${READY_WITHIN_MS / 1000} s (is the image function deployed?); run again`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Makes the variants of one original (copying it to `uploads/`, unless they exist) and answers their
 * state; `missing` when the bucket does not hold it.
 */
async function variantsOf(original: Original): Promise<ImageState | "missing"> {
  const existing = await readImageState(original.stem);
  if (existing.state === "ready") return existing;
  if (!(await stored(original.key))) return "missing";
  const uploadKey = `${UPLOAD_KEY_PREFIX}${original.key.slice(IMAGE_KEY_PREFIX.length)}`;
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucketName(),
      CopySource: `${bucketName()}/${original.key}`,
      Key: uploadKey,
    }),
  );
  return settled(original.stem);
}

/** Replaces the URLs of `replaced` in one product; false when it names none of them (or is gone). */
function rewriteProduct(productId: string, replaced: ReadonlyMap<string, string>): Promise<boolean> {
  return retrying(
    "changedMeanwhile",
    async () => {
      const item = await getItem(productKind.key(productId), { consistent: true });
      if (!item) return false;
      const product = productKind.decodePart(ProductImages, item);
      const swap = (url: string) => replaced.get(url) ?? url;
      const image = swap(product.image);
      const images = product.images.map(swap);
      if (image === product.image && images.every((url, i) => url === product.images[i])) return false;
      const written = await updateIfStill(
        productKind.update(productKind.key(productId), {
          UpdateExpression: "SET image = :image, images = :images",
          ConditionExpression: `${exists()} AND image = :readImage AND images = :readImages`,
          ExpressionAttributeValues: {
            ":image": image,
            ":images": images,
            ":readImage": product.image,
            ":readImages": product.images,
          },
        }),
      );
      return written ? true : AGAIN;
    },
    giveUp(() => new Error(`Product ${productId} kept changing while its images were replaced; run again`)),
  );
}

/** Replaces the URLs of `replaced` in one order's lines; false when they name none of them. */
async function rewriteOrder(order: OrderImages, replaced: ReadonlyMap<string, string>): Promise<boolean> {
  const changed = order.orderItems.flatMap(({ image }, line) => {
    const next = replaced.get(image);
    return next ? [{ line, image, next }] : [];
  });
  if (changed.length === 0) return false;
  // Lines never move, so each one is conditioned on its own image: one replaced meanwhile is left.
  return updateIfStill(
    orderKind.update(orderKind.key(order.id), {
      UpdateExpression: `SET ${changed.map(({ line }) => `orderItems[${line}].#image = :next${line}`).join(", ")}`,
      ConditionExpression: [
        exists(),
        ...changed.map(({ line }) => `orderItems[${line}].#image = :read${line}`),
      ].join(" AND "),
      ExpressionAttributeNames: { "#image": "image" },
      ExpressionAttributeValues: Object.fromEntries(
        changed.flatMap(({ line, image, next }) => [
          [`:next${line}`, next],
          [`:read${line}`, image],
        ]),
      ),
    }),
  );
}

/** Pattern 17 (and the partition of before shards): every order, with its lines' images. */
const readOrders = async (): Promise<OrderImages[]> =>
  (await ordersMatching({ FilterExpression: "attribute_exists(orderItems)" })).map((item) =>
    orderKind.decodePart(OrderImages, item),
  );

const readProducts = async (): Promise<ProductImages[]> =>
  (await queryAll(productPatterns.all())).map((item) => productKind.decodePart(ProductImages, item));

/** What names images: a product (by its name) or an order (by its id). */
interface Naming {
  label: string;
  urls: readonly string[];
}

const namings = (products: readonly ProductImages[], orders: readonly OrderImages[]): Naming[] => [
  ...products.map((product) => ({ label: product.name, urls: [product.image, ...product.images] })),
  ...orders.map((order) => ({
    label: `order ${order.id}`,
    urls: order.orderItems.map((line) => line.image),
  })),
];

/** The originals named, by URL, with what names each. */
function originalsNamed(named: readonly Naming[]): Map<string, { original: Original; by: string[] }> {
  const found = new Map<string, { original: Original; by: string[] }>();
  for (const { label, urls } of named) {
    for (const url of new Set(urls)) {
      const original = originalOf(url);
      if (!original) continue;
      const entry = found.get(url) ?? { original, by: [] };
      entry.by.push(label);
      found.set(url, entry);
    }
  }
  return found;
}

/** Converts every image uploaded before variants; answers how many products and orders changed. */
export async function run(): Promise<number> {
  const products = await readProducts();
  const orders = await readOrders();
  const replaced = new Map<string, string>();
  const refused: string[] = [];
  for (const [url, { original, by }] of originalsNamed(namings(products, orders))) {
    const state = await variantsOf(original);
    if (state === "missing") continue;
    if (state.state === "ready") replaced.set(url, displayUrl(original.stem));
    else if (state.state === "failed") {
      replaced.set(url, PLACEHOLDER_IMAGE);
      refused.push(`${url} (${by.join(", ")}): ${state.message}`);
    }
  }

  let changed = 0;
  for (const product of products) {
    if (await rewriteProduct(product.id, replaced)) changed += 1;
  }
  for (const order of orders) {
    if (await rewriteOrder(order, replaced)) changed += 1;
  }

  // An original is deleted only once nothing names it: a product saved meanwhile with an old URL, or
  // an order placed with one, keeps it (`npm run migrate -- --again` converts them).
  const stillNamed = originalsNamed(namings(await readProducts(), await readOrders()));
  for (const url of replaced.keys()) {
    const original = originalOf(url) as Original;
    if (!stillNamed.has(url))
      await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: original.key }));
  }

  if (refused.length > 0)
    console.warn(
      `${id}: ${refused.length} image(s) could not be made into variants and now show the placeholder (the originals are kept under uploads/): ${refused.join("; ")}. Upload a new picture for these products in the admin.`,
    );
  return changed;
}
