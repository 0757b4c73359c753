import { readSummary, rebuildStats } from "@fruit/core/stats/index";
import type { Summary } from "@fruit/core/stats/stats.schema";
import { applyStreamRecords, routeStreamRecord } from "@fruit/functions/lambda/stream";
import type { DynamoDBRecord } from "aws-lambda";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItem, productItem, resetTable, StreamRecorder, userItem } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Random histories of the shop, delivered the way Lambda delivers a stream: in batches, each batch
 * twice, with injected failures (before or after a record's transaction commits) retried from the
 * reported sequence number. Whatever the delivery, the summary must equal the rebuild's result and
 * a recomputation from the model.
 */
const CATEGORIES = ["Fruits", "Vegetables", "Nuts"] as const;
const START = Date.parse("2026-01-01T00:00:00.000Z");

type Op =
  | { kind: "createUser" }
  | { kind: "deleteUser"; pick: number }
  | { kind: "createProduct"; category: string }
  | { kind: "recategorise"; pick: number; category: string }
  | { kind: "editProduct"; pick: number }
  | { kind: "deleteProduct"; pick: number }
  | { kind: "placeOrder"; totalCents: number; createdAt: string }
  | { kind: "payOrder"; pick: number }
  | { kind: "cancelOrder"; pick: number }
  | { kind: "deleteOrder"; pick: number };

const category = fc.constantFrom(...CATEGORIES);
const pick = fc.nat(50);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: "createUser" as const }),
  fc.record({ kind: fc.constant("deleteUser" as const), pick }),
  fc.record({ kind: fc.constant("createProduct" as const), category }),
  fc.record({ kind: fc.constant("recategorise" as const), pick, category }),
  fc.record({ kind: fc.constant("editProduct" as const), pick }),
  fc.record({ kind: fc.constant("deleteProduct" as const), pick }),
  fc.record({
    kind: fc.constant("placeOrder" as const),
    totalCents: fc.integer({ min: 1, max: 50_000 }),
    createdAt: fc
      .integer({ min: START, max: START + 4 * 86_400_000 })
      .map((ms) => new Date(ms).toISOString()),
  }),
  fc.record({ kind: fc.constant("payOrder" as const), pick }),
  fc.record({ kind: fc.constant("cancelOrder" as const), pick }),
  fc.record({ kind: fc.constant("deleteOrder" as const), pick }),
);

interface Model {
  users: string[];
  products: Map<string, string>;
  /** Paid and cancelled are exclusive: only an unpaid order is cancelled (the sweep), and never paid after. */
  orders: Map<string, { totalCents: number; createdAt: string; paid: boolean; cancelled: boolean }>;
}

const nth = <T>(items: Iterable<T>, index: number): T | undefined => {
  const list = [...items];
  return list.length > 0 ? list[index % list.length] : undefined;
};

/** Performs one operation on the table and the model; returns its stream record (none if impossible). */
async function perform(op: Op, model: Model, recorder: StreamRecorder): Promise<DynamoDBRecord | undefined> {
  switch (op.kind) {
    case "createUser": {
      const item = userItem();
      model.users.push(item.id as string);
      return recorder.put(item);
    }
    case "deleteUser": {
      const id = nth(model.users, op.pick);
      if (!id) return undefined;
      model.users = model.users.filter((user) => user !== id);
      return recorder.remove(userItem(id));
    }
    case "createProduct": {
      const item = productItem(op.category);
      model.products.set(item.id as string, op.category);
      return recorder.put(item);
    }
    case "recategorise":
    case "editProduct": {
      const id = nth(model.products.keys(), op.pick);
      if (!id) return undefined;
      const changes = op.kind === "recategorise" ? { category: op.category } : { name: `Renamed ${op.pick}` };
      if (op.kind === "recategorise") model.products.set(id, op.category);
      return recorder.update(productItem("", id), changes);
    }
    case "deleteProduct": {
      const id = nth(model.products.keys(), op.pick);
      if (!id) return undefined;
      model.products.delete(id);
      return recorder.remove(productItem("", id));
    }
    case "placeOrder": {
      const item = orderItem(op.totalCents, op.createdAt);
      model.orders.set(item.id as string, {
        totalCents: op.totalCents,
        createdAt: op.createdAt,
        paid: false,
        cancelled: false,
      });
      return recorder.put(item);
    }
    case "payOrder":
    case "cancelOrder":
    case "deleteOrder": {
      const id = nth(model.orders.keys(), op.pick);
      const order = id ? model.orders.get(id) : undefined;
      if (!id || !order) return undefined;
      const key = orderItem(0, "", id);
      const at = new Date().toISOString();
      if (op.kind === "payOrder" || op.kind === "cancelOrder") {
        if (order.paid || order.cancelled) return undefined;
        if (op.kind === "payOrder") {
          order.paid = true;
          return recorder.update(key, { isPaid: true, paidAt: at });
        }
        // The sweep's cancellation: a MODIFY that takes the order out of the figures.
        order.cancelled = true;
        return recorder.update(key, { isCancelled: true, cancelledAt: at });
      }
      model.orders.delete(id);
      return recorder.remove(key);
    }
  }
}

