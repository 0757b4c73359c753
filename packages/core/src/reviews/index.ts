import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { cancellationReasons, storageError } from "../db/errors.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { productKeys } from "../products/product.keys.ts";
import { toReview } from "../products/product.mapping.ts";
import type { Caller } from "../users/caller.ts";
import { reviewKeys } from "./review.keys.ts";
import type { ReviewCreated, ReviewInput } from "./review.schema.ts";

/** Optimistic retries when other reviews of the same product land at the same moment. */
const MAX_ATTEMPTS = 12;

const notFound = () => new AppError("not_found", "Product Not Found");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Average of the stored total, to one decimal: 4.25 → 4.3. */
export const averageRating = (total: number, count: number): number =>
  count === 0 ? 0 : Math.round((total / count) * 10) / 10;

async function readProduct(productId: string): Promise<Record<string, unknown> | undefined> {
  try {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: productKeys.item(productId), ConsistentRead: true }),
    );
    return Item;
  } catch (error) {
    throw storageError(error);
  }
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
  caller: Caller,
  productId: string,
  input: ReviewInput,
): Promise<ReviewCreated> {
  if (!isId(productId)) throw notFound();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const product = await readProduct(productId);
    if (!product) throw notFound();
    const count = typeof product.numReviews === "number" ? product.numReviews : undefined;
    const numReviews = (count ?? 0) + 1;
    // Items written before ratingTotal existed (e.g. the seed) carry only the average.
    const previousTotal =
      typeof product.ratingTotal === "number"
        ? product.ratingTotal
        : Math.round(((product.rating as number | undefined) ?? 0) * (count ?? 0));
    const ratingTotal = previousTotal + input.rating;
    const rating = averageRating(ratingTotal, numReviews);
    const id = newId();
    const review = {
      ...reviewKeys.review(productId, id),
      id,
      productId,
      userId: caller._id,
      name: caller.name,
      rating: input.rating,
      comment: input.comment,
      createdAt: new Date().toISOString(),
    };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: { TableName: tableName(), Item: review, ConditionExpression: "attribute_not_exists(pk)" },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...reviewKeys.reviewer(productId, caller._id), reviewId: id },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: productKeys.item(productId),
                UpdateExpression:
                  "SET numReviews = :numReviews, ratingTotal = :ratingTotal, rating = :rating",
                ConditionExpression:
                  count === undefined
                    ? "attribute_exists(pk) AND attribute_not_exists(numReviews)"
                    : "attribute_exists(pk) AND numReviews = :count",
                ExpressionAttributeValues: {
                  ":numReviews": numReviews,
                  ":ratingTotal": ratingTotal,
                  ":rating": rating,
                  ...(count === undefined ? {} : { ":count": count }),
                },
              },
            },
          ],
        }),
      );
      return { message: "Review Created", review: toReview(review), numReviews, rating };
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw storageError(error);
      if (reasons[1] === "ConditionalCheckFailed")
        throw new AppError("conflict", "You already submitted a review");
      // Another review changed the product (or the transactions collided): read again and retry.
      await sleep(10 + Math.random() * 20 * (attempt + 1));
    }
  }
  throw new AppError("unavailable", "Too many reviews at once, please try again");
}
