import type { Summary } from "@fruit/core/browser/stats";
import { sweepExpiredOrders } from "@fruit/core/expiry";
import { handler } from "@fruit/functions/lambda/stream";
import { type StreamPoller, startStreamPoller } from "@fruit/local/stream-poller";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../support/api.ts";
import { createProduct, createUser } from "../support/fixtures.ts";
import { orderOf } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/** Polls the summary until `done` holds (the poller delivers every 200 ms here). */
async function summaryWhen(token: string, done: (summary: Summary) => boolean): Promise<Summary> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { status, body } = await api<Summary>("/api/orders/summary", { token });
    expect(status).toBe(200);
    if (done(body) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("dashboard aggregates over the local runtime's stream poller", () => {
  let poller: StreamPoller;
  beforeAll(async () => {
    const { tableName } = await useFreshTable("stats-poller");
    poller = await startStreamPoller({
      endpoint: inject("dynamoEndpoint"),
      tableName,
      handler,
      intervalMs: 200,
    });
  });
  afterAll(() => poller.stop());

  it("end to end over the local runtime: place an order through the API, and the summary reflects it", async () => {
    const admin = await createUser({ isAdmin: true });
    const customer = await createUser();
    const kiwi = await createProduct({ category: "Fruits", price: 12.5, countInStock: 5 });
    const placed = await api("/api/orders", {
      method: "POST",
      token: customer.token,
      // The server reprices every order; the client's figures must agree with its own.
      body: orderOf(kiwi, 2),
    });
    expect(placed.status, placed.text).toBe(201);
    const order = placed.body.order;
    const today = new Date(order.createdAt).toISOString().slice(0, 10); // the UTC day of the order

    const summary = await summaryWhen(admin.token, (s) => s.orders[0]?.numOrders === 1);
    expect(summary).toEqual({
      users: [{ numUsers: 2 }],
      orders: [{ numOrders: 1, totalSales: order.totalPrice }],
      dailyOrders: [{ _id: today, orders: 1, sales: order.totalPrice }],
      productCategories: [{ _id: "Fruits", count: 1 }],
      lowStock: [],
    });

    const removed = await api(`/api/orders/${order._id}`, { method: "DELETE", token: admin.token });
    expect(removed.status, removed.text).toBe(200);
    const after = await summaryWhen(admin.token, (s) => s.orders[0]?.numOrders === 0);
    expect(after).toMatchObject({ orders: [{ numOrders: 0, totalSales: 0 }], dailyOrders: [] });

    // An unpaid order the sweep cancels leaves the figures too, through the same stream.
    const second = await api("/api/orders", {
      method: "POST",
      token: customer.token,
      body: orderOf(kiwi, 1),
    });
    expect(second.status, second.text).toBe(201);
    await summaryWhen(admin.token, (s) => s.orders[0]?.numOrders === 1);
    const holdUntil = Date.parse(second.body.order.holdUntil);
    expect((await sweepExpiredOrders({ now: new Date(holdUntil + 1000) })).cancelled).toBe(1);
    const cancelled = await summaryWhen(admin.token, (s) => s.orders[0]?.numOrders === 0);
    expect(cancelled).toMatchObject({ orders: [{ numOrders: 0, totalSales: 0 }], dailyOrders: [] });
  });
});
