import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountPartCents, discountTotalCents, lineDiscounts, splitLargestRemainder } from "./discount.ts";
import { priceByClassCents } from "./pricing.ts";

describe("splitLargestRemainder", () => {
  it("gives the left-over cents to the largest remainders, ties to the earlier line", () => {
    expect(splitLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitLargestRemainder(10, [333, 667])).toEqual([3, 7]);
    expect(splitLargestRemainder(5, [0, 0])).toEqual([0, 0]);
    expect(splitLargestRemainder(7, [0, 10])).toEqual([0, 7]);
  });

  it("adds up exactly, each share within a cent of its exact share and never above its weight", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * fraction);
          const shares = splitLargestRemainder(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((share, index) => {
            const weight = weights[index] ?? 0;
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeLessThanOrEqual(weight);
            if (sum > 0) expect(Math.abs(share - (total * weight) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe("discounts", () => {
  it("rounds a percent once for the order, never per line", () => {
    // Three lines of 333 cents at 10 %: 99.9 → 100 for the order (per line it would be 33 × 3 = 99).
    const shares = lineDiscounts({ kind: "percent", basisPoints: 1000 }, [
      { cents: 333, eligible: true },
      { cents: 333, eligible: true },
      { cents: 333, eligible: true },
    ]);
    expect(shares).toEqual([34, 33, 33]);
  });

  it("caps an amount at what the eligible lines cost and leaves the others alone", () => {
    expect(discountTotalCents({ kind: "amount", amountCents: 500 }, 325)).toBe(325);
    expect(
      lineDiscounts({ kind: "amount", amountCents: 500 }, [
        { cents: 1000, eligible: false },
        { cents: 325, eligible: true },
      ]),
    ).toEqual([0, 325]);
  });

  it("takes a refunded part's discount proportionally, the whole line its whole share", () => {
    expect(discountPartCents(100, 1000, 1000)).toBe(100);
    expect(discountPartCents(100, 333, 1000)).toBe(33);
    expect(discountPartCents(0, 333, 1000)).toBe(0);
  });

  it("taxes the discounted amounts and totals items − discount + shipping + tax", () => {
    const priced = priceByClassCents(
      [
        { priceCents: 1000, unit: "piece", quantity: 2, productId: "a" },
        { priceCents: 499, unit: "kg", quantity: 1500, productId: "b", taxClass: "zero" },
      ],
      {
        taxRates: [
          { id: "standard", rate: 15 },
          { id: "zero", rate: 0 },
        ],
        discount: { kind: "percent", basisPoints: 2000 },
      },
    );
    // Items 2000 + 749 = 2749; 20 % = 549.8 → 550, split 400 / 150 (remainders 0.2 and 0.8 … exact 400, 149.8).
    expect(priced.lineDiscounts).toEqual([400, 150]);
    expect(priced.discountCents).toBe(550);
    expect(priced.taxCents).toBe(240); // 15 % of 1600
    expect(priced.totalCents).toBe(2749 - 550 + 1000 + 240);
  });

  it("free shipping zeroes the shipping and takes nothing off the lines", () => {
    const priced = priceByClassCents([{ priceCents: 1000, unit: "piece", quantity: 1 }], {
      discount: { kind: "freeShipping" },
    });
    expect(priced).toMatchObject({
      shippingCents: 0,
      shippingDiscountCents: 1000,
      discountCents: 0,
      totalCents: 1150,
    });
  });
});
