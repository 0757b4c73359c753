import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shippingCentsOf } from "../money/pricing.ts";
import { chooseZone, distanceKm, inPolygon, servesWeekday, zoneContains } from "./match.ts";
import { normalisePostal, postalMatches } from "./postal.ts";
import type { ZoneRule } from "./zone.schema.ts";

type Corner = [number, number];

/**
 * A reference point-in-polygon written apart from @turf's: a point on an edge (collinear and within
 * the segment's box) is inside; otherwise a crossing count of a ray towards +lng, with the half-open
 * rule on each edge's lat span so a ray through a corner counts once. Exact on the 1/8-degree grid
 * the test draws from (every product below is exact in binary floating point).
 */
function referenceInside([lat, lng]: Corner, corners: readonly Corner[]): boolean {
  let inside = false;
  for (let i = 0; i < corners.length; i += 1) {
    const [aLat, aLng] = corners[i] as Corner;
    const [bLat, bLng] = corners[(i + 1) % corners.length] as Corner;
    const cross = (bLat - aLat) * (lng - aLng) - (bLng - aLng) * (lat - aLat);
    const within =
      Math.min(aLat, bLat) <= lat &&
      lat <= Math.max(aLat, bLat) &&
      Math.min(aLng, bLng) <= lng &&
      lng <= Math.max(aLng, bLng);
    if (cross === 0 && within) return true;
    if (aLat > lat !== bLat > lat) {
      const crossingLng = aLng + ((lat - aLat) * (bLng - aLng)) / (bLat - aLat);
      if (lng < crossingLng) inside = !inside;
    }
  }
  return inside;
}

/** True when segments p1p2 and p3p4 properly cross or touch (for rejecting self-intersecting polygons). */
function segmentsMeet(p1: Corner, p2: Corner, p3: Corner, p4: Corner): boolean {
  const orient = (a: Corner, b: Corner, c: Corner) =>
    Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const onSegment = (a: Corner, b: Corner, c: Corner) =>
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1]);
  const [o1, o2, o3, o4] = [orient(p1, p2, p3), orient(p1, p2, p4), orient(p3, p4, p1), orient(p3, p4, p2)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, p3)) ||
    (o2 === 0 && onSegment(p1, p2, p4)) ||
    (o3 === 0 && onSegment(p3, p4, p1)) ||
    (o4 === 0 && onSegment(p3, p4, p2))
  );
}

/** A simple polygon: no two non-adjacent edges meet, and no corner repeats. */
function isSimple(corners: readonly Corner[]): boolean {
  const n = corners.length;
  if (new Set(corners.map(([a, b]) => `${a},${b}`)).size !== n) return false;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) continue;
      const edge = (k: number): [Corner, Corner] => [corners[k] as Corner, corners[(k + 1) % n] as Corner];
      if (segmentsMeet(...edge(i), ...edge(j))) return false;
    }
  }
  return true;
}

const EIGHTH = 1 / 8;
/** A star-shaped polygon around Montréal on the 1/8-degree grid, concave more often than not. */
const polygonArb = fc
  .array(fc.record({ angle: fc.integer({ min: 0, max: 359 }), radius: fc.integer({ min: 2, max: 24 }) }), {
    minLength: 3,
    maxLength: 12,
  })
  .map((spokes) => {
    const unique = [...new Map(spokes.map((s) => [s.angle, s])).values()].sort((a, b) => a.angle - b.angle);
    return unique.map(({ angle, radius }): Corner => {
      const rad = (angle * Math.PI) / 180;
      return [
        45.5 + Math.round(radius * Math.cos(rad)) * EIGHTH,
        -73.5 + Math.round(radius * Math.sin(rad)) * EIGHTH,
      ];
    });
  })
  .filter((corners) => corners.length >= 3 && isSimple(corners));

/** Points near the polygon: anywhere on the grid around it, on an edge, on a corner, or between grid lines. */
function pointsFor(corners: readonly Corner[]): fc.Arbitrary<Corner> {
  const cell = fc.integer({ min: -28, max: 28 });
  const grid = fc.tuple(cell, cell).map(([a, b]): Corner => [45.5 + a * EIGHTH, -73.5 + b * EIGHTH]);
  const half = fc.tuple(cell, cell).map(([a, b]): Corner => [45.5 + (a + 0.5) * EIGHTH, -73.5 + b * EIGHTH]);
  const corner = fc.constantFrom(...corners);
  const onEdge = fc
    .record({ edge: fc.integer({ min: 0, max: corners.length - 1 }), t: fc.integer({ min: 0, max: 64 }) })
    .map(({ edge, t }): Corner => {
      const [aLat, aLng] = corners[edge] as Corner;
      const [bLat, bLng] = corners[(edge + 1) % corners.length] as Corner;
      // A point at t/64 of the way: exact on the grid of 1/512 degree, so exactly on the edge.
      return [aLat + ((bLat - aLat) * t) / 64, aLng + ((bLng - aLng) * t) / 64];
    });
  return fc.oneof(grid, grid, half, corner, onEdge);
}

