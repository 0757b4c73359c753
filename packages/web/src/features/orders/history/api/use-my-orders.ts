import type { Order } from "@fruit/core/browser/orders";
import { usePages } from "../../../../lib/use-pages.ts";

/** How many orders the history reads at a time. */
export const MY_ORDERS_PAGE_SIZE = 25;

/** GET /api/orders/mine?limit=25 — the first page of the signed-in user's orders, newest first. */
export const myOrdersKey = `/api/orders/mine?limit=${MY_ORDERS_PAGE_SIZE}`;

/**
 * The user's orders, 25 at a time; each next page follows the previous one's `Link: rel="next"`
 * (docs/decisions/026-bounded-lists.md). Read afresh each time the screen opens: a payment or a
 * cancellation may have changed them meanwhile.
 */
export function useMyOrders() {
  return usePages<Order>(myOrdersKey, { revalidateOnMount: true });
}
