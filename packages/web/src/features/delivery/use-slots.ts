import type { DeliverySlot } from "@fruit/core/browser/delivery";
import useSWR from "swr";
import { api } from "../../lib/api.ts";

/** GET /api/delivery/slots — the windows shoppers may book (public; seats left move with every order). */
export const SLOTS_KEY = "/api/delivery/slots";

export function useDeliverySlots() {
  return useSWR<DeliverySlot[]>(SLOTS_KEY, (key: string) => api<DeliverySlot[]>(key), {
    refreshInterval: 30_000,
  });
}
