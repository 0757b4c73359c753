import { describe, expect, it } from "vitest";
import {
  FREE_SHIPPING_OVER,
  inCents,
  priceCents,
  priceLines,
  toCents,
  toDollars,
  toPrices,
} from "./pricing.ts";

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
    expect(priceCents([{ priceCents: 499, quantity: 3 }])).toEqual({
      itemsCents: 1497,
      shippingCents: 1000,
      taxCents: 225,
      totalCents: 2722,
    });
    expect(priceCents([{ priceCents: 10_001, quantity: 1 }]).shippingCents).toBe(0);
    expect(priceCents([{ priceCents: 10_000, quantity: 1 }]).shippingCents).toBe(1000);
  });

  it("answers the same prices in dollars at the edge as in cents inside", () => {
    const cents = priceCents([
      { priceCents: 1249, quantity: 3 },
      { priceCents: 7, quantity: 11 },
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
        { price: 0.07, quantity: 11 },
      ]),
    ).toEqual(toPrices(cents));
    expect(inCents({ price: 0.07, quantity: 11 })).toEqual({ priceCents: 7, quantity: 11 });
    expect(toDollars(5398)).toBe(53.98);
  });
});
