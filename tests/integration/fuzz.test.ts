import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, api } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { propertyRuns } from "../support/property-runs.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Property: whatever body arrives, signup, profile, product update and review answer 2xx or
 * 4xx `{ message }` — never 5xx — and never a password hash (checked by `api()`).
 * Run counts are modest so the suite stays fast (bcrypt cost 10 makes each accepted password ~0.5 s).
 */
const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
/** Mostly plausible values, sometimes anything. */
const field = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: junk, weight: 1 });
const optionalRecord = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.record(shape, { requiredKeys: [] });

function expectWellFormed(res: ApiResponse, input: unknown): void {
  const context = `${res.status} ${res.text} for ${JSON.stringify(input)}`;
  expect(res.status, context).toBeLessThan(500);
  if (res.status >= 400) expect(typeof res.body?.message, context).toBe("string");
}

describe("fuzzing write bodies", () => {
  let admin: TestUser;
  let customer: TestUser;
  let reviewer: TestUser;
  let productId = "";

  beforeAll(async () => {
    await useFreshTable("fuzz");
    [admin, customer, reviewer] = await Promise.all([
      createUser({ isAdmin: true }),
      createUser(),
      createUser(),
    ]);
    productId = (await createProduct())._id;
  });

  it("signup", async () => {
    const body = optionalRecord({
      name: field(fc.string({ maxLength: 120 })),
      email: field(fc.emailAddress()),
      password: field(fc.string({ minLength: 6, maxLength: 80 })),
      isAdmin: junk,
    });
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const res = await api("/api/users/signup", { method: "POST", body: input });
        expectWellFormed(res, input);
        if (res.status === 201) expect(res.body.isAdmin).toBe(false);
      }),
      { numRuns: propertyRuns(20) },
    );
  });

  it("profile", async () => {
    const body = optionalRecord({
      name: field(fc.string({ maxLength: 120 })),
      email: field(fc.emailAddress()),
      password: field(fc.oneof(fc.constant(""), fc.string({ minLength: 6, maxLength: 80 }))),
      isAdmin: junk,
    });
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const res = await api("/api/users/profile", { method: "PUT", token: customer.token, body: input });
        expectWellFormed(res, input);
        if (res.status === 200) expect(res.body.isAdmin).toBe(false);
      }),
      { numRuns: propertyRuns(20) },
    );
  });

  it("product update", async () => {
    const url = fc.oneof(
      fc.stringMatching(/^\/images\/[a-z0-9]{1,12}\.(png|webp)$/),
      fc.webUrl({ validSchemes: ["https", "http"] }),
      fc.string({ maxLength: 30 }),
    );
    const body = optionalRecord({
      name: field(fc.string({ maxLength: 220 })),
      slug: field(
        fc.oneof(fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/), fc.string({ maxLength: 20 })),
      ),
      price: field(
        fc.oneof(
          fc.double({ min: -10, max: 2000 }),
          fc.integer({ min: -5, max: 100000 }).map((c) => c / 100),
        ),
      ),
      image: field(url),
      images: field(fc.array(url, { maxLength: 4 })),
      category: field(fc.string({ maxLength: 110 })),
      brand: field(fc.string({ maxLength: 110 })),
      countInStock: field(fc.oneof(fc.integer({ min: -3, max: 2_000_000 }), fc.double())),
      description: field(fc.string({ maxLength: 300 })),
    });
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const res = await api(`/api/products/${productId}`, {
          method: "PUT",
          token: admin.token,
          body: input,
        });
        expectWellFormed(res, input);
        if (res.status === 200) {
          const { price, countInStock } = res.body.product;
          expect(Number.isInteger(Math.round(price * 100))).toBe(true);
          expect(price).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(countInStock) && countInStock >= 0).toBe(true);
        }
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  it("review", async () => {
    const body = optionalRecord({
      rating: field(
        fc.oneof(
          fc.integer({ min: -1, max: 7 }),
          fc.double({ min: 0, max: 6 }),
          fc.constantFrom("1", "5", "9"),
        ),
      ),
      comment: field(fc.string({ maxLength: 2100 })),
      name: junk,
    });
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (input, freshProduct) => {
        const target = freshProduct ? (await createProduct())._id : productId;
        const res = await api(`/api/products/${target}/reviews`, {
          method: "POST",
          token: reviewer.token,
          body: input,
        });
        expectWellFormed(res, input);
        if (res.status === 201) {
          expect(res.body.review.name).toBe(reviewer.name);
          expect(res.body.numReviews).toBeGreaterThanOrEqual(1);
          expect(res.body.rating).toBeGreaterThanOrEqual(1);
          expect(res.body.rating).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: propertyRuns(25) },
    );
  });

  it("raw bodies of any text on every write endpoint", async () => {
    const endpoints: [string, string, string | undefined][] = [
      ["POST", "/api/users/signup", undefined],
      ["POST", "/api/users/signin", undefined],
      ["PUT", "/api/users/profile", customer.token],
      ["PUT", `/api/users/${customer._id}`, admin.token],
      ["PUT", `/api/products/${productId}`, admin.token],
      ["POST", `/api/products/${productId}/reviews`, customer.token],
      ["POST", "/api/uploads/presign", admin.token],
      ["POST", "/api/upload", admin.token],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 })),
        fc.constantFrom("application/json", "text/plain", "multipart/form-data; boundary=x"),
        async ([method, path, token], raw, contentType) => {
          const res = await api(path, { method, token, body: raw, headers: { "Content-Type": contentType } });
          expectWellFormed(res, raw);
        },
      ),
      { numRuns: propertyRuns(60) },
    );
  });
});
