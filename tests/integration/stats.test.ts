import { spawnSync } from "node:child_process";
import { DeleteCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { Config } from "@fruit/core/config";
import { db, tableName } from "@fruit/core/internal/db/client";
import { statsKeys } from "@fruit/core/internal/stats/stats.records";
import { sink } from "@fruit/core/log";
import { readSummary, rebuildStats } from "@fruit/core/stats";
import { app } from "@fruit/functions/api/index";
import { applyStreamRecords, handler } from "@fruit/functions/lambda/stream";
import type { DynamoDBRecord } from "aws-lambda";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createUser } from "../support/fixtures.ts";
import { orderItem, productItem, StreamRecorder, streamRecord, userItem } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/** One shard for the whole file: each test has a fresh table, so a fresh checkpoint. */
const SHARD = {
  shardId: "shardId-test",
  eventSourceARN: "arn:aws:dynamodb:us-east-1:1:table/t/stream/x",
  state: {},
};
const deliver = async (...records: DynamoDBRecord[]) => {
  const { state, ...response } = await handler({ Records: records, ...SHARD });
  expect(state).toEqual({});
  return response;
};
const empty = {
  users: [{ numUsers: 0 }],
  orders: [{ numOrders: 0, totalSales: 0 }],
  dailyOrders: [],
  productCategories: [],
};

let config: Config;
let recorder: StreamRecorder;
beforeEach(async () => {
  config = await useFreshTable("stats");
  recorder = new StreamRecorder();
});

