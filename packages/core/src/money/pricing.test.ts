import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usd } from "../paypal/verify.ts";
import {
  FREE_SHIPPING_OVER,
  inCents,
  lineCents,
  lineTotal,
  priceCents,
  priceLines,
  toCents,
  toDollars,
  toPrices,
} from "./pricing.ts";
import { fromBase } from "./quantity.ts";

describe("priceLines", () => {
  it("charges $10 shipping up to $100 of items and 15 % tax", () => {
    expect(priceLines([{ price: 4.99, quantity: 3 }])).toEqual({
      itemsPrice: 14.97,
      shippingPrice: 10,
      taxPrice: 2.25,
      totalPrice: 27.22,
    });
  });

  it("ships free only above $100 (exactly $100 still pays shipping)", () => {
    expect(priceLines([{ price: 100, quantity: 1 }]).shippingPrice).toBe(10);
    expect(priceLines([{ price: 100.01, quantity: 1 }]).shippingPrice).toBe(0);
    expect(FREE_SHIPPING_OVER).toBe(100);
  });

  it("adds cents exactly where floating point would drift", () => {
    expect(
      priceLines([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]).itemsPrice,
    ).toBe(0.3);
    expect(toCents(1.005)).toBe(101);
  });

  it("prices an empty cart at zero", () => {
    expect(priceLines([])).toEqual({ itemsPrice: 0, shippingPrice: 0, taxPrice: 0, totalPrice: 0 });
  });
});

describe("priceCents", () => {
  it("is the rule in cents: no dollar ever enters it", () => {
    expect(priceCents([{ priceCents: 499, unit: "kg", quantity: 3000 }])).toEqual({
      itemsCents: 1497,
      shippingCents: 1000,
      taxCents: 225,
      totalCents: 2722,
    });
    expect(priceCents([{ priceCents: 10_001, unit: "piece", quantity: 1 }]).shippingCents).toBe(0);
    expect(priceCents([{ priceCents: 10_000, unit: "piece", quantity: 1 }]).shippingCents).toBe(1000);
  });

  it("answers the same prices in dollars at the edge as in cents inside", () => {
    const cents = priceCents([
      { priceCents: 1249, unit: "kg", quantity: 3000 },
      { priceCents: 7, unit: "piece", quantity: 11 },
    ]);
    expect(cents).toEqual({ itemsCents: 3824, shippingCents: 1000, taxCents: 574, totalCents: 5398 });
    expect(toPrices(cents)).toEqual({
      itemsPrice: 38.24,
      shippingPrice: 10,
      taxPrice: 5.74,
      totalPrice: 53.98,
    });
    expect(
      priceLines([
        { price: 12.49, quantity: 3 },
        { price: 0.07, quantity: 11, unit: "piece" },
      ]),
    ).toEqual(toPrices(cents));
    expect(inCents({ price: 0.07, quantity: 11, unit: "piece" })).toEqual({
      priceCents: 7,
      unit: "piece",
      quantity: 11,
    });
    expect(inCents({ price: 12.99, quantity: 0.75 })).toEqual({
      priceCents: 1299,
      unit: "kg",
      quantity: 750,
    });
    expect(toDollars(5398)).toBe(53.98);
  });

  it("rounds a weighed line half up to the cent, in integers", () => {
    expect(lineCents({ priceCents: 1299, unit: "kg", quantity: 250 })).toBe(325); // 324.75
    expect(lineCents({ priceCents: 1298, unit: "kg", quantity: 250 })).toBe(325); // 324.5: half up
    expect(lineCents({ priceCents: 1297, unit: "kg", quantity: 250 })).toBe(324); // 324.25
    expect(lineCents({ priceCents: 333, unit: "kg", quantity: 1 })).toBe(0); // 0.333 cents
    expect(lineTotal({ price: 12.99, quantity: 0.25, unit: "kg" })).toBe(3.25);
    expect(lineTotal({ price: 2.5, quantity: 3, unit: "piece" })).toBe(7.5);
  });

  it("rounds tax half up in integers, where floating point would drift", () => {
    // 15 % of $0.30 is 4.5 cents: half up is 5 (0.15 * 30 is 4.499… in binary).
    expect(priceCents([{ priceCents: 30, unit: "piece", quantity: 1 }]).taxCents).toBe(5);
    expect(priceCents([{ priceCents: 10, unit: "piece", quantity: 1 }]).taxCents).toBe(2); // 1.5
    expect(priceCents([{ priceCents: 9, unit: "piece", quantity: 1 }]).taxCents).toBe(1); // 1.35
  });
});

