import { notExists } from "../db/conditions.ts";
import type { Action } from "../db/kind.ts";
import { tryTransact } from "../db/transact.ts";
import { type ReviewRecord, reviewerKind, reviewKind } from "../products/product.records.ts";

/**
 * Storage of reviews (docs/data-model.md: Review and Reviewer items, pattern 14). Reviews are declared
 * with their product's partition (products/product.records.ts), read with their product (pattern 5)
 * and deleted with it.
 */

/**
 * Puts the review and its reviewer item (one review per user per product) together with `onProduct`,
 * the product's rating update, in one transaction: `duplicate` when the user already reviewed it,
 * `changed` when the product changed since it was read (another review landed) or is gone.
 */
async function add(review: ReviewRecord, onProduct: Action): Promise<"added" | "duplicate" | "changed"> {
  const reviewer = reviewerKind.putAt(
    reviewerKind.key(review.productId, review.userId),
    { reviewId: review.id },
    { ConditionExpression: notExists() },
  );
  const cancelled = await tryTransact([
    reviewKind.put(review, { ConditionExpression: notExists() }),
    reviewer,
    onProduct,
  ]);
  if (!cancelled) return "added";
  return cancelled.failed(reviewer) ? "duplicate" : "changed";
}

/** The review store (see the top of this file). */
export const reviewStore = { add };