describe("GET /api/orders/summary", () => {
  it("answers 401 without a token, 403 to customers, and zeros to an admin before anything is counted", async () => {
    const customer = await createUser();
    const admin = await createUser({ isAdmin: true });
    expect((await app.request("/api/orders/summary")).status).toBe(401);
    const forbidden = await app.request("/api/orders/summary", { headers: customer.auth });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Invalid Admin Token", code: "FORBIDDEN" });
    const res = await app.request("/api/orders/summary", { headers: admin.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // The figures, and the "Running low" list (kept by the mail subscriber, which does not run here).
    expect(await res.json()).toEqual({ ...empty, lowStock: [] });
  });

  it("reports users, orders and sales per UTC day, and products per category, in dollars", async () => {
    const admin = await createUser({ isAdmin: true });
    const records = [
      await recorder.put(userItem(admin._id, true)),
      await recorder.put(userItem()),
      await recorder.put(productItem("Fruits")),
      await recorder.put(productItem("Vegetables")),
      await recorder.put(productItem("Fruits")),
      // 23:30 at UTC-2 is already the next day in UTC.
      await recorder.put(orderItem(1234, "2026-01-01T23:30:00-02:00")),
      await recorder.put(orderItem(1001, "2026-01-02T08:00:00.000Z")),
      await recorder.put(orderItem(5, "2025-12-31T12:00:00.000Z")),
    ];
    expect(await deliver(...records)).toEqual({ batchItemFailures: [] });
    const res = await app.request("/api/orders/summary", { headers: admin.auth });
    expect(await res.json()).toEqual({
      users: [{ numUsers: 2 }],
      orders: [{ numOrders: 3, totalSales: 22.4 }],
      dailyOrders: [
        { _id: "2025-12-31", orders: 1, sales: 0.05 },
        { _id: "2026-01-02", orders: 2, sales: 22.35 },
      ],
      productCategories: [
        { _id: "Fruits", count: 2 },
        { _id: "Vegetables", count: 1 },
      ],
      lowStock: [],
    });
  });
});

describe("the stream handler", () => {
  it("applies a redelivered record once: the shard's checkpoint covers it, and expires after 48 hours", async () => {
    const order = await recorder.put(orderItem(700, "2026-03-01T10:00:00.000Z"));
    const user = await recorder.put(userItem());
    await deliver(order, user);
    await deliver(order, user);
    await deliver(user);
    expect(await readSummary()).toMatchObject({
      users: [{ numUsers: 1 }],
      orders: [{ numOrders: 1, totalSales: 7 }],
    });
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: statsKeys.checkpoint(SHARD.shardId),
        ConsistentRead: true,
      }),
    );
    expect(Item?.sequenceNumber).toBe(user.dynamodb?.SequenceNumber?.padStart(40, "0"));
    const hours = ((Item?.expiresAt as number) - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it("refuses an event that names no shard (a mapping without a tumbling window): nothing counts, every record fails", async () => {
    const order = await recorder.put(orderItem(700, "2026-03-01T10:00:00.000Z"));
    const user = await recorder.put(userItem());
    const logged: unknown[] = [];
    const write = vi.spyOn(sink, "write").mockImplementation((_level, line) => void logged.push(line));
    try {
      expect(await handler({ Records: [order, user] })).toEqual({
        batchItemFailures: [{ itemIdentifier: order.dynamodb?.SequenceNumber }],
      });
    } finally {
      write.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain("tumbling window");
    expect(await readSummary()).toEqual(empty);
    // Once the mapping names its shard, the same records count, once.
    expect(await deliver(order, user)).toEqual({ batchItemFailures: [] });
    expect(await readSummary()).toMatchObject({ users: [{ numUsers: 1 }], orders: [{ numOrders: 1 }] });
  });

  it("subtracts on REMOVE, moves one count on a category change, and ignores other changes", async () => {
    const apple = productItem("Fruits");
    const order = orderItem(999, "2026-03-02T10:00:00.000Z");
    const user = userItem();
    await deliver(await recorder.put(apple), await recorder.put(order), await recorder.put(user));
    await deliver(
      await recorder.update(apple, { category: "Vegetables" }),
      await recorder.update(apple, { name: "Renamed", countInStock: 1 }),
      await recorder.update(order, { isPaid: true, paidAt: new Date().toISOString() }),
      await recorder.update(user, { isAdmin: true }),
    );
    expect(await readSummary()).toEqual({
      users: [{ numUsers: 1 }],
      orders: [{ numOrders: 1, totalSales: 9.99 }],
      dailyOrders: [{ _id: "2026-03-02", orders: 1, sales: 9.99 }],
      productCategories: [{ _id: "Vegetables", count: 1 }],
    });
    await deliver(await recorder.remove(order), await recorder.remove(apple), await recorder.remove(user));
    expect(await readSummary()).toEqual(empty);
  });

  it("ignores records of items it does not count (reviews, checkpoints, aggregates)", async () => {
    const review = {
      pk: "PRODUCT#01J0000000000000000000000Z",
      sk: "REVIEW#01J0000000000000000000000Y",
      rating: 5,
    };
    const checkpoint = { ...statsKeys.checkpoint("shardId-other"), sequenceNumber: "1".padStart(40, "0") };
    const response = await deliver(
      streamRecord("INSERT", { pk: review.pk, sk: review.sk }, undefined, review),
      streamRecord("INSERT", statsKeys.checkpoint("shardId-other"), undefined, checkpoint),
      streamRecord("MODIFY", statsKeys.totals, { ...statsKeys.totals }, { ...statsKeys.totals, numUsers: 9 }),
    );
    expect(response).toEqual({ batchItemFailures: [] });
    expect(await readSummary()).toEqual(empty);
  });

  it("stops at the first failing record and reports exactly its sequence number", async () => {
    const first = await recorder.put(orderItem(100, "2026-03-03T10:00:00.000Z"));
    const malformed = streamRecord("INSERT", orderItem(1, "x"), undefined, { ...orderItem(1, "not a date") });
    const after = await recorder.put(userItem());
    const response = await deliver(first, malformed, after);
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: malformed.dynamodb?.SequenceNumber }] });
    // The record before the failure counted; the one after it waits for the redelivery.
    expect(await readSummary()).toMatchObject({
      users: [{ numUsers: 0 }],
      orders: [{ numOrders: 1, totalSales: 1 }],
    });
  });
});

