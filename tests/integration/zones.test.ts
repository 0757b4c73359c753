import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Delivery zones and tax classes through the API (docs/decisions/046-zones-and-tax-classes.md):
 * the administrator's zones in dollars, the public quote (map location over postal code, cheapest
 * shipping where zones overlap, 409 outside every zone), and the tax classes.
 */
let admin: TestUser;

beforeAll(async () => {
  await useFreshTable("zones");
  admin = await createUser({ isAdmin: true });
});

const plateau = [
  [45.51, -73.6],
  [45.51, -73.56],
  [45.54, -73.56],
  [45.54, -73.6],
];

const ZONES = [
  {
    id: "plateau",
    name: "Plateau",
    match: { polygon: plateau },
    fee: 5,
    freeOver: 60,
    minimumItemsPrice: 25,
    weekdays: [2, 5],
  },
  {
    id: "island",
    name: "Island of Montréal",
    match: { postalPrefixes: ["h1", "H2 ", "h3"] },
    fee: 12.5,
    freeOver: null,
    minimumItemsPrice: 40,
  },
  {
    id: "downtown",
    name: "Downtown",
    match: { centre: { lat: 45.5017, lng: -73.5673 }, radiusKm: 2 },
    fee: 7.25,
    minimumItemsPrice: 0,
  },
];

const putZones = (zones: unknown, token = admin.token) =>
  api("/api/delivery/zones", { method: "PUT", body: { zones }, token });
const quote = (query: string) => api(`/api/delivery/quote?${query}`);

describe("delivery zones", () => {
  it("quotes the shop's one rule before any zone is set", async () => {
    expect((await api("/api/delivery/zones", { token: admin.token })).body).toEqual({ zones: [] });
    const res = await quote("postalCode=V5K0A1&itemsPrice=50");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      zone: null,
      shippingPrice: 10,
      freeOver: 100,
      minimumItemsPrice: 0,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      taxRates: [{ id: "standard", rate: 15 }],
    });
    expect((await quote("postalCode=V5K0A1&itemsPrice=100.01")).body.shippingPrice).toBe(0);
  });

  it("stores zones in dollars, postal prefixes normalised, and answers them back", async () => {
    const res = await putZones(ZONES);
    expect(res.status).toBe(200);
    const read = await api("/api/delivery/zones", { token: admin.token });
    expect(read.body).toEqual(res.body);
    const island = read.body.zones.find((z: { id: string }) => z.id === "island");
    expect(island.match).toEqual({ postalPrefixes: ["H1", "H2", "H3"] });
    const downtown = read.body.zones.find((z: { id: string }) => z.id === "downtown");
    expect(downtown).toMatchObject({ fee: 7.25, freeOver: null, minimumItemsPrice: 0 });
    expect(downtown.weekdays).toBeUndefined();
  });

  it("quotes by postal code in any spelling", async () => {
    for (const code of ["h2x 1y4", "H2X1Y4", "H2X 1Y4"]) {
      const res = await quote(`postalCode=${encodeURIComponent(code)}&itemsPrice=30`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        zone: { id: "island", name: "Island of Montréal" },
        shippingPrice: 12.5,
        freeOver: null,
        minimumItemsPrice: 40,
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        taxRates: [{ id: "standard", rate: 15 }],
      });
    }
  });

  it("lets the map location win over the postal code, and picks the cheapest of overlapping zones", async () => {
    // In the Plateau polygon: the postal code (island) is not asked.
    const res = await quote("postalCode=H2X1Y4&lat=45.52&lng=-73.58&itemsPrice=30");
    expect(res.body).toMatchObject({ zone: { id: "plateau" }, shippingPrice: 5, weekdays: [2, 5] });
    // On the polygon's edge: inside.
    expect((await quote("lat=45.51&lng=-73.58&itemsPrice=30")).body.zone.id).toBe("plateau");
    // Downtown's circle and the Plateau overlap near 45.512, -73.57: over $60 the Plateau ships free.
    const overlap = "lat=45.512&lng=-73.57";
    expect((await quote(`${overlap}&itemsPrice=30`)).body).toMatchObject({
      zone: { id: "plateau" },
      shippingPrice: 5,
    });
    expect((await quote(`${overlap}&itemsPrice=10`)).body).toMatchObject({
      zone: { id: "downtown" },
      shippingPrice: 7.25,
    });
    expect((await quote(`${overlap}&itemsPrice=60.01`)).body).toMatchObject({
      zone: { id: "plateau" },
      shippingPrice: 0,
    });
  });

  it("answers 409 OUTSIDE_AREA outside every zone", async () => {
    const res = await quote("postalCode=V5K0A1&lat=49.28&lng=-123.12&itemsPrice=30");
    expectClientError(res, 409);
    expect(res.body.code).toBe("OUTSIDE_AREA");
    expect(res.body.message).toMatch(/outside every delivery zone/);
  });

  it("refuses bad zones and bad quotes with 400 naming the field", async () => {
    const bad = [
      [
        {
          ...ZONES[0],
          match: {
            polygon: [
              [45, -73],
              [46, -73],
            ],
          },
        },
      ],
      [{ ...ZONES[0], match: { postalPrefixes: ["H2X"], radiusKm: 3 } }],
      [{ ...ZONES[0], fee: 1.005 }],
      [{ ...ZONES[0], weekdays: [7] }],
      [ZONES[0], ZONES[0]],
    ];
    for (const zones of bad) expectClientError(await putZones(zones), 400);
    expectClientError(await quote("lat=45.5&itemsPrice=3"), 400);
    expectClientError(await quote("itemsPrice=3"), 400);
    expectClientError(await quote("postalCode=H2X&itemsPrice=abc"), 400);
  });

  it("removes every zone with an empty list: the one rule again", async () => {
    expect((await putZones([])).status).toBe(200);
    expect((await quote("postalCode=V5K0A1&itemsPrice=50")).body.zone).toBeNull();
  });
});

