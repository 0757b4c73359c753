import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { addAddress, listAddresses } from "@fruit/core/addresses";
import type { SavedAddress } from "@fruit/core/browser/addresses";
import type { PromotionInput } from "@fruit/core/browser/promotions";
import { addSlot, calendar, readRules } from "@fruit/core/delivery";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { signLink } from "@fruit/core/internal/mails/link-token";
import { productKind } from "@fruit/core/internal/products/product.records";
import { addDays, localDate, weekdayOf } from "@fruit/core/internal/slots/zoned-time";
import { subscriptionStore } from "@fruit/core/internal/subscriptions/subscription.store";
import { userKind } from "@fruit/core/internal/users/user.records";
import { createPromotion, promotionStore } from "@fruit/core/promotions";
import { readTaxClasses } from "@fruit/core/tax";
import { readZones } from "@fruit/core/zones";
import { app } from "@fruit/functions/api/index";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, call as orderCall, orderOf, placed, storedOrder } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Every route of the API (its route list, `app.routes`) × every kind of caller → the expected
 * status. A route the API serves without an expected access level here fails, and so does a level
 * declared for a route the API no longer serves. "forged" is a well-formed token signed with another
 * secret; "otherCustomer" is a signed-in customer who does not own the order at hand.
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
  /** What the call does, when the route alone does not say. */
  name?: string;
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

const SUBSCRIPTION_ADDRESS = {
  fullName: "Ann",
  address: "1 Rd",
  city: "Montreal",
  postalCode: "H2X 1Y4",
  country: "Canada",
};
const user = (ok: number) => ({ anonymous: 401, customer: ok, otherCustomer: ok, admin: ok, forged: 401 });
const admin = (ok: number) => ({ anonymous: 401, customer: 403, otherCustomer: 403, admin: ok, forged: 401 });
const open = (ok: number) => ({ anonymous: ok, customer: ok, otherCustomer: ok, admin: ok, forged: ok });
/** The order's customer (and, where said, an admin); another customer is told it does not exist. */
const owner = (ok: number, admin: number) => ({
  anonymous: 401,
  customer: ok,
  otherCustomer: 404,
  admin,
  forged: 401,
});

/** Every route the API serves, as `METHOD /path` (middleware registered for every method left out). */
const servedRoutes = () => [
  ...new Set(app.routes.filter((route) => route.method !== "ALL").map((r) => `${r.method} ${r.path}`)),
];

