/**
 * Discounts in integer cents (browser-safe; docs/decisions/049-promotions-split-to-the-cent.md): how
 * much a promotion takes off, and how that amount is split over the lines it applies to, so that the
 * lines' shares add up to the order's discount to the cent.
 *
 * - A percent discount is its rate of the eligible lines' cents, rounded half up once for the order
 *   (never per line, never per unit); an amount discount is its amount, never more than the eligible
 *   lines cost; free shipping takes nothing off the lines (the shipping goes instead).
 * - The split is by largest remainder: each eligible line first gets the floor of its exact share
 *   (discount × line ÷ eligible), then the cents left over go one each to the lines with the largest
 *   fractional parts (ties: the earlier line). So the shares add up exactly, each is within a cent of
 *   its exact share and never more than its line costs.
 */

/** The kinds of promotion (the API's `kind`). */
export const PROMOTION_KINDS = ["percent", "amount", "freeShipping"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** What a promotion takes off, in integers: a percent in basis points (2000 = 20 %), an amount in cents. */
export type DiscountRule = (
  | { kind: "percent"; basisPoints: number }
  | { kind: "amount"; amountCents: number }
  | { kind: "freeShipping" }
) & {
  /** The product ids it applies to; undefined: every line. */
  eligible?: ReadonlySet<string> | undefined;
};

/** A line as a discount sees it: what it costs, and whether the promotion applies to it. */
export interface DiscountedLine {
  cents: number;
  eligible: boolean;
}

/**
 * Splits `totalCents` over `weights` (non-negative integers) by largest remainder: the shares add up
 * to `totalCents` exactly, each within one cent of `totalCents × weight ÷ Σ weights`. With
 * `totalCents` at most Σ weights, no share exceeds its weight. All zeros when the weights are.
 *
 * @example
 * splitLargestRemainder(100, [1, 1, 1]) // [34, 33, 33]
 * splitLargestRemainder(10, [333, 667]) // [3, 7]
 */
export function splitLargestRemainder(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0 || totalCents === 0) return weights.map(() => 0);
  // Integers throughout: the exact share is (totalCents × weight) / sum; floor and remainder.
  const floors = weights.map((weight) => Math.floor((totalCents * weight) / sum));
  const remainders = weights.map((weight, index) => totalCents * weight - (floors[index] ?? 0) * sum);
  let left = totalCents - floors.reduce((total, share) => total + share, 0);
  const byRemainder = weights
    .map((_, index) => index)
    .sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || a - b);
  for (const index of byRemainder) {
    if (left === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/** Integer division rounded half up, for non-negative integers. */
const divideHalfUp = (dividend: number, divisor: number): number =>
  Math.floor((dividend + Math.floor(divisor / 2)) / divisor);

/**
 * The order's discount of its eligible lines, in cents: a percent of them rounded half up once, or
 * the amount capped at what they cost; 0 for free shipping.
 *
 * @example
 * discountTotalCents({ kind: "percent", basisPoints: 2000 }, 1497) // 299 (299.4)
 * discountTotalCents({ kind: "amount", amountCents: 500 }, 325) // 325
 */
export function discountTotalCents(rule: DiscountRule, eligibleCents: number): number {
  switch (rule.kind) {
    case "percent":
      return Math.min(eligibleCents, divideHalfUp(eligibleCents * rule.basisPoints, 10_000));
    case "amount":
      return Math.min(eligibleCents, rule.amountCents);
    case "freeShipping":
      return 0;
  }
}

/**
 * Each line's share of the discount (0 on lines it does not apply to), adding up to
 * `discountTotalCents` of the eligible lines.
 *
 * @example
 * lineDiscounts({ kind: "amount", amountCents: 500 }, [{ cents: 1000, eligible: true }, { cents: 1000, eligible: false }]) // [500, 0]
 */
export function lineDiscounts(rule: DiscountRule, lines: readonly DiscountedLine[]): number[] {
  const weights = lines.map((line) => (line.eligible ? line.cents : 0));
  const eligibleCents = weights.reduce((total, cents) => total + cents, 0);
  return splitLargestRemainder(discountTotalCents(rule, eligibleCents), weights);
}

/** Whether a rule applies to a line of `productId` (a line without one: only to a rule for every line). */
export const appliesTo = (rule: DiscountRule, productId: string | undefined): boolean =>
  rule.eligible === undefined || (productId !== undefined && rule.eligible.has(productId));

/**
 * The part of a line's discount that goes with `partCents` of its `lineCents` (a partial refund by
 * quantity): proportional, rounded half up, so the whole line takes its whole discount and the
 * parts of successive refunds, taken as differences of this, add up to it exactly.
 */
export const discountPartCents = (discountCents: number, partCents: number, lineCents: number): number =>
  lineCents === 0 ? 0 : divideHalfUp(discountCents * partCents, lineCents);
