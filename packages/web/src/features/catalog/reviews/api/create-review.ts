import type { ProductDetail } from "@fruit/core/browser/products";
import type { ReviewCreated, ReviewInput } from "@fruit/core/browser/reviews";
import { mutate } from "swr";
import { api } from "../../../../lib/api.ts";
import { productKey } from "../../../../resources/products.ts";

/**
 * POST /api/products/{id}/reviews, then puts the answer (new rating, count and the review) into the
 * cached product. A re-fetch is not enough here: catalogue reads are cacheable for a minute
 * (`s-maxage=60, stale-while-revalidate`), so the browser or the CDN could hand back the old rating.
 */
export async function createReview(
  product: { _id: string; slug: string },
  input: ReviewInput & { name: string },
): Promise<ReviewCreated> {
  const created = await api<ReviewCreated>(`/api/products/${encodeURIComponent(product._id)}/reviews`, {
    method: "POST",
    body: input,
  });
  await mutate<ProductDetail>(
    productKey({ slug: product.slug }),
    (current) =>
      current && {
        ...current,
        rating: created.rating,
        numReviews: created.numReviews,
        reviews: [created.review, ...current.reviews.filter((review) => review._id !== created.review._id)],
      },
    { revalidate: false },
  );
  return created;
}
