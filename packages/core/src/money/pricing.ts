/**
 * The one pricing function: the cart, the place-order preview and the server's order all use it.
 *
 * Spec §9: items = Σ price × quantity; shipping 0 when items are above $100, else $10; tax 15 % of
 * items; total = items + shipping + tax; 2-decimal rounding. Money is held as integer cents inside so
 * sums never drift. The spec's cart page ($45 flat) and marketing copy ($75) contradict this rule;
 * architecture.md §4 resolves both to this function, and copy reads FREE_SHIPPING_OVER.
 */
export const FREE_SHIPPING_OVER = 100;
export const SHIPPING_FEE = 10;
export const TAX_RATE = 0.15;

export interface PricedLine {
  price: number;
  quantity: number;
}

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

export function priceCents(lines: readonly PricedLine[]) {
  const itemsCents = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  const shippingCents = itemsCents > FREE_SHIPPING_OVER * 100 || itemsCents === 0 ? 0 : SHIPPING_FEE * 100;
  const taxCents = Math.round(itemsCents * TAX_RATE);
  return { itemsCents, shippingCents, taxCents, totalCents: itemsCents + shippingCents + taxCents };
}

/**
 * Prices a cart or an order.
 *
 * @example
 * priceLines([{ price: 4.99, quantity: 3 }]) // { itemsPrice: 14.97, shippingPrice: 10, taxPrice: 2.25, totalPrice: 27.22 }
 */
export function priceLines(lines: readonly PricedLine[]): Prices {
  const cents = priceCents(lines);
  return {
    itemsPrice: toDollars(cents.itemsCents),
    shippingPrice: toDollars(cents.shippingCents),
    taxPrice: toDollars(cents.taxCents),
    totalPrice: toDollars(cents.totalCents),
  };
}

/** "$12.30" — the shop's one money format. */
export const formatMoney = (dollars: number): string => `$${dollars.toFixed(2)}`;
