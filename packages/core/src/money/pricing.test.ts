import { describe, expect, it } from "vitest";
import { FREE_SHIPPING_OVER, priceLines, toCents } from "./pricing.ts";

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