describe("polygons (@turf/boolean-point-in-polygon, boundaries inside)", () => {
  it("agrees with a reference point-in-polygon on 10,000 random points (edges and corners included)", () => {
    let onBoundary = 0;
    let inside = 0;
    fc.assert(
      fc.property(
        polygonArb.chain((corners) =>
          fc.tuple(fc.constant(corners), fc.array(pointsFor(corners), { minLength: 50, maxLength: 50 })),
        ),
        ([corners, points]) => {
          for (const [lat, lng] of points) {
            const expected = referenceInside([lat, lng], corners);
            if (expected) inside += 1;
            if (
              corners.some(([a, b], i) => {
                const [c, d] = corners[(i + 1) % corners.length] as Corner;
                return (
                  (c - a) * (lng - b) - (d - b) * (lat - a) === 0 &&
                  Math.min(a, c) <= lat &&
                  lat <= Math.max(a, c) &&
                  Math.min(b, d) <= lng &&
                  lng <= Math.max(b, d)
                );
              })
            )
              onBoundary += 1;
            expect(inPolygon({ lat, lng }, corners), `(${lat}, ${lng}) in ${JSON.stringify(corners)}`).toBe(
              expected,
            );
          }
        },
      ),
      { numRuns: 200, seed: 20261129 },
    );
    // The draw reaches every case: points inside, outside, and exactly on the boundary.
    expect(onBoundary).toBeGreaterThan(500);
    expect(inside).toBeGreaterThan(1000);
    expect(inside).toBeLessThan(10_000);
  });

  const square: Corner[] = [
    [45.5, -73.6],
    [45.5, -73.5],
    [45.6, -73.5],
    [45.6, -73.6],
  ];

  it("holds a point on an edge and on a corner, refuses one just outside", () => {
    expect(inPolygon({ lat: 45.5, lng: -73.55 }, square)).toBe(true);
    expect(inPolygon({ lat: 45.6, lng: -73.6 }, square)).toBe(true);
    expect(inPolygon({ lat: 45.55, lng: -73.55 }, square)).toBe(true);
    expect(inPolygon({ lat: 45.49999, lng: -73.55 }, square)).toBe(false);
  });

  it("takes a ring closed or open alike", () => {
    const closed = [...square, square[0] as Corner];
    for (const lat of [45.5, 45.55, 45.6, 45.7]) {
      expect(inPolygon({ lat, lng: -73.5 }, closed)).toBe(inPolygon({ lat, lng: -73.5 }, square));
    }
  });
});

describe("circles (@turf/distance)", () => {
  const centre = { lat: 45.5017, lng: -73.5673 };
  it("measures Montréal to Québec City at about 233 km", () => {
    expect(distanceKm(centre, { lat: 46.8139, lng: -71.2082 })).toBeGreaterThan(225);
    expect(distanceKm(centre, { lat: 46.8139, lng: -71.2082 })).toBeLessThan(240);
  });
  it("holds a point exactly at the radius, not one beyond", () => {
    const edge = { lat: 45.6, lng: -73.5673 };
    const radiusKm = distanceKm(centre, edge);
    expect(zoneContains({ centre, radiusKm }, { location: edge })).toBe(true);
    expect(zoneContains({ centre, radiusKm }, { location: { lat: 45.6001, lng: -73.5673 } })).toBe(false);
    expect(zoneContains({ centre, radiusKm: 5 }, { postalCode: "H2X 1Y4" })).toBe(false);
  });
});

describe("postal codes", () => {
  const spellings = ["h2x 1y4", "H2X1Y4", "H2X 1Y4", " h2x1y4 ", "H2X-1Y4", "h2X  1y4"];
  it.each(spellings)("%j matches the prefixes H2X, h2x and 'H2X 1' alike", (code) => {
    expect(normalisePostal(code)).toBe("H2X1Y4");
    for (const prefix of ["H2X", "h2x", "H2X 1", "h2x1y4"]) expect(postalMatches(code, [prefix])).toBe(true);
  });
  it("refuses another district, an empty code and a code shorter than the prefix", () => {
    expect(postalMatches("H2W 1Y4", ["H2X"])).toBe(false);
    expect(postalMatches("", ["H2X"])).toBe(false);
    expect(postalMatches("H2", ["H2X"])).toBe(false);
    expect(zoneContains({ postalPrefixes: ["H2X"] }, { location: { lat: 45.5, lng: -73.6 } })).toBe(false);
  });
});

const zone = (patch: Partial<ZoneRule> & Pick<ZoneRule, "id" | "match">): ZoneRule => ({
  name: patch.id,
  feeCents: 1000,
  freeOverCents: 10_000,
  minimumCents: 0,
  ...patch,
});

