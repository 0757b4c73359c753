import { discountPartCents } from "../money/discount.ts";
import { lineCents } from "../money/pricing.ts";
import type { Unit } from "../money/quantity.ts";
import type { OrderRecord, StoredLine } from "./order.records.ts";

/**
 * What an order charges for, once picked (docs/decisions/041-final-charge.md). Pure.
 *
 * An order is final when its final charge was recorded (`finalizedAt`, picking/), or when it was
 * delivered without one: then it counts as picked exactly as ordered, so the original client's
 * deliver keeps working and every later refund reads one shape.
 */

/** A line as it went in the bag: its product, unit, price per unit, quantity (base units) and the cents charged. */
export interface ChargedLine {
  productId: string;
  name: string;
  unit: Unit;
  priceCents: number;
  quantity: number;
  /** What the line was charged: its quantity priced by the one rule, capped at what it was ordered for. */
  cents: number;
  /** Its tax class (absent: standard), which refunds tax it back by (docs/decisions/046). */
  taxClass?: string | undefined;
  /** Its share of the order's discount (as ordered, or as the final recomputed it; 0: none). */
  discountCents: number;
}

/** An order's final money, in cents. */
export interface FinalCents {
  itemsCents: number;
  /** What the promotion took off the picked items (0: none). */
  discountCents: number;
  taxCents: number;
  totalCents: number;
  finalizedAt: string;
}

/** The final money of an order: recorded by picking, as ordered once delivered without it, else undefined. */
export function finalCentsOf(order: OrderRecord): FinalCents | undefined {
  if (
    order.finalizedAt !== undefined &&
    order.finalItemsCents !== undefined &&
    order.finalTaxCents !== undefined &&
    order.finalTotalCents !== undefined
  ) {
    return {
      itemsCents: order.finalItemsCents,
      discountCents: order.finalDiscountCents ?? 0,
      taxCents: order.finalTaxCents,
      totalCents: order.finalTotalCents,
      finalizedAt: order.finalizedAt,
    };
  }
  if (order.isDelivered) {
    return {
      itemsCents: order.itemsCents,
      discountCents: order.discountCents ?? 0,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      finalizedAt: order.deliveredAt ?? order.createdAt,
    };
  }
  return undefined;
}

/** A line's picking as recorded, or as ordered for an order delivered without a final; undefined before. */
export function pickingOf(
  line: StoredLine,
  order: Pick<OrderRecord, "finalizedAt" | "isDelivered">,
): { picked: number; cents: number; discountCents: number } | undefined {
  if (line.pickedQuantity !== undefined && line.finalCents !== undefined) {
    return {
      picked: line.pickedQuantity,
      cents: line.finalCents,
      discountCents: line.finalDiscountCents ?? 0,
    };
  }
  if (order.finalizedAt === undefined && order.isDelivered) {
    return { picked: line.quantity, cents: lineCents(line), discountCents: line.discountCents ?? 0 };
  }
  return undefined;
}

/**
 * The lines an order charges for: each line as ordered until the order is final; once final, each
 * line as picked (left out when nothing was) and each substitute as put in the bag. Refunds by line
 * are planned over these (refunds/plan.ts).
 */
export function chargedLines(order: OrderRecord): ChargedLine[] {
  const lines: ChargedLine[] = [];
  for (const line of order.orderItems) {
    const picking = pickingOf(line, order);
    const quantity = picking ? picking.picked : line.quantity;
    if (quantity > 0) {
      lines.push({
        productId: line.productId,
        name: line.name,
        unit: line.unit,
        priceCents: line.priceCents,
        quantity,
        cents: picking ? picking.cents : lineCents(line),
        taxClass: line.taxClass,
        discountCents: picking ? picking.discountCents : (line.discountCents ?? 0),
      });
    }
    const sub = line.substitution;
    if (sub) {
      lines.push({
        productId: sub.productId,
        name: sub.name,
        unit: sub.unit,
        priceCents: sub.priceCents,
        quantity: sub.quantity,
        cents: sub.finalCents,
        taxClass: sub.taxClass,
        // A substitute takes no share of the discount (picking/final-charge.ts).
        discountCents: 0,
      });
    }
  }
  return lines;
}

/**
 * The cents of `quantity` base units of a charged line: the one pricing rule, capped at what the
 * whole line was charged, so a line's partial refunds add up to exactly its charge.
 */
export const chargedCents = (line: ChargedLine, quantity: number): number =>
  Math.min(lineCents({ priceCents: line.priceCents, unit: line.unit, quantity }), line.cents);

/**
 * What `quantity` base units of a charged line come to after the discount (docs/decisions/049): its
 * cents (`chargedCents`) less the same part of the line's own share of the discount, rounded half
 * up. The whole line nets exactly its cents less its share, so refunds by line give back each line's
 * net amount and never move the discount onto the lines left.
 */
export function chargedNetCents(line: ChargedLine, quantity: number): number {
  const cents = chargedCents(line, quantity);
  return cents - discountPartCents(line.discountCents, cents, line.cents);
}
