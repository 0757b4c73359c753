import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { isAdminOrdersKey } from "./use-admin-orders.ts";

/**
 * PUT /api/orders/{id}/deliver (empty body). The order screen re-fetches its own order through the
 * button's `onDelivered`; the admin list's pages are revalidated here.
 */
export function useDeliverOrder() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    try {
      await api(`/api/orders/${encodeURIComponent(id)}/deliver`, { method: "PUT" });
    } finally {
      void mutate(isAdminOrdersKey);
    }
  };
}
