import type { Order } from "@fruit/core/browser/orders/order.schema";
import { money, shortDate } from "../shared/format.ts";

/** What Paid and Delivered show for a cancelled order. */
export const CANCELLED = "Cancelled";

/** One admin-orders row as displayed (docs/product.md §2 admin orders). */
export interface OrderRow {
  id: string;
  user: string;
  date: string;
  total: string;
  paid: string;
  delivered: string;
}

type OrderForRow = Pick<
  Order,
  "_id" | "createdAt" | "totalPrice" | "isPaid" | "paidAt" | "isDelivered" | "deliveredAt" | "isCancelled"
> & {
  user: { name?: string } | null | undefined;
};

/**
 * Formats an order for the table: a deleted customer shows 'DELETED USER', dates their first 10
 * characters, the total in dollars with 2 decimals, and Paid / Delivered the date or 'No' ('Cancelled'
 * for an order cancelled because it was not paid in time).
 *
 * @example
 * toOrderRow(order) // { id: "01J…", user: "DELETED USER", date: "2026-11-21", total: "$27.22", paid: "No", delivered: "No" }
 */
export function toOrderRow(order: OrderForRow): OrderRow {
  const dateOr = (flag: boolean, at: string | null | undefined) =>
    flag && at ? shortDate(at) : flag ? "Yes" : "No";
  return {
    id: order._id,
    user: order.user?.name || "DELETED USER",
    date: shortDate(order.createdAt),
    total: money(order.totalPrice),
    paid: order.isCancelled ? CANCELLED : dateOr(order.isPaid, order.paidAt),
    delivered: order.isCancelled ? CANCELLED : dateOr(order.isDelivered, order.deliveredAt),
  };
}
