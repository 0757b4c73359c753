import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Unit } from "../money/quantity.ts";
import type { OrderRecord, StoredLine } from "../orders/order.records.ts";
import type { ProductRecord } from "../products/product.store.ts";
import type { FinalInput } from "./picking.schema.ts";
import { planFinal } from "./plan.ts";

/**
 * The final charge's arithmetic over 100,000 random carts and pick weights (docs/decisions/041-final-charge.md):
 * for every order, the final lines plus tax plus shipping equal what was captured minus what the
 * weight adjustment refunds, to the cent; the final is never above what was paid; no amount holds a
 * fraction of a cent. The oracle is written apart from the code, in BigInt: half up is
 * ⌊(2·price·quantity + base) / (2·base)⌋.
 */

const BASE: Record<Unit, bigint> = { kg: 1000n, piece: 1n };
const halfUp = (priceCents: number, quantity: number, unit: Unit): bigint =>
  (2n * BigInt(priceCents) * BigInt(quantity) + BASE[unit]) / (2n * BASE[unit]);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const taxOf = (items: bigint) => (items * 15n + 50n) / 100n;

interface Cart {
  lines: { unit: Unit; priceCents: number; quantity: number; allowed: boolean; pick: number; sub?: number }[];
  subPriceCents: number;
}

const unitArb = fc.constantFrom<Unit>("kg", "piece");
const lineArb = unitArb.chain((unit) =>
  fc.record({
    unit: fc.constant(unit),
    priceCents: fc.integer({ min: 1, max: 99_999 }),
    // Grams up to 20 kg, pieces up to 40.
    quantity: unit === "kg" ? fc.integer({ min: 1, max: 20_000 }) : fc.integer({ min: 1, max: 40 }),
    allowed: fc.boolean(),
    // Picked as a share of what was ordered: none, less, exactly, more (up to half again).
    pick: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1.5, noNaN: true })),
    sub: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
  }),
);
const cartArb: fc.Arbitrary<Cart> = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  subPriceCents: fc.integer({ min: 1, max: 99_999 }),
});

/** The order a cart makes, priced by the shop's rule as placement stores it (its own oracle above). */
function orderOf(cart: Cart): OrderRecord {
  const orderItems: StoredLine[] = cart.lines.map((line, index) => ({
    productId: `P${index}`,
    name: `Product ${index}`,
    slug: `product-${index}`,
    image: "/i.webp",
    priceCents: line.priceCents,
    unit: line.unit,
    step: 1,
    quantity: line.quantity,
    substitute: line.allowed ? "allowed" : "no",
  }));
  const items = cart.lines.reduce((sum, line) => sum + halfUp(line.priceCents, line.quantity, line.unit), 0n);
  const shipping = items > 10_000n || items === 0n ? 0n : 1000n;
  const tax = taxOf(items);
  return {
    id: "O1",
    userId: "U1",
    orderItems,
    shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" },
    paymentMethod: "PayPal",
    itemsCents: Number(items),
    shippingCents: Number(shipping),
    taxCents: Number(tax),
    totalCents: Number(items + shipping + tax),
    isPaid: true,
    isDelivered: false,
    createdAt: "2026-11-27T00:00:00.000Z",
    captureId: "CAP1",
  };
}

const substitute = (index: number, priceCents: number): ProductRecord =>
  ({
    id: `S${index}`,
    name: `Sub ${index}`,
    slug: `sub-${index}`,
    image: "/s.webp",
    priceCents,
    unit: "piece",
    step: 1,
  }) as ProductRecord;

