import { notExists } from "../db/conditions.ts";
import { CONDITION_FAILED } from "../db/errors.ts";
import type { Action } from "../db/transact.ts";
import { tryTransact } from "../db/transact.ts";
import { reviewKeys } from "./review.keys.ts";

/**
 * Storage of reviews (docs/data-model.md: Review and Reviewer items, pattern 14). Reviews are read
 * with their product (products/product.store.ts, pattern 5) and deleted with it.
 */

/** A review's stored attributes (keys are added here). */
export type ReviewRecord = {
  id: string;
  productId: string;
  userId: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
};

/**
 * Puts the review and its reviewer item (one review per user per product) together with `onProduct`,
 * the product's rating update, in one transaction: `duplicate` when the user already reviewed it,
 * `changed` when the product changed since it was read (another review landed) or is gone.
 */
async function add(review: ReviewRecord, onProduct: Action): Promise<"added" | "duplicate" | "changed"> {
  const reasons = await tryTransact([
    {
      Put: {
        Item: { ...reviewKeys.review(review.productId, review.id), ...review },
        ConditionExpression: notExists(),
      },
    },
    {
      Put: {
        Item: { ...reviewKeys.reviewer(review.productId, review.userId), reviewId: review.id },
        ConditionExpression: notExists(),
      },
    },
    onProduct,
  ]);
  if (!reasons) return "added";
  return reasons[1] === CONDITION_FAILED ? "duplicate" : "changed";
}

/** The review store (see the top of this file). */
export const reviewStore = { add };
