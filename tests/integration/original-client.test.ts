import { priceLines } from "@fruit/core/browser/money";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, storedOrder } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The answers a client written for the original API reads (docs/decisions/013-order-created-answer.md):
 * `data.order._id` after placing an order, `data.product._id` after creating a product, the review
 * answer, and `{ message }` on every error. Requests are shaped as that client sends them.
 */
describe("the original client's contract", () => {
  let ann: TestUser;
  let admin: TestUser;
  let mango: { _id: string; slug: string; name: string; price: number };

  beforeAll(async () => {
    await useFreshTable("original-client");
    [ann, admin] = await Promise.all([createUser({ name: "Ann" }), createUser({ isAdmin: true })]);
    mango = await createProduct({ name: "Mango", price: 4.99, countInStock: 20 });
  });

  /** The original checkout's body: whole cart lines, the saved address (with its `location`), the prices. */
  const checkoutBody = (location: unknown) => ({
    orderItems: [{ ...mango, image: "/images/m.webp", countInStock: 20, category: "Fruits", quantity: 2 }],
    shippingAddress: { ...address, location },
    paymentMethod: "PayPal",
    ...priceLines([{ price: mango.price, quantity: 2 }]),
  });

  it.each([
    ["{}", {}],
    ["null", null],
  ])(
    "places an order whose shippingAddress.location is %s (no map location), storing no location",
    async (_, location) => {
      const res = await api("/api/orders", {
        method: "POST",
        token: ann.token,
        body: checkoutBody(location),
      });
      expect(res.status, res.text).toBe(201);
      // The original client navigates to `/order/${data.order._id}`.
      expect(res.body.message).toBe("New Order Created");
      const id = res.body.order._id;
      expect(id).toMatch(/^[0-9A-Z]{26}$/);
      expect(res.body.order.shippingAddress).toEqual(address);
      expect((await storedOrder(id)).shippingAddress).toEqual(address);
      const read = await api(`/api/orders/${id}`, { token: ann.token });
      expect(read.body).toMatchObject({ _id: id, isPaid: false, isCancelled: false });
    },
  );

  it("accepts the original checkout's own rounding (a cent off), storing and answering ours", async () => {
    // The original place-order screen: tax rounded in floating point, the total sent unrounded.
    const round2 = (n: number) => Math.round(n * 100 + Number.EPSILON) / 100;
    const peach = await createProduct({ name: "Peach", price: 0.75, countInStock: 20 });
    const itemsPrice = round2(peach.price * 2);
    const shippingPrice = itemsPrice > 100 ? 0 : 10;
    const taxPrice = round2(0.15 * itemsPrice); // 0.22: 0.15 × 1.5 is 0.22499… in binary
    const totalPrice = itemsPrice + shippingPrice + taxPrice;
    const res = await api("/api/orders", {
      method: "POST",
      token: ann.token,
      body: {
        orderItems: [
          { ...peach, image: "/images/p.webp", countInStock: 20, category: "Fruits", quantity: 2 },
        ],
        shippingAddress: address,
        paymentMethod: "PayPal",
        itemsPrice,
        shippingPrice,
        taxPrice,
        totalPrice,
      },
    });
    expect(res.status, res.text).toBe(201);
    // Ours: 15 % of $1.50 is 22.5 cents, half up 23.
    expect(res.body.order).toMatchObject({ itemsPrice: 1.5, taxPrice: 0.23, totalPrice: 11.73 });
    expect(taxPrice).toBe(0.22);
    expect(await storedOrder(res.body.order._id)).toMatchObject({ taxCents: 23, totalCents: 1173 });
  });

  it("still refuses a location that is neither empty nor whole", async () => {
    const res = await api("/api/orders", {
      method: "POST",
      token: ann.token,
      body: checkoutBody({ lat: 45 }),
    });
    expectClientError(res, 400);
    expect(res.body.message).toMatch(/^shippingAddress\.location\.lng/);
  });

  it("creates a product answering data.product._id, which the edit screen then reads", async () => {
    const res = await api("/api/products", { method: "POST", token: admin.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe("Product Created");
    const read = await api(`/api/products/${res.body.product._id}`);
    expect(read.status).toBe(200);
    expect(read.body._id).toBe(res.body.product._id);
  });

  it("answers a review with the review, the new count and rating", async () => {
    const res = await api(`/api/products/${mango._id}/reviews`, {
      method: "POST",
      token: ann.token,
      body: { rating: 4, comment: "Ripe", name: "Ann" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ message: "Review Created", numReviews: 1, rating: 4 });
    expect(res.body.review).toMatchObject({
      _id: expect.any(String),
      name: "Ann",
      rating: 4,
      comment: "Ripe",
    });
    expect(Date.parse(res.body.review.createdAt)).not.toBeNaN();
  });

  it("with zones set, is priced by the address's zone; a current client's other shipping is still refused", async () => {
    const zones = [
      {
        id: "plateau",
        name: "Plateau",
        match: { postalPrefixes: ["H2X"] },
        fee: 15,
        freeOver: null,
        minimumItemsPrice: 5,
      },
    ];
    expect(
      (await api("/api/delivery/zones", { method: "PUT", token: admin.token, body: { zones } })).status,
    ).toBe(200);
    try {
      // The original client's body as it always was: $10 shipping, 15 %, its own total.
      const res = await api("/api/orders", { method: "POST", token: ann.token, body: checkoutBody(null) });
      expect(res.status, res.text).toBe(201);
      expect(res.body.message).toBe("New Order Created");
      expect(res.body.order).toMatchObject({ shippingPrice: 15, totalPrice: 9.98 + 15 + 1.5 });
      expect(res.body.order.deliveryZone).toEqual({ id: "plateau", name: "Plateau" });
      // A client that shows neither the zone's price nor the one rule's is refused as before.
      const other = await api("/api/orders", {
        method: "POST",
        token: ann.token,
        body: { ...checkoutBody(null), shippingPrice: 12, totalPrice: 9.98 + 12 + 1.5 },
      });
      expectClientError(other, 409);
      expect(other.body).toMatchObject({ code: "PRICES_CHANGED", prices: { shippingPrice: 15 } });
    } finally {
      await api("/api/delivery/zones", { method: "PUT", token: admin.token, body: { zones: [] } });
    }
  });

  it("answers every refusal with { message }", async () => {
    expectClientError(await api("/api/orders", { method: "POST", body: checkoutBody({}) }), 401);
    expectClientError(
      await api("/api/orders", { method: "POST", token: ann.token, body: { orderItems: [] } }),
      400,
    );
    expectClientError(await api("/api/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV", { token: ann.token }), 404);
    expectClientError(await api("/api/products", { method: "POST", token: ann.token }), 403);
  });
});
