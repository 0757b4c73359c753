import * as v from "valibot";
import { getConfig } from "../config.ts";
import { HOME_BANNER_IMAGES } from "../products/catalogue.constants.ts";
import { SHARE_WIDTH, shareImageUrl, variantSetOf } from "../uploads/image-urls.ts";
import { readObject } from "./bucket-read.ts";

/**
 * The link-preview picture of a page (docs/decisions/034-page-heads.md): the 1200-wide share JPEG the
 * image function makes of every upload (`images/<stem>/share.jpg`, docs/decisions/029-image-variants.md),
 * with its size, computed from the original's size in the upload's state record as the image
 * function resizes it (never wider than the original). A ready state never changes, so it is
 * remembered for the life of the process, per bucket (a process pointed at another bucket — each
 * test file has its own: tests/support/table.ts — reads that bucket's state).
 */
export interface ShareImage {
  /** `/images/<stem>/share.jpg`, made absolute by the caller. */
  path: string;
  width: number;
  height: number;
}

/** The shop-wide picture: the home page's first banner (catalogue.constants.ts). */
export const SHOP_IMAGE = HOME_BANNER_IMAGES.strawberry;

/** Ready share images by `<bucket>/<stem>`. */
const known = new Map<string, ShareImage>();

/** The part of a state record (uploads/state.ts, written last by the image function) a share image needs. */
const ReadyState = v.object({
  state: v.literal("ready"),
  width: v.pipe(v.number(), v.minValue(1)),
  height: v.pipe(v.number(), v.minValue(1)),
});

/** The original's size from `images/<stem>/state.json`, or undefined while it is not ready (or unreadable). */
async function readySize(
  bucket: string,
  stem: string,
): Promise<{ width: number; height: number } | undefined> {
  const read = await readObject(bucket, `images/${stem}/state.json`);
  if (!read.found) return undefined;
  try {
    const parsed = v.safeParse(ReadyState, JSON.parse(read.text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The share image of a stored image URL, or undefined while it has none (pending, failed, not a variant). */
export async function shareImageOf(imageUrl: string): Promise<ShareImage | undefined> {
  const set = variantSetOf(imageUrl);
  if (!set?.base.startsWith("/images/")) return undefined;
  const stem = set.base.slice("/images/".length);
  const bucket = getConfig().bucketName;
  const cached = known.get(`${bucket}/${stem}`);
  if (cached) return cached;
  const state = await readySize(bucket, stem);
  if (!state) return undefined;
  const width = Math.min(SHARE_WIDTH, state.width);
  const image = { path: shareImageUrl(set), width, height: Math.round((state.height * width) / state.width) };
  known.set(`${bucket}/${stem}`, image);
  return image;
}

/** A product's share image, or the shop's when the product's has none (yet). */
export async function shareImageOrShop(imageUrl: string | undefined): Promise<ShareImage | undefined> {
  return (imageUrl ? await shareImageOf(imageUrl) : undefined) ?? (await shareImageOf(SHOP_IMAGE));
}
