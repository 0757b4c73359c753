import type { PricingRule } from "@fruit/core/browser/money";
import type { DeliveryQuote } from "@fruit/core/browser/zones";
import useSWR from "swr";
import { api } from "../../lib/api.ts";

/** Where a shopper's order goes, as far as delivery zones are concerned. */
export interface QuotePlace {
  postalCode?: string | undefined;
  location?: { lat: number; lng: number } | undefined;
}

/** GET /api/delivery/quote's key for a place and basket; null without either. */
export function quoteKey(place: QuotePlace | null | undefined, itemsPrice: number): string | null {
  // No place, or an empty basket (nothing to deliver): no quote asked.
  if (!place || (!place.postalCode && !place.location) || itemsPrice <= 0) return null;
  const query = new URLSearchParams();
  if (place.postalCode) query.set("postalCode", place.postalCode);
  if (place.location) {
    query.set("lat", String(place.location.lat));
    query.set("lng", String(place.location.lng));
  }
  query.set("itemsPrice", itemsPrice.toFixed(2));
  return `/api/delivery/quote?${query}`;
}

/**
 * The pricing rule a quote gives the one pricing function (money/pricing.ts `PricingRule`), as
 * placement prices: the zone's shipping for this basket (its free-over amount kept), or the shop's
 * one rule without a zone; and the shop's tax rates by class (without a quote: `standard` at 15 %).
 */
export const shippingOfQuote = (quote: DeliveryQuote | undefined): PricingRule => ({
  ...(quote?.zone
    ? {
        shipping: {
          feeCents: Math.round(quote.shippingPrice * 100),
          freeOverCents: quote.freeOver === null ? null : Math.round(quote.freeOver * 100),
        },
      }
    : {}),
  ...(quote?.taxRates ? { taxRates: quote.taxRates } : {}),
});

/**
 * The delivery quote of a place for a basket (docs/decisions/046-zones-and-tax-classes.md): its zone,
 * shipping, free-over amount, minimum and route days; an error with code OUTSIDE_AREA outside every zone.
 */
export function useDeliveryQuote(place: QuotePlace | null | undefined, itemsPrice: number) {
  return useSWR<DeliveryQuote>(quoteKey(place, itemsPrice), (key: string) => api<DeliveryQuote>(key), {
    keepPreviousData: true,
  });
}