describe("tax classes", () => {
  it("start with standard at 15 %, and take a Québec zero-rated class", async () => {
    expect((await api("/api/tax/classes", { token: admin.token })).body).toEqual({
      classes: [{ id: "standard", name: "Standard", rate: 15 }],
    });
    const classes = [
      { id: "standard", name: "GST + QST", rate: 14.975 },
      { id: "zero-rated", name: "Basic groceries", rate: 0 },
    ];
    const res = await api("/api/tax/classes", { method: "PUT", body: { classes }, token: admin.token });
    expect(res.status).toBe(200);
    expect((await api("/api/tax/classes", { token: admin.token })).body).toEqual({ classes });
  });

  it("refuses a list without standard, a rate past three decimals, and duplicates", async () => {
    for (const classes of [
      [{ id: "zero-rated", name: "Zero", rate: 0 }],
      [{ id: "standard", name: "S", rate: 14.9751 }],
      [
        { id: "standard", name: "S", rate: 15 },
        { id: "standard", name: "T", rate: 5 },
      ],
    ]) {
      expectClientError(
        await api("/api/tax/classes", { method: "PUT", body: { classes }, token: admin.token }),
        400,
      );
    }
  });

  it("gives products a tax class: standard until the administrator names one of the shop's", async () => {
    const product = await createProduct();
    const path = `/api/products/${product._id}`;
    expect((await api(path)).body.taxClass).toBe("standard");
    const set = await api(path, { method: "PUT", body: { taxClass: "zero-rated" }, token: admin.token });
    expect(set.status).toBe(200);
    expect(set.body.product.taxClass).toBe("zero-rated");
    const unknown = await api(path, { method: "PUT", body: { taxClass: "luxury" }, token: admin.token });
    expectClientError(unknown, 400);
    expect(unknown.body).toMatchObject({ code: "VALIDATION_FAILED", field: "taxClass" });
    expect((await api(path)).body.taxClass).toBe("zero-rated");
  });
});