/** Round half up of numerator / denominator, exactly (BigInt): the rule's reference. */
const exactHalfUp = (numerator: bigint, denominator: bigint): number =>
  Number((numerator * 2n + denominator) / (denominator * 2n));

/** A cart line of mixed units, as the web app holds it: a price per unit, a quantity in whole steps. */
const mixedLine = fc.oneof(
  fc.record({
    priceCents: fc.integer({ min: 0, max: 50_000 }),
    unit: fc.constant("kg" as const),
    stepGrams: fc.constantFrom(1, 5, 50, 100, 125, 250, 500, 1000),
    steps: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    priceCents: fc.integer({ min: 0, max: 50_000 }),
    unit: fc.constant("piece" as const),
    stepGrams: fc.constant(1),
    steps: fc.integer({ min: 1, max: 60 }),
  }),
);

/** Exactly two decimals, no binary residue: what an amount without a sub-cent value prints as. */
const isWholeCents = (dollars: number) => Number(dollars.toFixed(2)) === dollars;

describe("one rounding rule, browser and server", () => {
  it("shows, stores and sends to PayPal the same amounts, never a fraction of a cent (100,000 carts)", () => {
    fc.assert(
      fc.property(fc.array(mixedLine, { minLength: 1, maxLength: 12 }), (cart) => {
        // The browser's cart: dollars, quantities in the unit.
        const shownLines = cart.map((line) => ({
          price: toDollars(line.priceCents),
          unit: line.unit,
          quantity: fromBase(line.unit, line.stepGrams * line.steps),
        }));
        const shown = priceLines(shownLines);
        // Core's order: cents, quantities in base units, as placement stores it.
        const stored = priceCents(
          cart.map((line) => ({
            priceCents: line.priceCents,
            unit: line.unit,
            quantity: line.stepGrams * line.steps,
          })),
        );
        // Plain comparisons (a failing property is shrunk and reported by fast-check): 100,000
        // carts through `expect` would take most of a minute.
        const dollars = toPrices(stored);
        const paypal = usd(stored.totalCents);
        const lineSum = shownLines.reduce((sum, line) => sum + toCents(lineTotal(line)), 0);
        const exactItems = cart.reduce(
          (sum, line) =>
            sum +
            exactHalfUp(
              BigInt(line.priceCents) * BigInt(line.stepGrams * line.steps),
              line.unit === "kg" ? 1000n : 1n,
            ),
          0,
        );
        return (
          // shown (browser) = stored (server), amount by amount
          shown.itemsPrice === dollars.itemsPrice &&
          shown.shippingPrice === dollars.shippingPrice &&
          shown.taxPrice === dollars.taxPrice &&
          shown.totalPrice === dollars.totalPrice &&
          Object.values(shown).every(isWholeCents) &&
          // the line totals the screens show add up to the items amount
          lineSum === stored.itemsCents &&
          // each line is its exact value rounded half up; so is the tax
          stored.itemsCents === exactItems &&
          stored.taxCents === exactHalfUp(BigInt(stored.itemsCents) * 15n, 100n) &&
          // what PayPal is asked to charge, and what the payment check reads back
          paypal.value === shown.totalPrice.toFixed(2) &&
          toCents(Number(paypal.value)) === stored.totalCents
        );
      }),
      { numRuns: 100_000 },
    );
  }, 60_000);
});
