import { backoff } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { toReview } from "../products/product.mapping.ts";
import { productStore } from "../products/product.store.ts";
import type { Caller } from "../users/caller.ts";
import type { ReviewCreated, ReviewInput } from "./review.schema.ts";
import { type ReviewRecord, reviewStore } from "./review.store.ts";

/** Optimistic retries when other reviews of the same product land at the same moment. */
const MAX_ATTEMPTS = 12;

const notFound = () => new AppError("not_found", "Product Not Found");

/** Average of the stored total, to one decimal: 4.25 → 4.3. */
export const averageRating = (total: number, count: number): number =>
  count === 0 ? 0 : Math.round((total / count) * 10) / 10;

/** Options of an import (the local seed): when the review was written. */
export interface ReviewImport {
  createdAt?: Date;
}

/**
 * POST /api/products/{id}/reviews: one review per user per product. The review, its reviewer
 * uniqueness item and the product's `numReviews` / `ratingTotal` / `rating` are written in one
 * transaction conditioned on the `numReviews` that was read; when a concurrent review wins that
 * race the whole write is retried on fresh numbers, so every review counts exactly once.
 *
 * @example
 * await addReview(caller, productId, { rating: 5, comment: "Sweet and juicy" });
 * // { message: "Review Created", review: {...}, numReviews: 3, rating: 4.7 }
 */
export async function addReview(
  caller: Pick<Caller, "_id" | "name">,
  productId: string,
  input: ReviewInput,
  options: ReviewImport = {},
): Promise<ReviewCreated> {
  if (!isId(productId)) throw notFound();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const product = await productStore.get(productId);
    if (!product) throw notFound();
    const read = { numReviews: product.numReviews as number };
    const numReviews = read.numReviews + 1;
    const ratingTotal = (product.ratingTotal as number) + input.rating;
    const rating = averageRating(ratingTotal, numReviews);
    const review: ReviewRecord = {
      id: newId(),
      productId,
      userId: caller._id,
      name: caller.name,
      rating: input.rating,
      comment: input.comment,
      createdAt: (options.createdAt ?? new Date()).toISOString(),
    };
    const onProduct = productStore.recordReview(productId, read, { numReviews, ratingTotal, rating });
    const outcome = await reviewStore.add(review, onProduct);
    if (outcome === "added")
      return { message: "Review Created", review: toReview(review), numReviews, rating };
    if (outcome === "duplicate") throw new AppError("conflict", "You already submitted a review");
    // Another review changed the product (or the transactions collided): read again and retry.
    await backoff(attempt);
  }
  throw new AppError("unavailable", "Too many reviews at once, please try again");
}

/**
 * Gives every product without a `ratingTotal` the exact sum of its reviews' ratings (and the
 * `numReviews` / `rating` that go with it). Products written by older local seeds lack it; without
 * it a new review could not be counted. Idempotent and safe beside new reviews (each write is
 * conditioned on the review count it read). Returns how many products it repaired.
 */
export async function repairRatingTotals(): Promise<number> {
  let repaired = 0;
  for (const listed of await productStore.listAll()) {
    if (typeof listed.ratingTotal === "number") continue;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { product, reviews } = await productStore.withReviews(listed.id as string);
      if (!product || typeof product.ratingTotal === "number") break;
      const ratingTotal = reviews.reduce((sum, review) => sum + (review.rating as number), 0);
      const figures = {
        numReviews: reviews.length,
        ratingTotal,
        rating: averageRating(ratingTotal, reviews.length),
      };
      const read = { numReviews: (product.numReviews as number | undefined) ?? 0 };
      if ((await productStore.setReviewFigures(listed.id as string, read, figures)) === "written") {
        repaired += 1;
        break;
      }
      await backoff(attempt);
    }
  }
  return repaired;
}
