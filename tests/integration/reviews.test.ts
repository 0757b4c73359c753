import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { productKind, reviewerKind } from "@fruit/core/internal/products/product.records";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

const get = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const review = (productId: string, user: TestUser, body: unknown) =>
  api(`/api/products/${productId}/reviews`, { method: "POST", token: user.token, body });

describe("reviews", () => {
  let ann: TestUser;
  let bob: TestUser;
  let cid: TestUser;

  beforeAll(async () => {
    await useFreshTable("reviews");
    [ann, bob, cid] = await Promise.all([
      createUser({ name: "Ann" }),
      createUser({ name: "Bob" }),
      createUser({ name: "Cid" }),
    ]);
  });

  it("creates a review (201) named after the caller, and updates numReviews and rating", async () => {
    const { _id } = await createProduct();
    const res = await review(_id, ann, { rating: 5, comment: "  Sweet and juicy  ", name: "Mallory" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: "Review Created", numReviews: 1, rating: 5 });
    expect(res.body.review).toMatchObject({
      name: "Ann",
      user: ann._id,
      rating: 5,
      comment: "Sweet and juicy",
    });
    expect(typeof res.body.review._id).toBe("string");
    expect(typeof res.body.review.createdAt).toBe("string");
    expect(await get(reviewerKind.key(_id, ann._id))).toMatchObject({ reviewId: res.body.review._id });

    expect((await review(_id, bob, { rating: 4, comment: "Nice" })).body).toMatchObject({
      numReviews: 2,
      rating: 4.5,
    });
    // The original client sends the rating as the select's string value.
    expect((await review(_id, cid, { rating: "4", comment: "Good" })).body).toMatchObject({
      numReviews: 3,
      rating: 4.3,
    });
    expect(await get(productKind.key(_id))).toMatchObject({ numReviews: 3, ratingTotal: 13, rating: 4.3 });

    const detail = await api(`/api/products/${_id}`);
    expect(detail.body).toMatchObject({ numReviews: 3, rating: 4.3 });
    expect(detail.body.reviews.map((r: { name: string }) => r.name)).toEqual(["Cid", "Bob", "Ann"]);
  });

  it("allows one review per user per product (409)", async () => {
    const { _id } = await createProduct();
    expect((await review(_id, ann, { rating: 3, comment: "Ok" })).status).toBe(201);
    const again = await review(_id, ann, { rating: 1, comment: "Changed my mind" });
    expectClientError(again, 409);
    expect(again.body.message).toBe("You already submitted a review");
    expect(await get(productKind.key(_id))).toMatchObject({ numReviews: 1, rating: 3 });
    // Another product is another review.
    expect((await review((await createProduct())._id, ann, { rating: 3, comment: "Ok" })).status).toBe(201);
  });

  it("counts every review when many users review at the same moment", async () => {
    const { _id } = await createProduct();
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const ratings = users.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(
      users.map((user, i) => review(_id, user, { rating: ratings[i], comment: `Review ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(users.map(() => 201));
    const total = ratings.reduce((sum, r) => sum + r, 0);
    expect(await get(productKind.key(_id))).toMatchObject({
      numReviews: 8,
      ratingTotal: total,
      rating: Math.round((total / 8) * 10) / 10,
    });
    expect((await api(`/api/products/${_id}`)).body.reviews).toHaveLength(8);
  });

  it("refuses bad ratings and comments with a clear message", async () => {
    const { _id } = await createProduct();
    const cases: [unknown, RegExp][] = [
      [{ comment: "no rating" }, /^rating: Please enter comment and rating$/],
      [{ rating: 5 }, /^comment: Please enter comment and rating$/],
      [{ rating: 5, comment: "   " }, /^comment: Please enter comment and rating$/],
      [{ rating: 0, comment: "x" }, /^rating: Rating must be a whole number from 1 to 5$/],
      [{ rating: 6, comment: "x" }, /^rating: Rating must be a whole number from 1 to 5$/],
      [{ rating: 4.5, comment: "x" }, /^rating: Rating must be a whole number from 1 to 5$/],
      [{ rating: "five", comment: "x" }, /^rating: /],
      [{ rating: true, comment: "x" }, /^rating: /],
      [{ rating: 5, comment: "x".repeat(2001) }, /^comment: Comment must be at most 2000 characters$/],
      [{ rating: 5, comment: ["x"] }, /^comment: /],
    ];
    for (const [body, message] of cases) {
      const res = await review(_id, ann, body);
      expectClientError(res, 400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await review(_id, ann, { rating: 5, comment: "x".repeat(2000) })).status).toBe(201);
  });

  it("answers 404 for unknown products and 401 without a token", async () => {
    for (const id of [newId(), "nope", "%E2%9C%93"]) {
      expectClientError(await review(id, ann, { rating: 5, comment: "x" }), 404);
    }
    const { _id } = await createProduct();
    expectClientError(
      await api(`/api/products/${_id}/reviews`, { method: "POST", body: { rating: 5, comment: "x" } }),
      401,
    );
  });
});
