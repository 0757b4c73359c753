import { DEFAULT_LOCALE } from "../i18n/locale.ts";
import { DEFAULT_TAX_RATES, lineCents, toDollars } from "../money/pricing.ts";
import { fromBase } from "../money/quantity.ts";
import { taxesByClassCents, toClassTaxes } from "../money/tax.ts";
import { isCancelled, isHeld, isPaymentPending, type OrderRecord, type StoredLine } from "./order.records.ts";
import type { Order, OrderLine } from "./order.schema.ts";
import { finalCentsOf, pickingOf } from "./picked.ts";

/** Stored orders → the API's orders (money: cents stored, dollars answered). Pure. */

export type OrderUser = Order["user"];

/** A stored line → the API's order line (price in dollars per unit, step and quantity in the unit). */
export function toLine(
  line: StoredLine,
  order: Pick<OrderRecord, "finalizedAt" | "isDelivered" | "promotion"> = { isDelivered: false },
): OrderLine {
  const picking = pickingOf(line, order);
  const sub = line.substitution;
  return {
    _id: line.productId,
    name: line.name,
    slug: line.slug,
    image: line.image,
    price: toDollars(line.priceCents),
    unit: line.unit,
    step: fromBase(line.unit, line.step),
    quantity: fromBase(line.unit, line.quantity),
    substitute: line.substitute ?? "no",
    pickedQuantity: picking ? fromBase(line.unit, picking.picked) : null,
    finalAmount: picking ? toDollars(picking.cents) : null,
    substitution: sub
      ? {
          _id: sub.productId,
          name: sub.name,
          slug: sub.slug,
          image: sub.image,
          price: toDollars(sub.priceCents),
          unit: sub.unit,
          quantity: fromBase(sub.unit, sub.quantity),
          finalAmount: toDollars(sub.finalCents),
        }
      : null,
    // Only an order placed with a code has them: the original client's lines answer as before.
    ...(order.promotion
      ? {
          discount: toDollars(line.discountCents ?? 0),
          finalDiscount: picking ? toDollars(picking.discountCents) : null,
        }
      : {}),
  };
}

/**
 * An order's tax by class as placed (its lines' classes at its rates): the same figures placement
 * priced, so the amounts add up to its `taxCents`.
 */
export const taxesOf = (order: Pick<OrderRecord, "orderItems" | "taxRates">) =>
  toClassTaxes(
    taxesByClassCents(
      order.orderItems.map((line) => ({
        taxClass: line.taxClass,
        // Tax was taken on each line less its share of the discount (money/pricing.ts).
        cents: lineCents(line) - (line.discountCents ?? 0),
      })),
      order.taxRates ?? DEFAULT_TAX_RATES,
    ),
  );

/** A stored order → the API's Order. */
export function toOrder(order: OrderRecord, user: OrderUser): Order {
  const final = finalCentsOf(order);
  return {
    _id: order.id,
    user,
    orderItems: order.orderItems.map((line) => toLine(line, order)),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    itemsPrice: toDollars(order.itemsCents),
    shippingPrice: toDollars(order.shippingCents),
    taxPrice: toDollars(order.taxCents),
    totalPrice: toDollars(order.totalCents),
    isPaid: order.isPaid,
    paidAt: order.paidAt ?? null,
    ...(order.paymentResult ? { paymentResult: order.paymentResult } : {}),
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt ?? null,
    createdAt: order.createdAt,
    holdUntil: isHeld(order) ? (order.holdUntil ?? null) : null,
    isCancelled: isCancelled(order),
    cancelledAt: order.cancelledAt ?? null,
    isPaymentPending: isPaymentPending(order),
    refundedPrice: toDollars(order.refundedCents ?? 0),
    refunds: (order.refunds ?? []).map((refund) => ({
      _id: refund.id,
      amount: toDollars(refund.amountCents),
      reason: refund.reason,
      createdAt: refund.createdAt,
    })),
    deliverySlot: order.deliverySlot ?? null,
    deliveryZone: order.deliveryZone ?? null,
    locale: order.locale ?? DEFAULT_LOCALE,
    taxes: taxesOf(order),
    discountPrice: toDollars(order.discountCents ?? 0),
    shippingDiscount: toDollars(order.shippingDiscountCents ?? 0),
    promotion: order.promotion ? { _id: order.promotion.id, code: order.promotion.code } : null,
    finalDiscountPrice: final ? toDollars(final.discountCents) : null,
    finalItemsPrice: final ? toDollars(final.itemsCents) : null,
    finalTaxPrice: final ? toDollars(final.taxCents) : null,
    finalPrice: final ? toDollars(final.totalCents) : null,
    finalizedAt: final ? final.finalizedAt : null,
    ...(order.subscription
      ? {
          subscription: { _id: order.subscription.id, date: order.subscription.date },
          changes: (order.changes ?? []).map((change) => ({
            _id: change.productId,
            wanted: fromBase(change.unit, change.wanted),
            given: fromBase(change.unit, change.given),
          })),
        }
      : {}),
  };
}
