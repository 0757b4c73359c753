import { toDollars } from "../money/pricing.ts";
import { fromBase } from "../money/quantity.ts";
import { isCancelled, isHeld, isPaymentPending, type OrderRecord, type StoredLine } from "./order.records.ts";
import type { Order, OrderLine } from "./order.schema.ts";

/** Stored orders → the API's orders (money: cents stored, dollars answered). Pure. */

export type OrderUser = Order["user"];

/** A stored line → the API's order line (price in dollars per unit, step and quantity in the unit). */
export const toLine = (line: StoredLine): OrderLine => ({
  _id: line.productId,
  name: line.name,
  slug: line.slug,
  image: line.image,
  price: toDollars(line.priceCents),
  unit: line.unit,
  step: fromBase(line.unit, line.step),
  quantity: fromBase(line.unit, line.quantity),
});

/** A stored order → the API's Order. */
export function toOrder(order: OrderRecord, user: OrderUser): Order {
  return {
    _id: order.id,
    user,
    orderItems: order.orderItems.map(toLine),
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
  };
}
