import { priceLines } from "@fruit/core/browser/money";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, orderBody, orderOf, place, stockOf } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Placement by zone and tax class (docs/decisions/046-zones-and-tax-classes.md): without zones the
 * original rule of docs/product.md ($10, free over $100, 15 %) for the original client and the web client alike; with
 * zones, the zone's fee, the refusals that store nothing, and tax by class adding up to taxPrice.
 */
let admin: TestUser;
let ann: TestUser;
let apples: Awaited<ReturnType<typeof createProduct>>;
let kale: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  await useFreshTable("zone-orders");
  [admin, ann] = await Promise.all([createUser({ isAdmin: true }), createUser({ name: "Ann" })]);
  [apples, kale] = await Promise.all([
    createProduct({ name: "Apples", price: 4, countInStock: 500 }),
    createProduct({ name: "Kale", price: 6, countInStock: 500 }),
  ]);
});

const setZones = async (zones: unknown[]) =>
  expect(
    (await api("/api/delivery/zones", { method: "PUT", body: { zones }, token: admin.token })).status,
  ).toBe(200);

const plateau = [
  [45.51, -73.6],
  [45.51, -73.56],
  [45.54, -73.56],
  [45.54, -73.6],
];

describe("without zones", () => {
  it("the original client places at $10 shipping and 15 %, with taxes by class and no zone", async () => {
    const res = await place(ann, orderOf(apples, 3));
    expect(res.status).toBe(201);
    const { order } = await res.json();
    expect(order).toMatchObject({ itemsPrice: 12, shippingPrice: 10, taxPrice: 1.8, totalPrice: 23.8 });
    expect(order.deliveryZone).toBeNull();
    expect(order.taxes).toEqual([{ class: "standard", rate: 15, base: 12, amount: 1.8 }]);
  });

  it("the web client prices a 0 % produce class from the quote's taxRates and places with its figures", async () => {
    const classes = [
      { id: "standard", name: "GST + QST", rate: 14.975 },
      { id: "produce", name: "Fresh produce", rate: 0 },
    ];
    const put = await api("/api/tax/classes", { method: "PUT", token: admin.token, body: { classes } });
    expect(put.status).toBe(200);
    try {
      const created = await createProduct({
        name: "Pears",
        price: 4.5,
        countInStock: 50,
        taxClass: "produce",
      });
      // What the web reads: the public product answer (its taxClass) and the public quote (the rates).
      const pears = (await api(`/api/products/${created._id}`)).body as typeof created & { taxClass: string };
      expect(pears.taxClass).toBe("produce");
      const lines = [
        { product: pears, quantity: 4, taxClass: pears.taxClass },
        { product: kale, quantity: 1, taxClass: "standard" },
      ];
      const itemsPrice = priceLines(
        lines.map((l) => ({ price: l.product.price, quantity: l.quantity })),
      ).itemsPrice;
      const quote = await api(
        `/api/delivery/quote?postalCode=${encodeURIComponent(address.postalCode)}&itemsPrice=${itemsPrice}`,
      );
      expect(quote.status).toBe(200);
      expect(quote.body.taxRates).toEqual([
        { id: "standard", rate: 14.975 },
        { id: "produce", rate: 0 },
      ]);
      const body = orderBody(lines);
      const prices = priceLines(
        lines.map((l) => ({
          price: l.product.price,
          quantity: l.quantity,
          unit: l.product.unit,
          taxClass: l.taxClass,
        })),
        { taxRates: quote.body.taxRates },
      );
      // $18 of pears untaxed, $6 of kale at 14.975 % ($0.90): not the 15 % of everything ($3.60).
      expect(prices).toEqual({ itemsPrice: 24, shippingPrice: 10, taxPrice: 0.9, totalPrice: 34.9 });
      const res = await place(ann, {
        ...body,
        orderItems: body.orderItems.map((item, i) => ({ ...item, taxClass: lines[i]?.taxClass })),
        ...prices,
      });
      expect(res.status).toBe(201);
      expect((await res.json()).order).toMatchObject(prices);
    } finally {
      await api("/api/tax/classes", {
        method: "PUT",
        token: admin.token,
        body: { classes: [{ id: "standard", name: "Standard", rate: 15 }] },
      });
    }
  });
});