describe("access matrix", () => {
  const tokens: Partial<Record<Role, string>> = {};
  let customer: TestUser;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let promotionId = "";
  let n = 0;

  beforeAll(async () => {
    // A stage that takes webhooks: a delivery is then refused for its signature, not its configuration.
    await useFreshTable("access", { PAYPAL_WEBHOOK_ID: "WH-MATRIX" });
    const [a, c, o] = await Promise.all([createUser({ isAdmin: true }), createUser(), createUser()]);
    customer = c;
    product = await createProduct({ countInStock: 1000 });
    promotionId = (await createPromotion(promotionInput("MATRIX")))._id;
    tokens.admin = a.token;
    tokens.customer = c.token;
    tokens.otherCustomer = o.token;
    tokens.forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(a._id)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
  });

  /** A promotion's body: 10 % off everything, code `code`. */
  const promotionInput = (code: string): PromotionInput => ({
    code,
    kind: "percent",
    value: 10,
    minItemsPrice: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    products: [],
    categories: [],
    active: true,
  });

  const freshUser = async (): Promise<Call> => {
    const target = await createUser();
    return {
      method: "DELETE",
      path: `/api/users/${target._id}`,
      unchanged: async () => expect(await exists(userKind.key(target._id))).toBeDefined(),
    };
  };

  /** A fresh order of `customer`, paid when asked. */
  const customersOrder = async ({ paid = false } = {}): Promise<string> => {
    const order = await placed(customer, [{ product, quantity: 1 }]);
    if (paid) {
      const { id } = await (await orderCall(customer, "POST", `/${order._id}/paypal`)).json();
      expect((await orderCall(customer, "PUT", `/${order._id}/pay`, { id })).status).toBe(200);
    }
    return order._id;
  };

  /** A one-off delivery window three days ahead, each its own start (POST /api/delivery/slots' body). */
  let windows = 0;
  const pad = (value: number) => String(value).padStart(2, "0");
  const windowBody = () => {
    windows += 1;
    const [y, m, d] = localDate(new Date(), "America/Toronto").split("-").map(Number) as [
      number,
      number,
      number,
    ];
    const hour = 1 + Math.floor(windows / 60);
    return {
      date: new Date(Date.UTC(y, m - 1, d + 3)).toISOString().slice(0, 10),
      start: `${pad(hour)}:${pad(windows % 60)}`,
      end: `${pad(hour + 1)}:${pad(windows % 60)}`,
      capacity: 50,
      cutoffAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
  };
  const freshWindow = () => addSlot(windowBody());
  const windowOf = async (id: string) => (await calendar(28)).find((slot) => slot.id === id);

  let saved: SavedAddress | undefined;
  /**
   * A fresh subscription of `customer` (stored directly: this shop has no weekly windows, which
   * POST /api/subscriptions requires), delivered on its start date's weekday; `skipped` skips that date.
   */
  const customersSubscription = async ({ skipped = false } = {}) => {
    const startsOn = addDays(localDate(new Date(), "America/Toronto"), 14);
    const id = newId();
    await subscriptionStore.create({
      id,
      userId: customer._id,
      status: "active",
      items: [{ productId: product._id, unit: "kg", quantity: 1000, substitute: "no" }],
      window: { weekday: weekdayOf(startsOn), start: "10:00", end: "12:00" },
      every: 1,
      startsOn,
      shippingAddress: SUBSCRIPTION_ADDRESS,
      skips: skipped ? [startsOn] : [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      version: 1,
    });
    return { id, date: startsOn };
  };

  const rows: Record<string, Row> = {
    "POST /api/subscriptions": {
      name: "this shop has no weekly windows: refused by the rules, once past the access check",
      call: async () => ({
        method: "POST",
        path: "/api/subscriptions",
        body: {
          items: [{ _id: product._id, quantity: 1 }],
          window: { weekday: 2, start: "10:00", end: "12:00" },
          every: 1,
          startsOn: "2030-01-01",
          shippingAddress: SUBSCRIPTION_ADDRESS,
        },
      }),
      expected: user(409),
    },
    "GET /api/subscriptions": {
      call: async () => ({ method: "GET", path: "/api/subscriptions" }),
      expected: admin(200),
    },
    "GET /api/subscriptions/mine": {
      call: async () => ({ method: "GET", path: "/api/subscriptions/mine" }),
      expected: user(200),
    },
    "GET /api/subscriptions/:id": {
      call: async () => ({ method: "GET", path: `/api/subscriptions/${(await customersSubscription()).id}` }),
      expected: owner(200, 200),
    },
    "PUT /api/subscriptions/:id": {
      call: async () => ({
        method: "PUT",
        path: `/api/subscriptions/${(await customersSubscription()).id}`,
        body: { every: 2 },
      }),
      expected: owner(200, 200),
    },
    "DELETE /api/subscriptions/:id": {
      call: async () => ({
        method: "DELETE",
        path: `/api/subscriptions/${(await customersSubscription()).id}`,
      }),
      expected: owner(200, 200),
    },
    "POST /api/subscriptions/:id/skips": {
      call: async () => {
        const { id, date } = await customersSubscription();
        return { method: "POST", path: `/api/subscriptions/${id}/skips`, body: { date } };
      },
      expected: owner(201, 201),
    },
    "DELETE /api/subscriptions/:id/skips/:date": {
      call: async () => {
        const { id, date } = await customersSubscription({ skipped: true });
        return { method: "DELETE", path: `/api/subscriptions/${id}/skips/${date}` };
      },
      expected: owner(200, 200),
    },
    "GET /api/delivery/forecast": {
      call: async () => ({ method: "GET", path: "/api/delivery/forecast?weeks=2" }),
      expected: admin(200),
    },
    "GET /api/health": {
      call: async () => ({ method: "GET", path: "/api/health" }),
      expected: open(200),
    },
    "GET /api/openapi.json": {
      call: async () => ({ method: "GET", path: "/api/openapi.json" }),
      expected: open(200),
    },
    "GET /api/products": {
      call: async () => ({ method: "GET", path: "/api/products" }),
      expected: open(200),
    },
    "GET /api/products/categories": {
      call: async () => ({ method: "GET", path: "/api/products/categories" }),
      expected: open(200),
    },
    "GET /api/products/slug/:slug": {
      call: async () => ({ method: "GET", path: `/api/products/slug/${product.slug}` }),
      expected: open(200),
    },
    "GET /api/products/:id": {
      call: async () => ({ method: "GET", path: `/api/products/${product._id}` }),
      expected: open(200),
    },
    "POST /api/users/signup": {
      call: async () => ({
        method: "POST",
        path: "/api/users/signup",
        body: { name: "N", email: `matrix${++n}@example.com`, password: "password123" },
      }),
      expected: open(201),
    },
    "POST /api/users/signin": {
      call: async () => ({
        method: "POST",
        path: "/api/users/signin",
        body: { email: customer.email, password: customer.password },
      }),
      expected: open(200),
    },
    "PUT /api/users/profile": {
      call: async () => ({ method: "PUT", path: "/api/users/profile", body: {} }),
      expected: user(200),
    },
    "GET /api/users/addresses": {
      call: async () => ({ method: "GET", path: "/api/users/addresses" }),
      expected: user(200),
    },
    "POST /api/users/addresses": {
      call: async () => ({ method: "POST", path: "/api/users/addresses", body: address }),
      expected: user(201),
    },
    "PUT /api/users/addresses/:id": {
      name: "the customer's own address; anyone else's is not found",
      call: async (role) => {
        // One address for every role (each sends its own city): a shopper keeps at most 10.
        saved ??= await addAddress(customer, address);
        const id = saved._id;
        return {
          method: "PUT",
          path: `/api/users/addresses/${id}`,
          body: { ...address, city: `City of ${role}` },
          unchanged: async () =>
            expect((await listAddresses(customer)).find((a) => a._id === id)?.city).not.toBe(
              `City of ${role}`,
            ),
        };
      },
      expected: owner(200, 404),
    },
    "DELETE /api/users/addresses/:id": {
      name: "the customer's own address; anyone else's is not found",
      call: async () => {
        const saved = await addAddress(customer, address);
        return {
          method: "DELETE",
          path: `/api/users/addresses/${saved._id}`,
          unchanged: async () =>
            expect((await listAddresses(customer)).some((a) => a._id === saved._id)).toBe(true),
        };
      },
      expected: owner(200, 404),
    },
    "GET /api/users": {
      call: async () => ({ method: "GET", path: "/api/users" }),
      expected: admin(200),
    },
    "GET /api/users/:id": {
      call: async () => ({ method: "GET", path: `/api/users/${customer._id}` }),
      expected: admin(200),
    },
    "PUT /api/users/:id": {
      name: "promote",
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
    "DELETE /api/users/:id": { call: freshUser, expected: admin(200) },
    "GET /api/products/admin": {
      call: async () => ({ method: "GET", path: "/api/products/admin" }),
      expected: admin(200),
    },
    "POST /api/products": {
      call: async () => ({ method: "POST", path: "/api/products" }),
      expected: admin(201),
    },
    "PUT /api/products/:id": {
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
    "DELETE /api/products/:id": {
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
    "POST /api/products/:id/reviews": {
      call: async () => ({
        method: "POST",
        path: `/api/products/${(await createProduct())._id}/reviews`,
        body: { rating: 4, comment: "Fine" },
      }),
      expected: user(201),
    },
    "POST /api/uploads/presign": {
      call: async () => ({
        method: "POST",
        path: "/api/uploads/presign",
        body: { contentType: "image/png", size: 10 },
      }),
      expected: admin(200),
    },
    "POST /api/upload": {
      call: async () => {
        const form = new FormData();
        form.append("file", new File([PNG], "a.png", { type: "image/png" }));
        return { method: "POST", path: "/api/upload", body: form };
      },
      expected: admin(200),
    },
    "GET /api/uploads/:id": {
      call: async () => ({ method: "GET", path: "/api/uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AB" }),
      expected: admin(200),
    },
    "GET /api/keys/paypal": {
      call: async () => ({ method: "GET", path: "/api/keys/paypal" }),
      expected: user(200),
    },
    "GET /api/keys/google": {
      call: async () => ({ method: "GET", path: "/api/keys/google" }),
      expected: user(200),
    },
    "GET /api/products/:id/restock-alerts": {
      call: async () => ({ method: "GET", path: `/api/products/${product._id}/restock-alerts` }),
      expected: user(200),
    },
    "POST /api/products/:id/restock-alerts": {
      call: async () => ({
        method: "POST",
        path: `/api/products/${(await createProduct({ countInStock: 0 }))._id}/restock-alerts`,
      }),
      expected: user(200),
    },
    "DELETE /api/products/:id/restock-alerts": {
      call: async () => ({ method: "DELETE", path: `/api/products/${product._id}/restock-alerts` }),
      expected: user(200),
    },
    "POST /api/restock-alerts/unsubscribe": {
      name: "a signed link works without signing in",
      call: async () => ({
        method: "POST",
        path: "/api/restock-alerts/unsubscribe",
        body: { token: await signLink("restock-unsubscribe", { subject: customer._id, ref: product._id }) },
      }),
      expected: open(200),
    },
    "POST /api/contact": {
      call: async () => ({
        method: "POST",
        path: "/api/contact",
        body: { name: "N", email: `contact${++n}@example.com`, subject: "Hello", message: "A question" },
      }),
      expected: open(202),
    },
    "GET /api/contact-messages": {
      call: async () => ({ method: "GET", path: "/api/contact-messages" }),
      expected: admin(200),
    },
    "POST /api/newsletter": {
      call: async () => ({
        method: "POST",
        path: "/api/newsletter",
        body: { email: `news${++n}@example.com` },
      }),
      expected: open(202),
    },
    "POST /api/newsletter/confirm": {
      name: "a signed link works without signing in",
      call: async () => ({
        method: "POST",
        path: "/api/newsletter/confirm",
        body: { token: await signLink("newsletter-confirm", { subject: `news${++n}@example.com` }) },
      }),
      expected: open(200),
    },
    "POST /api/newsletter/unsubscribe": {
      name: "a signed link works without signing in",
      call: async () => ({
        method: "POST",
        path: "/api/newsletter/unsubscribe",
        body: { token: await signLink("newsletter-unsubscribe", { subject: `news${++n}@example.com` }) },
      }),
      expected: open(200),
    },
    "GET /api/newsletter/subscribers": {
      call: async () => ({ method: "GET", path: "/api/newsletter/subscribers" }),
      expected: admin(200),
    },
    "GET /api/orders/summary": {
      call: async () => ({ method: "GET", path: "/api/orders/summary" }),
      expected: admin(200),
    },
    "POST /api/orders": {
      call: async () => ({ method: "POST", path: "/api/orders", body: orderOf(product) }),
      expected: user(201),
    },
    "GET /api/orders": {
      call: async () => ({ method: "GET", path: "/api/orders" }),
      expected: admin(200),
    },
    "GET /api/orders/mine": {
      call: async () => ({ method: "GET", path: "/api/orders/mine" }),
      expected: user(200),
    },
    "GET /api/orders/:id": {
      call: async () => ({ method: "GET", path: `/api/orders/${await customersOrder()}` }),
      expected: owner(200, 200),
    },
    "GET /api/orders/:id/mails": {
      call: async () => ({ method: "GET", path: `/api/orders/${await customersOrder()}/mails` }),
      expected: admin(200),
    },
    "DELETE /api/orders/:id": {
      call: async () => {
        const id = await customersOrder();
        return {
          method: "DELETE",
          path: `/api/orders/${id}`,
          unchanged: async () => expect(await storedOrder(id)).toBeDefined(),
        };
      },
      expected: admin(200),
    },
    "POST /api/orders/:id/paypal": {
      call: async () => {
        const id = await customersOrder();
        return {
          method: "POST",
          path: `/api/orders/${id}/paypal`,
          unchanged: async () => expect((await storedOrder(id)).paymentStartedAt).toBeUndefined(),
        };
      },
      expected: owner(200, 403),
    },
    "PUT /api/orders/:id/pay": {
      call: async () => {
        const id = await customersOrder();
        const payment = await (await orderCall(customer, "POST", `/${id}/paypal`)).json();
        return {
          method: "PUT",
          path: `/api/orders/${id}/pay`,
          body: { id: payment.id },
          unchanged: async () => expect((await storedOrder(id)).isPaid).toBe(false),
        };
      },
      expected: owner(200, 403),
    },
    "POST /api/orders/:id/refunds": {
      call: async () => {
        const id = await customersOrder({ paid: true });
        return {
          method: "POST",
          path: `/api/orders/${id}/refunds`,
          body: { amount: 1, reason: "Matrix", restock: false },
          unchanged: async () => expect((await storedOrder(id)).refundReservedCents ?? 0).toBe(0),
        };
      },
      expected: admin(201),
    },
    "POST /api/orders/:id/final": {
      call: async () => {
        const id = await customersOrder({ paid: true });
        return {
          method: "POST",
          path: `/api/orders/${id}/final`,
          body: { lines: [{ _id: product._id, picked: 1 }] },
          unchanged: async () => expect((await storedOrder(id)).finalizedAt).toBeUndefined(),
        };
      },
      expected: admin(201),
    },
    "PUT /api/orders/:id/deliver": {
      call: async () => {
        const id = await customersOrder({ paid: true });
        return {
          method: "PUT",
          path: `/api/orders/${id}/deliver`,
          unchanged: async () => expect((await storedOrder(id)).isDelivered).toBe(false),
        };
      },
      expected: admin(200),
    },
    "GET /api/delivery/rules": {
      call: async () => ({ method: "GET", path: "/api/delivery/rules" }),
      expected: admin(200),
    },
    "PUT /api/delivery/rules": {
      call: async (role) => {
        const bookingDays = ROLES.indexOf(role) + 2;
        return {
          method: "PUT",
          path: "/api/delivery/rules",
          body: { timeZone: "America/Toronto", bookingDays, windows: [], closedDates: [] },
          unchanged: async () => expect((await readRules()).bookingDays).not.toBe(bookingDays),
        };
      },
      expected: admin(200),
    },
    "GET /api/delivery/slots": {
      call: async () => ({ method: "GET", path: "/api/delivery/slots" }),
      expected: open(200),
    },
    "POST /api/delivery/slots": {
      call: async () => {
        const body = windowBody();
        const id = `${body.date}-${body.start.replace(":", "")}-${body.end.replace(":", "")}`;
        return {
          method: "POST",
          path: "/api/delivery/slots",
          body,
          unchanged: async () => expect(await windowOf(id)).toBeUndefined(),
        };
      },
      expected: admin(201),
    },
    "PUT /api/delivery/slots/:id": {
      call: async () => {
        const { id } = await freshWindow();
        return {
          method: "PUT",
          path: `/api/delivery/slots/${id}`,
          body: { capacity: 7 },
          unchanged: async () => expect((await windowOf(id))?.capacity).toBe(50),
        };
      },
      expected: admin(200),
    },
    "GET /api/delivery/slots/:id/picklist": {
      call: async () => ({ method: "GET", path: `/api/delivery/slots/${(await freshWindow()).id}/picklist` }),
      expected: admin(200),
    },
    "GET /api/delivery/days": {
      call: async () => ({ method: "GET", path: "/api/delivery/days" }),
      expected: admin(200),
    },
    "GET /api/delivery/calendar": {
      call: async () => ({ method: "GET", path: "/api/delivery/calendar" }),
      expected: admin(200),
    },
    "PUT /api/delivery/orders/:id": {
      name: "move an order to another window",
      call: async () => {
        const [from, to] = [await freshWindow(), await freshWindow()];
        const placedRes = await orderCall(customer, "POST", "", {
          ...orderOf(product),
          deliverySlotId: from.id,
        });
        expect(placedRes.status).toBe(201);
        const { order } = await placedRes.json();
        return {
          method: "PUT",
          path: `/api/delivery/orders/${order._id}`,
          body: { deliverySlotId: to.id },
          unchanged: async () => expect((await storedOrder(order._id)).deliverySlot.id).toBe(from.id),
        };
      },
      expected: admin(200),
    },
    "GET /api/delivery/zones": {
      call: async () => ({ method: "GET", path: "/api/delivery/zones" }),
      expected: admin(200),
    },
    "PUT /api/delivery/zones": {
      call: async (role) => {
        // The administrator's (accepted) list is empty, so the orders other rows place stay outside zones.
        const id = `zone-${role.toLowerCase()}`;
        const zones =
          role === "admin" ? [] : [{ id, name: role, match: { postalPrefixes: ["H2X"] }, fee: 5 }];
        return {
          method: "PUT",
          path: "/api/delivery/zones",
          body: { zones },
          unchanged: async () => expect((await readZones()).zones.map((z) => z.id)).not.toContain(id),
        };
      },
      expected: admin(200),
    },
    "GET /api/delivery/quote": {
      call: async () => ({ method: "GET", path: "/api/delivery/quote?postalCode=H2X1Y4&itemsPrice=20" }),
      expected: open(200),
    },
    "GET /api/promotions": {
      call: async () => ({ method: "GET", path: "/api/promotions" }),
      expected: admin(200),
    },
    "POST /api/promotions": {
      call: async (role) => {
        const code = `NEW-${role}`;
        return {
          method: "POST",
          path: "/api/promotions",
          body: promotionInput(code),
          unchanged: async () => expect(await promotionStore.byCode(code)).toBeUndefined(),
        };
      },
      expected: admin(201),
    },
    "GET /api/promotions/:id": {
      call: async () => ({ method: "GET", path: `/api/promotions/${promotionId}` }),
      expected: admin(200),
    },
    "PUT /api/promotions/:id": {
      call: async () => ({
        method: "PUT",
        path: `/api/promotions/${promotionId}`,
        body: promotionInput("MATRIX"),
      }),
      expected: admin(200),
    },
    "DELETE /api/promotions/:id": {
      call: async (role) => {
        const target = await createPromotion(promotionInput(`GONE-${role}`));
        return {
          method: "DELETE",
          path: `/api/promotions/${target._id}`,
          unchanged: async () => expect(await promotionStore.get(target._id)).toBeDefined(),
        };
      },
      expected: admin(200),
    },
    "POST /api/promotions/preview": {
      call: async () => ({
        method: "POST",
        path: "/api/promotions/preview",
        body: { code: "matrix", orderItems: [{ _id: product._id, quantity: 1 }] },
      }),
      // Anyone; a token, when sent, must be good.
      expected: { anonymous: 200, customer: 200, otherCustomer: 200, admin: 200, forged: 401 },
    },
    "GET /api/tax/classes": {
      call: async () => ({ method: "GET", path: "/api/tax/classes" }),
      expected: admin(200),
    },
    "PUT /api/tax/classes": {
      call: async (role) => {
        // The administrator's (accepted) rate is the original 15 %, so the orders other rows place price as before.
        const rate = role === "admin" ? 15 : ROLES.indexOf(role) + 10;
        return {
          method: "PUT",
          path: "/api/tax/classes",
          body: { classes: [{ id: "standard", name: "Standard", rate }] },
          unchanged: async () => expect((await readTaxClasses()).classes[0]?.rate).not.toBe(rate),
        };
      },
      expected: admin(200),
    },
    "POST /api/webhooks/paypal": {
      name: "an unsigned delivery: refused whoever sends it",
      call: async () => ({
        method: "POST",
        path: "/api/webhooks/paypal",
        body: { id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} },
      }),
      expected: open(400),
    },
  };

  it("declares an expected access level for every route the API serves, and for no other", () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(0);
    expect(
      served.filter((route) => !(route in rows)),
      "routes without a row",
    ).toEqual([]);
    expect(
      Object.keys(rows).filter((route) => !served.includes(route)),
      "rows of routes the API does not serve",
    ).toEqual([]);
  });

  for (const route of servedRoutes()) {
    const row = rows[route];
    if (!row) continue; // reported by the test above
    const title = row.name ? `${route} (${row.name})` : route;
    it(`${title}: ${ROLES.map((role) => `${role} ${row.expected[role]}`).join(", ")}`, async () => {
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
