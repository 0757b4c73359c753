import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { sweepExpiredOrders } from "@fruit/core/expiry";
import { type FakeClock, useFakeClock } from "@fruit/core/internal/clock";
import { db, tableName } from "@fruit/core/internal/db/client";
import { orderStore } from "@fruit/core/internal/orders/order.store";
import { addDays, localDate } from "@fruit/core/internal/slots/zoned-time";
import { isSubscriptionDate } from "@fruit/core/internal/subscriptions/dates";
import { subscriptionStore } from "@fruit/core/internal/subscriptions/subscription.store";
import * as products from "@fruit/core/products";
import { openWeek, reconcileSubscriptions } from "@fruit/core/subscriptions";
import { app } from "@fruit/functions/api/index";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, json, stockOf, storedOrder } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Subscriptions — standing weekly orders (docs/decisions/051-standing-orders.md): the API, each
 * week's order placed once through the placement transaction, skips up to the cut-off decided by the
 * server's clock, the harvest forecast, and exactly one order per subscription and date through
 * crashes, duplicate schedules and a stopped scheduler. Time is the clock's (core's clock.ts), set
 * by the tests, never waited for.
 */

const ZONE = "America/Toronto";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Tuesday 10:00–12:00, its cut-off the day before at 10:00; weeks open 72 h before the cut-off. */
const TUESDAY = { weekday: 2, start: "10:00", end: "12:00" };
const rules = {
  timeZone: ZONE,
  bookingDays: 28,
  windows: [{ ...TUESDAY, capacity: 10_000, cutoffMinutes: 24 * 60 }],
  closedDates: [] as string[],
};

let clock: FakeClock;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;
/** The next Tuesday at least 8 days after the real today (so every test starts before its opening). */
let firstTuesday: string;

beforeAll(async () => {
  await useFreshTable("subscriptions");
  [ann, bob, admin] = await Promise.all([
    createUser({ name: "Ann" }),
    createUser({ name: "Bob" }),
    createUser({ isAdmin: true, name: "Root" }),
  ]);
  const res = await app.request("/api/delivery/rules", json(admin, "PUT", rules));
  expect(res.status, await res.clone().text()).toBe(200);
  let date = addDays(localDate(new Date(), ZONE), 8);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 2) date = addDays(date, 1);
  firstTuesday = date;
});

beforeEach(() => {
  clock = useFakeClock(Date.now());
});
afterEach(() => {
  clock.restore();
  vi.restoreAllMocks();
});
afterAll(() => clock?.restore());

const api = (user: TestUser | undefined, method: string, path: string, body?: unknown) =>
  app.request(`/api/subscriptions${path}`, json(user, method, body));

