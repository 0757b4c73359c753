import { newId } from "@fruit/core/ids";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Invalid input on every write endpoint of the area answers 4xx `{ message, code }` (a field's
 * problem `VALIDATION_FAILED` naming the `field`), never 5xx: broken or
 * non-object JSON, each field missing or of a wrong type, strings far too long, unknown ids and ids
 * with slashes or unicode. (POST /api/products takes no body and ignores one; /api/upload's
 * multipart checks are in uploads.test.ts.)
 */
type Kind = "string" | "number" | "boolean" | "array";

interface Endpoint {
  name: string;
  method: string;
  path: () => string;
  token: () => string | undefined;
  /** A valid body; each field's kind decides which wrong values are tried. */
  valid: () => Record<string, unknown>;
  kinds: Record<string, Kind>;
  /** Fields that must be present (missing → 400). */
  required: string[];
}

const WRONG: Record<Kind, unknown[]> = {
  string: [null, 123, true, [], {}, ["a"]],
  number: [null, true, [], {}, "abc", "", "1e3"],
  boolean: [null, "true", 1, [], {}],
  array: [null, "x", 1, {}, [1], [null]],
};

const BROKEN_JSON = ["{", '{"name":', "[]", "null", '"text"', "42", "true", "{'a':1}", "\u0000"];

