/**
 * The one pricing rule: the cart, the place-order preview and the server's order all use it.
 *
 * items = Σ price × quantity; shipping 0 when items are above $100 (FREE_SHIPPING_OVER), else $10;
 * tax 15 % of items, rounded to the cent; total = items + shipping + tax. The rule works in integer
 * cents (`priceCents`), as core stores money, so sums never drift; dollars exist only at the edges —
 * the API's answers and the web app, which call `priceLines` (dollar lines in, dollar prices out,
 * through the same rule). Copy that names the free-shipping threshold reads FREE_SHIPPING_OVER.
 */
export const FREE_SHIPPING_OVER = 100;
export const SHIPPING_FEE = 10;
export const TAX_RATE = 0.15;

/** A line in cents, as core holds it (an order's stored line, a product's `priceCents`). */
export interface CentsLine {
  priceCents: number;
  quantity: number;
}

/** A line in dollars, as the API and the web app show it. */
export interface PricedLine {
  price: number;
  quantity: number;
}

/** An order's money in integer cents (the stored order's attributes). */
export interface PriceCents {
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** An order's money in dollars (the API's fields). */
export interface Prices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** Dollars → integer cents (rounded half away from zero, robust to 0.1 + 0.2 style inputs). */
export const toCents = (dollars: number): number => Math.round(Number((dollars * 100).toFixed(4)));

/** Integer cents → dollars with at most 2 decimals. */
export const toDollars = (cents: number): number => cents / 100;

/**
 * Prices lines held in cents: the pricing rule itself.
 *
 * @example
 * priceCents([{ priceCents: 499, quantity: 3 }]) // { itemsCents: 1497, shippingCents: 1000, taxCents: 225, totalCents: 2722 }
 */
export function priceCents(lines: readonly CentsLine[]): PriceCents {
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shippingCents = itemsCents > FREE_SHIPPING_OVER * 100 || itemsCents === 0 ? 0 : SHIPPING_FEE * 100;
  const taxCents = Math.round(itemsCents * TAX_RATE);
  return { itemsCents, shippingCents, taxCents, totalCents: itemsCents + shippingCents + taxCents };
}

/** Cents → the API's dollar fields. */
export const toPrices = (cents: PriceCents): Prices => ({
  itemsPrice: toDollars(cents.itemsCents),
  shippingPrice: toDollars(cents.shippingCents),
  taxPrice: toDollars(cents.taxCents),
  totalPrice: toDollars(cents.totalCents),
});

/** A dollar line → the same line in cents. */
export const inCents = (line: PricedLine): CentsLine => ({
  priceCents: toCents(line.price),
  quantity: line.quantity,
});

/**
 * Prices dollar lines (the web app's cart and preview, API clients): each price to cents once, then
 * `priceCents`, then dollars.
 *
 * @example
 * priceLines([{ price: 4.99, quantity: 3 }]) // { itemsPrice: 14.97, shippingPrice: 10, taxPrice: 2.25, totalPrice: 27.22 }
 */
export const priceLines = (lines: readonly PricedLine[]): Prices => toPrices(priceCents(lines.map(inCents)));

/** "$12.30" — the shop's one money format. */
export const formatMoney = (dollars: number): string => `$${dollars.toFixed(2)}`;