/** The instant of a Toronto wall-clock time (the tests stay clear of the repeated hour). */
const torontoTime = (date: string, time: string) => {
  const guess = Date.parse(`${date}T${time}:00Z`);
  for (const offset of [4, 5]) {
    const at = guess + offset * HOUR;
    if (
      localDate(new Date(at), ZONE) === date &&
      new Intl.DateTimeFormat("en-GB", {
        timeZone: ZONE,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(new Date(at)) === time
    )
      return at;
  }
  throw new Error(`no ${time} on ${date} in ${ZONE}`);
};
/** A Tuesday's cut-off (Monday 10:00) and opening (72 h before it). */
const cutoffOf = (tuesday: string) => torontoTime(addDays(tuesday, -1), "10:00");
const opensOf = (tuesday: string) => cutoffOf(tuesday) - 72 * HOUR;

async function subscribe(
  user: TestUser,
  items: { _id: string; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  const res = await api(user, "POST", "", {
    items,
    window: TUESDAY,
    every: 1,
    startsOn: firstTuesday,
    shippingAddress: address,
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Every stored order item of the table (all pages). */
async function allOrders(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "sk = :o",
        ExpressionAttributeValues: { ":o": "ORDER" },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const ordersOf = async (subscriptionId: string, date?: string) =>
  (await allOrders()).filter((order) => {
    const sub = order.subscription as { id: string; date: string } | undefined;
    return sub?.id === subscriptionId && (date === undefined || sub.date === date);
  });

/** Sets the clock to `at` and runs the reconcile pass as the schedule would. */
async function tick(at: number) {
  clock.set(at);
  return reconcileSubscriptions({ now: new Date(at) });
}

describe("the subscription API", () => {
  it("creates a subscription with its next box, and refuses a window the rules do not have", async () => {
    const kiwi = await createProduct({ price: 4, countInStock: 50 });
    const sub = await subscribe(ann, [{ _id: kiwi._id, quantity: 2 }]);
    expect(sub).toMatchObject({
      status: "active",
      items: [{ _id: kiwi._id, quantity: 2, substitute: "no" }],
      window: TUESDAY,
      every: 1,
      startsOn: firstTuesday,
      endsOn: null,
      shippingAddress: address,
      next: {
        date: firstTuesday,
        cutoffAt: new Date(cutoffOf(firstTuesday)).toISOString(),
        opensAt: new Date(opensOf(firstTuesday)).toISOString(),
      },
    });
    expect(sub.next.estimatedTotal).toBeGreaterThanOrEqual(8);

    const wrong = await api(ann, "POST", "", {
      items: [{ _id: kiwi._id, quantity: 1 }],
      window: { weekday: 3, start: "10:00", end: "12:00" },
      every: 1,
      startsOn: firstTuesday,
      shippingAddress: address,
    });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ code: "WINDOW_NOT_OFFERED" });
  });

  it("validates the items as placement does: known products, whole steps", async () => {
    const melon = await createProduct({ unit: "piece", step: 2, countInStock: 10 });
    const body = (items: unknown) => ({
      items,
      window: TUESDAY,
      every: 2,
      startsOn: firstTuesday,
      shippingAddress: address,
    });
    const unknown = await api(ann, "POST", "", body([{ _id: "01J000000000000000000000ZZ", quantity: 1 }]));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "UNKNOWN_PRODUCT" });
    const steps = await api(ann, "POST", "", body([{ _id: melon._id, quantity: 3 }]));
    expect(steps.status).toBe(400);
    expect(await steps.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "items.0.quantity" });
    const anonymous = await api(undefined, "POST", "", body([{ _id: melon._id, quantity: 2 }]));
    expect(anonymous.status).toBe(401);
  });

  it("reads: mine, one for its owner or an admin, the admin's pages", async () => {
    const plum = await createProduct({ countInStock: 10 });
    const sub = await subscribe(bob, [{ _id: plum._id, quantity: 1 }]);
    const mine = await (await api(bob, "GET", "/mine")).json();
    expect(mine.map((s: { _id: string }) => s._id)).toContain(sub._id);
    expect((await api(bob, "GET", `/${sub._id}`)).status).toBe(200);
    expect((await api(ann, "GET", `/${sub._id}`)).status).toBe(404);
    expect((await api(admin, "GET", `/${sub._id}`)).status).toBe(200);
    expect((await api(bob, "GET", "")).status).toBe(403);
    const page = await api(admin, "GET", "?limit=1");
    expect(page.status).toBe(200);
    expect(await page.json()).toHaveLength(1);
    expect(page.headers.get("Link")).toMatch(/cursor=/);
  });

  it("changes, pauses and cancels; a cancelled subscription changes no more and places nothing", async () => {
    const pear = await createProduct({ countInStock: 10 });
    const sub = await subscribe(ann, [{ _id: pear._id, quantity: 1 }]);
    const paused = await api(ann, "PUT", `/${sub._id}`, {
      items: [{ _id: pear._id, quantity: 3 }],
      pausedUntil: addDays(firstTuesday, 14),
    });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({
      status: "paused",
      items: [{ quantity: 3 }],
      next: { date: addDays(firstTuesday, 14) },
    });
    const cancelled = await api(ann, "DELETE", `/${sub._id}`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", next: null });
    const again = await api(ann, "PUT", `/${sub._id}`, { every: 2 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "SUBSCRIPTION_CANCELLED" });
    const week = addDays(firstTuesday, 14);
    await tick(opensOf(week));
    expect(await ordersOf(sub._id)).toEqual([]);
    expect(await subscriptionStore.getOccurrence(sub._id, week)).toBeUndefined();
  });
});

describe("skips, decided by the server's clock", () => {
  it("accepts a skip at the cut-off minus 1 s and refuses it at the cut-off; takes it back before", async () => {
    const fig = await createProduct({ countInStock: 10 });
    const sub = await subscribe(ann, [{ _id: fig._id, quantity: 1 }]);
    const week = addDays(firstTuesday, 7);
    clock.set(cutoffOf(week) - 1000);
    // The week is open by then: its order is placed first, so the skip withdraws it.
    await openWeek(sub._id, week);
    const [order] = await ordersOf(sub._id, week);
    expect(order).toBeDefined();
    const skipped = await api(ann, "POST", `/${sub._id}/skips`, { date: week });
    expect(skipped.status, await skipped.clone().text()).toBe(201);
    expect((await skipped.json()).skips).toContain(week);
    expect(await storedOrder(String(order?.id))).toMatchObject({
      isCancelled: true,
      seatFreedAt: expect.any(String),
    });
    expect(await stockOf(fig._id)).toBe(10);
    // Taken back before the cut-off: placed again at once.
    const back = await api(ann, "DELETE", `/${sub._id}/skips/${week}`);
    expect(back.status).toBe(200);
    expect((await ordersOf(sub._id, week)).filter((o) => o.isCancelled !== true)).toHaveLength(1);

    const later = addDays(week, 7);
    clock.set(cutoffOf(later));
    const refused = await api(ann, "POST", `/${sub._id}/skips`, { date: later });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "CUTOFF_PASSED" });
    const notADate = await api(ann, "POST", `/${sub._id}/skips`, { date: addDays(later, 8) });
    expect(notADate.status).toBe(409);
    expect(await notADate.json()).toMatchObject({ code: "NOT_A_DELIVERY_DATE" });
  });
});

describe("each week's order", () => {
  it("is placed once when the week opens, capped in whole steps, held until the cut-off, reminded, then expired", async () => {
    const apple = await createProduct({ price: 3, countInStock: 2.5, unit: "kg", step: 0.5 });
    const gone = await createProduct({ price: 2, countInStock: 0 });
    const sub = await subscribe(ann, [
      { _id: apple._id, quantity: 4 },
      { _id: gone._id, quantity: 1 },
    ]);
    const week = firstTuesday;
    await tick(opensOf(week) - 1000);
    expect(await ordersOf(sub._id, week)).toEqual([]);
    // Two schedules at once, then a redelivered one: one order.
    await Promise.all([tick(opensOf(week)), reconcileSubscriptions({ now: new Date(opensOf(week)) })]);
    await tick(opensOf(week) + HOUR);
    const orders = await ordersOf(sub._id, week);
    expect(orders).toHaveLength(1);
    const order = orders[0] as Record<string, unknown>;
    expect(order).toMatchObject({
      subscription: { id: sub._id, date: week },
      holdUntil: new Date(cutoffOf(week)).toISOString(),
      orderItems: [{ productId: apple._id, quantity: 2500 }],
      changes: [
        { productId: apple._id, wanted: 4000, given: 2500 },
        { productId: gone._id, wanted: 1000, given: 0 },
      ],
      deliverySlot: { date: week, start: "10:00", end: "12:00" },
    });
    expect(await stockOf(apple._id)).toBe(0);
    const answered = await (await app.request(`/api/orders/${order.id}`, json(ann, "GET"))).json();
    expect(answered).toMatchObject({
      subscription: { _id: sub._id, date: week },
      changes: [
        { _id: apple._id, wanted: 4, given: 2.5 },
        { _id: gone._id, wanted: 1, given: 0 },
      ],
    });
    // Not expired by UNPAID_ORDER_MINUTES: held until the cut-off.
    expect(await sweepExpiredOrders({ now: new Date(opensOf(week) + 2 * HOUR) })).toMatchObject({
      cancelled: 0,
    });
    // 12 hours before the cut-off, still unpaid: its reminder is asked for, once.
    await tick(cutoffOf(week) - 13 * HOUR);
    expect((await storedOrder(String(order.id))).boxReminderAt).toBeUndefined();
    await tick(cutoffOf(week) - 12 * HOUR);
    const reminded = (await storedOrder(String(order.id))).boxReminderAt;
    expect(reminded).toBe(new Date(cutoffOf(week) - 12 * HOUR).toISOString());
    await tick(cutoffOf(week) - 11 * HOUR);
    expect((await storedOrder(String(order.id))).boxReminderAt).toBe(reminded);
    // Unpaid at the cut-off: the existing sweep cancels it, stock back once.
    const swept = await sweepExpiredOrders({ now: new Date(cutoffOf(week) + 1000) });
    expect(swept.cancelled).toBeGreaterThanOrEqual(1);
    expect(await storedOrder(String(order.id))).toMatchObject({ isCancelled: true });
    expect(await stockOf(apple._id)).toBe(2.5);
    await sweepExpiredOrders({ now: new Date(cutoffOf(week) + HOUR) });
    expect(await stockOf(apple._id)).toBe(2.5);
  });

  it("places nothing in a week when nothing is available, and an unavailable item returns when restocked", async () => {
    const cherry = await createProduct({ countInStock: 0 });
    const sub = await subscribe(bob, [{ _id: cherry._id, quantity: 1 }]);
    const week = addDays(firstTuesday, 7);
    await tick(opensOf(week));
    expect(await subscriptionStore.getOccurrence(sub._id, week)).toMatchObject({ status: "empty" });
    expect(await ordersOf(sub._id)).toEqual([]);
    await products.update(cherry._id, { countInStock: 5 });
    const next = addDays(week, 7);
    await tick(opensOf(next));
    expect(await ordersOf(sub._id, next)).toEqual([
      expect.objectContaining({
        orderItems: [expect.objectContaining({ productId: cherry._id, quantity: 1000 })],
      }),
    ]);
  });

  it("the forecast counts the weeks not yet opened and then equals the sum of the occurrences", async () => {
    const grape = await createProduct({ name: "Forecast grapes", countInStock: 1000 });
    const week = addDays(firstTuesday, 21);
    const subs = [
      await subscribe(ann, [{ _id: grape._id, quantity: 2 }], { startsOn: week }),
      await subscribe(bob, [{ _id: grape._id, quantity: 3 }], { startsOn: week }),
      await subscribe(bob, [{ _id: grape._id, quantity: 5 }], { startsOn: week }),
    ];
    await api(bob, "POST", `/${subs[2]._id}/skips`, { date: week });
    const forecast = async () => {
      const res = await app.request("/api/delivery/forecast?weeks=4", json(admin, "GET"));
      expect(res.status).toBe(200);
      const days = (await res.json()) as { date: string; products: { _id: string; quantity: number }[] }[];
      return days.find((day) => day.date === week)?.products.find((p) => p._id === grape._id)?.quantity;
    };
    clock.set(opensOf(week) - DAY);
    expect(await forecast()).toBe(5);
    await tick(opensOf(week));
    const placed = (await allOrders()).filter(
      (o) => (o.subscription as { date?: string } | undefined)?.date === week && o.isCancelled !== true,
    );
    const sum = placed
      .flatMap((o) => o.orderItems as { productId: string; quantity: number }[])
      .filter((line) => line.productId === grape._id)
      .reduce((total, line) => total + line.quantity / 1000, 0);
    expect(sum).toBe(5);
    expect(await forecast()).toBe(sum);
    expect((await app.request("/api/delivery/forecast", json(ann, "GET"))).status).toBe(403);
  });
});

/** Size of the long run: SUBSCRIPTION_WEEKS × SUBSCRIPTION_COUNT (README, "Tests"). */
const sizeOf = (name: string, ciDefault: number) => {
  const given = Number(process.env[name] ?? "");
  return Number.isInteger(given) && given > 0 ? given : ciDefault;
};

describe("exactly one order per subscription and date", () => {
  const weeks = sizeOf("SUBSCRIPTION_WEEKS", 2);
  const count = sizeOf("SUBSCRIPTION_COUNT", 5);

  it(`holds over ${weeks} weeks × ${count} subscriptions with crashes, duplicate schedules and a stopped scheduler`, async () => {
    const start = addDays(firstTuesday, 35);
    const stock = await createProduct({ name: "Long-run apples", countInStock: 1000 });
    const created: { _id: string; every: number; startsOn: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const every = i % 3 === 0 ? 2 : 1;
      const startsOn = addDays(start, (i % 4) - 2);
      created.push(
        await subscribe(i % 2 === 0 ? ann : bob, [{ _id: stock._id, quantity: 1 }], { every, startsOn }),
      );
    }
    // Crashes: some placements die before their transaction, some after it committed.
    let n = 0;
    const place = orderStore.place;
    vi.spyOn(orderStore, "place").mockImplementation(async (placement) => {
      n += 1;
      if (n % 7 === 0) throw new Error("crash before the transaction");
      const outcome = await place(placement);
      if (n % 5 === 0) throw new Error("crash after the transaction");
      return outcome;
    });
    // The schedule: every 12 hours, a duplicate delivery every third run, and a day without a run
    // in the second week.
    const first = opensOf(start) - DAY;
    const last = cutoffOf(addDays(start, 7 * (weeks - 1)));
    const stoppedFrom = first + 7 * DAY;
    let run = 0;
    for (let at = first; at < last; at += 12 * HOUR) {
      run += 1;
      if (at >= stoppedFrom && at < stoppedFrom + DAY) continue;
      const runs = [tick(at)];
      if (run % 3 === 0) runs.push(reconcileSubscriptions({ now: new Date(at) }));
      await Promise.all(runs);
    }
    vi.restoreAllMocks();
    // Every week due in the span: exactly one order (a cancelled one still is the week's one order).
    const orders = await allOrders();
    let missing = 0;
    let duplicates = 0;
    for (const { _id } of created) {
      const sub = await subscriptionStore.get(_id);
      for (let i = 0; i < weeks; i += 1) {
        const date = addDays(start, 7 * i);
        const placed = orders.filter((o) => {
          const s = o.subscription as { id: string; date: string } | undefined;
          return s?.id === _id && s.date === date;
        });
        if (placed.length > 1) duplicates += 1;
        if (sub && isSubscriptionDate(sub, date) && placed.length === 0) missing += 1;
      }
    }
    expect({ missing, duplicates }).toEqual({ missing: 0, duplicates: 0 });
  });
});
