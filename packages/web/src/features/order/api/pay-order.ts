import type { Order } from "@fruit/core/orders/order.schema";
import { mutate } from "swr";
import { api } from "../../../lib/api.ts";
import { orderKey } from "./use-order.ts";

/** POST /api/orders/{id}/paypal — the server opens a PayPal order for its own total; its id. */
export async function createPaypalOrder(orderId: string): Promise<string> {
  const { id } = await api<{ id: string }>(`/api/orders/${encodeURIComponent(orderId)}/paypal`, {
    method: "POST",
  });
  return id;
}

/**
 * PUT /api/orders/{id}/pay { id } — the server captures the PayPal order and marks ours paid;
 * then the order is re-fetched (spec §4).
 */
export async function payOrder(orderId: string, paypalOrderId: string): Promise<Order> {
  const order = await api<Order>(`/api/orders/${encodeURIComponent(orderId)}/pay`, {
    method: "PUT",
    body: { id: paypalOrderId },
  });
  await mutate(orderKey(orderId));
  return order;
}

/** Spec §8. */
export const ORDER_PAID_MESSAGE = "Order is paid";
