import { sweepExpiredOrders } from "@fruit/core/expiry";
import { useFakeClock } from "@fruit/core/internal/clock";
import { promotionStore } from "@fruit/core/promotions";
import { app } from "@fruit/functions/api/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, json, type OrderLine, orderBody, orderOf, orderOfAnswer, place } from "../support/orders.ts";

/**
 * Promotions that add up (issue 45; docs/decisions/049-promotions-split-to-the-cent.md): the admin's
 * codes, the preview and its refusals by code, orders placed with a code (the split, tax on the
 * discounted amounts, the use counted in the placement's transaction and given back once by an
 * expiring order), and the discount through picking and refunds. Amounts are written out: 2 boxes
 * at $10 and 0.75 kg of cherries at $12.49 ($9.37) are $29.37 of items; 20 % of them is $5.87.
 */

let fake: FakePaypal;
let admin: TestUser;
let ann: TestUser;
let box: Awaited<ReturnType<typeof createProduct>>;
let cherries: Awaited<ReturnType<typeof createProduct>>;
let kale: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  fake = await useTableWithFakePaypal("promotions");
  [admin, ann] = await Promise.all([createUser({ isAdmin: true }), createUser({ name: "Ann" })]);
  [box, cherries, kale] = await Promise.all([
    createProduct({ name: "Box", price: 10, countInStock: 200, unit: "piece", step: 1 }),
    createProduct({ name: "Cherries", price: 12.49, countInStock: 100, unit: "kg", step: 0.25 }),
    createProduct({
      name: "Kale",
      price: 3,
      countInStock: 100,
      unit: "piece",
      step: 1,
      category: "Vegetables",
    }),
  ]);
});
afterAll(() => fake.close());

const promotion = (code: string, fields: Record<string, unknown> = {}) => ({
  code,
  kind: "percent",
  value: 20,
  ...fields,
});

