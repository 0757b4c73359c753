import { appliesTo, type DiscountRule, lineDiscounts } from "./discount.ts";
import { BASE_PER_UNIT, type Unit } from "./quantity.ts";
import { type ClassTaxCents, TAX_PERCENT, type TaxRate, taxesByClassCents, totalTaxCents } from "./tax.ts";

/**
 * The one pricing rule: the cart, the place-order preview, the server's order and the amount sent to
 * PayPal all use it (docs/decisions/027-selling-units.md).
 *
 * A line costs its price per unit × its quantity, rounded half up to the cent, computed in integers
 * (grams × cents per kg / 1000, or pieces × cents per piece); items = Σ lines; shipping 0 when items
 * are above $100 (FREE_SHIPPING_OVER), else $10; tax 15 % of items, rounded half up to the cent;
 * total = items + shipping + tax. No amount ever holds a fraction of a cent. The rule works in
 * integer cents (`priceCents`), as core stores money; dollars exist only at the edges — the API's
 * answers and the web app, which call `priceLines` (dollar lines in, dollar prices out, through the
 * same rule). Copy that names the free-shipping threshold reads FREE_SHIPPING_OVER.
 *
 * A shop with delivery zones or tax classes (docs/decisions/046-zones-and-tax-classes.md) prices with
 * the same rule given a `PricingRule`: the zone's fee and free-over amount instead of $10 / $100, and
 * each line's tax class's rate, each class rounded once (tax.ts). Without one, the rule above.
 *
 * A promotion (docs/decisions/049-promotions-split-to-the-cent.md) adds a `discount` to the rule: its
 * amount is split over the eligible lines to the cent (discount.ts), tax is taken on each line less its
 * share, free shipping zeroes the shipping, and total = items − discount + shipping + tax. Shipping and
 * its free-over amount are decided on the items before the discount.
 */
export const FREE_SHIPPING_OVER = 100;
export const SHIPPING_FEE = 10;

/**
 * A line in cents, as core holds it (an order's stored line, a product's `priceCents`): the price per
 * unit and the quantity in whole base units (grams or pieces; money/quantity.ts).
 */
export interface CentsLine {
  priceCents: number;
  unit: Unit;
  quantity: number;
  /** The line's tax class (absent: standard). */
  taxClass?: string | undefined;
  /** The line's product, which a promotion's eligibility names (absent: eligible only for a promotion of every line). */
  productId?: string | undefined;
}

/** Shipping as a zone sets it: a fee, free when the items cost more than `freeOverCents` (null: never). */
export interface ShippingRule {
  feeCents: number;
  freeOverCents: number | null;
}

/** The shop's one shipping rule: $10, free over $100. */
export const DEFAULT_SHIPPING: ShippingRule = {
  feeCents: SHIPPING_FEE * 100,
  freeOverCents: FREE_SHIPPING_OVER * 100,
};

/** What an order is priced by beyond its lines: its zone's shipping and the shop's tax rates. */
export interface PricingRule {
  /** Absent: DEFAULT_SHIPPING. */
  shipping?: ShippingRule | undefined;
  /** Absent: `standard` at TAX_PERCENT. */
  taxRates?: readonly TaxRate[] | undefined;
  /** A promotion's discount (absent: none). */
  discount?: DiscountRule | undefined;
}

