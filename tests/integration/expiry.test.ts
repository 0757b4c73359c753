import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getConfig, setConfig } from "@fruit/core/config";
import { expireOrder, type SweepReport, sweepExpiredOrders } from "@fruit/core/expiry";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { PAYMENT_GRACE_MS } from "@fruit/core/internal/orders/hold";
import { holdKind, orderPatterns, shardOf } from "@fruit/core/internal/orders/order.records";
import { ORDER_CANCELLED_MESSAGE, startPayment } from "@fruit/core/orders";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, orderOf, orderOfAnswer, place, stockOf, storedOrder } from "../support/orders.ts";
import { roundTrips } from "../support/round-trips.ts";

/**
 * Unpaid orders expire (docs/decisions/012-unpaid-orders-expire.md): the sweep cancels an order whose
 * hold ran out and returns its stock exactly once, and never races a payment into a wrong state. The
 * sweep's clock is passed in, so no test waits for a deadline.
 */
let fake: FakePaypal;
let ann: TestUser;
let admin: TestUser;

interface PlacedOrder {
  _id: string;
  createdAt: string;
  holdUntil: string;
  totalPrice: number;
}

async function newOrder(product: { _id: string; price: number }, quantity = 1): Promise<PlacedOrder> {
  const res = await place(ann, orderOf(product, quantity));
  expect(res.status, await res.clone().text()).toBe(201);
  return orderOfAnswer(res);
}

/** A moment after the order's hold ran out. */
const pastHold = (order: PlacedOrder, ms = 1000) => new Date(Date.parse(order.holdUntil) + ms);
const read = async (user: TestUser, id: string) => (await call(user, "GET", `/${id}`)).json();
const createPaypalOrder = async (id: string) => {
  const res = await call(ann, "POST", `/${id}/paypal`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
};
const pay = (id: string, paypalId: string) => call(ann, "PUT", `/${id}/pay`, { id: paypalId });
const holdOf = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: holdKind.key(id), ConsistentRead: true })))
    .Item;
const sum = (reports: SweepReport[], field: "cancelled" | "paid") =>
  reports.reduce((total, report) => total + report[field], 0);

