import { exists } from "@fruit/core/internal/db/conditions";
import { writtenUnlessRefused } from "@fruit/core/internal/db/errors";
import { updateItem } from "@fruit/core/internal/db/items";
import type { Item } from "@fruit/core/internal/db/kind";
import { queryAll } from "@fruit/core/internal/db/query";
import { AGAIN, giveUp, retrying } from "@fruit/core/internal/db/retry";
import {
  ProductRecordSchema,
  partitionItemKind,
  productKind,
  productPatterns,
  ReviewRecordSchema,
  reviewKind,
} from "@fruit/core/internal/products/product.records";
import { averageRating } from "@fruit/core/reviews";
import * as v from "valibot";

/**
 * Products written by older local seeds have no `ratingTotal` (the exact sum of their reviews'
 * ratings; docs/data-model.md, "Product ratings"), so no review can be added to them. Each gets the
 * sum of its reviews' ratings, with the `numReviews` and `rating` (the average, rounded to one decimal)
 * that go with it, conditioned on the review count it read and on the total still missing. Reads
 * every product once (pattern 1) and the partition of each one it repairs (pattern 5).
 */
export const id = "2026-11-25-rating-totals";
export const description =
  "products kept without ratingTotal (older local seeds) get the exact sum of their reviews' ratings";

/** What the migration reads of an old product: its figures may be missing. */
const OldProduct = v.object({
  id: ProductRecordSchema.entries.id,
  numReviews: v.optional(ProductRecordSchema.entries.numReviews),
  ratingTotal: v.optional(ProductRecordSchema.entries.ratingTotal),
});
const ReviewRating = v.pick(ReviewRecordSchema, ["rating"]);

/** Pattern 1, filtered: the raw items of the products without a total. */
async function productsWithoutTotal(): Promise<Item[]> {
  return queryAll({ ...productPatterns.all(), FilterExpression: "attribute_not_exists(ratingTotal)" });
}

/**
 * Writes one product's figures from its reviews, read with it (strongly consistent); false when it is
 * gone or already has a total. A review count that changed meanwhile is read again.
 */
async function repair(productId: string): Promise<boolean> {
  return retrying(
    "changedMeanwhile",
    async () => {
      const items = await queryAll({ ...productPatterns.withReviews(productId), ConsistentRead: true });
      const stored = items.find((item) => partitionItemKind(item) === "product");
      if (!stored) return false;
      const product = productKind.decodePart(OldProduct, stored);
      if (product.ratingTotal !== undefined) return false;
      const ratings = items
        .filter((item) => partitionItemKind(item) === "review")
        .map((item) => reviewKind.decodePart(ReviewRating, item).rating);
      const ratingTotal = ratings.reduce((sum, rating) => sum + rating, 0);
      const countRead =
        product.numReviews === undefined ? "attribute_not_exists(numReviews)" : "numReviews = :read";
      const written = await writtenUnlessRefused(
        updateItem(
          productKind.update(productKind.key(productId), {
            UpdateExpression: "SET numReviews = :numReviews, ratingTotal = :ratingTotal, rating = :rating",
            ConditionExpression: `${exists()} AND attribute_not_exists(ratingTotal) AND ${countRead}`,
            ExpressionAttributeValues: {
              ":numReviews": ratings.length,
              ":ratingTotal": ratingTotal,
              ":rating": averageRating(ratingTotal, ratings.length),
              ...(product.numReviews === undefined ? {} : { ":read": product.numReviews }),
            },
          }),
        ),
      );
      return written ? true : AGAIN;
    },
    giveUp(
      () => new Error(`Product ${productId} kept changing while its rating total was computed; run again`),
    ),
  );
}

/** Repairs every product without a total; answers how many it repaired. */
export async function run(): Promise<number> {
  let repaired = 0;
  for (const item of await productsWithoutTotal()) {
    if (await repair(productKind.decodePart(OldProduct, item).id)) repaired += 1;
  }
  return repaired;
}
