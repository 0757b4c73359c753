import { expireOrder } from "@fruit/core/expiry";
import { localDate } from "@fruit/core/internal/slots/zoned-time";
import { signToken } from "@fruit/core/internal/users/token";
import { app } from "@fruit/functions/api/index";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import {
  call,
  json,
  orderBody,
  orderOf,
  orderOfAnswer,
  place,
  stockOf,
  storedOrder,
} from "../support/orders.ts";

/**
 * Delivery days (docs/decisions/040-delivery-windows.md): a window's seats are taken in the order's
 * own transaction and come back exactly once with its stock; the cut-off is the server's clock; the
 * rules' windows keep their local times across daylight saving changes.
 */
let fake: FakePaypal;
let ann: TestUser;
let admin: TestUser;
const ZONE = "America/Toronto";

beforeAll(async () => {
  fake = await useTableWithFakePaypal("delivery");
  [ann, admin] = await Promise.all([
    createUser({ name: "Ann" }),
    createUser({ isAdmin: true, name: "Root" }),
  ]);
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());
afterEach(() => vi.useRealTimers());

const delivery = (method: string, path: string, body?: unknown, user: TestUser | undefined = admin) =>
  app.request(`/api/delivery${path}`, json(user, method, body));

/** A local date `days` from today in the shop's zone. */
const dateIn = (days: number) => {
  const today = localDate(new Date(), ZONE);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

let hour = 0;
/** A one-off window (POST /api/delivery/slots) some days ahead, each test its own start. */
async function addWindow(capacity: number, options: { days?: number; cutoffAt?: string } = {}) {
  hour = (hour + 1) % 23;
  const start = `${String(hour).padStart(2, "0")}:00`;
  const end = `${String(hour).padStart(2, "0")}:45`;
  const res = await delivery("POST", "/slots", {
    date: dateIn(options.days ?? 5),
    start,
    end,
    capacity,
    cutoffAt: options.cutoffAt ?? new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const slotOf = async (id: string) =>
  (await (await delivery("GET", "/calendar?days=28")).json()).find((slot: { id: string }) => slot.id === id);

const setRules = async (rules: unknown) => {
  const res = await delivery("PUT", "/rules", rules);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const noRules = { timeZone: ZONE, bookingDays: 7, windows: [], closedDates: [] };

describe("booking a window is part of placing the order", () => {
  it("100 concurrent checkouts on a window of 5 place exactly 5; the other 95 get a 409 naming the window", async () => {
    const fig = await createProduct({ name: "Fig", countInStock: 1000 });
    const slot = await addWindow(5);
    expect(slot).toMatchObject({ capacity: 5, remaining: 5 });
    const customers = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        place(customers[n % 5]!, orderBody([{ product: fig, quantity: 1 }], { deliverySlotId: slot.id })),
      ),
    );
    const statuses = responses.map((res) => res.status);
    const failed = responses.filter((res) => res.status >= 500);
    expect(await Promise.all(failed.map(async (res) => `${res.status} ${await res.clone().text()}`))).toEqual(
      [],
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    const refused = responses.filter((res) => res.status === 409);
    expect(refused).toHaveLength(95);
    for (const res of refused) {
      const body = await res.json();
      expect(body.message).toMatch(/^The delivery window .* is full$/);
      expect(body.message).toContain(`${slot.start}–${slot.end}`);
    }
    // Stock was taken only by the 5 placed orders.
    expect(await stockOf(fig._id)).toBe(995);
    expect(await slotOf(slot.id)).toMatchObject({ booked: 5, remaining: 0, capacity: 5 });
    const placed = await Promise.all(responses.filter((res) => res.status === 201).map(orderOfAnswer));
    for (const order of placed)
      expect(order.deliverySlot).toEqual({ id: slot.id, date: slot.date, start: slot.start, end: slot.end });
    // Full windows stay listed, with nothing remaining.
    const listed = await (await app.request("/api/delivery/slots")).json();
    expect(listed.find((s: { id: string }) => s.id === slot.id)).toMatchObject({ remaining: 0 });
  });

  it("refuses an unknown or closed window the same way: 409, nothing stored, no stock taken", async () => {
    const plum = await createProduct({ name: "Plum", countInStock: 10 });
    const slot = await addWindow(3);
    const closed = await delivery("PUT", `/slots/${slot.id}`, { closed: true });
    expect(closed.status).toBe(200);
    const unknownId = `${dateIn(6)}-0300-0400`;
    for (const [id, message, code] of [
      [slot.id, /is closed$/, "SLOT_CLOSED"],
      [unknownId, /does not exist/, "SLOT_UNKNOWN"],
    ] as const) {
      const res = await place(ann, orderBody([{ product: plum, quantity: 2 }], { deliverySlotId: id }));
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        message: expect.stringMatching(message),
        code,
        deliverySlotId: id,
      });
    }
    expect(await stockOf(plum._id)).toBe(10);
    const bad = await place(ann, orderBody([{ product: plum, quantity: 2 }], { deliverySlotId: "saturday" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: expect.stringMatching(/^deliverySlotId: /),
      code: "VALIDATION_FAILED",
      field: "deliverySlotId",
    });
  });

  it("takes no order at or after the cut-off, by the server's clock", async () => {
    const pear = await createProduct({ name: "Pear", countInStock: 10 });
    const cutoffAt = new Date(Date.now() + 60 * 60_000);
    const slot = await addWindow(10, { cutoffAt: cutoffAt.toISOString() });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(cutoffAt.getTime() - 1);
    const listed = async () =>
      ((await (await app.request("/api/delivery/slots")).json()) as { id: string }[]).some(
        (s) => s.id === slot.id,
      );
    expect(await listed()).toBe(true);
    const before = await place(ann, orderBody([{ product: pear, quantity: 1 }], { deliverySlotId: slot.id }));
    expect(before.status).toBe(201);
    vi.setSystemTime(cutoffAt.getTime());
    expect(await listed()).toBe(false);
    const at = await place(ann, orderBody([{ product: pear, quantity: 1 }], { deliverySlotId: slot.id }));
    expect(at.status).toBe(409);
    expect(await at.json()).toMatchObject({
      message: expect.stringMatching(/no longer takes orders: its cut-off was/),
      code: "CUTOFF_PASSED",
      deliverySlotId: slot.id,
    });
    expect(await stockOf(pear._id)).toBe(9);
    expect(await slotOf(slot.id)).toMatchObject({ booked: 1 });
  });
});

describe("seats come back exactly once", () => {
  it("expiry and an admin delete racing give the seat (and the stock) back once", async () => {
    const kiwi = await createProduct({ name: "Kiwi", countInStock: 10 });
    const slot = await addWindow(2);
    const res = await place(ann, orderBody([{ product: kiwi, quantity: 3 }], { deliverySlotId: slot.id }));
    const order = await orderOfAnswer(res);
    const other = await orderOfAnswer(
      await place(ann, orderBody([{ product: kiwi, quantity: 1 }], { deliverySlotId: slot.id })),
    );
    expect(await slotOf(slot.id)).toMatchObject({ booked: 2, remaining: 0 });
    const past = new Date(Date.parse(order.holdUntil) + 1000);
    const outcomes = await Promise.all([
      ...Array.from({ length: 6 }, () => expireOrder(order._id, past)),
      ...Array.from({ length: 3 }, async () => (await call(admin, "DELETE", `/${order._id}`)).status),
    ]);
    expect(outcomes.filter((outcome) => outcome === "cancelled").length).toBeLessThanOrEqual(1);
    expect(await slotOf(slot.id)).toMatchObject({ booked: 1, remaining: 1 });
    expect(await stockOf(kiwi._id)).toBe(9);
    // The freed seat is bookable again; the other order still holds its own.
    expect((await storedOrder(other._id)).deliverySlot.id).toBe(slot.id);
    const again = await place(ann, orderBody([{ product: kiwi, quantity: 1 }], { deliverySlotId: slot.id }));
    expect(again.status).toBe(201);
    expect(await slotOf(slot.id)).toMatchObject({ booked: 2 });
  });

  it("a cancelling refund gives the seat back when it completes, once; a delete after it gives nothing", async () => {
    const melon = await createProduct({ name: "Melon", countInStock: 10, unit: "piece", step: 1 });
    const slot = await addWindow(3);
    const order = await orderOfAnswer(
      await place(ann, orderBody([{ product: melon, quantity: 2 }], { deliverySlotId: slot.id })),
    );
    const { id: paypalId } = await (await call(ann, "POST", `/${order._id}/paypal`)).json();
    expect((await call(ann, "PUT", `/${order._id}/pay`, { id: paypalId })).status).toBe(200);
    const cancel = { cancel: true, reason: "Van broke down", restock: true };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        app.request(
          `/api/orders/${order._id}/refunds`,
          json(admin, "POST", cancel, { "Idempotency-Key": "c1" }),
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await slotOf(slot.id)).toMatchObject({ booked: 0, remaining: 3 });
    expect(await stockOf(melon._id)).toBe(10);
    expect((await call(admin, "DELETE", `/${order._id}`)).status).toBe(200);
    expect(await slotOf(slot.id)).toMatchObject({ booked: 0 });
  });

  it("a cancelling refund and a delete racing over a paid order give its seat back once", async () => {
    const pear = await createProduct({ name: "Pear", countInStock: 10, unit: "piece", step: 1 });
    const slot = await addWindow(2);
    const ids: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const order = await orderOfAnswer(
        await place(ann, orderBody([{ product: pear, quantity: 1 }], { deliverySlotId: slot.id })),
      );
      const { id: paypalId } = await (await call(ann, "POST", `/${order._id}/paypal`)).json();
      expect((await call(ann, "PUT", `/${order._id}/pay`, { id: paypalId })).status).toBe(200);
      ids.push(order._id);
    }
    expect(await slotOf(slot.id)).toMatchObject({ booked: 2 });
    const cancel = { cancel: true, reason: "Race", restock: false };
    const [raced] = ids;
    const statuses = await Promise.all([
      ...Array.from({ length: 3 }, async () => {
        const res = await app.request(`/api/orders/${raced}/refunds`, json(admin, "POST", cancel));
        return res.status;
      }),
      ...Array.from({ length: 3 }, async () => (await call(admin, "DELETE", `/${raced}`)).status),
    ]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Whichever came first, the raced order's seat came back exactly once; the other order keeps its own.
    expect(await slotOf(slot.id)).toMatchObject({ booked: 1, remaining: 1 });
  });

  it("moves an order to another window atomically: the new seat taken and the old freed, or neither", async () => {
    const lime = await createProduct({ name: "Lime", countInStock: 10 });
    const [a, b] = [await addWindow(1), await addWindow(1)];
    const first = await orderOfAnswer(
      await place(ann, orderBody([{ product: lime, quantity: 1 }], { deliverySlotId: a.id })),
    );
    const second = await orderOfAnswer(
      await place(ann, orderBody([{ product: lime, quantity: 1 }], { deliverySlotId: b.id })),
    );
    const full = await delivery("PUT", `/orders/${first._id}`, { deliverySlotId: b.id });
    expect(full.status).toBe(409);
    expect((await full.json()).message).toMatch(/is full$/);
    expect(await slotOf(a.id)).toMatchObject({ booked: 1 });
    expect((await call(admin, "DELETE", `/${second._id}`)).status).toBe(200);
    const moved = await delivery("PUT", `/orders/${first._id}`, { deliverySlotId: b.id });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await moved.json()).deliverySlot).toMatchObject({ id: b.id });
    expect(await slotOf(a.id)).toMatchObject({ booked: 0 });
    expect(await slotOf(b.id)).toMatchObject({ booked: 1 });
  });
});

describe("the pick list", () => {
  it("lists a window's paid orders and the total to pick per product, in the product's unit", async () => {
    const cherries = await createProduct({
      name: "Cherries",
      countInStock: 20,
      unit: "kg",
      step: 0.25,
      price: 12,
    });
    const melon = await createProduct({ name: "Melon", countInStock: 20, unit: "piece", step: 1, price: 3 });
    const slot = await addWindow(5);
    const pay = async (orderId: string) => {
      const { id } = await (await call(ann, "POST", `/${orderId}/paypal`)).json();
      expect((await call(ann, "PUT", `/${orderId}/pay`, { id })).status).toBe(200);
    };
    const first = await orderOfAnswer(
      await place(
        ann,
        orderBody(
          [
            { product: cherries, quantity: 0.75 },
            { product: melon, quantity: 2 },
          ],
          { deliverySlotId: slot.id },
        ),
      ),
    );
    const second = await orderOfAnswer(
      await place(ann, orderBody([{ product: cherries, quantity: 0.5 }], { deliverySlotId: slot.id })),
    );
    const unpaid = await orderOfAnswer(
      await place(ann, orderBody([{ product: melon, quantity: 5 }], { deliverySlotId: slot.id })),
    );
    await pay(first._id);
    await pay(second._id);
    const res = await delivery("GET", `/slots/${slot.id}/picklist`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.slot).toMatchObject({ id: slot.id, booked: 3, capacity: 5 });
    expect(list.orders.map((o: { _id: string }) => o._id).sort()).toEqual([first._id, second._id].sort());
    expect(list.orders.map((o: { _id: string }) => o._id)).not.toContain(unpaid._id);
    expect(list.products).toEqual([
      { _id: cherries._id, name: "Cherries", unit: "kg", quantity: 1.25 },
      { _id: melon._id, name: "Melon", unit: "piece", quantity: 2 },
    ]);
    expect((await delivery("GET", "/slots/2020-01-01-0900-1000/picklist")).status).toBe(404);
  });
});

describe("capacity against bookings", () => {
  it("a window's capacity cannot drop below what is booked (409), by a slot change or by new rules", async () => {
    const fig = await createProduct({ countInStock: 10 });
    const slot = await addWindow(4);
    for (let n = 0; n < 3; n += 1)
      expect(
        (await place(ann, orderBody([{ product: fig, quantity: 1 }], { deliverySlotId: slot.id }))).status,
      ).toBe(201);
    const lower = await delivery("PUT", `/slots/${slot.id}`, { capacity: 2 });
    expect(lower.status).toBe(409);
    expect((await lower.json()).message).toMatch(/has 3 orders booked: its capacity cannot drop below that/);
    expect(await slotOf(slot.id)).toMatchObject({ capacity: 4, booked: 3 });
    const ok = await delivery("PUT", `/slots/${slot.id}`, { capacity: 3 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ capacity: 3, booked: 3, remaining: 0 });

    // The same through the rules: a weekly window with bookings keeps them.
    const weekday = new Date(`${dateIn(3)}T12:00:00Z`).getUTCDay();
    const window = { weekday, start: "23:00", end: "23:30", capacity: 2, cutoffMinutes: 60 };
    await setRules({ ...noRules, windows: [window] });
    const id = `${dateIn(3)}-2300-2330`;
    for (let n = 0; n < 2; n += 1)
      expect(
        (await place(ann, orderBody([{ product: fig, quantity: 1 }], { deliverySlotId: id }))).status,
      ).toBe(201);
    const shrink = await delivery("PUT", "/rules", { ...noRules, windows: [{ ...window, capacity: 1 }] });
    expect(shrink.status).toBe(409);
    expect((await shrink.json()).message).toMatch(/has 2 orders booked/);
    expect(await (await delivery("GET", "/rules")).json()).toMatchObject({ windows: [window] });
    await setRules(noRules);
  });

  it("refuses malformed rules with a 400 naming the field, writing nothing", async () => {
    for (const [body, message] of [
      [{ ...noRules, timeZone: "Mars/Olympus" }, /^timeZone: /],
      [{ ...noRules, bookingDays: 0 }, /^bookingDays: /],
      [
        {
          ...noRules,
          windows: [{ weekday: 7, start: "09:00", end: "10:00", capacity: 1, cutoffMinutes: 0 }],
        },
        /weekday/,
      ],
      [
        {
          ...noRules,
          windows: [{ weekday: 1, start: "10:00", end: "09:00", capacity: 1, cutoffMinutes: 0 }],
        },
        /end after/,
      ],
      [{ ...noRules, closedDates: ["2026-02-30"] }, /^closedDates\.0: /],
    ] as const) {
      const res = await delivery("PUT", "/rules", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
  });
});

describe("the original client's order (no deliverySlotId)", () => {
  it("carries no window while the shop has no open window, as before delivery days", async () => {
    // Close every one-off window of earlier tests: the shop then has no window at all.
    const calendar = (await (await delivery("GET", "/calendar?days=28")).json()) as { id: string }[];
    await Promise.all(calendar.map((slot) => delivery("PUT", `/slots/${slot.id}`, { closed: true })));
    await setRules(noRules);
    expect(await (await app.request("/api/delivery/slots")).json()).toEqual([]);
    const apple = await createProduct({ name: "Apple", countInStock: 20, price: 2 });
    const res = await place(ann, orderOf(apple));
    expect(res.status).toBe(201);
    const order = await orderOfAnswer(res);
    expect(order.deliverySlot).toBeNull();
    expect((await storedOrder(order._id)).deliverySlot).toBeUndefined();
    expect(await stockOf(apple._id)).toBe(19);
  });

  it("with rules, an order without a window takes the earliest with room, skipping full ones", async () => {
    // The one-off windows of earlier tests are closed (above): the rules' windows are the only ones.
    const apple = await createProduct({ name: "Apple 2", countInStock: 20, price: 2 });
    const tomorrow = dateIn(1);
    const weekday = new Date(`${tomorrow}T12:00:00Z`).getUTCDay();
    await setRules({
      ...noRules,
      windows: [
        { weekday, start: "08:00", end: "10:00", capacity: 1, cutoffMinutes: 0 },
        { weekday, start: "10:00", end: "12:00", capacity: 5, cutoffMinutes: 0 },
      ],
    });
    const first = await orderOfAnswer(await place(ann, orderOf(apple)));
    expect(first.deliverySlot).toEqual({
      id: `${tomorrow}-0800-1000`,
      date: tomorrow,
      start: "08:00",
      end: "10:00",
    });
    const second = await orderOfAnswer(await place(ann, orderOf(apple)));
    expect(second.deliverySlot).toEqual({
      id: `${tomorrow}-1000-1200`,
      date: tomorrow,
      start: "10:00",
      end: "12:00",
    });
    const mine = await (await call(ann, "GET", "/mine")).json();
    expect(mine.find((o: { _id: string }) => o._id === second._id).deliverySlot.id).toBe(
      `${tomorrow}-1000-1200`,
    );
    await setRules(noRules);
  });
});

describe("daylight saving (America/Toronto)", () => {
  const windowsOn = (weekday: number) => [
    { weekday, start: "01:30", end: "02:30", capacity: 3, cutoffMinutes: 120 },
    { weekday, start: "09:00", end: "11:00", capacity: 3, cutoffMinutes: 24 * 60 },
  ];
  const listedAt = async (now: string, days: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(now));
    // A token of that day (the real day's would have expired by then).
    const token = await signToken(admin._id, 0, admin.name);
    const res = await app.request("/api/delivery/rules", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...noRules, bookingDays: days, windows: windowsOn(0) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await (await app.request(`/api/delivery/slots?days=${days}`)).json()) as Record<string, string>[];
  };

  it("keeps local times on the fall-back day; a window in the repeated hour starts at its first 01:30 (EDT)", async () => {
    const slots = await listedAt("2026-10-29T12:00:00Z", 5);
    const sunday = slots.filter((slot) => slot.date === "2026-11-01");
    expect(sunday).toEqual([
      expect.objectContaining({
        id: "2026-11-01-0130-0230",
        startsAt: "2026-11-01T05:30:00.000Z",
        endsAt: "2026-11-01T07:30:00.000Z",
        cutoffAt: "2026-11-01T03:30:00.000Z",
      }),
      expect.objectContaining({
        id: "2026-11-01-0900-1100",
        startsAt: "2026-11-01T14:00:00.000Z",
        endsAt: "2026-11-01T16:00:00.000Z",
        // 24 × 60 minutes before its start: 10:00 on Saturday's (summer) clock.
        cutoffAt: "2026-10-31T14:00:00.000Z",
      }),
    ]);
  });

  it("keeps local times on the spring-forward day; a window in the skipped hour starts when the clock jumps", async () => {
    const slots = await listedAt("2027-03-11T12:00:00Z", 5);
    const sunday = slots.filter((slot) => slot.date === "2027-03-14");
    expect(sunday.map(({ id, startsAt, endsAt }) => ({ id, startsAt, endsAt }))).toEqual([
      // 01:30 EST; 02:30 does not exist that night and reads as 03:30 EDT.
      {
        id: "2027-03-14-0130-0230",
        startsAt: "2027-03-14T06:30:00.000Z",
        endsAt: "2027-03-14T07:30:00.000Z",
      },
      {
        id: "2027-03-14-0900-1100",
        startsAt: "2027-03-14T13:00:00.000Z",
        endsAt: "2027-03-14T15:00:00.000Z",
      },
    ]);
  });
});
