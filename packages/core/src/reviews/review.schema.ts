import * as v from "valibot";
import type { Review } from "../products/product.schema.ts";

/** Browser-safe rules of POST /api/products/{id}/reviews (shared by the server and the web app). */

export const REVIEW_COMMENT_MAX = 2000;

/** The rating options of docs/product.md §5 (its spelling of "Excelent" kept, as the screens show it). */
export const RATING_LABELS = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excelent" } as const;

const MISSING = "Please enter comment and rating";

/**
 * `{ rating, comment }`; a `name` in the body is ignored (the reviewer's name is the caller's).
 * The rating may come as a number or as the select's string value ("5").
 */
export const ReviewSchema = v.object(
  {
    rating: v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}$/), v.transform(Number))], MISSING),
      v.integer("Rating must be a whole number from 1 to 5"),
      v.minValue(1, "Rating must be a whole number from 1 to 5"),
      v.maxValue(5, "Rating must be a whole number from 1 to 5"),
    ),
    comment: v.pipe(
      v.string(MISSING),
      v.trim(),
      v.minLength(1, MISSING),
      v.maxLength(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`),
    ),
  },
  MISSING, // a missing key: "rating: Please enter comment and rating"
);
export type ReviewInput = v.InferOutput<typeof ReviewSchema>;

/**
 * What a created review answers (status 201). `rating` is the product's new average rounded to one
 * decimal (the exact sum is kept as `ratingTotal`, so rounding never accumulates).
 */
export interface ReviewCreated {
  message: "Review Created";
  review: Review;
  numReviews: number;
  rating: number;
}
