import { type DiscountRule, lineDiscounts } from "../money/discount.ts";
import { type CentsLine, DEFAULT_TAX_RATES, lineCents } from "../money/pricing.ts";
import { type TaxRate, taxesByClassCents, totalTaxCents } from "../money/tax.ts";

/**
 * The final charge rule (docs/decisions/041-final-charge.md), in integer cents. Pure and
 * browser-safe: the server's final and the picking screen's preview use it.
 *
 * - A line costs its price per unit × the amount picked, by the one pricing rule (money/pricing.ts),
 *   capped at what it was ordered for: over-picked grams are never charged.
 * - A substitute costs its own price × its quantity, capped at what the replaced line was ordered for.
 * - Tax is the one tax rule on the final items, by class at the order's rates; shipping stays what
 *   was approved.
 * - A promotion (docs/decisions/049-promotions-split-to-the-cent.md) is applied again to the picked
 *   lines it applied to when placed: a percent of what was picked, an amount kept whole but never
 *   more than those lines cost as picked, split by largest remainder; a substitute takes no share.
 *   Tax is on each line less its share; total = items − discount + shipping + tax.
 * So the final total is never above what was paid (`capAtPaid` holds the last cent where tax classes
 * of different rates round the other way).
 */

/** The order's promotion as the final applies it again: its rule, and per line whether it applied. */
export interface FinalDiscount {
  rule: DiscountRule;
  eligible: readonly boolean[];
}

/** One order line as picked: as ordered, the amount picked (base units), and what replaced it. */
export interface PickedLine {
  ordered: CentsLine;
  picked: number;
  substitute?: CentsLine | undefined;
}

/** The final charge of an order, line by line and in total. */
export interface FinalCharge {
  lines: { cents: number; substituteCents: number | undefined; discountCents: number }[];
  itemsCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** What a line costs as picked: capped at what it was ordered for. */
export const pickedCents = (ordered: CentsLine, picked: number): number =>
  Math.min(lineCents({ ...ordered, quantity: picked }), lineCents(ordered));

/** What a substitute costs: capped at what the line it replaces was ordered for. */
export const substituteCents = (ordered: CentsLine, substitute: CentsLine): number =>
  Math.min(lineCents(substitute), lineCents(ordered));

/**
 * The final charge of picked lines, with the shipping that was approved.
 *
 * @example
 * // 0.75 kg of cherries at $12.49 / kg ordered ($9.37), 712 g picked:
 * finalCharge([{ ordered: { priceCents: 1249, unit: "kg", quantity: 750 }, picked: 712 }], 1000)
 * // { lines: [{ cents: 889, substituteCents: undefined }], itemsCents: 889, taxCents: 133, totalCents: 2022 }
 */
export function finalCharge(
  lines: readonly PickedLine[],
  shippingCents: number,
  /** The order's tax rates by class (docs/decisions/046); absent: standard at 15 %. */
  taxRates: readonly TaxRate[] = DEFAULT_TAX_RATES,
  discount?: FinalDiscount,
): FinalCharge {
  const picked = lines.map((line) => ({
    cents: pickedCents(line.ordered, line.picked),
    substituteCents: line.substitute ? substituteCents(line.ordered, line.substitute) : undefined,
  }));
  const shares = discount
    ? lineDiscounts(
        discount.rule,
        picked.map((line, index) => ({ cents: line.cents, eligible: discount.eligible[index] === true })),
      )
    : picked.map(() => 0);
  const priced = picked.map((line, index) => ({ ...line, discountCents: shares[index] ?? 0 }));
  const itemsCents = priced.reduce((sum, line) => sum + line.cents + (line.substituteCents ?? 0), 0);
  const discountCents = shares.reduce((sum, share) => sum + share, 0);
  // Tax by class on the final items: a line's class for what was picked, a substitute's for itself.
  const taxed = priced.flatMap((line, index) => {
    const source = lines[index];
    return [
      { taxClass: source?.ordered.taxClass, cents: line.cents - line.discountCents },
      ...(line.substituteCents === undefined
        ? []
        : [{ taxClass: source?.substitute?.taxClass, cents: line.substituteCents }]),
    ];
  });
  const taxCents = totalTaxCents(taxesByClassCents(taxed, taxRates));
  return {
    lines: priced,
    itemsCents,
    discountCents,
    taxCents,
    totalCents: itemsCents - discountCents + shippingCents + taxCents,
  };
}

/**
 * The final never above what the shopper approved: a discounted order whose tax classes round the
 * other way on the picked lines may come a cent or so over; that excess comes off its tax, so the
 * final's parts still add up to its total.
 */
export function capAtPaid(charge: FinalCharge, paidCents: number): FinalCharge {
  const excess = charge.totalCents - paidCents;
  if (excess <= 0) return charge;
  return { ...charge, taxCents: charge.taxCents - excess, totalCents: paidCents };
}