/** A line in dollars, as the API and the web app show it: the quantity in the unit (0.75 kg). */
export interface PricedLine {
  price: number;
  quantity: number;
  /** Absent on lines of the original client, whose quantities are whole kilograms. */
  unit?: Unit | undefined;
  /** The product's tax class (absent: standard). */
  taxClass?: string | undefined;
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

/**
 * The whole-cents rule, written once (browser-safe): an amount in dollars is money only when it holds
 * no fraction of a cent. 1.5 and 1.05 are, 1.005 is not (float noise below 1e-6 cent is forgiven).
 * Product prices, refund amounts and the web's refund form all check it here.
 */
export const isWholeCents = (dollars: number): boolean =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** Integer cents → dollars with at most 2 decimals. */
export const toDollars = (cents: number): number => cents / 100;

/** Integer division rounded half up, for non-negative integers. */
const divideHalfUp = (dividend: number, divisor: number): number =>
  Math.floor((dividend + Math.floor(divisor / 2)) / divisor);

/**
 * What one line costs, in cents: price per unit × quantity, rounded half up, in integers.
 *
 * @example
 * lineCents({ priceCents: 1299, unit: "kg", quantity: 250 }) // 325 (324.75 rounded up)
 */
export const lineCents = (line: CentsLine): number =>
  divideHalfUp(line.priceCents * line.quantity, BASE_PER_UNIT[line.unit]);

/**
 * The tax on an amount of items, in cents: TAX_PERCENT of it, rounded half up, in integers.
 *
 * @example
 * taxCentsOf(1497) // 225 (224.55 rounded up)
 */
export const taxCentsOf = (itemsCents: number): number => divideHalfUp(itemsCents * TAX_PERCENT, 100);

/**
 * Shipping in cents: free for an empty basket and strictly over the free-over amount, else the fee —
 * by the shop's one rule ($10, free over $100) unless a zone's is given.
 */
export function shippingCentsOf(itemsCents: number, rule: ShippingRule = DEFAULT_SHIPPING): number {
  if (itemsCents === 0) return 0;
  if (rule.freeOverCents !== null && itemsCents > rule.freeOverCents) return 0;
  return rule.feeCents;
}

/** The tax rates of a shop that set no classes: `standard` at TAX_PERCENT. */
export const DEFAULT_TAX_RATES: readonly TaxRate[] = [{ id: "standard", rate: TAX_PERCENT }];

/**
 * Prices lines held in cents: the pricing rule itself.
 *
 * @example
 * priceCents([{ priceCents: 499, unit: "kg", quantity: 3000 }]) // { itemsCents: 1497, shippingCents: 1000, taxCents: 225, totalCents: 2722 }
 */
export function priceCents(lines: readonly CentsLine[], rule: PricingRule = {}): PriceCents {
  const { itemsCents, shippingCents, taxCents, totalCents } = priceByClassCents(lines, rule);
  return { itemsCents, shippingCents, taxCents, totalCents };
}

/** What a promotion took off an order, in cents: the lines' shares, their sum, and the shipping waived. */
export interface DiscountCents {
  /** Per line, in the order of the lines: its share (0 where the promotion does not apply). */
  lineDiscounts: number[];
  discountCents: number;
  shippingDiscountCents: number;
}

/**
 * `priceCents` with the tax of each class (tax.ts): the order's `taxes`, whose amounts add up to its
 * `taxCents`.
 *
 * @example
 * priceByClassCents([{ priceCents: 1000, unit: "piece", quantity: 1, taxClass: "zero-rated" }], {
 *   taxRates: [{ id: "standard", rate: 14.975 }, { id: "zero-rated", rate: 0 }],
 * }).taxCents // 0
 */
export function priceByClassCents(
  lines: readonly CentsLine[],
  rule: PricingRule = {},
): PriceCents & DiscountCents & { taxes: ClassTaxCents[] } {
  const cents = lines.map((line) => lineCents(line));
  const itemsCents = cents.reduce((sum, line) => sum + line, 0);
  const fullShipping = shippingCentsOf(itemsCents, rule.shipping);
  const { discount } = rule;
  const shares = discount
    ? lineDiscounts(
        discount,
        lines.map((line, index) => ({
          cents: cents[index] ?? 0,
          eligible: appliesTo(discount, line.productId),
        })),
      )
    : lines.map(() => 0);
  const discountCents = shares.reduce((sum, share) => sum + share, 0);
  const shippingDiscountCents = discount?.kind === "freeShipping" ? fullShipping : 0;
  const shippingCents = fullShipping - shippingDiscountCents;
  // Tax on what each line costs after its share of the discount, by class (tax.ts).
  const taxed = lines.map((line, index) => ({
    taxClass: line.taxClass,
    cents: (cents[index] ?? 0) - (shares[index] ?? 0),
  }));
  const taxes = taxesByClassCents(taxed, rule.taxRates ?? DEFAULT_TAX_RATES);
  const taxCents = totalTaxCents(taxes);
  return {
    itemsCents,
    shippingCents,
    taxCents,
    totalCents: itemsCents - discountCents + shippingCents + taxCents,
    taxes,
    lineDiscounts: shares,
    discountCents,
    shippingDiscountCents,
  };
}

/** Cents → the API's dollar fields. */
export const toPrices = (cents: PriceCents): Prices => ({
  itemsPrice: toDollars(cents.itemsCents),
  shippingPrice: toDollars(cents.shippingCents),
  taxPrice: toDollars(cents.taxCents),
  totalPrice: toDollars(cents.totalCents),
});

/** A dollar line → the same line in cents (its quantity in base units; unit kg when absent). */
export const inCents = (line: PricedLine): CentsLine => {
  const unit = line.unit ?? "kg";
  return {
    priceCents: toCents(line.price),
    unit,
    quantity: Math.round(line.quantity * BASE_PER_UNIT[unit]),
    ...(line.taxClass === undefined ? {} : { taxClass: line.taxClass }),
  };
};

/** What one dollar line costs, in dollars (the cart's and order screens' line totals). */
export const lineTotal = (line: PricedLine): number => toDollars(lineCents(inCents(line)));

/**
 * Prices dollar lines (the web app's cart and preview, API clients): each price to cents once, then
 * `priceCents`, then dollars.
 *
 * @example
 * priceLines([{ price: 4.99, quantity: 3 }]) // { itemsPrice: 14.97, shippingPrice: 10, taxPrice: 2.25, totalPrice: 27.22 }
 * priceLines([{ price: 12.99, quantity: 0.25, unit: "kg" }]).itemsPrice // 3.25
 */
export const priceLines = (lines: readonly PricedLine[], rule: PricingRule = {}): Prices =>
  toPrices(priceCents(lines.map(inCents), rule));

/** "$12.30" — the shop's one money format. */
export const formatMoney = (dollars: number): string => `$${dollars.toFixed(2)}`;
