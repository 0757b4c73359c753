import { toCents } from "@fruit/core/browser/money";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, orderCount, place, storedOrder } from "../support/orders.ts";
import { propertyRuns } from "../support/property-runs.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The catalogue: prices chosen to hit rounding edges (x.x5 tax, sums around the $100 free-shipping
 * line), sold by the whole kilogram, and three sold by the 250 g, whose lines round (a line of
 * $12.98/kg is 324.5 ¢ a step: exactly half a cent).
 */
const CATALOGUE = [
  ...[0.01, 0.1, 0.2, 0.99, 1.05, 4.99, 7.77, 12.5, 33.33, 49.95, 99.99, 100].map((price) => ({
    price,
    step: 1,
  })),
  { price: 12.98, step: 0.25 },
  { price: 12.49, step: 0.25 },
  { price: 3.3, step: 0.25 },
];
const index = (price: number, step: number) =>
  CATALOGUE.findIndex((entry) => entry.price === price && entry.step === step);

type Product = { _id: string; price: number };
/** A line as a client sends it: a number of the product's steps; `shownPrice` undefined sends the catalogue's price. */
type CartLine = { product: number; steps: number; shownPrice: number | undefined };

const cartLine = fc.record({
  product: fc.nat({ max: CATALOGUE.length - 1 }),
  steps: fc.integer({ min: 1, max: 12 }),
  shownPrice: fc.constant(undefined),
});
/** The same lines, where a client may also claim another price for a line. */
const tamperedLine = fc.record({
  product: fc.nat({ max: CATALOGUE.length - 1 }),
  steps: fc.integer({ min: 1, max: 12 }),
  shownPrice: fc
    .option(fc.double({ min: 0, max: 500, noNaN: true }), { freq: 3 })
    .map((price) => price ?? undefined),
});
/** Carts of 1-8 lines, sometimes holding the same product twice (the server merges those). */
const cart = fc.array(cartLine, { minLength: 1, maxLength: 8 });

/** Carts whose rounding lands exactly on half a cent, tried first on every run. */
const HALF_CENT_CARTS: CartLine[][] = [
  // 0.25 kg × $12.98 = 324.5 ¢ → $3.25; tax 15 % of 325 ¢ = 48.75 ¢ → $0.49.
  [{ product: index(12.98, 0.25), steps: 1, shownPrice: undefined }],
  // 10 kg × $1.05 = $10.50; tax 157.5 ¢ → $1.58.
  [{ product: index(1.05, 1), steps: 10, shownPrice: undefined }],
  // 0.75 kg × $12.98 = 973.5 ¢ → $9.74, + 0.75 kg × $12.49 = 936.75 ¢ → $9.37, + 1 kg × $0.99:
  // items $20.10, tax 301.5 ¢ → $3.02.
  [
    { product: index(12.98, 0.25), steps: 3, shownPrice: undefined },
    { product: index(12.49, 0.25), steps: 3, shownPrice: undefined },
    { product: index(0.99, 1), steps: 1, shownPrice: undefined },
  ],
];

/**
 * The oracle: the pricing rule of docs/decisions/027-selling-units.md written again here, in BigInt,
 * independently of money/pricing.ts. Duplicate lines of a product are one line (as the server merges
 * them); a line is cents per kg × grams / 1000 rounded half up; items are the sum of the lines;
 * shipping $10 unless items are above $100 (or nothing); tax 15 % of items rounded half up.
 */
function oracle(lines: CartLine[]) {
  const grams = new Map<number, bigint>();
  for (const line of lines) {
    const stepGrams = BigInt(Math.round(CATALOGUE[line.product]!.step * 1000));
    grams.set(line.product, (grams.get(line.product) ?? 0n) + BigInt(line.steps) * stepGrams);
  }
  const halfUp = (dividend: bigint, divisor: bigint) => (2n * dividend + divisor) / (2n * divisor);
  let items = 0n;
  for (const [product, weight] of grams) items += halfUp(centsOf(CATALOGUE[product]!.price) * weight, 1000n);
  const shipping = items > 10_000n || items === 0n ? 0n : 1000n;
  const tax = halfUp(items * 15n, 100n);
  const cents = {
    itemsCents: Number(items),
    shippingCents: Number(shipping),
    taxCents: Number(tax),
    totalCents: Number(items + shipping + tax),
  };
  const dollars = {
    itemsPrice: cents.itemsCents / 100,
    shippingPrice: cents.shippingCents / 100,
    taxPrice: cents.taxCents / 100,
    totalPrice: cents.totalCents / 100,
  };
  return { cents, dollars };
}

