import { describe, expect, it } from "vitest";
import { priceCents } from "../money/pricing.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { planRefund } from "./plan.ts";

const lines = [
  {
    productId: "kiwi",
    name: "Kiwi",
    slug: "k",
    image: "/k",
    priceCents: 1299,
    unit: "kg" as const,
    step: 250,
    quantity: 750,
  },
  {
    productId: "melon",
    name: "Melon",
    slug: "m",
    image: "/m",
    priceCents: 350,
    unit: "piece" as const,
    step: 1,
    quantity: 3,
  },
];
const order = (patch: Partial<OrderRecord> = {}): OrderRecord => ({
  id: "o",
  userId: "u",
  orderItems: lines,
  shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" },
  paymentMethod: "PayPal",
  ...priceCents(lines),
  isPaid: true,
  isDelivered: false,
  createdAt: "2026-01-01T00:00:00Z",
  ...patch,
});

/** Applies a plan as the refund store's reservation does. */
const apply = (o: OrderRecord, plan: ReturnType<typeof planRefund>): OrderRecord => ({
  ...o,
  refundReservedCents: plan.refundReservedCents,
  refundedBase: plan.refundedBase,
});

describe("refund money (integers, the one pricing rule)", () => {
  it("refunds a line part with its tax, half up", () => {
    // 250 g × $12.99 = 324.75 → 325; tax 48.75 → 49.
    const plan = planRefund(order(), { kind: "lines", lines: [{ productId: "kiwi", quantity: 250 }] });
    expect(plan).toMatchObject({ amountCents: 374, refundedBase: { kiwi: 250 }, refundReservedCents: 374 });
  });

  it("adds partial refunds of every line, in any order and any split, up to exactly items + tax", () => {
    const splits = [
      [
        ["kiwi", 1],
        ["melon", 1],
        ["kiwi", 499],
        ["melon", 2],
        ["kiwi", 250],
      ],
      [
        ["melon", 3],
        ["kiwi", 750],
      ],
      [
        ["kiwi", 333],
        ["kiwi", 333],
        ["melon", 1],
        ["kiwi", 84],
        ["melon", 1],
        ["melon", 1],
      ],
    ] as const;
    for (const split of splits) {
      let current = order();
      let refunded = 0;
      for (const [productId, quantity] of split) {
        const plan = planRefund(current, { kind: "lines", lines: [{ productId, quantity }] });
        expect(plan.amountCents).toBeGreaterThanOrEqual(0);
        refunded += plan.amountCents;
        current = apply(current, plan);
      }
      expect(refunded).toBe(current.itemsCents + current.taxCents);
      // Shipping is what is left, refundable by amount; then nothing more.
      const shipping = planRefund(current, { kind: "amount", amountCents: current.shippingCents });
      current = apply(current, shipping);
      expect(() => planRefund(current, { kind: "amount", amountCents: 1 })).toThrow(/at most \$0\.00/);
    }
  });

  it("refuses a line beyond what was bought across refunds, and lines not in the order", () => {
    const once = apply(
      order(),
      planRefund(order(), { kind: "lines", lines: [{ productId: "melon", quantity: 2 }] }),
    );
    expect(() => planRefund(once, { kind: "lines", lines: [{ productId: "melon", quantity: 2 }] })).toThrow(
      "Melon: only 1 pc is left to refund",
    );
    // Duplicated lines of one product add up.
    expect(() =>
      planRefund(order(), {
        kind: "lines",
        lines: [
          { productId: "melon", quantity: 2 },
          { productId: "melon", quantity: 2 },
        ],
      }),
    ).toThrow(/only 3 pcs/);
    expect(() => planRefund(order(), { kind: "lines", lines: [{ productId: "plum", quantity: 1 }] })).toThrow(
      /not in this order/,
    );
  });

  it("refuses an amount beyond what is left, counting refunds still on their way", () => {
    const o = order({ refundReservedCents: order().totalCents - 100 });
    expect(planRefund(o, { kind: "amount", amountCents: 100 }).refundReservedCents).toBe(o.totalCents);
    expect(() => planRefund(o, { kind: "amount", amountCents: 101 })).toThrow(/at most \$1\.00 is left/);
  });
});
