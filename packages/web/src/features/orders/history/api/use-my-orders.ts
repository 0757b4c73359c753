import type { Order } from "@fruit/core/browser/orders/order.schema";
import useSWR from "swr";
import { api } from "../../../../lib/api.ts";

/** GET /api/orders/mine — the signed-in user's orders, newest first. */
export const myOrdersKey = "/api/orders/mine";

export const fetchMyOrders = (key: string): Promise<Order[]> => api<Order[]>(key);

export function useMyOrders() {
  return useSWR<Order[]>(myOrdersKey, fetchMyOrders, { revalidateOnMount: true });
}