describe("the stream handler, per batch", () => {
  it("applies a batch larger than one transaction exactly, and a repeated eventID within a batch once", async () => {
    const records = [];
    for (let i = 0; i < 230; i++)
      records.push(await recorder.put(orderItem(100 + i, `2026-05-0${1 + (i % 3)}T10:00:00.000Z`)));
    const user = await recorder.put(userItem());
    expect(await deliver(...records, user, user)).toEqual({ batchItemFailures: [] });
    expect(await deliver(records[5]!, user, records[200]!)).toEqual({ batchItemFailures: [] });
    const sales = records.reduce((sum, _, i) => sum + 100 + i, 0);
    const summary = await readSummary();
    expect(summary.users).toEqual([{ numUsers: 1 }]);
    expect(summary.orders).toEqual([{ numOrders: 230, totalSales: sales / 100 }]);
    expect(summary.dailyOrders.map((day) => day.orders)).toEqual([77, 77, 76]);
  });

  it("commits the transactions before a failing one, reports that one's first record, and the retry completes the figures", async () => {
    // One order per day from 2026-01-01: every order touches a counter item of its own.
    const dayOf = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    const first = [];
    for (let i = 0; i < 120; i++) first.push(await recorder.put(orderItem(100, `${dayOf(i)}T10:00:00.000Z`)));
    const odd = await recorder.put(orderItem(500, "2026-06-02T10:00:00.000Z"));
    const last = await recorder.put(orderItem(100, "2026-01-01T10:00:00.000Z"));
    // A day item whose counter is not a number: the ADD of the transaction touching it is refused.
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...statsKeys.day("2026-06-02"), orders: "x" } }),
    );
    const batch = [...first, odd, last];
    const response = await deliver(...batch);
    // TOTALS + 98 days + the checkpoint fill the first transaction; the second holds record 98 on.
    expect(response).toEqual({
      batchItemFailures: [{ itemIdentifier: first[98]?.dynamodb?.SequenceNumber }],
    });
    // The summary refuses to read the malformed day item (a StoredItemError): read the totals alone.
    await expect(readSummary()).rejects.toThrow(
      "Stored stats counter item STATS / DAY#2026-06-02 is malformed",
    );
    const { Item: totals } = await db().send(
      new GetCommand({ TableName: tableName(), Key: statsKeys.totals, ConsistentRead: true }),
    );
    expect(totals).toMatchObject({ numOrders: 98, salesCents: 9800 });
    const { Item: checkpoint } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: statsKeys.checkpoint(SHARD.shardId),
        ConsistentRead: true,
      }),
    );
    expect(checkpoint?.sequenceNumber).toBe(first[97]?.dynamodb?.SequenceNumber?.padStart(40, "0"));

    await db().send(new DeleteCommand({ TableName: tableName(), Key: statsKeys.day("2026-06-02") }));
    expect(await deliver(...batch.slice(98))).toEqual({ batchItemFailures: [] });
    expect(await deliver(...batch)).toEqual({ batchItemFailures: [] }); // a whole redelivery changes nothing
    const summary = await readSummary();
    expect(summary.orders).toEqual([{ numOrders: 122, totalSales: 126 }]);
    expect(summary.dailyOrders).toHaveLength(121);
    expect(summary.dailyOrders[0]).toEqual({ _id: "2026-01-01", orders: 2, sales: 2 });
    expect(summary.dailyOrders.find((day) => day._id === "2026-06-02")).toEqual({
      _id: "2026-06-02",
      orders: 1,
      sales: 5,
    });
  });

  it("spans transactions after a checkpoint with small limits, each raising it to its own last record", async () => {
    const records = [];
    for (let i = 0; i < 12; i++)
      records.push(
        await recorder.put(orderItem(100, `2026-05-${String(1 + i).padStart(2, "0")}T10:00:00.000Z`)),
      );
    const transactions: unknown[] = [];
    const name = "count-stats-transactions";
    db().middlewareStack.add(
      (next) => async (args) => {
        const items = (args.input as { TransactItems?: unknown[] }).TransactItems;
        if (items) transactions.push(items);
        return next(args);
      },
      { step: "initialize", name },
    );
    try {
      // 5 actions: TOTALS + 3 days + the checkpoint.
      const options = { shardId: SHARD.shardId, maxActions: 5 };
      expect(await applyStreamRecords(records, options)).toEqual({ batchItemFailures: [] });
      expect(await applyStreamRecords(records, options)).toEqual({ batchItemFailures: [] });
    } finally {
      db().middlewareStack.remove(name);
    }
    expect(transactions.map((items) => (items as unknown[]).length)).toEqual([5, 5, 5, 5]);
    expect((await readSummary()).orders).toEqual([{ numOrders: 12, totalSales: 12 }]);
  });
});