describe("invalid input never answers 5xx", () => {
  let admin: TestUser;
  let customer: TestUser;
  let target: TestUser;
  let productId = "";

  beforeAll(async () => {
    await useFreshTable("invalid");
    [admin, customer, target] = await Promise.all([
      createUser({ isAdmin: true }),
      createUser(),
      createUser(),
    ]);
    productId = (await createProduct())._id;
  });

  const endpoints: Endpoint[] = [
    {
      name: "POST /api/users/signup",
      method: "POST",
      path: () => "/api/users/signup",
      token: () => undefined,
      valid: () => ({
        name: "Ann",
        email: `ann-${newId().toLowerCase()}@example.com`,
        password: "password123",
      }),
      kinds: { name: "string", email: "string", password: "string" },
      required: ["name", "email", "password"],
    },
    {
      name: "POST /api/users/signin",
      method: "POST",
      path: () => "/api/users/signin",
      token: () => undefined,
      valid: () => ({ email: customer.email, password: "wrong-but-valid" }),
      kinds: { email: "string", password: "string" },
      required: ["email", "password"],
    },
    {
      name: "PUT /api/users/profile",
      method: "PUT",
      path: () => "/api/users/profile",
      token: () => customer.token,
      valid: () => ({ name: "Carla" }),
      kinds: { name: "string", email: "string", password: "string" },
      required: [],
    },
    {
      name: "PUT /api/users/{id}",
      method: "PUT",
      path: () => `/api/users/${target._id}`,
      token: () => admin.token,
      valid: () => ({ name: "Tom" }),
      kinds: { name: "string", email: "string", isAdmin: "boolean" },
      required: [],
    },
    {
      name: "PUT /api/products/{id}",
      method: "PUT",
      path: () => `/api/products/${productId}`,
      token: () => admin.token,
      valid: () => ({ name: "Kiwi" }),
      kinds: {
        name: "string",
        slug: "string",
        price: "number",
        image: "string",
        images: "array",
        category: "string",
        brand: "string",
        countInStock: "number",
        description: "string",
      },
      required: [],
    },
    {
      name: "POST /api/products/{id}/reviews",
      method: "POST",
      path: () => `/api/products/${productId}/reviews`,
      token: () => customer.token,
      valid: () => ({ rating: 4, comment: "Nice" }),
      kinds: { rating: "number", comment: "string" },
      required: ["rating", "comment"],
    },
    {
      name: "POST /api/uploads/presign",
      method: "POST",
      path: () => "/api/uploads/presign",
      token: () => admin.token,
      valid: () => ({ contentType: "image/png", size: 100 }),
      kinds: { contentType: "string", size: "number" },
      required: ["contentType", "size"],
    },
  ];

  const send = (endpoint: Endpoint, body: unknown, path = endpoint.path()) =>
    api(path, { method: endpoint.method, token: endpoint.token(), body });

  for (const endpoint of endpoints) {
    describe(endpoint.name, () => {
      it("refuses broken and non-object JSON with 400", async () => {
        for (const raw of BROKEN_JSON) {
          const res = await api(endpoint.path(), {
            method: endpoint.method,
            token: endpoint.token(),
            headers: { "Content-Type": "application/json" },
            body: raw,
          });
          expectClientError(res, 400);
          expect(res.body.code, raw).toBe("MALFORMED_REQUEST");
        }
      });

      it("refuses missing required fields and wrongly typed fields with 400 naming the field", async () => {
        for (const field of endpoint.required) {
          const { [field]: _dropped, ...body } = endpoint.valid();
          const res = await send(endpoint, body);
          expectClientError(res, 400);
          expect(res.body.message).toMatch(new RegExp(`^${field}: `));
          expect(res.body).toMatchObject({ code: "VALIDATION_FAILED", field });
        }
        for (const [field, kind] of Object.entries(endpoint.kinds)) {
          for (const wrong of WRONG[kind]) {
            const res = await send(endpoint, { ...endpoint.valid(), [field]: wrong });
            expectClientError(res, 400);
            expect(res.body.message, `${field} = ${JSON.stringify(wrong)}`).toMatch(
              new RegExp(`^${field}(\\.\\d+)?: `),
            );
            expect(res.body.code).toBe("VALIDATION_FAILED");
            expect(res.body.field).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
          }
        }
      });

      it("answers 413 for a 1 MB string and 400 for a string far over a field's limit", async () => {
        for (const field of Object.keys(endpoint.kinds).filter((f) => endpoint.kinds[f] === "string")) {
          expectClientError(
            await send(endpoint, { ...endpoint.valid(), [field]: "x".repeat(1024 * 1024) }),
            413,
          );
          const res = await send(endpoint, { ...endpoint.valid(), [field]: "é".repeat(50_000) });
          expect(res.status, field).toBeGreaterThanOrEqual(400);
          expectClientError(res);
        }
      });
    });
  }

  it("answers 404 { message } for unknown ids and ids with slashes or unicode", async () => {
    const ids = [
      newId(),
      "nope",
      "a%2Fb",
      "..%2F..%2Fetc%2Fpasswd",
      "%F0%9F%8D%8E",
      "%00",
      "x".repeat(3000),
      newId().toLowerCase(),
    ];
    for (const id of ids) {
      const calls: [string, string, string, unknown][] = [
        ["GET", `/api/users/${id}`, admin.token, undefined],
        ["PUT", `/api/users/${id}`, admin.token, { name: "x" }],
        ["DELETE", `/api/users/${id}`, admin.token, undefined],
        ["PUT", `/api/products/${id}`, admin.token, { name: "x" }],
        ["DELETE", `/api/products/${id}`, admin.token, undefined],
        ["POST", `/api/products/${id}/reviews`, customer.token, { rating: 5, comment: "x" }],
      ];
      for (const [method, path, token, body] of calls) {
        const res = await api(path, { method, token, body });
        expectClientError(res, 404);
      }
    }
    // A raw slash makes another path, which no route serves.
    for (const path of ["/api/users/a/b", "/api/products/a/b/c", "/api/products/a/b/reviews"]) {
      expectClientError(await api(path, { method: "PUT", token: admin.token, body: {} }), 404);
    }
  });

  it("ignores unknown and prototype-polluting fields", async () => {
    const res = await api("/api/users/profile", {
      method: "PUT",
      token: customer.token,
      headers: { "Content-Type": "application/json" },
      body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"isAdmin":true,"role":"admin"}',
    });
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(false);
    expectClientError(await api("/api/users", { token: customer.token }), 403);
  });
});
