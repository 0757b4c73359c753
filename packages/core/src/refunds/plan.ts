import { AppError, fieldError } from "../errors.ts";
import { DEFAULT_TAX_RATES, formatMoney, toDollars } from "../money/pricing.ts";
import { formatQuantity, fromBase } from "../money/quantity.ts";
import { type TaxRate, taxesByClassCents, totalTaxCents } from "../money/tax.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { type ChargedLine, chargedLines, chargedNetCents } from "../orders/picked.ts";
import type { RefundRecord } from "./refund.records.ts";

/**
 * What a refund gives back, in integer cents (docs/decisions/030-refunds.md). Pure.
 *
 * - By amount: exactly that amount.
 * - Lines are what the order charges for (orders/picked.ts): as ordered until it is picked, then as
 *   picked and weighed, substitutes included, each capped at what it was charged.
 * - By lines: the refund moves each line's refunded quantity from `before` to `after` (base units,
 *   cumulative over every refund of the order). The items given back are
 *   Σ lineCents(after) − Σ lineCents(before), and the tax given back is
 *   tax(after) − tax(before), tax by class at the order's rates (money/tax.ts): the one pricing rule
 *   (money/pricing.ts) applied to what has been refunded so far, minus what was already given back.
 *   So partial refunds of a line add up to exactly what the whole line cost, and refunding every
 *   line gives back exactly the order's items and tax (shipping is refunded by amount).
 * - A discounted line (docs/decisions/049) gives back its net amount: its cents less its own share
 *   of the discount (orders/picked.ts `chargedNetCents`), and the tax on that; the discount is never
 *   split again over the lines left. Free shipping stays free (nothing of it is refunded).
 * - Never more than what is still refundable: the total captured minus every refund completed or on
 *   its way (`refundReservedCents`).
 */

/** A refund request in base units: an amount in cents, or lines (product id → base units). */
export type RefundRequest =
  | { kind: "amount"; amountCents: number }
  | { kind: "lines"; lines: { productId: string; quantity: number }[] }
  | { kind: "all" };

/** What a refund does to its order: its amount, its lines and the order's refunded quantities after it. */
export interface RefundPlan {
  amountCents: number;
  lines: RefundRecord["lines"];
  refundedBase: Record<string, number>;
  refundReservedCents: number;
}

/** Cents still refundable on an order: what was captured minus refunds completed or on their way. */
export const refundableCents = (order: OrderRecord): number =>
  order.totalCents - (order.refundReservedCents ?? 0);

/** The items' cents of the quantities refunded so far (per product id, base units). */
function refundedItemsCents(lines: readonly ChargedLine[], refunded: Record<string, number>): number {
  return lines.reduce((sum, line) => sum + chargedNetCents(line, refunded[line.productId] ?? 0), 0);
}

/**
 * The tax of the quantities refunded so far, by class at the order's rates (docs/decisions/046): each
 * class rounded once, as placement taxed it, so refunding every line gives back exactly its tax.
 */
function refundedTaxCents(
  lines: readonly ChargedLine[],
  refunded: Record<string, number>,
  rates: readonly TaxRate[],
): number {
  const taxed = lines.map((line) => ({
    taxClass: line.taxClass,
    cents: chargedNetCents(line, refunded[line.productId] ?? 0),
  }));
  return totalTaxCents(taxesByClassCents(taxed, rates));
}

const exceeds = (order: OrderRecord) =>
  new AppError(
    "REFUND_EXCEEDS_PAID",
    `The refund would exceed what was paid: at most ${formatMoney(toDollars(refundableCents(order)))} is left to refund`,
  );

/**
 * Plans a refund of `request` on `order` as read; throws 400 for a line that is not in the order and
 * 409 when it would refund more than is left (money or a line's quantity).
 *
 * @example
 * planRefund(order, { kind: "lines", lines: [{ productId, quantity: 250 }] }).amountCents // 325 + 49 tax
 */
export function planRefund(order: OrderRecord, request: RefundRequest): RefundPlan {
  const before = order.refundedBase ?? {};
  const charged = chargedLines(order);
  if (request.kind === "all") {
    // Everything left: the money not yet refunded (shipping included) and every line's remainder.
    const amountCents = refundableCents(order);
    if (amountCents < 1) throw new AppError("REFUND_EXCEEDS_PAID", "Nothing is left to refund on this order");
    const lines = charged
      .map((line) => ({
        productId: line.productId,
        unit: line.unit,
        quantity: line.quantity - (before[line.productId] ?? 0),
      }))
      .filter((line) => line.quantity > 0);
    return {
      amountCents,
      lines,
      refundedBase: Object.fromEntries(charged.map((line) => [line.productId, line.quantity])),
      refundReservedCents: order.totalCents,
    };
  }
  if (request.kind === "amount") {
    if (request.amountCents > refundableCents(order)) throw exceeds(order);
    return {
      amountCents: request.amountCents,
      lines: [],
      refundedBase: before,
      refundReservedCents: (order.refundReservedCents ?? 0) + request.amountCents,
    };
  }
  const wanted = new Map<string, number>();
  for (const { productId, quantity } of request.lines)
    wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  const after = { ...before };
  const lines: RefundRecord["lines"] = [];
  for (const [productId, quantity] of wanted) {
    const line = charged.find((item) => item.productId === productId);
    if (!line) throw fieldError("lines", `product ${productId} is not in this order`);
    const refunded = before[productId] ?? 0;
    if (refunded + quantity > line.quantity) {
      const left = formatQuantity(line.unit, fromBase(line.unit, line.quantity - refunded));
      throw new AppError("REFUND_EXCEEDS_PAID", `${line.name}: only ${left} is left to refund`);
    }
    after[productId] = refunded + quantity;
    lines.push({ productId, unit: line.unit, quantity });
  }
  const itemsBefore = refundedItemsCents(charged, before);
  const itemsAfter = refundedItemsCents(charged, after);
  const rates = order.taxRates ?? DEFAULT_TAX_RATES;
  const amountCents =
    itemsAfter -
    itemsBefore +
    (refundedTaxCents(charged, after, rates) - refundedTaxCents(charged, before, rates));
  if (amountCents < 1) throw fieldError("lines", "this refund comes to $0.00");
  if (amountCents > refundableCents(order)) throw exceeds(order);
  return {
    amountCents,
    lines,
    refundedBase: after,
    refundReservedCents: (order.refundReservedCents ?? 0) + amountCents,
  };
}
