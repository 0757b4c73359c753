/**
 * The layout of the shop's storage that every program shares (dependency-free, browser-safe): the
 * bucket's key prefixes. stacks/ imports it by path; uploads/image-urls.ts re-exports it.
 */

/**
 * The bucket's two prefixes, written once here (stacks/images.ts and core's access/grants.ts import them;
 * uploads/image-urls.ts and uploads/s3.ts re-export them). Objects
 * live under `images/` and are served at `/images/...` (the router's bucket route, or the local
 * server), so `images/abc.webp` is public as `${imageBaseUrl}/abc.webp`.
 */
export const IMAGE_KEY_PREFIX = "images/";

/**
 * Uploads are stored under `uploads/`, which nothing serves: the image function reads them there and
 * writes their variants under `images/` (docs/decisions/029-image-variants.md), so a shopper never
 * downloads an original, nor its EXIF and GPS data.
 */
export const UPLOAD_KEY_PREFIX = "uploads/";
