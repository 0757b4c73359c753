import type { Order } from "@fruit/core/browser/orders";
import type { FinalAnswer, FinalInput } from "@fruit/core/browser/picking";
import { useSWRConfig } from "swr";
import { api } from "../../../lib/api.ts";
import { orderKey } from "../../orders/index.ts";
import { SUMMARY_KEY } from "../dashboard/api/use-summary.ts";
import { isAdminOrdersKey } from "../orders/api/use-admin-orders.ts";
import { useAdminSWR } from "../shared/use-admin-swr.ts";

/** GET /api/orders/{id}: the order to pick, under the order screen's key, so both show the same. */
export const useOrderToPick = (id: string) => useAdminSWR<Order>(orderKey(id));

/**
 * POST /api/orders/{id}/final (its body and answer are core's: picking/picking.schema.ts) with an
 * Idempotency-Key the caller keeps for one submission, so sending it again after a lost answer
 * records one final and one refund. The order's screen takes the answer's order; the admin list and
 * the dashboard's figures are refreshed.
 */
export function useRecordFinal() {
  const { mutate } = useSWRConfig();
  return async (id: string, body: FinalInput, key: string): Promise<FinalAnswer> => {
    try {
      const answer = await api<FinalAnswer>(`/api/orders/${encodeURIComponent(id)}/final`, {
        method: "POST",
        body,
        headers: { "Idempotency-Key": key },
      });
      void mutate(orderKey(id), answer.order, { revalidate: false });
      return answer;
    } finally {
      void mutate(isAdminOrdersKey);
      void mutate(SUMMARY_KEY);
    }
  };
}