function finalOf(
  cart: Cart,
  order: OrderRecord,
): { input: FinalInput; products: Map<string, ProductRecord> } {
  const products = new Map<string, ProductRecord>();
  const lines = cart.lines.map((line, index) => {
    const pickedBase = Math.round(line.quantity * line.pick);
    const picked = line.unit === "kg" ? pickedBase / 1000 : pickedBase;
    const item = order.orderItems[index] as StoredLine;
    if (pickedBase === 0 && line.allowed && line.sub !== undefined) {
      products.set(`S${index}`, substitute(index, cart.subPriceCents));
      return { _id: item.productId, picked, substitute: { _id: `S${index}`, quantity: line.sub } };
    }
    return { _id: item.productId, picked };
  });
  return { input: { lines }, products };
}

/** `expect` is too slow for 100,000 runs: plain checks, which fast-check shrinks the same way. */
function same<T>(actual: T, expected: T): void {
  if (actual !== expected) throw new Error(`expected ${String(expected)}, got ${String(actual)}`);
}

describe("the final charge's arithmetic", () => {
  it("charges captured minus refunded, never above paid, in whole cents, over 100,000 carts", () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const order = orderOf(cart);
        const { input, products } = finalOf(cart, order);
        const plan = planFinal(order, input, products);

        // The oracle's final, line by line.
        let items = 0n;
        plan.items.forEach((line, index) => {
          const spec = cart.lines[index];
          if (!spec) throw new Error("one plan line per cart line");
          const ordered = halfUp(spec.priceCents, spec.quantity, spec.unit);
          const picked = BigInt(line.pickedQuantity ?? -1);
          const expected = min(halfUp(spec.priceCents, Number(picked), spec.unit), ordered);
          same(BigInt(line.finalCents ?? -1), expected);
          items += expected;
          if (line.substitution) {
            const sub = min(halfUp(cart.subPriceCents, line.substitution.quantity, "piece"), ordered);
            same(BigInt(line.substitution.finalCents), sub);
            items += sub;
          }
        });
        const tax = taxOf(items);
        const final = items + BigInt(order.shippingCents) + tax;
        same(BigInt(plan.itemsCents), items);
        same(BigInt(plan.taxCents), tax);
        same(BigInt(plan.totalCents), final);

        // Never above paid; the adjustment refunds exactly the difference.
        if (plan.totalCents > order.totalCents) throw new Error("final above paid");
        const captured = order.totalCents;
        const refunded = plan.adjustmentCents;
        same(plan.totalCents, captured - refunded);
        for (const cents of [plan.itemsCents, plan.taxCents, plan.totalCents, refunded])
          same(Number.isSafeInteger(cents), true);

        // Stock moves account for every base unit ordered against picked.
        const returned = plan.returns.reduce((sum, move) => sum + move.quantity, 0);
        const taken = plan.overPicks.reduce((sum, move) => sum + move.quantity, 0);
        const ordered = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
        const picked = plan.items.reduce((sum, line) => sum + (line.pickedQuantity ?? 0), 0);
        same(ordered - returned + taken, picked);
      }),
      { numRuns: 100_000 },
    );
  }, 300_000);

  it("charges 712 g of a 0.75 kg cherry line at $12.49 / kg as $8.89 and gives back $0.56", () => {
    const order = orderOf({
      lines: [{ unit: "kg", priceCents: 1249, quantity: 750, allowed: false, pick: 1 }],
      subPriceCents: 1,
    });
    const plan = planFinal(order, { lines: [{ _id: "P0", picked: 0.712 }] }, new Map());
    expect(order.totalCents).toBe(2078);
    expect(plan).toMatchObject({ itemsCents: 889, taxCents: 133, totalCents: 2022, adjustmentCents: 56 });
    expect(plan.returns).toEqual([{ productId: "P0", unit: "kg", quantity: 38 }]);
  });

  it("never refunds past what is still refundable", () => {
    const order = {
      ...orderOf({
        lines: [{ unit: "kg", priceCents: 1249, quantity: 750, allowed: false, pick: 1 }],
        subPriceCents: 1,
      }),
      refundReservedCents: 2058,
    };
    expect(planFinal(order, { lines: [{ _id: "P0", picked: 0.712 }] }, new Map()).adjustmentCents).toBe(20);
  });
});
