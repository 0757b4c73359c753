import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { productKind } from "@fruit/core/internal/products/product.records";
import { userKind } from "@fruit/core/internal/users/user.records";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Every endpoint of the accounts, catalogue-admin, reviews, uploads and keys area × every kind of
 * caller → the expected status. "forged" is a well-formed token signed with another secret.
 */
type Role = "anonymous" | "customer" | "otherCustomer" | "admin" | "forged";
const ROLES: Role[] = ["anonymous", "customer", "otherCustomer", "admin", "forged"];

interface Call {
  method: string;
  path: string;
  body?: unknown;
  /** Checked after a refused call: nothing changed. */
  unchanged?: () => Promise<void>;
}

interface Row {
  name: string;
  /** Builds the call for one role (fresh targets where a success would change shared state). */
  call: (role: Role) => Promise<Call>;
  expected: Record<Role, number>;
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const exists = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const user = (ok: number) => ({ anonymous: 401, customer: ok, otherCustomer: ok, admin: ok, forged: 401 });
const admin = (ok: number) => ({ anonymous: 401, customer: 403, otherCustomer: 403, admin: ok, forged: 401 });
const open = (ok: number) => ({ anonymous: ok, customer: ok, otherCustomer: ok, admin: ok, forged: ok });

describe("access matrix", () => {
  const tokens: Partial<Record<Role, string>> = {};
  let customer: TestUser;
  let n = 0;

  beforeAll(async () => {
    await useFreshTable("access");
    const [a, c, o] = await Promise.all([createUser({ isAdmin: true }), createUser(), createUser()]);
    customer = c;
    tokens.admin = a.token;
    tokens.customer = c.token;
    tokens.otherCustomer = o.token;
    tokens.forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(a._id)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
  });

  const freshUser = async (): Promise<Call> => {
    const target = await createUser();
    return {
      method: "DELETE",
      path: `/api/users/${target._id}`,
      unchanged: async () => expect(await exists(userKind.key(target._id))).toBeDefined(),
    };
  };

  const rows: Row[] = [
    {
      name: "POST /api/users/signup",
      call: async () => ({
        method: "POST",
        path: "/api/users/signup",
        body: { name: "N", email: `matrix${++n}@example.com`, password: "password123" },
      }),
      expected: open(201),
    },
    {
      name: "POST /api/users/signin",
      call: async () => ({
        method: "POST",
        path: "/api/users/signin",
        body: { email: customer.email, password: customer.password },
      }),
      expected: open(200),
    },
    {
      name: "PUT /api/users/profile",
      call: async () => ({ method: "PUT", path: "/api/users/profile", body: {} }),
      expected: user(200),
    },
    {
      name: "GET /api/users",
      call: async () => ({ method: "GET", path: "/api/users" }),
      expected: admin(200),
    },
    {
      name: "GET /api/users/{id}",
      call: async () => ({ method: "GET", path: `/api/users/${customer._id}` }),
      expected: admin(200),
    },
    {
      name: "PUT /api/users/{id} (promote)",
      call: async () => {
        const target = await createUser();
        return {
          method: "PUT",
          path: `/api/users/${target._id}`,
          body: { isAdmin: true },
          unchanged: async () => expect((await exists(userKind.key(target._id)))?.isAdmin).toBe(false),
        };
      },
      expected: admin(200),
    },
    { name: "DELETE /api/users/{id}", call: freshUser, expected: admin(200) },
    {
      name: "GET /api/products/admin",
      call: async () => ({ method: "GET", path: "/api/products/admin" }),
      expected: admin(200),
    },
    {
      name: "POST /api/products",
      call: async () => ({ method: "POST", path: "/api/products" }),
      expected: admin(201),
    },
    {
      name: "PUT /api/products/{id}",
      call: async () => {
        const { _id } = await createProduct({ price: 5 });
        return {
          method: "PUT",
          path: `/api/products/${_id}`,
          body: { price: 99 },
          unchanged: async () => expect((await exists(productKind.key(_id)))?.priceCents).toBe(500),
        };
      },
      expected: admin(200),
    },
    {
      name: "DELETE /api/products/{id}",
      call: async () => {
        const { _id } = await createProduct();
        return {
          method: "DELETE",
          path: `/api/products/${_id}`,
          unchanged: async () => expect(await exists(productKind.key(_id))).toBeDefined(),
        };
      },
      expected: admin(200),
    },
    {
      name: "POST /api/products/{id}/reviews",
      call: async () => ({
        method: "POST",
        path: `/api/products/${(await createProduct())._id}/reviews`,
        body: { rating: 4, comment: "Fine" },
      }),
      expected: user(201),
    },
    {
      name: "POST /api/uploads/presign",
      call: async () => ({
        method: "POST",
        path: "/api/uploads/presign",
        body: { contentType: "image/png", size: 10 },
      }),
      expected: admin(200),
    },
    {
      name: "POST /api/upload",
      call: async () => {
        const form = new FormData();
        form.append("file", new File([PNG], "a.png", { type: "image/png" }));
        return { method: "POST", path: "/api/upload", body: form };
      },
      expected: admin(200),
    },
    {
      name: "GET /api/uploads/{id}",
      call: async () => ({ method: "GET", path: "/api/uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AB" }),
      expected: admin(200),
    },
    {
      name: "GET /api/keys/paypal",
      call: async () => ({ method: "GET", path: "/api/keys/paypal" }),
      expected: user(200),
    },
    {
      name: "GET /api/keys/google",
      call: async () => ({ method: "GET", path: "/api/keys/google" }),
      expected: user(200),
    },
  ];

  for (const row of rows) {
    it(`${row.name}: ${ROLES.map((role) => `${role} ${row.expected[role]}`).join(", ")}`, async () => {
      const seen: Record<string, number> = {};
      for (const role of ROLES) {
        const call = await row.call(role);
        const res = await api(call.path, { method: call.method, body: call.body, token: tokens[role] });
        seen[role] = res.status;
        if (res.status >= 400) {
          expectClientError(res);
          await call.unchanged?.();
        }
      }
      expect(seen).toEqual(row.expected);
    });
  }
});
