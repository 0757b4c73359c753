import { describe, expect, it } from "vitest";
import { fromDraft, newZoneDraft, toDraft } from "./zone-draft.ts";

describe("the zones editor's rows", () => {
  it("round-trips each kind of zone through its form row", () => {
    const zones = [
      {
        id: "island",
        name: "Island",
        match: { postalPrefixes: ["H1", "H2"] },
        fee: 12.5,
        freeOver: null,
        minimumItemsPrice: 40,
      },
      {
        id: "plateau",
        name: "Plateau",
        match: {
          polygon: [
            [45.51, -73.6],
            [45.51, -73.56],
            [45.54, -73.56],
          ] as [number, number][],
        },
        fee: 5,
        freeOver: 60,
        minimumItemsPrice: 25,
        weekdays: [2, 5],
      },
      {
        id: "downtown",
        name: "Downtown",
        match: { centre: { lat: 45.5, lng: -73.56 }, radiusKm: 2 },
        fee: 7,
        freeOver: 80,
        minimumItemsPrice: 0,
      },
    ];
    for (const zone of zones) expect(fromDraft(toDraft(zone))).toEqual(zone);
  });

  it("reads prefixes and corners however they are separated, and leaves bad numbers for the server to name", () => {
    const draft = { ...newZoneDraft(), id: "z", name: "Z", text: "h2x, H2W;\nH3" };
    expect(fromDraft(draft).match).toEqual({ postalPrefixes: ["h2x", "H2W", "H3"] });
    const polygon = fromDraft({ ...draft, kind: "polygon", text: "45.5, -73.6\n45.6 -73.5\n\n45.55;-73.4" });
    expect(polygon.match).toEqual({
      polygon: [
        [45.5, -73.6],
        [45.6, -73.5],
        [45.55, -73.4],
      ],
    });
    const circle = fromDraft({ ...draft, kind: "circle", centreLat: "x", centreLng: "", radiusKm: "3" });
    expect(circle.match).toEqual({ centre: { lat: Number.NaN, lng: Number.NaN }, radiusKm: 3 });
  });
});
