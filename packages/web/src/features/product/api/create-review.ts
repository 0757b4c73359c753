import type { ReviewCreated, ReviewInput } from "@fruit/core/reviews/review.schema";
import { mutate } from "swr";
import { api } from "../../../lib/api.ts";
import { productKey } from "./use-product.ts";

/**
 * POST /api/products/{id}/reviews, then re-fetch the product so its rating, count and review list
 * show the new review.
 */
export async function createReview(
  product: { _id: string; slug: string },
  input: ReviewInput & { name: string },
): Promise<ReviewCreated> {
  const created = await api<ReviewCreated>(`/api/products/${encodeURIComponent(product._id)}/reviews`, {
    method: "POST",
    body: input,
  });
  await mutate(productKey(product.slug));
  return created;
}
