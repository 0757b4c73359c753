import { sweepExpiredOrders } from "@fruit/core/expiry";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, orderBody, orderOf, place, stockOf, storedOrders } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

async function storedOrdersOf(productId: string) {
  return (await storedOrders()).filter((item) =>
    (item.orderItems as { productId: string }[]).some((line) => line.productId === productId),
  );
}

describe("concurrent orders", () => {
  let customers: TestUser[];
  beforeAll(async () => {
    await useFreshTable("oversell");
    customers = await Promise.all(Array.from({ length: 5 }, (_, n) => createUser({ name: `Customer ${n}` })));
  });

  it("never oversells: 100 concurrent single-unit orders for 10 in stock → 10 placed, 90 told it is out of stock", async () => {
    const melon = await createProduct({ name: "Watermelon", price: 3.5, countInStock: 10 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) => place(customers[n % customers.length]!, orderOf(melon))),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = responses.filter((res) => res.status === 409);
    expect(refused).toHaveLength(90);
    for (const res of refused)
      expect(await res.json()).toMatchObject({ message: "Sorry. Watermelon is out of stock" });
    expect(await stockOf(melon._id)).toBe(0);
    expect(await storedOrdersOf(melon._id)).toHaveLength(10);
  });

  it("sells by weight exactly: 100 concurrent buyers of 0.25 kg on 5 kg → 20 placed; expiry and deletes give the grams back once", async () => {
    const cherries = await createProduct({
      name: "Cherries",
      // 0.25 kg at $12.98 is 324.5 ¢: $3.25 half up (half down would be $3.24).
      price: 12.98,
      unit: "kg",
      step: 0.25,
      countInStock: 5,
    });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        place(customers[n % customers.length]!, orderBody([{ product: cherries, quantity: 0.25 }])),
      ),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(80);
    expect(await stockOf(cherries._id)).toBe(0);
    const orders = await storedOrdersOf(cherries._id);
    expect(orders).toHaveLength(20);
    for (const order of orders) {
      expect(order.orderItems).toMatchObject([{ unit: "kg", step: 250, quantity: 250, priceCents: 1298 }]);
      // Items 325 ¢; tax 15 % = 48.75 ¢ → 49 ¢; total 325 + 1000 + 49.
      expect(order).toMatchObject({ itemsCents: 325, shippingCents: 1000, taxCents: 49, totalCents: 1374 });
    }
    const ids = orders.map((order) => order.id as string);
    // An admin deletes one unpaid order, twice at once: its 250 g come back once.
    const admin = await createUser({ name: "Admin", isAdmin: true });
    const deletes = await Promise.all([
      call(admin, "DELETE", `/${ids[0]}`),
      call(admin, "DELETE", `/${ids[0]}`),
    ]);
    expect(deletes.map((res) => res.status).sort()).toEqual([200, 404]);
    expect(await stockOf(cherries._id)).toBe(0.25);
    // The sweep expires the other 19 (run twice at once): 19 × 250 g back, once each.
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    const reports = await Promise.all([
      sweepExpiredOrders({ now: later }),
      sweepExpiredOrders({ now: later }),
    ]);
    expect(reports.every((report) => report.failed === 0)).toBe(true);
    const left = await storedOrdersOf(cherries._id);
    expect(left).toHaveLength(19);
    expect(left.every((order) => typeof order.cancelledAt === "string")).toBe(true);
    expect(await sweepExpiredOrders({ now: later })).toMatchObject({ cancelled: 0 });
    expect(await stockOf(cherries._id)).toBe(5);
  });

  it("places one order for the same Idempotency-Key sent many times at once", async () => {
    const kiwi = await createProduct({ name: "Kiwi", price: 2, countInStock: 50 });
    const [ann] = customers;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => place(ann!, orderOf(kiwi, 2), { "Idempotency-Key": "checkout-42" })),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(
      await Promise.all(responses.map(async (res) => (await res.json()).order._id as string)),
    );
    expect(ids.size).toBe(1);
    expect(await stockOf(kiwi._id)).toBe(48);
    expect(await storedOrdersOf(kiwi._id)).toHaveLength(1);
  });

  it("lets a key whose first attempt failed (out of stock) place an order on a later attempt", async () => {
    const fig = await createProduct({ name: "Fig", price: 2, countInStock: 1 });
    const [, bob] = customers;
    const first = await place(bob!, orderOf(fig, 2), { "Idempotency-Key": "retry-after-failure" });
    expect(first.status).toBe(409);
    const smaller = await place(bob!, orderOf(fig, 1), { "Idempotency-Key": "retry-after-failure" });
    expect(smaller.status).toBe(201);
    expect(await stockOf(fig._id)).toBe(0);
  });
});
