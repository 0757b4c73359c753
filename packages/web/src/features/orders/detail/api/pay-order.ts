import type { Order } from "@fruit/core/browser/orders";
import { defineMessage } from "react-intl";
import { mutate } from "swr";
import { ApiError, api } from "../../../../lib/api.ts";
import { orderKey } from "./use-order.ts";

/**
 * A 409 means the order changed under the screen (paid meanwhile, or cancelled because its hold ran
 * out): the order is re-fetched so the screen shows why, then the error goes on to the caller's toast.
 */
async function refreshOnConflict<T>(orderId: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) await mutate(orderKey(orderId));
    throw error;
  }
}

/** POST /api/orders/{id}/paypal — the server opens a PayPal order for its own total; its id. */
export async function createPaypalOrder(orderId: string): Promise<string> {
  const { id } = await refreshOnConflict(
    orderId,
    api<{ id: string }>(`${orderKey(orderId)}/paypal`, { method: "POST" }),
  );
  return id;
}

/**
 * PUT /api/orders/{id}/pay { id } — the server captures the PayPal order and marks ours paid;
 * then the order is re-fetched (docs/product.md §4).
 */
export async function payOrder(orderId: string, paypalOrderId: string): Promise<Order> {
  const order = await refreshOnConflict(
    orderId,
    api<Order>(`${orderKey(orderId)}/pay`, {
      method: "PUT",
      body: { id: paypalOrderId },
    }),
  );
  await mutate(orderKey(orderId));
  return order;
}

/**
 * PayPal declined the payer's instrument (`PAYMENT_DECLINED` naming PayPal's issue): the same PayPal
 * window may try another one.
 */
export const isInstrumentDeclined = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.code === "PAYMENT_DECLINED" &&
  error.details.issue === "INSTRUMENT_DECLINED";

/** docs/product.md §8. */
export const ORDER_PAID_MESSAGE = defineMessage({ id: "order.paidNow", defaultMessage: "Order is paid" });