describe("with zones", () => {
  beforeAll(() =>
    setZones([
      {
        id: "plateau",
        name: "Plateau",
        match: { polygon: plateau },
        fee: 5,
        freeOver: 60,
        minimumItemsPrice: 20,
      },
      {
        id: "island",
        name: "Island",
        match: { postalPrefixes: ["H2X", "H3"] },
        fee: 8,
        minimumItemsPrice: 0,
      },
    ]),
  );

  const withShipping = (body: ReturnType<typeof orderBody>, fee: number) => {
    const prices = priceLines(
      body.orderItems.map((l) => ({ price: l.price, quantity: l.quantity, unit: l.unit })),
      { shipping: { feeCents: fee * 100, freeOverCents: null } },
    );
    return { ...body, ...prices };
  };

  it("prices shipping with the zone of the map location, and names the zone", async () => {
    const body = withShipping(
      orderBody([{ product: apples, quantity: 6 }], {
        shippingAddress: { ...address, location: { lat: 45.52, lng: -73.58 } },
      }),
      5,
    );
    const res = await place(ann, body);
    expect(res.status).toBe(201);
    const { order } = await res.json();
    expect(order).toMatchObject({ shippingPrice: 5, deliveryZone: { id: "plateau", name: "Plateau" } });
  });

  it("the minimum at its exact boundary: $20 is enough, $19.99 is refused with the missing amount, nothing stored", async () => {
    const cheap = await createProduct({ name: "Plums", price: 19.99, countInStock: 10 });
    const located = { shippingAddress: { ...address, location: { lat: 45.52, lng: -73.58 } } };
    const refused = await place(ann, withShipping(orderBody([{ product: cheap, quantity: 1 }], located), 5));
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.code).toBe("BELOW_MINIMUM");
    expect(body.message).toContain("$0.01");
    expect(await stockOf(cheap._id)).toBe(10);
    const exact = await createProduct({ name: "Pears", price: 20, countInStock: 10 });
    expect(
      (await place(ann, withShipping(orderBody([{ product: exact, quantity: 1 }], located), 5))).status,
    ).toBe(201);
  });

  it("refuses an address outside every zone with OUTSIDE_AREA, taking no stock", async () => {
    const before = await stockOf(apples._id);
    const res = await place(
      ann,
      orderBody([{ product: apples, quantity: 2 }], {
        shippingAddress: { ...address, postalCode: "V5K 0A1" },
      }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("OUTSIDE_AREA");
    expect(await stockOf(apples._id)).toBe(before);
  });

  it("matches the postal code in any spelling", async () => {
    for (const postalCode of ["h2x 1y4", "H2X1Y4"]) {
      const body = withShipping(
        orderBody([{ product: kale, quantity: 2 }], { shippingAddress: { ...address, postalCode } }),
        8,
      );
      const res = await place(ann, body);
      expect(res.status).toBe(201);
      expect((await res.json()).order.deliveryZone.id).toBe("island");
    }
  });

  it("taxes by class: a zero-rated product beside a standard one, adding up to taxPrice", async () => {
    await api("/api/tax/classes", {
      method: "PUT",
      token: admin.token,
      body: {
        classes: [
          { id: "standard", name: "GST + QST", rate: 14.975 },
          { id: "zero-rated", name: "Basic groceries", rate: 0 },
        ],
      },
    });
    const produce = await createProduct({
      name: "Carrots",
      price: 3.33,
      countInStock: 50,
      taxClass: "zero-rated",
    });
    // A client without a snapshot that prices by the zone and the classes, as the web's quote does.
    const lines = [
      { product: produce, quantity: 3 },
      { product: kale, quantity: 1 },
    ];
    const priced = priceLines(
      lines.map((l) => ({
        price: l.product.price,
        quantity: l.quantity,
        taxClass: l === lines[0] ? "zero-rated" : "standard",
      })),
      {
        shipping: { feeCents: 800, freeOverCents: null },
        taxRates: [
          { id: "standard", rate: 14.975 },
          { id: "zero-rated", rate: 0 },
        ],
      },
    );
    const res = await place(ann, {
      orderItems: lines.map((l) => ({ _id: l.product._id, quantity: l.quantity })),
      shippingAddress: address,
      paymentMethod: "PayPal",
      ...priced,
    });
    expect(res.status).toBe(201);
    const { order } = await res.json();
    expect(order.taxes).toEqual([
      { class: "standard", rate: 14.975, base: 6, amount: 0.9 },
      { class: "zero-rated", rate: 0, base: 9.99, amount: 0 },
    ]);
    expect(order.taxPrice).toBe(0.9);
    expect(order.totalPrice).toBe(15.99 + 8 + 0.9);
  });

  it("lists only the windows on the route days of the place's zone", async () => {
    await setZones([
      { id: "north", name: "North", match: { postalPrefixes: ["H2X"] }, fee: 8, weekdays: [2] },
      { id: "south", name: "South", match: { postalPrefixes: ["H3"] }, fee: 8, weekdays: [5] },
    ]);
    const windows = [2, 5].map((weekday) => ({
      weekday,
      start: "09:00",
      end: "11:00",
      capacity: 5,
      cutoffMinutes: 60,
    }));
    const rules = await api("/api/delivery/rules", {
      method: "PUT",
      token: admin.token,
      body: { timeZone: "America/Toronto", bookingDays: 14, windows, closedDates: [] },
    });
    expect(rules.status).toBe(200);
    const weekdayOfDate = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    const all = (await api("/api/delivery/slots")).body as { id: string; date: string }[];
    expect(new Set(all.map((s) => weekdayOfDate(s.date)))).toEqual(new Set([2, 5]));
    const north = (await api("/api/delivery/slots?postalCode=h2x%201y4")).body as { date: string }[];
    expect(north.length).toBeGreaterThan(0);
    expect(north.every((s) => weekdayOfDate(s.date) === 2)).toBe(true);
    const outside = (await api("/api/delivery/slots?postalCode=V5K0A1")).body;
    expect(outside).toEqual([]);
    // A Friday window for the north side is refused.
    const friday = all.find((s) => weekdayOfDate(s.date) === 5) as { id: string; date: string };
    const res = await place(
      ann,
      withShipping(orderBody([{ product: kale, quantity: 2 }], { deliverySlotId: friday.id }), 8),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("WINDOW_NOT_SERVED");
    // Without a window (the original client), the earliest Tuesday is booked.
    const placedRes = await place(ann, {
      ...orderOf(kale, 2),
      ...priceLines([{ price: kale.price, quantity: 2 }], {
        shipping: { feeCents: 800, freeOverCents: null },
      }),
    });
    expect(placedRes.status).toBe(201);
    const { order } = await placedRes.json();
    expect(weekdayOfDate(order.deliverySlot.date)).toBe(2);
    await api("/api/delivery/rules", {
      method: "PUT",
      token: admin.token,
      body: { timeZone: "America/Toronto", bookingDays: 14, windows: [], closedDates: [] },
    });
  });

  it("removing every zone brings the one rule back", async () => {
    await setZones([]);
    await api("/api/tax/classes", {
      method: "PUT",
      token: admin.token,
      body: { classes: [{ id: "standard", name: "Standard", rate: 15 }] },
    });
    const res = await place(ann, orderOf(apples, 1));
    expect(res.status).toBe(201);
    expect((await res.json()).order).toMatchObject({ shippingPrice: 10, deliveryZone: null });
  });
});