beforeAll(async () => {
  fake = await useTableWithFakePaypal("expiry");
  [ann, admin] = await Promise.all([createUser({ name: "Ann" }), createUser({ isAdmin: true })]);
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("unpaid orders expire", () => {
  it("hold their stock for UNPAID_ORDER_MINUTES, listed as a due hold only once that time has passed", async () => {
    const kiwi = await createProduct({ countInStock: 10 });
    const order = await newOrder(kiwi, 3);
    expect(Date.parse(order.holdUntil) - Date.parse(order.createdAt)).toBe(60 * 60_000);
    expect(await read(ann, order._id)).toMatchObject({ holdUntil: order.holdUntil, isCancelled: false });
    expect(await holdOf(order._id)).toMatchObject({ orderId: order._id, holdUntil: order.holdUntil });

    const due = async (now: Date) => {
      const shard = shardOf(order._id);
      const { Items = [] } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          ...orderPatterns.holdsDueBefore(shard, now.toISOString(), 100),
        }),
      );
      return Items.map((item) => item.orderId);
    };
    expect(await due(pastHold(order, -1000))).not.toContain(order._id);
    expect(await due(pastHold(order))).toContain(order._id);
    expect(await sweepExpiredOrders({ now: pastHold(order, -1000) })).toMatchObject({ cancelled: 0 });
    expect(await stockOf(kiwi._id)).toBe(7);
  });

  it("are cancelled after it, their stock returned; the order stays visible, marked cancelled", async () => {
    const plum = await createProduct({ countInStock: 10 });
    const order = await newOrder(plum, 4);
    const now = pastHold(order);
    const report = await sweepExpiredOrders({ now });
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(report.complete).toBe(true);
    expect(await stockOf(plum._id)).toBe(10);
    const expected = { _id: order._id, isCancelled: true, cancelledAt: now.toISOString(), holdUntil: null };
    expect(await read(ann, order._id)).toMatchObject({ ...expected, isPaid: false });
    expect(await read(admin, order._id)).toMatchObject(expected);
    const mine = await (await call(ann, "GET", "/mine")).json();
    expect(mine.find((o: { _id: string }) => o._id === order._id)).toMatchObject(expected);
    const all = await (await call(admin, "GET", "")).json();
    expect(all.find((o: { _id: string }) => o._id === order._id)).toMatchObject(expected);
    expect(await holdOf(order._id)).toBeUndefined();
    // The cancellation raised the revision the stats rebuild's fences compare (decision 020).
    expect((await storedOrder(order._id)).rev).toBe(1);
  });

  it("cannot then be paid (nothing captured), delivered or cancelled again", async () => {
    const fig = await createProduct({ countInStock: 5 });
    const order = await newOrder(fig, 2);
    const paypalId = await createPaypalOrder(order._id);
    await sweepExpiredOrders({ now: pastHold(order) });

    const refused = await pay(order._id, paypalId);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(ORDER_CANCELLED_MESSAGE);
    expect(fake.calls.capture).toBe(0);
    const again = await call(ann, "POST", `/${order._id}/paypal`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ORDER_CANCELLED_MESSAGE);
    const deliver = await call(admin, "PUT", `/${order._id}/deliver`);
    expect(deliver.status).toBe(409);
    expect((await deliver.json()).message).toBe(ORDER_CANCELLED_MESSAGE);

    const cancelledAt = (await storedOrder(order._id)).cancelledAt;
    expect(await expireOrder(order._id, pastHold(order, 60_000))).toBe("skipped");
    expect((await storedOrder(order._id)).cancelledAt).toBe(cancelledAt);
    expect(await stockOf(fig._id)).toBe(5);
    expect((await read(ann, order._id)).isPaid).toBe(false);
  });

  it("return their stock exactly once under concurrent sweeps, page by page", async () => {
    const lime = await createProduct({ countInStock: 40 });
    const orders = await Promise.all(Array.from({ length: 8 }, () => newOrder(lime, 2)));
    expect(await stockOf(lime._id)).toBe(24);
    const now = pastHold(orders.reduce((last, o) => (o.holdUntil > last.holdUntil ? o : last)));
    const reports = await Promise.all(
      Array.from({ length: 5 }, () => sweepExpiredOrders({ now, pageSize: 3 })),
    );
    expect(await stockOf(lime._id)).toBe(40);
    // Other tests' due orders may be swept too; these eight were each cancelled by exactly one sweep.
    expect(sum(reports, "cancelled")).toBeGreaterThanOrEqual(8);
    for (const report of reports) expect(report).toMatchObject({ failed: 0, complete: true });
    for (const order of orders) expect((await storedOrder(order._id)).cancelledAt).toBe(now.toISOString());
    expect(await sweepExpiredOrders({ now })).toMatchObject({ cancelled: 0 });
    expect(await stockOf(lime._id)).toBe(40);
  });

  it("are read a page at a time", async () => {
    const lemon = await createProduct({ countInStock: 20 });
    const orders = [];
    for (let n = 0; n < 7; n += 1) orders.push(await newOrder(lemon, 1));
    const report = await sweepExpiredOrders({ now: pastHold(orders.at(-1)!), pageSize: 3 });
    expect(report.pages).toBeGreaterThanOrEqual(3);
    expect(report.cancelled).toBeGreaterThanOrEqual(7);
    expect(await stockOf(lemon._id)).toBe(20);
  });

  it("stop starting pages at their deadline, leaving the rest to the next run", async () => {
    const melon = await createProduct({ countInStock: 5 });
    const order = await newOrder(melon, 1);
    const report = await sweepExpiredOrders({ now: pastHold(order), stopAt: Date.now() - 1 });
    expect(report).toMatchObject({ pages: 0, cancelled: 0, complete: false });
    expect(await stockOf(melon._id)).toBe(4);
    await sweepExpiredOrders({ now: pastHold(order) });
    expect(await stockOf(melon._id)).toBe(5);
  });

  it("read the table only through queries and key reads, never a scan", async () => {
    const pear = await createProduct({ countInStock: 5 });
    const order = await newOrder(pear, 1);
    const trips = await roundTrips(() => sweepExpiredOrders({ now: pastHold(order) }));
    const used = new Set(trips.map((trip) => trip.operation));
    expect(used).toContain("Query");
    expect([...used].filter((name) => /Scan/.test(name))).toEqual([]);
    expect(await stockOf(pear._id)).toBe(5);
  });

  it("never give stock back twice when an admin deletes an expired order, or deletes one while it expires", async () => {
    const peach = await createProduct({ countInStock: 10 });
    const expired = await newOrder(peach, 3);
    await sweepExpiredOrders({ now: pastHold(expired) });
    expect(await stockOf(peach._id)).toBe(10);
    expect((await call(admin, "DELETE", `/${expired._id}`)).status).toBe(200);
    expect(await stockOf(peach._id)).toBe(10);

    for (let round = 0; round < 4; round += 1) {
      const order = await newOrder(peach, 2);
      expect(await stockOf(peach._id)).toBe(8);
      const [deleted] = await Promise.all([
        call(admin, "DELETE", `/${order._id}`),
        expireOrder(order._id, pastHold(order)),
        expireOrder(order._id, pastHold(order)),
      ]);
      expect(deleted.status).toBe(200);
      expect(await stockOf(peach._id)).toBe(10);
      expect(await holdOf(order._id)).toBeUndefined();
    }
  });

  it("drop a hold whose order is gone", async () => {
    const id = newId();
    const holdUntil = new Date(Date.now() - 60_000).toISOString();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: holdKind.item({ orderId: id, holdUntil }),
      }),
    );
    expect(await expireOrder(id)).toBe("skipped");
    expect(await holdOf(id)).toBeUndefined();
  });
});

