import { inCents, priceCents, priceLines, toCents } from "@fruit/core/money/pricing";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, orderCount, place, storedOrder } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/** Prices chosen to hit rounding edges (x.x5 tax, sums around the $100 free-shipping line). */
const PRICES = [0.01, 0.1, 0.2, 0.99, 1.05, 4.99, 7.77, 12.5, 33.33, 49.95, 99.99, 100];

type Product = { _id: string; price: number };
/** A line as a client sends it; `shownPrice` undefined sends the catalogue's price. */
type CartLine = { product: number; quantity: number; shownPrice: number | undefined };

const cartLine = fc.record({
  product: fc.nat({ max: PRICES.length - 1 }),
  quantity: fc.integer({ min: 1, max: 12 }),
  shownPrice: fc.constant(undefined),
});
/** The same lines, where a client may also claim another price for a line. */
const tamperedLine = fc.record({
  product: fc.nat({ max: PRICES.length - 1 }),
  quantity: fc.integer({ min: 1, max: 12 }),
  shownPrice: fc
    .option(fc.double({ min: 0, max: 500, noNaN: true }), { freq: 3 })
    .map((price) => price ?? undefined),
});
/** Carts of 1-8 lines, sometimes holding the same product twice (the server merges those). */
const cart = fc.array(cartLine, { minLength: 1, maxLength: 8 });

let ann: TestUser;
let products: Product[];

const catalogueLines = (lines: CartLine[]) =>
  lines.map((line) => ({ price: products[line.product]!.price, quantity: line.quantity }));

const body = (lines: CartLine[], prices: object) => ({
  orderItems: lines.map((line) => ({
    _id: products[line.product]!._id,
    quantity: line.quantity,
    price: line.shownPrice ?? products[line.product]!.price,
  })),
  shippingAddress: address,
  paymentMethod: "Card",
  ...prices,
});

/** Every stored line carries the catalogue's price, and the stored totals are priceLines of those lines. */
function expectCataloguePrices(stored: Record<string, unknown>) {
  const lines = stored.orderItems as {
    productId: string;
    priceCents: number;
    unit: "kg";
    quantity: number;
  }[];
  for (const line of lines) {
    const product = products.find((candidate) => candidate._id === line.productId)!;
    expect(line.priceCents).toBe(toCents(product.price));
  }
  expect(stored).toMatchObject(priceCents(lines));
}

describe("orders under random carts", () => {
  beforeAll(async () => {
    await useFreshTable("orders-fuzz");
    ann = await createUser({ name: "Ann" });
    products = await Promise.all(PRICES.map((price) => createProduct({ price, countInStock: 1_000_000 })));
  });

  it("stores exactly the totals of priceLines over the catalogue prices", async () => {
    await fc.assert(
      fc.asyncProperty(cart, async (lines) => {
        const expected = priceLines(catalogueLines(lines));
        const res = await place(ann, body(lines, expected));
        expect(res.status).toBe(201);
        const { order } = await res.json();
        expect(order).toMatchObject(expected);
        const stored = await storedOrder(order._id);
        expect(stored).toMatchObject(priceCents(catalogueLines(lines).map(inCents)));
        expectCataloguePrices(stored);
      }),
      { numRuns: 40 },
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
          const real = priceLines(catalogueLines(lines));
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
            expectCataloguePrices(await storedOrder(answer.order._id));
          } else {
            expect([400, 409]).toContain(res.status);
            if (res.status === 409) expect(answer.prices).toEqual(real);
            expect(await orderCount()).toBe(before);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
