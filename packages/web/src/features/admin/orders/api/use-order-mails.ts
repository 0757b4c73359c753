import type { OrderMail } from "@fruit/core/browser/mails";
import useSWR from "swr";
import { api } from "../../../../lib/api.ts";

/** GET /api/orders/{id}/mails (admins) — the mails the order's customer was sent, and when. */
export const orderMailsKey = (id: string): string => `/api/orders/${encodeURIComponent(id)}/mails`;

/**
 * The order's mails. They are sent from the table's stream a moment after each change, so the
 * list is read again every 10 seconds while the screen is open.
 */
export function useOrderMails(id: string) {
  return useSWR<OrderMail[]>(orderMailsKey(id), (key: string) => api<OrderMail[]>(key), {
    refreshInterval: 10_000,
  });
}
