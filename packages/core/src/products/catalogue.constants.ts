/**
 * Fixed slugs of the seeded catalogue that the home page links to. Browser-safe on purpose (imports
 * nothing): the web app reads them from here, and the local seed writes products with these slugs, so
 * the banner slides and the deal-of-the-month block always land on a real product.
 */

/**
 * How many products the storefront grid reads a page (`GET /api/products?…&limit=24`): the grid and
 * index.html's early read of /products (http/storefront-boot.ts) ask for the same page, so the early
 * answer serves the grid (docs/decisions/026-bounded-lists.md).
 */
export const STOREFRONT_PAGE_SIZE = 24;

/** The product each home carousel slide's "Shop Now" button opens (docs/product.md §2, Home). */
export const HOME_BANNER_SLUGS = {
  strawberry: "strawberry",
  cherry: "cherry",
  watermelon: "watermelon",
} as const;

/** The deal-of-the-month product the home page loads by slug and adds to the cart. */
export const DEAL_SLUG = "mango";

/**
 * Public URLs of the seeded home artwork: the display variant of each seed file (the seed uploads
 * `banner-strawberry.webp`, the image function makes `images/seed/banner-strawberry/<width>.<format>`);
 * the web app builds the whole srcset from it.
 */
export const HOME_BANNER_IMAGES = {
  strawberry: "/images/seed/banner-strawberry/800.webp",
  cherry: "/images/seed/banner-cherry/800.webp",
  watermelon: "/images/seed/banner-watermelon/800.webp",
} as const;

/** Wide artwork for the deal-of-the-month block. */
export const DEAL_BANNER_IMAGE = "/images/seed/banner-deal/800.webp";