describe("choosing a zone", () => {
  const plateau: Corner[] = [
    [45.51, -73.6],
    [45.51, -73.56],
    [45.54, -73.56],
    [45.54, -73.6],
  ];
  const inPlateau = { lat: 45.52, lng: -73.58 };

  it("the map location wins over the postal code", () => {
    const zones = [
      zone({ id: "by-postcode", match: { postalPrefixes: ["H2X"] }, feeCents: 100 }),
      zone({ id: "drawn", match: { polygon: plateau }, feeCents: 900 }),
    ];
    expect(chooseZone(zones, { postalCode: "H2X 1Y4", location: inPlateau }, 5000)?.zone.id).toBe("drawn");
    expect(chooseZone(zones, { postalCode: "H2X 1Y4" }, 5000)?.zone.id).toBe("by-postcode");
    // A location no drawn zone holds: the postal code decides.
    expect(chooseZone(zones, { postalCode: "H2X 1Y4", location: { lat: 10, lng: 10 } }, 5000)?.zone.id).toBe(
      "by-postcode",
    );
    expect(
      chooseZone(zones, { postalCode: "V5K 0A1", location: { lat: 10, lng: 10 } }, 5000),
    ).toBeUndefined();
  });

  it("where zones overlap, the cheapest shipping for this basket wins", () => {
    const zones = [
      zone({ id: "dear", match: { polygon: plateau }, feeCents: 1500, freeOverCents: 5000 }),
      zone({ id: "cheap", match: { centre: inPlateau, radiusKm: 3 }, feeCents: 800, freeOverCents: null }),
    ];
    expect(chooseZone(zones, { location: inPlateau }, 4000)).toMatchObject({
      zone: { id: "cheap" },
      shippingCents: 800,
    });
    // Over $50 the dear zone ships free: it is now the cheaper.
    expect(chooseZone(zones, { location: inPlateau }, 6000)).toMatchObject({
      zone: { id: "dear" },
      shippingCents: 0,
    });
    // Equal shipping: the administrator's order.
    expect(chooseZone([...zones].reverse(), { location: inPlateau }, 5000)?.zone.id).toBe("cheap");
  });

  it("prefers a zone whose minimum the basket meets over a cheaper one it does not", () => {
    const zones = [
      zone({ id: "cheap-high-minimum", match: { polygon: plateau }, feeCents: 0, minimumCents: 5000 }),
      zone({ id: "dear-no-minimum", match: { polygon: plateau }, feeCents: 1200 }),
    ];
    expect(chooseZone(zones, { location: inPlateau }, 4999)?.zone.id).toBe("dear-no-minimum");
    expect(chooseZone(zones, { location: inPlateau }, 5000)?.zone.id).toBe("cheap-high-minimum");
  });

  it("the minimum at its exact boundary: met at it, missing one cent under it", () => {
    const zones = [zone({ id: "z", match: { polygon: plateau }, minimumCents: 3000 })];
    expect(chooseZone(zones, { location: inPlateau }, 3000)?.missingCents).toBe(0);
    expect(chooseZone(zones, { location: inPlateau }, 2999)?.missingCents).toBe(1);
  });

  it("free over is strictly over, and an empty basket ships free", () => {
    const z = zone({ id: "z", match: { polygon: plateau }, feeCents: 700, freeOverCents: 5000 });
    expect(shippingCentsOf(5000, z)).toBe(700);
    expect(shippingCentsOf(5001, z)).toBe(0);
    expect(shippingCentsOf(0, z)).toBe(0);
    expect(shippingCentsOf(1_000_000, { ...z, freeOverCents: null })).toBe(700);
  });

  it("route days: a zone serves its weekdays only, and the zone of the window's day is chosen", () => {
    const north = zone({ id: "north", match: { polygon: plateau }, feeCents: 500, weekdays: [2] });
    const south = zone({ id: "south", match: { polygon: plateau }, feeCents: 900, weekdays: [5] });
    expect(servesWeekday(north, 2)).toBe(true);
    expect(servesWeekday(north, 5)).toBe(false);
    expect(servesWeekday(zone({ id: "any", match: { polygon: plateau } }), 0)).toBe(true);
    expect(chooseZone([north, south], { location: inPlateau }, 4000, 5)).toMatchObject({
      zone: { id: "south" },
      servesDay: true,
    });
    expect(chooseZone([north, south], { location: inPlateau }, 4000, 2)?.zone.id).toBe("north");
    expect(chooseZone([north], { location: inPlateau }, 4000, 5)).toMatchObject({
      zone: { id: "north" },
      servesDay: false,
    });
    // Without a day asked, the cheapest.
    expect(chooseZone([south, north], { location: inPlateau }, 4000)?.zone.id).toBe("north");
  });
});
