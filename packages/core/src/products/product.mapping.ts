import { toDollars } from "../money/pricing.ts";
import { fromBase } from "../money/quantity.ts";
import { STANDARD_TAX_CLASS } from "../money/tax.ts";
import type { ProductRecord, ReviewRecord } from "./product.records.ts";
import type { Product, Review } from "./product.schema.ts";

/** A stored product → the API's Product (prices are stored in cents, step and stock in base units). */
export const toProduct = (product: ProductRecord): Product => ({
  _id: product.id,
  slug: product.slug,
  name: product.name,
  image: product.image,
  images: product.images,
  price: toDollars(product.priceCents),
  unit: product.unit,
  step: fromBase(product.unit, product.step),
  description: product.description,
  category: product.category,
  brand: product.brand,
  countInStock: fromBase(product.unit, product.countInStock),
  lowStockThreshold:
    product.lowStockThreshold === undefined ? null : fromBase(product.unit, product.lowStockThreshold),
  taxClass: product.taxClass ?? STANDARD_TAX_CLASS,
  rating: product.rating,
  numReviews: product.numReviews,
  createdAt: product.createdAt,
  updatedAt: product.updatedAt,
});

/** A stored review → the API's Review (`user` is the reviewer's id). */
export const toReview = (review: ReviewRecord): Review => ({
  _id: review.id,
  user: review.userId,
  name: review.name,
  rating: review.rating,
  comment: review.comment,
  createdAt: review.createdAt,
});
