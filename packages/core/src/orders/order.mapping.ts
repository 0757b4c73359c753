import { toDollars } from "../money/pricing.ts";
import { isCancelledItem } from "./order.keys.ts";
import type { Order, OrderLine, PaymentMethod, PaymentResult, ShippingAddress } from "./order.schema.ts";

/**
 * Stored order items ↔ the API's orders (money: cents stored, dollars answered). Pure: the reads and
 * writes are in order.store.ts.
 */

/** A stored item, as the document client reads it. */
export type Item = Record<string, unknown>;

/** One stored line (docs/data-model.md: Order.orderItems[]): a product snapshot, money in cents. */
export interface StoredLine {
  productId: string;
  name: string;
  slug: string;
  image: string;
  priceCents: number;
  quantity: number;
}

export type OrderUser = Order["user"];

/** A stored line → the API's order line (price in dollars). */
export const toLine = (line: StoredLine): OrderLine => ({
  _id: line.productId,
  name: line.name,
  slug: line.slug,
  image: line.image,
  price: toDollars(line.priceCents),
  quantity: line.quantity,
});

/** A stored order item → the API's Order. */
export function toOrder(item: Item, user: OrderUser): Order {
  const paymentResult = item.paymentResult as PaymentResult | undefined;
  return {
    _id: item.id as string,
    user,
    orderItems: (item.orderItems as StoredLine[]).map(toLine),
    shippingAddress: item.shippingAddress as ShippingAddress,
    paymentMethod: item.paymentMethod as PaymentMethod,
    itemsPrice: toDollars(item.itemsCents as number),
    shippingPrice: toDollars(item.shippingCents as number),
    taxPrice: toDollars(item.taxCents as number),
    totalPrice: toDollars(item.totalCents as number),
    isPaid: item.isPaid === true,
    paidAt: (item.paidAt as string | undefined) ?? null,
    ...(paymentResult ? { paymentResult } : {}),
    isDelivered: item.isDelivered === true,
    deliveredAt: (item.deliveredAt as string | undefined) ?? null,
    createdAt: item.createdAt as string,
    holdUntil: isHeld(item) ? ((item.holdUntil as string | undefined) ?? null) : null,
    isCancelled: isCancelledItem(item),
    cancelledAt: (item.cancelledAt as string | undefined) ?? null,
  };
}

/** A stored order that still holds its stock: unpaid and not cancelled. */
export const isHeld = (item: Item): boolean => item.isPaid !== true && !isCancelledItem(item);
