import * as v from "valibot";

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
});
export type ProductQuery = v.InferOutput<typeof ProductQuerySchema>;
