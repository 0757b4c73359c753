import { CopyObjectCommand, DeleteObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { exists } from "@fruit/core/internal/db/conditions";
import { getItem } from "@fruit/core/internal/db/items";
import { queryAll } from "@fruit/core/internal/db/query";
import { AGAIN, giveUp, retrying } from "@fruit/core/internal/db/retry";
import {
  ProductRecordSchema,
  productKind,
  productPatterns,
} from "@fruit/core/internal/products/product.records";
import {
  bucketName,
  IMAGE_KEY_PREFIX,
  imageKeyOf,
  publicImageUrl,
  s3,
  UPLOAD_KEY_PREFIX,
} from "@fruit/core/uploads/s3";
import { readImageState } from "@fruit/core/uploads/state";
import {
  DISPLAY_FORMAT,
  DISPLAY_WIDTH,
  type ImageState,
  variantSetOf,
} from "@fruit/core/uploads/upload.schema";
import * as v from "valibot";
import { updateIfStill } from "./migration.ts";

/**
 * Before image variants (docs/decisions/029-image-variants.md), an upload was stored public as
 * `images/<stem>.<ext>` and products named that original (`/images/<stem>.<ext>`): every shopper
 * downloaded the administrator's photo whole, with its EXIF and GPS data. For each such image a
 * product names, this migration
 * 1. copies the original to `uploads/<stem>.<ext>`, where nothing serves it: the bucket's
 *    notification runs the image function on it as on any upload (skipped when its variants exist);
 * 2. waits for the variants' state record;
 * 3. replaces the URL in every product that names it by the display variant
 *    (`/images/<stem>/800.webp`, what an upload's `secure_url` names today), each write conditioned on
 *    the product's images being those it read;
 * 4. deletes the public original once no product names it.
 * An image the function refuses (not an image, truncated, too large) is left as it is and named in
 * the error the run ends with: the administrator uploads a new picture, then the migration runs
 * again. A URL whose object is not in the bucket (a broken link, or the web app's own file) is no
 * upload and is left alone. Reads every product once (pattern 1).
 */
export const id = "2026-11-25-uploaded-images";
export const description =
  "product images uploaded before variants (public originals with their EXIF) become variants; the originals are deleted";

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

/** An original as stored before variants: its key, and the stem its variants are filed under. */
interface Original {
  key: string;
  stem: string;
}

/** The original a product's image URL names, or undefined for a variant, a placeholder or an https URL. */
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

const readProducts = async (): Promise<ProductImages[]> =>
  (await queryAll(productPatterns.all())).map((item) => productKind.decodePart(ProductImages, item));

/** The originals the products name, with the names of the products that name each. */
function originalsNamed(
  products: readonly ProductImages[],
): Map<string, { original: Original; products: string[] }> {
  const found = new Map<string, { original: Original; products: string[] }>();
  for (const product of products) {
    for (const url of new Set([product.image, ...product.images])) {
      const original = originalOf(url);
      if (!original) continue;
      const entry = found.get(url) ?? { original, products: [] };
      entry.products.push(product.name);
      found.set(url, entry);
    }
  }
  return found;
}

/** Converts every product image uploaded before variants; answers how many products changed. */
export async function run(): Promise<number> {
  const products = await readProducts();
  const named = originalsNamed(products);
  const replaced = new Map<string, string>();
  const refused: string[] = [];
  for (const [url, { original, products: names }] of named) {
    const state = await variantsOf(original);
    if (state === "missing") continue;
    if (state.state === "ready") replaced.set(url, displayUrl(original.stem));
    else if (state.state === "failed") refused.push(`${url} (${names.join(", ")}): ${state.message}`);
  }

  let changed = 0;
  for (const product of products) {
    if (await rewriteProduct(product.id, replaced)) changed += 1;
  }

  // An original is deleted only once no product names it: one saved meanwhile with an old URL keeps it.
  const stillNamed = new Set(originalsNamed(await readProducts()).keys());
  for (const url of replaced.keys()) {
    const original = originalOf(url) as Original;
    if (!stillNamed.has(url))
      await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: original.key }));
  }

  if (refused.length > 0)
    throw new Error(
      `${refused.length} image(s) could not be made into variants and are still served as uploaded: ${refused.join("; ")}. Upload a new picture for these products in the admin, then run again`,
    );
  return changed;
}
