import type { Zone } from "@fruit/core/browser/zones";

/**
 * A zone as the admin form edits it: the match as text (postal prefixes, or one `lat, lng` per line
 * for a polygon's corners, or a centre and a radius), amounts as the inputs hold them. Without a maps
 * key this list is the editor (docs/decisions/046-zones-and-tax-classes.md); the server validates.
 */
export type MatchKind = "postal" | "polygon" | "circle";

export interface ZoneDraft {
  row: number;
  id: string;
  name: string;
  kind: MatchKind;
  /** Postal prefixes (any separator), or polygon corners, one `lat, lng` a line. */
  text: string;
  centreLat: string;
  centreLng: string;
  radiusKm: string;
  fee: number;
  /** Empty: never free. */
  freeOver: number | "";
  minimumItemsPrice: number;
  /** Empty: every day. */
  weekdays: number[];
}

let rows = 0;

/** A blank zone row. */
export const newZoneDraft = (): ZoneDraft => ({
  row: ++rows,
  id: "",
  name: "",
  kind: "postal",
  text: "",
  centreLat: "",
  centreLng: "",
  radiusKm: "",
  fee: 10,
  freeOver: 100,
  minimumItemsPrice: 0,
  weekdays: [],
});

/** A stored zone → its form row. */
export function toDraft(zone: Zone): ZoneDraft {
  const base = {
    ...newZoneDraft(),
    id: zone.id,
    name: zone.name,
    fee: zone.fee,
    freeOver: zone.freeOver ?? ("" as const),
    minimumItemsPrice: zone.minimumItemsPrice,
    weekdays: zone.weekdays ?? [],
  };
  const { match } = zone;
  if ("postalPrefixes" in match) return { ...base, kind: "postal", text: match.postalPrefixes.join(", ") };
  if ("polygon" in match)
    return { ...base, kind: "polygon", text: match.polygon.map(([lat, lng]) => `${lat}, ${lng}`).join("\n") };
  return {
    ...base,
    kind: "circle",
    centreLat: String(match.centre.lat),
    centreLng: String(match.centre.lng),
    radiusKm: String(match.radiusKm),
  };
}

/** Numbers as typed ("45.5") → numbers; anything else NaN, which the server's schema refuses by name. */
const number = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** A form row → the zone the API takes (the server decides whether it is valid). */
export function fromDraft(draft: ZoneDraft): Zone {
  const match =
    draft.kind === "postal"
      ? {
          postalPrefixes: draft.text
            .split(/[,;\n]+/)
            .map((p) => p.trim())
            .filter(Boolean),
        }
      : draft.kind === "polygon"
        ? {
            polygon: draft.text
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line): [number, number] => {
                const [lat = "", lng = ""] = line.split(/[\s,;]+/);
                return [number(lat), number(lng)];
              }),
          }
        : {
            centre: { lat: number(draft.centreLat), lng: number(draft.centreLng) },
            radiusKm: number(draft.radiusKm),
          };
  return {
    id: draft.id.trim(),
    name: draft.name.trim(),
    match,
    fee: draft.fee,
    freeOver: draft.freeOver === "" ? null : draft.freeOver,
    minimumItemsPrice: draft.minimumItemsPrice,
    ...(draft.weekdays.length > 0 ? { weekdays: [...draft.weekdays].sort((a, b) => a - b) } : {}),
  };
}
