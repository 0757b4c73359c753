import { toCents } from "@fruit/core/browser/money";
import type { Order } from "@fruit/core/browser/orders";
import { money, shortDate } from "../shared/format.ts";

/** What Paid and Delivered show for a cancelled order. */
export const CANCELLED = "Cancelled";
/** What Paid shows while PayPal holds the payment. */
export const PAYMENT_PENDING = "Payment pending";

/** One admin-orders row as displayed (docs/product.md §2 admin orders). */
export interface OrderRow {
  id: string;
  user: string;
  date: string;
  total: string;
  paid: string;
  delivered: string;
  /** "" without refunds, "Refunded $33.28" or "Partially refunded $3.74". */
  refunded: string;
  /** "" until a final below what was paid is recorded, then "Final $20.22 (paid $20.87)". */
  final: string;
}

type OrderForRow = Pick<
  Order,
  | "_id"
  | "createdAt"
  | "totalPrice"
  | "isPaid"
  | "paidAt"
  | "isDelivered"
  | "deliveredAt"
  | "isCancelled"
  | "isPaymentPending"
  | "refundedPrice"
  | "finalPrice"
> & {
  user: { name?: string } | null | undefined;
};

/**
 * Formats an order for the table: a deleted customer shows 'DELETED USER', dates their first 10
 * characters, the total in dollars with 2 decimals, and Paid / Delivered the date or 'No' ('Cancelled'
 * for an order cancelled because it was not paid in time, 'Payment pending' while PayPal holds the
 * payment), what was refunded, and the final charge of a picked order that came to less than was paid.
 *
 * @example
 * toOrderRow(order) // { id: "01J…", user: "DELETED USER", date: "2026-11-21", total: "$27.22", paid: "No", delivered: "No", refunded: "", final: "" }
 */
export function toOrderRow(order: OrderForRow): OrderRow {
  const dateOr = (flag: boolean, at: string | null | undefined) =>
    flag && at ? shortDate(at) : flag ? "Yes" : "No";
  return {
    id: order._id,
    user: order.user?.name || "DELETED USER",
    date: shortDate(order.createdAt),
    total: money(order.totalPrice),
    paid: order.isCancelled
      ? CANCELLED
      : order.isPaymentPending
        ? PAYMENT_PENDING
        : dateOr(order.isPaid, order.paidAt),
    delivered: order.isCancelled ? CANCELLED : dateOr(order.isDelivered, order.deliveredAt),
    refunded: !order.refundedPrice
      ? ""
      : `${Math.round(order.refundedPrice * 100) >= Math.round(order.totalPrice * 100) ? "Refunded" : "Partially refunded"} ${money(order.refundedPrice)}`,
    final:
      order.finalPrice !== null && toCents(order.finalPrice) < toCents(order.totalPrice)
        ? `Final ${money(order.finalPrice)} (paid ${money(order.totalPrice)})`
        : "",
  };
}