describe("the stream handler, tumbling-window events", () => {
  it("applies a batch after its shard's checkpoint, answers an empty state, and skips what the checkpoint covers", async () => {
    const shardId = `shardId-${Date.now()}`;
    const window = { shardId, eventSourceARN: "arn:aws:dynamodb:us-east-1:1:table/t/stream/x", state: {} };
    const a = await recorder.put(orderItem(300, "2026-07-01T10:00:00.000Z"));
    const b = await recorder.put(orderItem(200, "2026-07-01T11:00:00.000Z"));
    const c = await recorder.put(userItem());
    expect(await handler({ Records: [a, b], ...window })).toEqual({ batchItemFailures: [], state: {} });
    // A redelivery from a (a bisected half, a retry) and the batch after it.
    expect(await handler({ Records: [a, b, c], ...window })).toEqual({ batchItemFailures: [], state: {} });
    expect(await readSummary()).toMatchObject({
      users: [{ numUsers: 1 }],
      orders: [{ numOrders: 2, totalSales: 5 }],
    });
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: statsKeys.checkpoint(shardId), ConsistentRead: true }),
    );
    expect(Item?.sequenceNumber).toBe(c.dynamodb?.SequenceNumber?.padStart(40, "0"));
    const hours = ((Item?.expiresAt as number) - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(47.9);
  });

  it("keeps one checkpoint per shard, and answers the window's final invocation", async () => {
    const other = { shardId: `shardId-other-${Date.now()}`, eventSourceARN: "arn", state: {} };
    const a = await recorder.put(orderItem(300, "2026-08-01T10:00:00.000Z"));
    const b = await recorder.put(orderItem(200, "2026-08-01T11:00:00.000Z"));
    const c = await recorder.put(orderItem(100, "2026-08-01T12:00:00.000Z"));
    expect(await deliver(a, c)).toEqual({ batchItemFailures: [] });
    // b comes from another shard: the first shard's checkpoint (past it) does not skip it.
    expect(await handler({ Records: [b], ...other })).toEqual({ batchItemFailures: [], state: {} });
    expect(await handler({ Records: [b], ...other })).toEqual({ batchItemFailures: [], state: {} });
    expect(await handler({ Records: [], ...other, isFinalInvokeForWindow: true })).toEqual({
      batchItemFailures: [],
      state: {},
    });
    expect((await readSummary()).orders).toEqual([{ numOrders: 3, totalSales: 6 }]);
  });

  it("compares sequence numbers as numbers, not strings: a longer one is later", async () => {
    const shardId = `shardId-long-${Date.now()}`;
    const window = { shardId, eventSourceARN: "arn", state: {} };
    const first = await recorder.put(userItem());
    const second = await recorder.put(userItem());
    first.dynamodb!.SequenceNumber = "900000000000000000000"; // 21 digits
    second.dynamodb!.SequenceNumber = "1000000000000000000000"; // 22 digits: "1..." < "9..." as strings
    expect(await handler({ Records: [first], ...window })).toMatchObject({ batchItemFailures: [] });
    expect(await handler({ Records: [second], ...window })).toMatchObject({ batchItemFailures: [] });
    expect((await readSummary()).users).toEqual([{ numUsers: 2 }]);
  });
});

describe("rebuildStats", () => {
  it("recomputes the figures from the table and deletes stale aggregate items", async () => {
    const records = [
      await recorder.put(userItem()),
      await recorder.put(productItem("Nuts")),
      await recorder.put(orderItem(2500, "2026-04-01T00:00:00.000Z")),
    ];
    await deliver(...records);
    const fromStream = await readSummary();
    // Figures a lost or buggy update could have left behind.
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...statsKeys.category("Ghost"), count: 3 } }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...statsKeys.day("2020-01-01"), orders: 0, salesCents: 0 },
      }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...statsKeys.totals, numUsers: 40, numOrders: 1, salesCents: 1 },
      }),
    );
    expect(await rebuildStats()).toEqual(fromStream);
    expect(await readSummary()).toEqual(fromStream);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: statsKeys.day("2020-01-01") }),
    );
    expect(Item).toBeUndefined();
  });

  it("runs as `npm run stats:rebuild` against the configured table", async () => {
    await recorder.put(userItem());
    await recorder.put(productItem("Fruits"));
    const run = spawnSync("npx", ["tsx", "packages/ops/src/cli/stats-rebuild.ts"], {
      encoding: "utf8",
      env: {
        ...process.env,
        TABLE_NAME: config.tableName,
        DYNAMODB_ENDPOINT: config.dynamoEndpoint,
        JWT_SECRET: config.jwtSecret,
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(await readSummary()).toMatchObject({
      users: [{ numUsers: 1 }],
      productCategories: [{ _id: "Fruits", count: 1 }],
    });
  });
});
