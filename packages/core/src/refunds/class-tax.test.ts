import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceByClassCents } from "../money/pricing.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { finalCharge } from "../picking/final-charge.ts";
import { planRefund } from "./plan.ts";

/**
 * Tax by class through refunds and final charges (docs/decisions/046-zones-and-tax-classes.md):
 * over random carts of standard and zero-rated lines, refunding every line in random parts gives back
 * exactly the items and the tax placement charged, and a final charge taxes each class once.
 */
const RATES = [
  { id: "standard", rate: 14.975 },
  { id: "zero-rated", rate: 0 },
  { id: "reduced", rate: 5 },
];

const lineArb = fc.record({
  priceCents: fc.integer({ min: 500, max: 5000 }),
  unit: fc.constantFrom("kg" as const, "piece" as const),
  quantity: fc.integer({ min: 100, max: 3000 }),
  taxClass: fc.constantFrom("standard", "zero-rated", "reduced"),
});

const orderOf = (raw: { priceCents: number; unit: "kg" | "piece"; quantity: number; taxClass: string }[]) => {
  const orderItems = raw.map((line, index) => ({
    productId: `p${index}`,
    name: `P${index}`,
    slug: `p${index}`,
    image: "/i",
    step: 1,
    ...line,
  }));
  const priced = priceByClassCents(orderItems, {
    taxRates: RATES,
    shipping: { feeCents: 700, freeOverCents: null },
  });
  const order: OrderRecord = {
    id: "o",
    userId: "u",
    orderItems,
    shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "H2X", country: "CA" },
    paymentMethod: "PayPal",
    itemsCents: priced.itemsCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    taxRates: RATES,
    isPaid: true,
    isDelivered: false,
    createdAt: "2026-01-01T00:00:00Z",
  };
  return order;
};

describe("tax by class in refunds and final charges", () => {
  it("refunding every line, in random parts, gives back exactly items + tax by class", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 6, maxLength: 6 }),
        (raw, parts) => {
          let order = orderOf(raw);
          let refunded = 0;
          order.orderItems.forEach((line, index) => {
            const pieces = Math.min(parts[index] ?? 1, line.quantity);
            const size = Math.floor(line.quantity / pieces);
            for (let piece = 0; piece < pieces; piece += 1) {
              const quantity = piece === pieces - 1 ? line.quantity - size * (pieces - 1) : size;
              const plan = planRefund(order, {
                kind: "lines",
                lines: [{ productId: line.productId, quantity }],
              });
              refunded += plan.amountCents;
              order = {
                ...order,
                refundReservedCents: plan.refundReservedCents,
                refundedBase: plan.refundedBase,
              };
            }
          });
          expect(refunded).toBe(order.itemsCents + order.taxCents);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a final charge taxes each class once at the order's rates; picked as ordered, it is what was paid", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), (raw) => {
        const order = orderOf(raw);
        const asOrdered = finalCharge(
          order.orderItems.map((line) => ({ ordered: line, picked: line.quantity })),
          order.shippingCents,
          RATES,
        );
        expect(asOrdered.totalCents).toBe(order.totalCents);
        expect(asOrdered.taxCents).toBe(order.taxCents);
      }),
      { numRuns: 200 },
    );
    const zeroRated = { priceCents: 1000, unit: "piece" as const, quantity: 2, taxClass: "zero-rated" };
    const standard = { priceCents: 1000, unit: "piece" as const, quantity: 1, taxClass: "standard" };
    // The zero-rated line is replaced by a standard substitute: taxed at the substitute's class.
    const charge = finalCharge(
      [
        { ordered: zeroRated, picked: 0, substitute: standard },
        { ordered: standard, picked: 1 },
      ],
      0,
      RATES,
    );
    expect(charge).toMatchObject({ itemsCents: 2000, taxCents: 300 });
  });
});
