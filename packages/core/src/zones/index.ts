import { nowDate } from "../clock.ts";
import { cachedItem } from "../db/cached-item.ts";
import { AppError } from "../errors.ts";
import { FREE_SHIPPING_OVER, formatMoney, shippingCentsOf, toCents, toDollars } from "../money/pricing.ts";
import type { TaxRate } from "../money/tax.ts";
import { currentTaxClasses } from "../tax/index.ts";
import { chooseZone, type ZoneChoice, zonesOf } from "./match.ts";
import type { ZonesRecord } from "./zone.records.ts";
import type { DeliveryQuote, Place, QuoteQuery, Zone, ZoneRule, Zones } from "./zone.schema.ts";
import { placeOf } from "./zone.schema.ts";
import { zoneStore } from "./zone.store.ts";

/**
 * Delivery zones (docs/decisions/046-zones-and-tax-classes.md): the administrator's list, the quote
 * shoppers ask for, and the zone an order goes to, with the refusals placement answers. With no
 * zones set, the shop's one rule holds everywhere (money/pricing.ts: $10, free over $100).
 */

const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** How long a process trusts what it read of the zones (as delivery windows: slots/slots.ts). */
export const ZONES_TTL_MS = 5_000;
const zonesCache = cachedItem(ZONES_TTL_MS, async () => (await zoneStore.get())?.zones ?? []);

/** The zones as placement and quotes use them (cents), read at most every ZONES_TTL_MS per process. */
export const currentZones = (now?: number): Promise<ZoneRule[]> => zonesCache.read(now);

const toRule = (zone: Zone): ZoneRule => ({
  id: zone.id,
  name: zone.name,
  match: zone.match,
  feeCents: toCents(zone.fee),
  freeOverCents: zone.freeOver === null ? null : toCents(zone.freeOver),
  minimumCents: toCents(zone.minimumItemsPrice),
  ...(zone.weekdays ? { weekdays: zone.weekdays } : {}),
});

const toZone = (rule: ZoneRule): Zone => ({
  id: rule.id,
  name: rule.name,
  match: rule.match,
  fee: toDollars(rule.feeCents),
  freeOver: rule.freeOverCents === null ? null : toDollars(rule.freeOverCents),
  minimumItemsPrice: toDollars(rule.minimumCents),
  ...(rule.weekdays ? { weekdays: rule.weekdays } : {}),
});

/** GET /api/delivery/zones (admin): every zone, in dollars; `{ zones: [] }` before any were set. */
export async function readZones(): Promise<Zones> {
  return { zones: ((await zoneStore.get())?.zones ?? []).map(toZone) };
}

/** PUT /api/delivery/zones (admin): replaces every zone (an empty list: the shop's one rule again). */
export async function setZones(input: Zones, now: Date = nowDate()): Promise<Zones> {
  const record: ZonesRecord = { zones: input.zones.map(toRule), updatedAt: now.toISOString() };
  await zoneStore.put(record);
  zonesCache.forget();
  return { zones: record.zones.map(toZone) };
}

/** 409 OUTSIDE_AREA: no zone holds the place. */
export const outsideArea = () =>
  new AppError("OUTSIDE_AREA", "We do not deliver to this address: it is outside every delivery zone");

/** 409 BELOW_MINIMUM, naming the zone and the missing amount. */
export const belowMinimum = (choice: ZoneChoice) =>
  new AppError(
    "BELOW_MINIMUM",
    `Orders delivered to ${choice.zone.name} start at ${formatMoney(toDollars(choice.zone.minimumCents))} of items: add ${formatMoney(toDollars(choice.missingCents))} more`,
    { deliveryZone: { id: choice.zone.id, name: choice.zone.name }, missing: toDollars(choice.missingCents) },
  );

/** 409 WINDOW_NOT_SERVED: the zone is not delivered on the window's weekday. */
export const windowNotServed = (choice: ZoneChoice, window: string) =>
  new AppError(
    "WINDOW_NOT_SERVED",
    `${choice.zone.name} is not delivered on the day of the window ${window}`,
    {
      deliveryZone: { id: choice.zone.id, name: choice.zone.name },
    },
  );

/**
 * GET /api/delivery/quote (public): the zone of the place for a basket of `itemsPrice` (the map
 * location wins over the postal code; where zones overlap the cheapest shipping for this basket),
 * its shipping and what it asks; 409 OUTSIDE_AREA when no zone holds the place. Without zones, the
 * shop's one rule (`zone: null`). Either way the shop's tax rates, as placement taxes by them.
 */
export async function quoteDelivery(query: QuoteQuery): Promise<DeliveryQuote> {
  const itemsCents = toCents(query.itemsPrice ?? 0);
  const [zones, classes] = await Promise.all([currentZones(), currentTaxClasses()]);
  const taxRates: TaxRate[] = classes.map(({ id, rate }) => ({ id, rate }));
  if (zones.length === 0) {
    return {
      zone: null,
      shippingPrice: toDollars(shippingCentsOf(itemsCents)),
      freeOver: FREE_SHIPPING_OVER,
      minimumItemsPrice: 0,
      weekdays: ALL_WEEKDAYS,
      taxRates,
    };
  }
  const choice = chooseZone(zones, placeOf(query), itemsCents);
  if (!choice) throw outsideArea();
  const { zone } = choice;
  return {
    zone: { id: zone.id, name: zone.name },
    shippingPrice: toDollars(choice.shippingCents),
    freeOver: zone.freeOverCents === null ? null : toDollars(zone.freeOverCents),
    minimumItemsPrice: toDollars(zone.minimumCents),
    weekdays: zone.weekdays ?? ALL_WEEKDAYS,
    taxRates,
  };
}

/**
 * The weekdays a place is delivered on (GET /api/delivery/slots with a place): its zone's route
 * days — of every zone holding it, since a basket may fall to any of them — or undefined when the
 * shop has no zones or the zones name no days; an empty list outside every zone.
 */
export async function weekdaysOfPlace(place: Place): Promise<number[] | undefined> {
  const zones = await currentZones();
  if (zones.length === 0) return undefined;
  const held = zonesOf(zones, place);
  if (held.some((zone) => zone.weekdays === undefined)) return held.length > 0 ? undefined : [];
  return [...new Set(held.flatMap((zone) => zone.weekdays ?? []))].sort((a, b) => a - b);
}

/**
 * The zone an order goes to, or the refusal (placement, once zones exist): 409 OUTSIDE_AREA when no
 * zone holds the place, WINDOW_NOT_SERVED when the zone is not delivered on the window's weekday,
 * BELOW_MINIMUM under the zone's minimum (its exact minimum is enough).
 */
export function zoneForOrder(
  zones: readonly ZoneRule[],
  place: Place,
  itemsCents: number,
  window?: { weekday: number; name: string },
): ZoneChoice {
  const choice = chooseZone(zones, place, itemsCents, window?.weekday);
  if (!choice) throw outsideArea();
  if (!choice.servesDay && window) throw windowNotServed(choice, window.name);
  if (choice.missingCents > 0) throw belowMinimum(choice);
  return choice;
}
