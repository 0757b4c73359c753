import type { Order } from "@fruit/core/browser/orders/order.schema";
import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { SUMMARY_KEY } from "../../dashboard/api/use-summary.ts";
import { isAdminOrdersKey } from "./use-admin-orders.ts";

/**
 * The body of POST /api/orders/{id}/refunds: an amount, lines (quantities in each product's unit), or
 * `cancel: true` (an undelivered order cancelled, everything left refunded).
 */
export type RefundRequest = (
  | { amount: number; lines?: undefined; cancel?: undefined }
  | { lines: { _id: string; quantity: number }[]; amount?: undefined; cancel?: undefined }
  | { cancel: true; amount?: undefined; lines?: undefined }
) & { reason: string; restock: boolean };

/** What the refund endpoint answers. */
export interface RefundAnswer {
  refund: {
    _id: string;
    amount: number;
    reason: string;
    status: "completed" | "pending" | "failed";
    createdAt: string;
  };
  order: Order;
}

/**
 * POST /api/orders/{id}/refunds with an Idempotency-Key the caller keeps for one refund (so sending
 * it again after a lost answer refunds once); the admin list and the dashboard's figures are refreshed.
 */
export function useRefundOrder() {
  const { mutate } = useSWRConfig();
  return async (id: string, body: RefundRequest, key: string): Promise<RefundAnswer> => {
    try {
      return await api<RefundAnswer>(`/api/orders/${encodeURIComponent(id)}/refunds`, {
        method: "POST",
        body,
        headers: { "Idempotency-Key": key },
      });
    } finally {
      void mutate(isAdminOrdersKey);
      void mutate(SUMMARY_KEY);
    }
  };
}
