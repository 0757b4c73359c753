import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import { distance } from "@turf/distance";
import { point, polygon } from "@turf/helpers";
import { shippingCentsOf } from "../money/pricing.ts";
import { postalMatches } from "./postal.ts";
import type { Place, Point, ZoneMatch, ZoneRule } from "./zone.schema.ts";

/**
 * Which zone an order goes to (browser-safe; docs/decisions/046-zones-and-tax-classes.md). Polygons
 * and distances are @turf's (GeoJSON is `[lng, lat]`; zones are written `[lat, lng]`); a point on a
 * polygon's edge or corner, or exactly `radiusKm` from a centre, is inside.
 */

/** A polygon of `[lat, lng]` corners → a closed GeoJSON ring of `[lng, lat]`. */
function ringOf(corners: readonly (readonly [number, number])[]): [number, number][] {
  const ring = corners.map(([lat, lng]): [number, number] => [lng, lat]);
  const [first] = ring;
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

/** True when `location` is inside the polygon, its edges and corners included. */
export function inPolygon(location: Point, corners: readonly (readonly [number, number])[]): boolean {
  return booleanPointInPolygon(point([location.lng, location.lat]), polygon([ringOf(corners)]), {
    ignoreBoundary: false,
  });
}

/** Great-circle distance in kilometres (@turf/distance, haversine). */
export const distanceKm = (a: Point, b: Point): number =>
  distance(point([a.lng, a.lat]), point([b.lng, b.lat]), { units: "kilometers" });

/** Whether a match is drawn on the map (a polygon or a circle) rather than by postal code. */
export const isOnMap = (match: ZoneMatch): boolean => !("postalPrefixes" in match);

/** True when the place is in the zone: its location for a polygon or circle, its postal code for prefixes. */
export function zoneContains(match: ZoneMatch, place: Place): boolean {
  if ("postalPrefixes" in match) {
    return place.postalCode !== undefined && postalMatches(place.postalCode, match.postalPrefixes);
  }
  if (!place.location) return false;
  if ("polygon" in match) return inPolygon(place.location, match.polygon);
  return distanceKm(match.centre, place.location) <= match.radiusKm;
}

/**
 * The zones a place is in. The map location wins over the postal code: when the place has a location
 * that some polygon or circle holds, those zones are the place's and the postal prefixes are not
 * asked; otherwise (no location, or one no drawn zone holds) the zones of its postal code.
 */
export function zonesOf<Z extends Pick<ZoneRule, "match">>(zones: readonly Z[], place: Place): Z[] {
  const onMap = place.location
    ? zones.filter((zone) => isOnMap(zone.match) && zoneContains(zone.match, place))
    : [];
  if (onMap.length > 0) return onMap;
  return zones.filter((zone) => !isOnMap(zone.match) && zoneContains(zone.match, place));
}

/** True when the zone is delivered on `weekday` (0 Sunday … 6 Saturday): every day when it names none. */
export const servesWeekday = (zone: Pick<ZoneRule, "weekdays">, weekday: number): boolean =>
  zone.weekdays === undefined || zone.weekdays.includes(weekday);

/** A zone chosen for a basket, with its shipping and what it asks of the order. */
export interface ZoneChoice {
  zone: ZoneRule;
  shippingCents: number;
  /** Items short of the zone's minimum, in cents (0: met). */
  missingCents: number;
  /** Whether the zone is delivered on the asked weekday (true when none was asked). */
  servesDay: boolean;
}

/**
 * The zone a basket goes to among the place's zones (`zonesOf`), or undefined when none holds it.
 * Where zones overlap, one that serves the asked weekday comes first, then one whose minimum the
 * basket meets, then the cheapest shipping for this basket, then the lower minimum, then the
 * administrator's order: so a shopper is never charged a dearer zone's fee, or refused, while a
 * cheaper zone that takes the order holds their place (TastyIgniter/TastyIgniter#621).
 */
export function chooseZone(
  zones: readonly ZoneRule[],
  place: Place,
  itemsCents: number,
  weekday?: number,
): ZoneChoice | undefined {
  const choices = zonesOf(zones, place).map(
    (zone): ZoneChoice => ({
      zone,
      shippingCents: shippingCentsOf(itemsCents, zone),
      missingCents: Math.max(0, zone.minimumCents - itemsCents),
      servesDay: weekday === undefined || servesWeekday(zone, weekday),
    }),
  );
  const rank = (choice: ZoneChoice): number[] => [
    choice.servesDay ? 0 : 1,
    choice.missingCents === 0 ? 0 : 1,
    choice.shippingCents,
    choice.zone.minimumCents,
  ];
  let best: ZoneChoice | undefined;
  for (const choice of choices) {
    if (!best || isBefore(rank(choice), rank(best))) best = choice;
  }
  return best;
}

/** Lexicographic order of two ranks (equal ranks keep the earlier zone). */
function isBefore(a: readonly number[], b: readonly number[]): boolean {
  for (const [i, x] of a.entries()) {
    const y = b[i];
    if (y !== undefined && x !== y) return x < y;
  }
  return false;
}