/** The summary computed straight from the model, independently of core's counters. */
function expectedSummary(model: Model): Summary {
  const orders = [...model.orders.values()].filter((order) => !order.cancelled);
  const days = new Map<string, { orders: number; cents: number }>();
  for (const order of orders) {
    const day = order.createdAt.slice(0, 10);
    const entry = days.get(day) ?? { orders: 0, cents: 0 };
    days.set(day, { orders: entry.orders + 1, cents: entry.cents + order.totalCents });
  }
  const categories = new Map<string, number>();
  for (const name of model.products.values()) categories.set(name, (categories.get(name) ?? 0) + 1);
  return {
    users: [{ numUsers: model.users.length }],
    orders: [
      {
        numOrders: orders.length,
        totalSales: orders.reduce((sum, order) => sum + order.totalCents, 0) / 100,
      },
    ],
    dailyOrders: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, entry]) => ({ _id: day, orders: entry.orders, sales: entry.cents / 100 })),
    productCategories: [...categories.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, count]) => ({ _id: name, count })),
  };
}

/** Cuts the records into batches at the given (arbitrary) positions. */
function batches(records: DynamoDBRecord[], cuts: number[]): DynamoDBRecord[][] {
  const points = [...new Set(cuts.map((cut) => cut % (records.length + 1)))].sort((a, b) => a - b);
  const result: DynamoDBRecord[][] = [];
  let start = 0;
  for (const point of [...points, records.length]) {
    if (point > start) result.push(records.slice(start, point));
    start = Math.max(start, point);
  }
  return result;
}

type Failure = { at: number; when: "before" | "after" };

/**
 * Lambda with ReportBatchItemFailures: invoke, and on a reported failure invoke again from that
 * record. Each injected failure fires once; the reported sequence number must be that record's.
 */
async function deliverLikeLambda(
  batch: DynamoDBRecord[],
  failing: Map<string, Failure["when"]>,
): Promise<void> {
  let remaining = batch;
  while (remaining.length > 0) {
    let thrown: DynamoDBRecord | undefined;
    const route = async (record: DynamoDBRecord) => {
      const when = failing.get(record.eventID ?? "");
      if (when) failing.delete(record.eventID ?? "");
      if (when === "before") thrown = record;
      if (when === "before") throw new Error("injected failure before the transaction");
      const outcome = await routeStreamRecord(record);
      if (when === "after") thrown = record;
      if (when === "after") throw new Error("injected failure after the transaction committed");
      return outcome;
    };
    const { batchItemFailures } = await applyStreamRecords(remaining, route);
    if (!thrown) {
      expect(batchItemFailures).toEqual([]);
      return;
    }
    expect(batchItemFailures).toEqual([{ itemIdentifier: thrown.dynamodb?.SequenceNumber }]);
    remaining = remaining.slice(remaining.indexOf(thrown));
  }
}

describe("dashboard aggregates under at-least-once delivery", () => {
  const recorder = new StreamRecorder();
  beforeAll(async () => {
    await useFreshTable("stats-property");
  });

  it("equal the rebuild and the model, whatever the batching, duplicates and retries", {
    timeout: 300_000,
  }, async () => {
    const quiet = console.error;
    console.error = () => {}; // injected failures are logged by the handler; keep the run readable
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 1, maxLength: 20 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          fc.array(fc.record({ at: fc.nat(), when: fc.constantFrom("before" as const, "after" as const) }), {
            maxLength: 3,
          }),
          async (ops, cuts, failures) => {
            await resetTable(recorder);
            const model: Model = { users: [], products: new Map(), orders: new Map() };
            const records: DynamoDBRecord[] = [];
            for (const op of ops) {
              const record = await perform(op, model, recorder);
              if (record) records.push(record);
            }
            const failing = new Map(
              failures.flatMap((failure) => {
                const record = records[failure.at % Math.max(1, records.length)];
                return record?.eventID ? [[record.eventID, failure.when] as const] : [];
              }),
            );
            for (const batch of batches(records, cuts)) {
              await deliverLikeLambda(batch, failing);
              await deliverLikeLambda(batch, new Map()); // every batch arrives a second time
            }
            const expected = expectedSummary(model);
            expect(await readSummary()).toEqual(expected);
            expect(await rebuildStats()).toEqual(expected);
            expect(await readSummary()).toEqual(expected);
          },
        ),
        { numRuns: 20 },
      );
    } finally {
      console.error = quiet;
    }
  });
});
