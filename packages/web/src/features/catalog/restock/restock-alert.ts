import type { RestockAlertState } from "@fruit/core/browser/alerts";
import useSWR from "swr";
import { api, fetcher } from "../../../lib/api.ts";
import { useShop } from "../../../lib/shop-store.ts";

/** GET/POST/DELETE /api/products/{id}/restock-alerts: the signed-in shopper's "tell me when it's back". */
export const restockAlertKey = (productId: string): string =>
  `/api/products/${encodeURIComponent(productId)}/restock-alerts`;

/** Asks (true) or withdraws (false); answers the new state. */
export const setRestockAlert = (productId: string, subscribed: boolean): Promise<RestockAlertState> =>
  api<RestockAlertState>(restockAlertKey(productId), { method: subscribed ? "POST" : "DELETE" });

/** The caller's state for a sold-out product; nothing is read for a visitor or a product in stock. */
export function useRestockAlert(productId: string, soldOut: boolean) {
  const signedIn = useShop((s) => s.userInfo !== null);
  return useSWR<RestockAlertState>(signedIn && soldOut ? restockAlertKey(productId) : null, fetcher);
}
