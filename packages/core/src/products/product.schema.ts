import * as v from "valibot";
import { PageQueryEntries } from "../paging.schema.ts";

/** Browser-safe shapes of the product API (shared by the server and the web app). */
export interface Review {
  _id: string;
  user: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface Product {
  _id: string;
  slug: string;
  name: string;
  image: string;
  images: string[];
  price: number;
  description: string;
  category: string;
  brand: string;
  countInStock: number;
  rating: number;
  numReviews: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProductDetail extends Product {
  reviews: Review[];
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Query of GET /api/products. */
export const ProductQuerySchema = v.object({
  category: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  ...PageQueryEntries,
});
export type ProductQuery = v.InferOutput<typeof ProductQuerySchema>;

/**
 * The image a new blank product shows until an admin uploads one. It ships with the web app
 * (packages/web/public), not the bucket, so it exists on every stage without seeding.
 */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** Stored images are `/images/...` paths (our bucket, through the CDN), https URLs or the placeholder. */
export function isImageUrl(value: string): boolean {
  if (value === PLACEHOLDER_IMAGE) return true;
  if (value.startsWith("/"))
    return /^\/images\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value) && !value.includes("..");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const ImageUrlSchema = v.pipe(
  v.string("must be a string"),
  v.trim(),
  v.maxLength(500, "must be at most 500 characters"),
  v.check(isImageUrl, "must be an /images/... path or an https URL"),
);

/** A numeric string from a form field ("4.99") is read as the number; anything else must be a number. */
const numberLike = (message: string) =>
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}(\.\d+)?$/), v.transform(Number))],
    message,
  );

/** Whole cents only: 1.5 and 1.05 are prices, 1.001 is not. */
const hasCentsPrecision = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

export const PriceSchema = v.pipe(
  numberLike("Price must be a number"),
  v.finite("Price must be a number"),
  v.minValue(0, "Price must be 0 or more"),
  v.maxValue(1_000_000, "Price must be at most 1000000"),
  v.check(hasCentsPrecision, "Price must have at most 2 decimals"),
);

export const CountInStockSchema = v.pipe(
  numberLike("Count in stock must be a whole number"),
  v.integer("Count in stock must be a whole number"),
  v.minValue(0, "Count in stock must be 0 or more"),
  v.maxValue(1_000_000, "Count in stock must be at most 1000000"),
);

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`${label} must be a string`),
    v.trim(),
    v.minLength(min, `${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/**
 * PUT /api/products/{id} (admin): changes exactly the fields sent. The original client also sends
 * `_id` (ignored). Price and count accept numeric strings, as form fields send them.
 */
export const ProductUpdateSchema = v.object({
  name: v.optional(text("Name", 1, 200)),
  slug: v.optional(
    v.pipe(
      text("Slug", 1, 200),
      v.regex(SLUG_PATTERN, "Slug must be lowercase letters, digits and single hyphens (e.g. green-apple)"),
    ),
  ),
  price: v.optional(PriceSchema),
  image: v.optional(ImageUrlSchema),
  images: v.optional(
    v.pipe(v.array(ImageUrlSchema, "Images must be a list"), v.maxLength(20, "At most 20 images")),
  ),
  category: v.optional(text("Category", 1, 100)),
  brand: v.optional(text("Brand", 0, 100)),
  countInStock: v.optional(CountInStockSchema),
  description: v.optional(text("Description", 0, 5000)),
});
/** The fields of a product an admin edit sends (each optional: only what is sent changes). */
export type ProductEdit = v.InferOutput<typeof ProductUpdateSchema>;

const pageNumber = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, `${label} must be a whole number`),
      v.transform(Number),
      v.minValue(1, `${label} must be 1 or more`),
      v.maxValue(max, `${label} must be at most ${max}`),
    ),
  );

/** Query of GET /api/products/admin: page (default 1) and pageSize (default 10, at most 100). */
export const AdminPageQuerySchema = v.object({
  page: pageNumber("page", 999_999),
  pageSize: pageNumber("pageSize", 100),
});
export type AdminPageQuery = v.InferOutput<typeof AdminPageQuerySchema>;

/** GET /api/products/admin answer. */
export interface ProductPage {
  products: Product[];
  countProducts: number;
  page: number;
  pages: number;
}
