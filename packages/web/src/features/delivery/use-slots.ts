import type { DeliverySlot } from "@fruit/core/browser/delivery";
import useSWR from "swr";
import { api } from "../../lib/api.ts";
import type { QuotePlace } from "./use-quote.ts";

/** GET /api/delivery/slots — the windows shoppers may book (public; seats left move with every order). */
export const SLOTS_KEY = "/api/delivery/slots";

/**
 * GET /api/delivery/slots's key for a place: with the address's postal code and map location the
 * server lists only the windows on its zone's route days (docs/decisions/046-zones-and-tax-classes.md);
 * without a place, every window.
 */
export function slotsKey(place?: QuotePlace | null): string {
  const query = new URLSearchParams();
  if (place?.postalCode) query.set("postalCode", place.postalCode);
  if (place?.location) {
    query.set("lat", String(place.location.lat));
    query.set("lng", String(place.location.lng));
  }
  const search = query.toString();
  return search ? `${SLOTS_KEY}?${search}` : SLOTS_KEY;
}

/** The windows that serve `place` (every window without one). */
export function useDeliverySlots(place?: QuotePlace | null) {
  return useSWR<DeliverySlot[]>(slotsKey(place), (key: string) => api<DeliverySlot[]>(key), {
    refreshInterval: 30_000,
  });
}
