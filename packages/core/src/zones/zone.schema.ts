import * as v from "valibot";
import { isWholeCents } from "../money/pricing.ts";
import type { TaxRate } from "../money/tax.ts";
import { normalisePostal } from "./postal.ts";

/**
 * Browser-safe shapes of delivery zones (docs/decisions/046-zones-and-tax-classes.md), shared by the
 * server and the web app: `PUT /api/delivery/zones`' body (amounts in dollars, as everywhere in the
 * API), the quote's query and answer, and the place an order goes to.
 */

/** At most this many zones: every placement checks them all, from one cached item. */
export const MAX_ZONES = 50;
/** A polygon's corners at most (a district's outline drawn by hand). */
export const MAX_POLYGON_POINTS = 500;
/** A zone's postal prefixes at most. */
export const MAX_POSTAL_PREFIXES = 300;
/** The widest radius: a van's day. */
export const MAX_RADIUS_KM = 500;
/** A fee, free-over amount or minimum at most, in dollars. */
export const MAX_ZONE_AMOUNT = 100_000;

const ZONE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const amount = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number of dollars`),
    v.finite(`${field} must be a number of dollars`),
    v.minValue(0, `${field} must be 0 or more`),
    v.maxValue(MAX_ZONE_AMOUNT, `${field} must be at most ${MAX_ZONE_AMOUNT}`),
    v.check(isWholeCents, `${field} must have at most 2 decimals`),
  );

const Latitude = v.pipe(
  v.number("lat must be a number"),
  v.finite("lat must be a number"),
  v.minValue(-90, "lat must be from -90 to 90"),
  v.maxValue(90, "lat must be from -90 to 90"),
);
const Longitude = v.pipe(
  v.number("lng must be a number"),
  v.finite("lng must be a number"),
  v.minValue(-180, "lng must be from -180 to 180"),
  v.maxValue(180, "lng must be from -180 to 180"),
);

/** A point on the map, as the shipping address's location holds it. */
export const PointSchema = v.object({ lat: Latitude, lng: Longitude });
export type Point = v.InferOutput<typeof PointSchema>;

/** `[lat, lng]`, a polygon's corner. */
const CornerSchema = v.tuple([Latitude, Longitude], "A polygon corner is [lat, lng]");

const PostalMatchSchema = v.strictObject(
  {
    postalPrefixes: v.pipe(
      v.array(
        v.pipe(
          v.string("A postal prefix is text such as H2X"),
          v.transform(normalisePostal),
          v.regex(/^[A-Z0-9]{1,10}$/, "A postal prefix is 1 to 10 letters and digits, such as H2X"),
        ),
        "postalPrefixes must be a list",
      ),
      v.minLength(1, "postalPrefixes must name at least one prefix"),
      v.maxLength(MAX_POSTAL_PREFIXES, `At most ${MAX_POSTAL_PREFIXES} postal prefixes a zone`),
      v.transform((prefixes) => [...new Set(prefixes)]),
    ),
  },
  "match takes one of postalPrefixes, polygon, or centre and radiusKm",
);

const PolygonMatchSchema = v.strictObject(
  {
    polygon: v.pipe(
      v.array(CornerSchema, "polygon must be a list of [lat, lng]"),
      v.minLength(3, "A polygon has at least 3 corners"),
      v.maxLength(MAX_POLYGON_POINTS, `A polygon has at most ${MAX_POLYGON_POINTS} corners`),
    ),
  },
  "match takes one of postalPrefixes, polygon, or centre and radiusKm",
);

const RadiusMatchSchema = v.strictObject(
  {
    centre: PointSchema,
    radiusKm: v.pipe(
      v.number("radiusKm must be a number"),
      v.finite("radiusKm must be a number"),
      v.gtValue(0, "radiusKm must be more than 0"),
      v.maxValue(MAX_RADIUS_KM, `radiusKm must be at most ${MAX_RADIUS_KM}`),
    ),
  },
  "match takes one of postalPrefixes, polygon, or centre and radiusKm",
);

/** Where a zone is: postal prefixes (normalised), a polygon of `[lat, lng]` corners, or a circle. */
export const ZoneMatchSchema = v.union(
  [PostalMatchSchema, PolygonMatchSchema, RadiusMatchSchema],
  "match takes one of { postalPrefixes }, { polygon } or { centre, radiusKm }",
);
export type ZoneMatch = v.InferOutput<typeof ZoneMatchSchema>;

const WeekdaysSchema = v.pipe(
  v.array(
    v.pipe(
      v.number("A weekday is 0 (Sunday) to 6 (Saturday)"),
      v.integer("A weekday is 0 (Sunday) to 6 (Saturday)"),
      v.minValue(0, "A weekday is 0 (Sunday) to 6 (Saturday)"),
      v.maxValue(6, "A weekday is 0 (Sunday) to 6 (Saturday)"),
    ),
    "weekdays must be a list of weekdays",
  ),
  v.minLength(1, "weekdays must name at least one day (leave it out for every day)"),
  v.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

/** One zone as the API takes and answers it (dollars). */
export const ZoneSchema = v.object({
  id: v.pipe(
    v.string("id must be text"),
    v.regex(ZONE_ID, "id must be lowercase letters, digits and single hyphens (e.g. plateau)"),
    v.maxLength(40, "id must be at most 40 characters"),
  ),
  name: v.pipe(
    v.string("name must be text"),
    v.trim(),
    v.nonEmpty("name is required"),
    v.maxLength(100, "name must be at most 100 characters"),
  ),
  match: ZoneMatchSchema,
  fee: amount("fee"),
  /** Shipping is free when the items cost more than this; null or absent: never free. */
  freeOver: v.optional(v.nullable(amount("freeOver")), null),
  minimumItemsPrice: v.optional(amount("minimumItemsPrice"), 0),
  /** The weekdays the zone is delivered (0 Sunday … 6 Saturday); absent: every day. */
  weekdays: v.optional(WeekdaysSchema),
});
export type Zone = v.InferOutput<typeof ZoneSchema>;

/** Body of `PUT /api/delivery/zones` (and the answer of GET): the whole list; an empty one removes zones. */
export const ZonesSchema = v.object({
  zones: v.pipe(
    v.array(ZoneSchema, "zones must be a list"),
    v.maxLength(MAX_ZONES, `At most ${MAX_ZONES} zones`),
    v.check(
      (zones) => new Set(zones.map((zone) => zone.id)).size === zones.length,
      "Two zones have the same id",
    ),
  ),
});
export type Zones = v.InferOutput<typeof ZonesSchema>;

/**
 * A zone as core holds it: the same, with amounts in integer cents (null: never free). Rules and
 * storage use this shape (zone.records.ts).
 */
export interface ZoneRule {
  id: string;
  name: string;
  match: ZoneMatch;
  feeCents: number;
  freeOverCents: number | null;
  minimumCents: number;
  weekdays?: number[] | undefined;
}

/** Where an order goes, as far as zones are concerned: a map location, a postal code, or both. */
export interface Place {
  postalCode?: string | undefined;
  location?: Point | undefined;
}

const decimalQuery = (field: string) =>
  v.pipe(v.string(), v.regex(/^-?\d{1,9}(\.\d{1,12})?$/, `${field} must be a number`), v.transform(Number));

/** Query of `GET /api/delivery/quote` (and the place filter of `GET /api/delivery/slots`). */
export const PlaceQuerySchema = v.pipe(
  v.object({
    postalCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, "postalCode is too long"))),
    lat: v.optional(v.pipe(decimalQuery("lat"), Latitude)),
    lng: v.optional(v.pipe(decimalQuery("lng"), Longitude)),
  }),
  v.check((query) => (query.lat === undefined) === (query.lng === undefined), "Send lat and lng together"),
);

/** Query of `GET /api/delivery/quote`: the place, and what the basket's items cost (dollars; default 0). */
export const QuoteQuerySchema = v.pipe(
  v.object({
    postalCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, "postalCode is too long"))),
    lat: v.optional(v.pipe(decimalQuery("lat"), Latitude)),
    lng: v.optional(v.pipe(decimalQuery("lng"), Longitude)),
    itemsPrice: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,9}(\.\d{1,2})?$/, "itemsPrice must be a number of dollars with at most 2 decimals"),
        v.transform(Number),
      ),
    ),
  }),
  v.check((query) => (query.lat === undefined) === (query.lng === undefined), "Send lat and lng together"),
  v.check(
    (query) => query.lat !== undefined || (query.postalCode ?? "") !== "",
    "Send a postalCode, or lat and lng",
  ),
);
export type QuoteQuery = v.InferOutput<typeof QuoteQuerySchema>;

/** A place query → a place (postal code and/or location). */
export const placeOf = (query: {
  postalCode?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}): Place => ({
  ...(query.postalCode ? { postalCode: query.postalCode } : {}),
  ...(query.lat !== undefined && query.lng !== undefined
    ? { location: { lat: query.lat, lng: query.lng } }
    : {}),
});

/** What an order carries of its zone (answers, lists, mails). */
export interface DeliveryZoneRef {
  id: string;
  name: string;
}

/**
 * The answer of `GET /api/delivery/quote`: the zone (null when the shop has no zones: the shop's one
 * rule then holds everywhere), shipping for that basket, and what the zone asks (dollars; `freeOver`
 * null: never free; `weekdays` the days it is delivered, all seven when the zone names none), and the
 * shop's tax rates (`taxRates`: each class's id and rate), so a client prices tax by class as
 * placement does without reading the admin-only GET /api/tax/classes.
 */
export interface DeliveryQuote {
  zone: DeliveryZoneRef | null;
  shippingPrice: number;
  freeOver: number | null;
  minimumItemsPrice: number;
  weekdays: number[];
  taxRates: TaxRate[];
}

export { normalisePostal } from "./postal.ts";
