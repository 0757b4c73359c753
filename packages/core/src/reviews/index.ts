import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { toReview } from "../products/product.mapping.ts";
import { productStore, type ReviewRecord } from "../products/product.store.ts";
import type { Caller } from "../users/caller.ts";
import type { ReviewCreated, ReviewInput } from "./review.schema.ts";
import { reviewStore } from "./review.store.ts";

const notFound = () => new AppError("NOT_FOUND", "Product Not Found");

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
  // Other reviews of the same product landing at the same moment: read again, retry (`hotItem`).
  return retrying<ReviewCreated>(
    "hotItem",
    async () => {
      const product = await productStore.get(productId);
      if (!product) throw notFound();
      const read = { numReviews: product.numReviews };
      const numReviews = read.numReviews + 1;
      const ratingTotal = product.ratingTotal + input.rating;
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
      if (outcome === "duplicate") throw new AppError("ALREADY_REVIEWED", "You already submitted a review");
      // "changed": another review changed the product (or the transactions collided).
      return outcome === "added"
        ? { message: "Review Created", review: toReview(review), numReviews, rating }
        : AGAIN;
    },
    giveUp(() => new AppError("BUSY", "Too many reviews at once, please try again")),
  );
}
