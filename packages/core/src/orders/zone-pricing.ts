import { type CentsLine, lineCents, type PricingRule } from "../money/pricing.ts";
import type { TaxRate } from "../money/tax.ts";
import { type DeliverySlotRef, describeSlot } from "../slots/delivery.schema.ts";
import { weekdayOf } from "../slots/zoned-time.ts";
import { currentTaxClasses } from "../tax/index.ts";
import { currentZones, zoneForOrder } from "../zones/index.ts";
import { chooseZone, type ZoneChoice } from "../zones/match.ts";
import type { Place, ZoneRule } from "../zones/zone.schema.ts";
import type { ShippingAddress } from "./order.schema.ts";

/**
 * What an order is priced by beyond its lines (docs/decisions/046-zones-and-tax-classes.md): the
 * zone of its address (its fee and free-over amount) and the shop's tax rates by class. Both are one
 * cached item each (db/cached-item.ts), so placement reads neither on its way: no extra round trip.
 */
export interface PlacementPricing {
  zones: ZoneRule[];
  taxRates: TaxRate[];
  place: Place;
}

/** The zones and tax rates now (cached), and where the address is. */
export async function placementPricing(address: ShippingAddress): Promise<PlacementPricing> {
  const [zones, classes] = await Promise.all([currentZones(), currentTaxClasses()]);
  return {
    zones,
    taxRates: classes.map(({ id, rate }) => ({ id, rate })),
    place: {
      postalCode: address.postalCode,
      ...(address.location ? { location: { lat: address.location.lat, lng: address.location.lng } } : {}),
    },
  };
}

const itemsCentsOf = (lines: readonly CentsLine[]) => lines.reduce((sum, line) => sum + lineCents(line), 0);

/**
 * The pricing rule of these lines: the zone they would go to (never refusing: an address outside
 * every zone is priced by the shop's one rule, and refused by `zoneOrRefuse`) and the tax rates.
 */
export function ruleFor(
  pricing: PlacementPricing,
  lines: readonly CentsLine[],
  window?: DeliverySlotRef,
): PricingRule {
  const choice =
    pricing.zones.length === 0
      ? undefined
      : chooseZone(pricing.zones, pricing.place, itemsCentsOf(lines), window && weekdayOf(window.date));
  return { taxRates: pricing.taxRates, ...(choice ? { shipping: choice.zone } : {}) };
}

/**
 * The zone the order goes to, or undefined when the shop has no zones: 409 OUTSIDE_AREA,
 * WINDOW_NOT_SERVED (for the window the shopper chose) or BELOW_MINIMUM otherwise.
 */
export function zoneOrRefuse(
  pricing: PlacementPricing,
  lines: readonly CentsLine[],
  window?: DeliverySlotRef,
): ZoneChoice | undefined {
  if (pricing.zones.length === 0) return undefined;
  return zoneForOrder(
    pricing.zones,
    pricing.place,
    itemsCentsOf(lines),
    window && { weekday: weekdayOf(window.date), name: describeSlot(window) },
  );
}
