import type { RefundInput, RefundOrderAnswer } from "@fruit/core/browser/refunds";
import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { SUMMARY_KEY } from "../../dashboard/api/use-summary.ts";
import { isAdminOrdersKey } from "./use-admin-orders.ts";

/**
 * POST /api/orders/{id}/refunds (its body and answer are core's: refunds/refund.schema.ts) with an
 * Idempotency-Key the caller keeps for one refund (so sending it again after a lost answer refunds
 * once); the admin list and the dashboard's figures are refreshed.
 */
export function useRefundOrder() {
  const { mutate } = useSWRConfig();
  return async (id: string, body: RefundInput, key: string): Promise<RefundOrderAnswer> => {
    try {
      return await api<RefundOrderAnswer>(`/api/orders/${encodeURIComponent(id)}/refunds`, {
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