/** A catalogue price (two decimals at most) in cents, read from its digits. */
function centsOf(price: number): bigint {
  const [whole, fraction = ""] = price.toFixed(2).split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}

let ann: TestUser;
let products: Product[];

const body = (lines: CartLine[], prices: object) => ({
  orderItems: lines.map((line) => ({
    _id: products[line.product]!._id,
    quantity: line.steps * CATALOGUE[line.product]!.step,
    price: line.shownPrice ?? products[line.product]!.price,
  })),
  shippingAddress: address,
  paymentMethod: "Card",
  ...prices,
});

/** Every stored line carries the catalogue's price, and the stored totals are the oracle's. */
function expectCataloguePrices(stored: Record<string, unknown>, lines: CartLine[]) {
  const storedLines = stored.orderItems as { productId: string; priceCents: number }[];
  for (const line of storedLines) {
    const product = products.findIndex((candidate) => candidate._id === line.productId);
    expect(line.priceCents).toBe(Number(centsOf(CATALOGUE[product]!.price)));
  }
  expect(stored).toMatchObject(oracle(lines).cents);
}

describe("orders under random carts", () => {
  beforeAll(async () => {
    await useFreshTable("orders-fuzz");
    ann = await createUser({ name: "Ann" });
    products = await Promise.all(
      CATALOGUE.map(({ price, step }) => createProduct({ price, step, countInStock: 1_000_000 })),
    );
  });

  it("stores exactly the oracle's totals over the catalogue prices", async () => {
    await fc.assert(
      fc.asyncProperty(cart, async (lines) => {
        const expected = oracle(lines);
        const res = await place(ann, body(lines, expected.dollars));
        expect(res.status).toBe(201);
        const { order } = await res.json();
        expect(order).toMatchObject(expected.dollars);
        expectCataloguePrices(await storedOrder(order._id), lines);
      }),
      { numRuns: propertyRuns(25), examples: HALF_CENT_CARTS.map((lines) => [lines]) },
    );
  });

  it("never lets client prices reach a stored order", async () => {
    // Accepted only when every line's price is the catalogue's and every amount sent is ours to
    // the cent or one cent off (a client's own rounding); the stored order is ours either way.
    const tamperedTotals = fc.record({
      itemsPrice: fc.double({ min: 0, max: 5000, noNaN: true }),
      shippingPrice: fc.constantFrom(0, 10, 45),
      taxPrice: fc.double({ min: 0, max: 500, noNaN: true }),
      totalPrice: fc.oneof(fc.double({ min: 0, max: 5000, noNaN: true }), fc.constant(-1)),
      keepRealTotal: fc.boolean(),
      /** With the real amounts: a client's own rounding of tax (and so of the total), in cents. */
      rounding: fc.constantFrom(-2, -1, 0, 1, 2),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(tamperedLine, { minLength: 1, maxLength: 8 }),
        tamperedTotals,
        async (lines, { keepRealTotal, rounding, ...prices }) => {
          const real = oracle(lines).dollars;
          const off = (dollars: number) => Math.max(0, Math.round(dollars * 100 + rounding) / 100);
          const sent = keepRealTotal
            ? { ...real, taxPrice: off(real.taxPrice), totalPrice: off(real.totalPrice) }
            : prices;
          const before = await orderCount();
          const res = await place(ann, body(lines, sent));
          const answer = await res.json();
          const samePrices = lines.every(
            (line) =>
              line.shownPrice === undefined ||
              toCents(line.shownPrice) === toCents(products[line.product]!.price),
          );
          const offByAtMostACent = (["itemsPrice", "shippingPrice", "taxPrice", "totalPrice"] as const).every(
            (amount) => Math.abs(toCents(sent[amount]) - toCents(real[amount])) <= 1,
          );
          if (samePrices && offByAtMostACent) {
            expect(res.status).toBe(201);
            expect(answer.order).toMatchObject(real);
            expectCataloguePrices(await storedOrder(answer.order._id), lines);
          } else {
            expect([400, 409]).toContain(res.status);
            if (res.status === 409) expect(answer.prices).toEqual(real);
            expect(await orderCount()).toBe(before);
          }
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  });
});
