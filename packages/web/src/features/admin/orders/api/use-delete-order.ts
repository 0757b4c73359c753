import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { SUMMARY_KEY } from "../../dashboard/api/use-summary.ts";
import { isAdminOrdersKey } from "./use-admin-orders.ts";

/** DELETE /api/orders/{id}; the list's page reloads (docs/product.md §4) and the dashboard's figures are refreshed. */
export function useDeleteOrder() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    try {
      await api(`/api/orders/${encodeURIComponent(id)}`, { method: "DELETE" });
    } finally {
      void mutate(isAdminOrdersKey);
      void mutate(SUMMARY_KEY);
    }
  };
}
