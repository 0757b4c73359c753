import type { Order } from "@fruit/core/browser/orders";
import { useAdminPage } from "../../shared/use-admin-swr.ts";

export const ADMIN_ORDERS_PATH = "/api/orders";

/** How many orders a page of the admin table holds. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** The state filter's values (`?state=`), as the API names them. */
export const ORDER_STATES = ["unpaid", "paid", "delivered", "cancelled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The admin orders list's filters: a state, and an order id or a customer's e-mail. */
export interface AdminOrdersFilter {
  state?: OrderState | undefined;
  q?: string | undefined;
}

/** GET /api/orders?state=&q=&limit=25 — the first page of the (filtered) orders. */
export function adminOrdersKey(filter: AdminOrdersFilter = {}): string {
  const params = new URLSearchParams();
  if (filter.state) params.set("state", filter.state);
  if (filter.q?.trim()) params.set("q", filter.q.trim());
  params.set("limit", String(ADMIN_ORDERS_PAGE_SIZE));
  return `${ADMIN_ORDERS_PATH}?${params}`;
}

/**
 * True for every page of the list (whatever its filter or cursor), so a delete or a delivery
 * revalidates the page on screen; not for /api/orders/{id}, /mine or /summary.
 */
export const isAdminOrdersKey = (key: unknown): boolean =>
  typeof key === "string" && (key === ADMIN_ORDERS_PATH || key.startsWith(`${ADMIN_ORDERS_PATH}?`));

/** One page of orders (admin): `key` is `adminOrdersKey(filter)` or a page's `rel="next"` path. */
export const useAdminOrders = (key: string) => useAdminPage<Order>(key);
