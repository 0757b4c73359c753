import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineCents, priceByClassCents, priceCents, taxCentsOf } from "./pricing.ts";
import { classTaxCents, rateMillis, taxesByClassCents, toClassTaxes, totalTaxCents } from "./tax.ts";

const QUEBEC = [
  { id: "standard", rate: 14.975 },
  { id: "zero-rated", rate: 0 },
  { id: "reduced", rate: 5 },
];

const line = fc.record({
  priceCents: fc.integer({ min: 0, max: 50_000 }),
  unit: fc.constantFrom("kg" as const, "piece" as const),
  quantity: fc.integer({ min: 1, max: 20_000 }),
  taxClass: fc.constantFrom("standard", "zero-rated", "reduced", undefined, "gone"),
});

describe("tax by class", () => {
  it("rounds each class once, half up, and the class amounts add up to the order's tax to the cent (random carts)", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const taxed = lines.map((l) => ({ taxClass: l.taxClass, cents: lineCents(l) }));
        const taxes = taxesByClassCents(taxed, QUEBEC);
        // Every class's base is its lines' cents; unknown and absent classes are standard.
        const itemsCents = taxed.reduce((sum, l) => sum + l.cents, 0);
        expect(taxes.reduce((sum, t) => sum + t.baseCents, 0)).toBe(itemsCents);
        for (const t of taxes) {
          const exact = (t.baseCents * t.rate) / 100;
          expect(Math.abs(t.amountCents - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(t.amountCents).toBe(classTaxCents(t.baseCents, t.rate));
        }
        expect(new Set(taxes.map((t) => t.class)).size).toBe(taxes.length);
        // In dollars the class amounts add up to taxPrice to the cent.
        const dollars = toClassTaxes(taxes).reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
        expect(dollars).toBe(totalTaxCents(taxes));
      }),
      { numRuns: 500 },
    );
  });

  it("with the one standard class at 15 % it is the shop's former rule", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (itemsCents) => {
        const taxes = taxesByClassCents([{ cents: itemsCents }], [{ id: "standard", rate: 15 }]);
        expect(totalTaxCents(taxes)).toBe(taxCentsOf(itemsCents));
      }),
    );
  });

  it("taxes Québec produce at 0 % beside the standard lines", () => {
    const taxes = taxesByClassCents(
      [
        { taxClass: "zero-rated", cents: 1497 },
        { taxClass: "standard", cents: 1000 },
        { taxClass: "zero-rated", cents: 325 },
      ],
      QUEBEC,
    );
    expect(toClassTaxes(taxes)).toEqual([
      { class: "standard", rate: 14.975, base: 10, amount: 1.5 },
      { class: "zero-rated", rate: 0, base: 18.22, amount: 0 },
    ]);
  });

  it("a class the shop no longer has is taxed as standard, never untaxed", () => {
    expect(taxesByClassCents([{ taxClass: "gone", cents: 1000 }], QUEBEC)).toEqual([
      { class: "standard", rate: 14.975, baseCents: 1000, amountCents: 150 },
    ]);
  });

  it("reads rates to three decimals only", () => {
    expect(rateMillis(14.975)).toBe(14_975);
    expect(rateMillis(0.1 + 0.2)).toBe(300);
    expect(rateMillis(14.9751)).toBeUndefined();
    expect(() => classTaxCents(100, 1.0001)).toThrow();
  });

  it("prices an order by its zone's shipping and its lines' classes, through the one pricing rule", () => {
    const lines = [
      { priceCents: 499, unit: "kg" as const, quantity: 3000, taxClass: "zero-rated" },
      { priceCents: 1000, unit: "piece" as const, quantity: 2, taxClass: "standard" },
    ];
    const priced = priceByClassCents(lines, {
      shipping: { feeCents: 550, freeOverCents: 5000 },
      taxRates: QUEBEC,
    });
    expect(priced).toEqual({
      itemsCents: 3497,
      shippingCents: 550,
      taxCents: 300,
      totalCents: 4347,
      taxes: [
        { class: "standard", rate: 14.975, baseCents: 2000, amountCents: 300 },
        { class: "zero-rated", rate: 0, baseCents: 1497, amountCents: 0 },
      ],
      // No promotion: nothing taken off (docs/decisions/049).
      lineDiscounts: [0, 0],
      discountCents: 0,
      shippingDiscountCents: 0,
    });
    // Without a rule: the original $10 and 15 % (docs/product.md) on everything, classes or not.
    expect(priceCents(lines)).toEqual({
      itemsCents: 3497,
      shippingCents: 1000,
      taxCents: 525,
      totalCents: 5022,
    });
  });
});
