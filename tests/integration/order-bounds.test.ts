import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "@fruit/core/browser/orders";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { orderBody, orderCount, place, stockOf } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The order bounds hold for what is placed, after lines of one product are merged: three lines of
 * 1000 are one line of 3000, over the per-line bound, however the cart splits it.
 */
describe("order bounds apply to merged lines", () => {
  let ann: TestUser;
  beforeAll(async () => {
    await useFreshTable("order-bounds");
    ann = await createUser({ name: "Ann" });
  });

  it(`refuses lines of one product adding up to more than ${MAX_LINE_QUANTITY}, storing nothing`, async () => {
    const melon = await createProduct({ name: "Melon", price: 1, countInStock: 5000 });
    const before = await orderCount();
    for (const quantities of [
      [1000, 1000, 1000],
      [MAX_LINE_QUANTITY, 1],
      [600, 401],
    ]) {
      const res = await place(ann, orderBody(quantities.map((quantity) => ({ product: melon, quantity }))));
      expect(res.status, quantities.join("+")).toBe(400);
      expect((await res.json()).message).toBe(
        `orderItems: Quantity of product ${melon._id} must be at most ${MAX_LINE_QUANTITY} (its lines add up)`,
      );
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(melon._id)).toBe(5000);
  });

  it(`takes lines of one product adding up to exactly ${MAX_LINE_QUANTITY}, beside other products`, async () => {
    const kiwi = await createProduct({ price: 1, countInStock: 2000 });
    const fig = await createProduct({ price: 1, countInStock: 2000 });
    const res = await place(
      ann,
      orderBody([
        { product: kiwi, quantity: 600 },
        { product: fig, quantity: 1000 },
        { product: kiwi, quantity: 400 },
      ]),
    );
    expect(res.status).toBe(201);
    const { order } = await res.json();
    expect(order.orderItems.map((line: { quantity: number }) => line.quantity)).toEqual([1000, 1000]);
    expect(order.orderItems.length).toBeLessThanOrEqual(MAX_ORDER_LINES);
    expect(await stockOf(kiwi._id)).toBe(1000);
  });
});
