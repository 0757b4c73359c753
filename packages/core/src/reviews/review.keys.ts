import { productKeys } from "../products/product.keys.ts";

/**
 * Keys of review items (docs/data-model.md). Reviews live in their product's partition, so one
 * query reads a product with its reviews, and deleting a product finds them all.
 *
 * - review:             pk PRODUCT#<productId>, sk REVIEW#<reviewId>   (ULID: newest last)
 * - one per user:       pk PRODUCT#<productId>, sk REVIEWER#<userId> → reviewId (uniqueness item)
 */

/** The sort key prefix of review items (their reviewer items start with `REVIEWER#`). */
const REVIEW_PREFIX = "REVIEW#";

export const reviewKeys = {
  review: (productId: string, reviewId: string) => ({
    pk: productKeys.item(productId).pk,
    sk: `${REVIEW_PREFIX}${reviewId}`,
  }),
  reviewer: (productId: string, userId: string) => ({
    pk: productKeys.item(productId).pk,
    sk: `REVIEWER#${userId}`,
  }),
};

/** True for a review item of a product's partition (not the product, not a reviewer item). */
export const isReviewItem = (item: Record<string, unknown>): boolean =>
  typeof item.sk === "string" && item.sk.startsWith(REVIEW_PREFIX);
