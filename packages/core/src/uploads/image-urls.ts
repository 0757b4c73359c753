import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "../layout/bucket.ts";

export { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX };

/*
 * Image variants (docs/decisions/029-image-variants.md), browser-safe and without dependencies (the
 * storefront's first load imports this for every picture; upload.schema.ts re-exports it). An upload is stored privately under
 * `uploads/<stem>.<ext>`; the image function writes its variants, public, under `images/<stem>/`:
 * `<width>.avif` and `<width>.webp` for each of `IMAGE_WIDTHS`, `share.jpg` (1200 wide, for link
 * previews) and `state.json` (last). A variant's URL is `/images/<stem>/<width>.<format>`, so the
 * web app builds a whole `srcset` from any one of them.
 */

/**
 * The widths made of every image, in pixels, chosen from the screens' display sizes at 1x-2x
 * density: admin tables and cart lines (40-80 CSS px) → 160; product thumbnails (80) and cards on a
 * phone (~170) → 320; cards on a wide screen (~280) → 480 (and 800 at 2x); the product page's main
 * picture (up to 800) and the deal block → 800 and 1200; the home banner (full width) → 1600. A
 * variant is never wider than its original: a narrower original's larger widths hold the original's width.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 800, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** Formats of the variants, best first (a `<picture>`'s `<source>` order). */
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** The variant an upload's `secure_url` names: what the original client displays (docs/decisions/029). */
export const DISPLAY_WIDTH: ImageWidth = 800;
export const DISPLAY_FORMAT: ImageFormat = "webp";
/** Width of the share image (`share.jpg`, JPEG for link-preview crawlers). */
export const SHARE_WIDTH = 1200;

/** The variants of one stored image: `base` is `/images/<stem>` (or an absolute URL's equivalent). */
export interface VariantSet {
  base: string;
}

const VARIANT_URL =
  /^(.*\/images\/[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*)\/(\d+)\.(avif|webp)$/;

/** The variant set a URL belongs to, or undefined for any other image URL (an original, the placeholder). */
export function variantSetOf(url: string): VariantSet | undefined {
  const match = VARIANT_URL.exec(url);
  if (!match || url.includes("..")) return undefined;
  const width = Number(match[2]);
  if (!IMAGE_WIDTHS.some((known) => known === width)) return undefined;
  return { base: match[1] ?? "" };
}

/**
 * Extensions an upload was stored under before variants (upload.schema.ts's IMAGE_EXTENSIONS, listed
 * here so the storefront's first load does not import the schemas).
 */
export const ORIGINAL_EXTENSIONS = ["jpg", "png", "webp", "gif", "avif"] as const;

const ORIGINAL_URL = new RegExp(
  `^(.*\\/images\\/[A-Za-z0-9][A-Za-z0-9_-]*)\\.(?:${ORIGINAL_EXTENSIONS.join("|")})$`,
);

/**
 * The variant set an upload stored before variants was converted into: `/images/<stem>.<ext>` →
 * `/images/<stem>/` (packages/ops/src/migrations/2026-11-25-uploaded-images.ts converts every
 * product and order line, then deletes the original). For a URL the migration cannot reach, such as
 * a cart saved in a browser. Undefined for any other URL.
 */
export function convertedSetOf(url: string): VariantSet | undefined {
  const match = ORIGINAL_URL.exec(url);
  return match && !url.includes("..") ? { base: match[1] ?? "" } : undefined;
}

/** The URL of one variant of a set: `/images/<stem>/<width>.<format>`. */
export const variantUrl = (set: VariantSet, width: ImageWidth, format: ImageFormat): string =>
  `${set.base}/${width}.${format}`;

/** The share image (1200 wide JPEG) of a set. */
export const shareImageUrl = (set: VariantSet): string => `${set.base}/share.jpg`;

/**
 * What the image function records for an upload (`images/<stem>/state.json`) and
 * `GET /api/uploads/<id>` answers: `pending` until it has run, then `ready` or `failed`.
 */
export type ImageState =
  | { state: "pending" }
  | { state: "ready"; width: number; height: number; color: string }
  | { state: "failed"; message: string };
