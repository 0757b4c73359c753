import type { Order } from "@fruit/core/browser/orders";
import useSWR from "swr";
import { api } from "../../../../lib/api.ts";

/** GET /api/orders/{id} — the signed-in user's order (or any order, for an admin). */
export const orderKey = (id: string): string => `/api/orders/${encodeURIComponent(id)}`;

export const fetchOrder = (key: string): Promise<Order> => api<Order>(key);

export function useOrder(id: string | undefined) {
  return useSWR<Order>(id ? orderKey(id) : null, fetchOrder);
}