describe("payments never race the expiry into a wrong state", () => {
  let minutes: number;
  beforeAll(() => {
    // Orders here are held for 60 ms, so a sweep "a second after the deadline" is within the grace time
    // of a payment started now.
    minutes = getConfig().unpaidOrderMinutes;
    setConfig({ ...getConfig(), unpaidOrderMinutes: 0.001 });
  });
  afterAll(() => setConfig({ ...getConfig(), unpaidOrderMinutes: minutes }));

  it("a payment started before the sweep keeps the order: it is not expired, then paid", async () => {
    const mango = await createProduct({ countInStock: 5 });
    const order = await newOrder(mango, 2);
    const paypalId = await createPaypalOrder(order._id);
    await startPayment(order._id, paypalId); // as the pay request does just before it captures
    expect(await expireOrder(order._id, new Date(Date.now() + 1000))).toBe("skipped");
    expect(await stockOf(mango._id)).toBe(3);
    const paid = await pay(order._id, paypalId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ isPaid: true, isCancelled: false, holdUntil: null });
    expect(fake.calls.capture).toBe(1);
    expect(await holdOf(order._id)).toBeUndefined();
    expect(await sweepExpiredOrders({ now: new Date(Date.now() + PAYMENT_GRACE_MS * 2) })).toMatchObject({
      failed: 0,
    });
    expect(await stockOf(mango._id)).toBe(3);
    expect((await storedOrder(order._id)).cancelledAt).toBeUndefined();
  });

  it("a payment captured but never recorded (the request died) is recorded by the sweep, not cancelled", async () => {
    const guava = await createProduct({ countInStock: 5 });
    const order = await newOrder(guava, 1);
    const paypalId = await createPaypalOrder(order._id);
    await startPayment(order._id, paypalId);
    const paypalOrder = fake.orders.get(paypalId)!;
    paypalOrder.status = "COMPLETED"; // PayPal took the money; our answer was lost
    paypalOrder.captureId = "CAPLOST";
    expect(await expireOrder(order._id, new Date(Date.now() + PAYMENT_GRACE_MS + 1000))).toBe("paid");
    expect(await read(ann, order._id)).toMatchObject({ isPaid: true, isCancelled: false });
    expect(await stockOf(guava._id)).toBe(4);
  });

  it("a payment started long ago that captured nothing no longer holds the order", async () => {
    const date = await createProduct({ countInStock: 5 });
    const order = await newOrder(date, 1);
    const paypalId = await createPaypalOrder(order._id);
    await startPayment(order._id, paypalId);
    expect(await expireOrder(order._id, new Date(Date.now() + PAYMENT_GRACE_MS + 1000))).toBe("cancelled");
    expect(await stockOf(date._id)).toBe(5);
    const refused = await pay(order._id, paypalId);
    expect(refused.status).toBe(409);
    expect(fake.calls.capture).toBe(0);
  });

  it("a sweep first refuses the payment with a 4xx and captures nothing", async () => {
    const apricot = await createProduct({ countInStock: 5 });
    const order = await newOrder(apricot, 2);
    const paypalId = await createPaypalOrder(order._id);
    expect(await expireOrder(order._id, pastHold(order))).toBe("cancelled");
    const refused = await pay(order._id, paypalId);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(ORDER_CANCELLED_MESSAGE);
    expect(fake.calls.capture).toBe(0);
    expect(fake.orders.get(paypalId)?.status).toBe("APPROVED");
    expect(await stockOf(apricot._id)).toBe(5);
  });

  it("racing each other, end either paid with its stock taken or cancelled with nothing captured", async () => {
    const cherry = await createProduct({ countInStock: 100 });
    let expectedStock = 100;
    for (let round = 0; round < 12; round += 1) {
      const order = await newOrder(cherry, 3);
      const paypalId = await createPaypalOrder(order._id);
      const capturesBefore = fake.calls.capture;
      // The sweep starts a little later each round, so the two meet at every step of the payment.
      const sweepLater = new Promise((resolve) => setTimeout(resolve, round * 5)).then(() =>
        expireOrder(order._id, new Date(Date.now() + 1000)),
      );
      const [payment] = await Promise.all([pay(order._id, paypalId), sweepLater]);
      const stored = await storedOrder(order._id);
      const captured = fake.calls.capture - capturesBefore;
      if (stored.isPaid === true) {
        expect(payment.status).toBe(200);
        expect(stored.cancelledAt).toBeUndefined();
        expect(captured).toBe(1);
        expectedStock -= 3;
      } else {
        expect(payment.status).toBe(409);
        expect(stored.cancelledAt).toBeDefined();
        expect(captured).toBe(0);
        expect(fake.orders.get(paypalId)?.status).toBe("APPROVED");
      }
      expect(await stockOf(cherry._id)).toBe(expectedStock);
    }
  });
});