async function create(code: string, fields: Record<string, unknown> = {}) {
  const res = await api("/api/promotions", {
    method: "POST",
    token: admin.token,
    body: promotion(code, fields),
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; code: string; uses: number };
}

const preview = (code: string, lines: OrderLine[], token?: string) =>
  api("/api/promotions/preview", {
    method: "POST",
    ...(token ? { token } : {}),
    body: { code, orderItems: lines.map((l) => ({ _id: l.product._id, quantity: l.quantity })) },
  });

/** Places `lines` with `code` as the checkout does: the preview's figures sent as the amounts seen. */
async function placeWithCode(user: TestUser, lines: OrderLine[], code: string) {
  const seen = await preview(code, lines, user.token);
  expect(seen.status).toBe(200);
  const { itemsPrice, shippingPrice, taxPrice, totalPrice } = seen.body as Record<string, number>;
  return place(user, orderBody(lines, { promoCode: code, itemsPrice, shippingPrice, taxPrice, totalPrice }));
}

const basket = (): OrderLine[] => [
  { product: box, quantity: 2 },
  { product: cherries, quantity: 0.75 },
];

describe("the administrator's promotions", () => {
  it("keeps codes unique in any case, lists them paged, edits them with their uses and frees a deleted code", async () => {
    const first = await create("Spring-20", { usageLimit: 5 });
    expect(first).toMatchObject({ code: "Spring-20", kind: "percent", value: 20, uses: 0, usageLimit: 5 });
    const clash = await api("/api/promotions", {
      method: "POST",
      token: admin.token,
      body: promotion("SPRING-20"),
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "PROMO_CODE_TAKEN" });
    await create("Autumn-5", { kind: "amount", value: 5 });

    const page = await api("/api/promotions?limit=1", { token: admin.token });
    expect(page.status).toBe(200);
    expect((page.body as unknown[]).length).toBe(1);
    expect(page.headers.get("Link")).toMatch(/rel="next"/);

    const edited = await api(`/api/promotions/${first._id}`, {
      method: "PUT",
      token: admin.token,
      body: promotion("Spring-21", { value: 25 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ code: "Spring-21", value: 25, usageLimit: null });
    // The old code is free again; the new one is taken.
    const again = await create("spring-20");
    expect((await api(`/api/promotions/${again._id}`, { method: "DELETE", token: admin.token })).status).toBe(
      200,
    );
    expect((await api(`/api/promotions/${again._id}`, { token: admin.token })).status).toBe(404);
    expect((await preview("SPRING-20", basket())).body).toMatchObject({ code: "PROMO_UNKNOWN" });
    expect((await preview("spring-21", basket())).status).toBe(200);
  });
});

describe("the preview", () => {
  it("answers the split, tax on the discounted amounts and the totals, in whole cents", async () => {
    await create("FIRST20");
    const res = await preview("first20", basket());
    expect(res.status).toBe(200);
    // 20 % of $29.37 = $5.874 → $5.87, split $4.00 / $1.87 by largest remainder; tax 15 % of $23.50.
    expect(res.body).toEqual({
      code: "FIRST20",
      discountPrice: 5.87,
      shippingDiscount: 0,
      lines: [
        { _id: box._id, discount: 4 },
        { _id: cherries._id, discount: 1.87 },
      ],
      itemsPrice: 29.37,
      shippingPrice: 10,
      taxPrice: 3.53,
      totalPrice: 37.03,
    });
  });

  it("refuses by code: unknown, not eligible, under the minimum (saying how much is missing), first order only", async () => {
    await create("CHERRY5", { kind: "amount", value: 5, products: [cherries._id] });
    await create("MIN30", { minItemsPrice: 30 });
    await create("WELCOME", { firstOrderOnly: true });
    const boxes = [{ product: box, quantity: 1 }];
    expect((await preview("NOPE", boxes)).body).toMatchObject({ code: "PROMO_UNKNOWN" });
    expect((await preview("CHERRY5", boxes)).body).toMatchObject({ code: "PROMO_NOT_ELIGIBLE" });
    const min = await preview("MIN30", boxes);
    expect(min.status).toBe(409);
    expect(min.body).toMatchObject({ code: "PROMO_MIN_NOT_MET", missing: 20 });
    expect((min.body as { message: string }).message).toContain("$20.00");
    // Ann has ordered before; a new customer and a visitor have not.
    expect((await place(ann, orderOf(box, 1))).status).toBe(201);
    expect((await preview("WELCOME", boxes, ann.token)).body).toMatchObject({
      code: "PROMO_FIRST_ORDER_ONLY",
    });
    const bob = await createUser({ name: "Bob" });
    expect((await preview("WELCOME", boxes, bob.token)).status).toBe(200);
    expect((await preview("WELCOME", boxes)).status).toBe(200);
  });

  it("applies a category's promotion to its lines only, and free shipping to the shipping only", async () => {
    await create("GREENS", { kind: "amount", value: 5, categories: ["Vegetables"] });
    const mixed = await preview("GREENS", [
      { product: box, quantity: 1 },
      { product: kale, quantity: 1 },
    ]);
    // $5 off, capped at the $3 of kale.
    expect(mixed.body).toMatchObject({
      discountPrice: 3,
      lines: [
        { _id: box._id, discount: 0 },
        { _id: kale._id, discount: 3 },
      ],
      taxPrice: 1.5,
      totalPrice: 21.5,
    });
    await create("SHIPFREE", { kind: "freeShipping" });
    expect((await preview("SHIPFREE", [{ product: box, quantity: 1 }])).body).toMatchObject({
      discountPrice: 0,
      shippingDiscount: 10,
      shippingPrice: 0,
      taxPrice: 1.5,
      totalPrice: 11.5,
    });
  });

  it("holds from startsAt to just before endsAt, instants given in any time zone", async () => {
    // Midnight in Montréal (UTC−5 in December) to midnight three days later.
    const made = await create("WEEKEND", {
      startsAt: "2026-12-05T00:00:00-05:00",
      endsAt: "2026-12-08T00:00:00-05:00",
    });
    expect(made).toMatchObject({ startsAt: "2026-12-05T05:00:00.000Z", endsAt: "2026-12-08T05:00:00.000Z" });
    const clock = useFakeClock(Date.parse("2026-12-05T04:59:59.999Z"));
    try {
      const boxes = [{ product: box, quantity: 1 }];
      expect((await preview("WEEKEND", boxes)).body).toMatchObject({ code: "PROMO_NOT_STARTED" });
      clock.set(Date.parse("2026-12-05T05:00:00.000Z"));
      expect((await preview("WEEKEND", boxes)).status).toBe(200);
      clock.set(Date.parse("2026-12-08T04:59:59.999Z"));
      expect((await preview("WEEKEND", boxes)).status).toBe(200);
      clock.set(Date.parse("2026-12-08T05:00:00.000Z"));
      expect((await preview("WEEKEND", boxes)).body).toMatchObject({ code: "PROMO_EXPIRED" });
    } finally {
      clock.restore();
    }
  });
});

describe("orders with a code", () => {
  it("store each line's discount, the discountPrice and the promotion; the original client's orders are unchanged", async () => {
    const made = await create("ORDER20");
    const res = await placeWithCode(ann, basket(), "order20");
    expect(res.status).toBe(201);
    const order = await orderOfAnswer(res);
    expect(order).toMatchObject({
      itemsPrice: 29.37,
      discountPrice: 5.87,
      shippingPrice: 10,
      taxPrice: 3.53,
      totalPrice: 37.03,
      promotion: { _id: made._id, code: "ORDER20" },
    });
    expect(order.orderItems.map((l: { discount: number }) => l.discount)).toEqual([4, 1.87]);
    expect(order.taxes).toEqual([{ class: "standard", rate: 15, base: 23.5, amount: 3.53 }]);
    expect((await promotionStore.get(made._id))?.uses).toBe(1);

    const plain = await orderOfAnswer(await place(ann, orderOf(box, 1)));
    expect(plain).toMatchObject({ totalPrice: 21.5, discountPrice: 0, shippingDiscount: 0, promotion: null });
  });

  it("with usageLimit 1, places exactly one of 50 concurrent checkouts; the others are told PROMO_USED_UP", async () => {
    const made = await create("RACE", { usageLimit: 1 });
    const seen = (await preview("RACE", [{ product: box, quantity: 1 }])).body as Record<string, number>;
    const body = orderBody([{ product: box, quantity: 1 }], { promoCode: "RACE", ...pricesOf(seen) });
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(ann, body)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = await Promise.all(answers.filter((res) => res.status !== 201).map((res) => res.json()));
    expect(refused.map((b: { code: string }) => b.code)).toEqual(Array(49).fill("PROMO_USED_UP"));
    expect((await promotionStore.get(made._id))?.uses).toBe(1);
  });

  it("gives a use back exactly once when the unpaid order that used it up expires", async () => {
    const made = await create("ONCE", { usageLimit: 1 });
    const order = await orderOfAnswer(await placeWithCode(ann, [{ product: box, quantity: 1 }], "ONCE"));
    expect((await preview("ONCE", [{ product: box, quantity: 1 }])).body).toMatchObject({
      code: "PROMO_USED_UP",
    });
    const now = new Date(Date.parse(order.holdUntil) + 1000);
    await Promise.all([sweepExpiredOrders({ now }), sweepExpiredOrders({ now })]);
    await sweepExpiredOrders({ now });
    expect((await promotionStore.get(made._id))?.uses).toBe(0);
    expect((await placeWithCode(ann, [{ product: box, quantity: 1 }], "ONCE")).status).toBe(201);
    expect((await promotionStore.get(made._id))?.uses).toBe(1);
  });

  it("keeps a per-customer limit in the same transaction", async () => {
    await create("ONEEACH", { perCustomerLimit: 1 });
    const carol = await createUser({ name: "Carol" });
    const lines = [{ product: box, quantity: 1 }];
    expect((await placeWithCode(carol, lines, "ONEEACH")).status).toBe(201);
    const second = await place(
      carol,
      orderBody(lines, { promoCode: "ONEEACH", taxPrice: 1.2, totalPrice: 19.2 }),
    );
    expect(await second.json()).toMatchObject({ code: "PROMO_USED_UP" });
  });
});

describe("through picking and refunds", () => {
  it("recomputes a percent on the picked weight, refunds a line's net amount and its tax, never the shipping", async () => {
    await create("PICK20");
    const placed = await orderOfAnswer(await placeWithCode(ann, basket(), "PICK20"));
    const { id } = (await (await call(ann, "POST", `/${placed._id}/paypal`)).json()) as { id: string };
    expect((await call(ann, "PUT", `/${placed._id}/pay`, { id })).status).toBe(200);

    // 712 g of the 750 g: $8.89; 20 % of $28.89 = $5.78, split $4.00 / $1.78; tax 15 % of $23.11 = $3.47.
    const final = await app.request(
      `/api/orders/${placed._id}/final`,
      json(admin, "POST", {
        lines: [
          { _id: box._id, picked: 2 },
          { _id: cherries._id, picked: 0.712 },
        ],
      }),
    );
    expect(final.status).toBe(201);
    const order = (await (await call(admin, "GET", `/${placed._id}`)).json()) as Record<string, unknown> & {
      orderItems: { finalDiscount: number }[];
    };
    expect(order).toMatchObject({
      finalItemsPrice: 28.89,
      finalDiscountPrice: 5.78,
      finalTaxPrice: 3.47,
      finalPrice: 36.58,
      refundedPrice: 0.45,
    });
    expect(order.orderItems.map((l) => l.finalDiscount)).toEqual([4, 1.78]);

    const refund = async (lines: { _id: string; quantity: number }[]) => {
      const res = await app.request(
        `/api/orders/${placed._id}/refunds`,
        json(admin, "POST", { lines, reason: "Bruised", restock: false }),
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { refund: { amount: number } }).refund.amount;
    };
    // The boxes: $20.00 less their $4.00, plus 15 % of $16.00; the cherries' own share stays with them.
    expect(await refund([{ _id: box._id, quantity: 2 }])).toBe(18.4);
    // The cherries: $8.89 less $1.78 = $7.11, plus the tax left: $3.47 − $2.40.
    expect(await refund([{ _id: cherries._id, quantity: 0.712 }])).toBe(8.18);
    // What is left of the $37.03 paid is the shipping alone: 0.45 + 18.40 + 8.18 refunded.
    const after = (await (await call(admin, "GET", `/${placed._id}`)).json()) as { refundedPrice: number };
    expect(after.refundedPrice).toBe(27.03);
  });
});

const pricesOf = (seen: Record<string, number>) => ({
  itemsPrice: seen.itemsPrice,
  shippingPrice: seen.shippingPrice,
  taxPrice: seen.taxPrice,
  totalPrice: seen.totalPrice,
});
