import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Summary } from "@fruit/core/browser/stats";
import { db, tableName } from "@fruit/core/internal/db/client";
import { statsKeys } from "@fruit/core/internal/stats/stats.records";
import { sink } from "@fruit/core/log";
import { changeDelta, readSummary, rebuildStats } from "@fruit/core/stats";
import { applyStreamRecords, streamChangeOf } from "@fruit/functions/lambda/stream";
import type { DynamoDBRecord } from "aws-lambda";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { propertyRuns } from "../support/property-runs.ts";
import { orderItem, productItem, resetTable, StreamRecorder, userItem } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Random histories of the shop, delivered the way Lambda delivers a stream: in batches, each batch
 * once or twice, then a stretch across batches again, with injected failures (an unreadable record, a
 * transaction failing before or after it commits, an invocation crashing after it applied its batch)
 * retried from the reported sequence number or bisected. Up to two rebuilds run in the middle of the
 * history, and between each of their steps (open, scan pages, counter and fence writes, journal
 * reads, flip attempts) the shop keeps writing and the stream keeps delivering. Refunds of paid
 * orders move the sales (net of refunds) like any other MODIFY. Whatever the
 * delivery, the summary must equal a recomputation from the model, and so must a rebuild run after.
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
  | { kind: "refundOrder"; pick: number; cents: number }
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
  // A refund of a paid order (refunds/refund.store.ts): a MODIFY raising refundedCents and rev.
  fc.record({ kind: fc.constant("refundOrder" as const), pick, cents: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant("cancelOrder" as const), pick }),
  fc.record({ kind: fc.constant("deleteOrder" as const), pick }),
);

interface Model {
  users: string[];
  products: Map<string, string>;
  /** Paid and cancelled are exclusive: only an unpaid order is cancelled (the sweep), and never paid after. */
  orders: Map<
    string,
    { totalCents: number; refundedCents: number; createdAt: string; paid: boolean; cancelled: boolean }
  >;
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
      return recorder.remove(userItem(id), { tombstone: true });
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
      const key = productItem("", id);
      // The product store raises `rev` on every edit (core/src/products/product.store.ts).
      const rev = Number(recorder.current(key)?.rev ?? 0) + 1;
      const changes = op.kind === "recategorise" ? { category: op.category } : { name: `Renamed ${op.pick}` };
      if (op.kind === "recategorise") model.products.set(id, op.category);
      return recorder.update(key, { ...changes, rev });
    }
    case "deleteProduct": {
      const id = nth(model.products.keys(), op.pick);
      if (!id) return undefined;
      model.products.delete(id);
      return recorder.remove(productItem("", id), { tombstone: true });
    }
    case "placeOrder": {
      const item = orderItem(op.totalCents, op.createdAt);
      model.orders.set(item.id as string, {
        totalCents: op.totalCents,
        refundedCents: 0,
        createdAt: op.createdAt,
        paid: false,
        cancelled: false,
      });
      return recorder.put(item);
    }
    case "refundOrder": {
      const id = nth(model.orders.keys(), op.pick);
      const order = id ? model.orders.get(id) : undefined;
      if (!id || !order?.paid) return undefined;
      // Never more than is left of the capture (the refund store's reservation enforces it).
      const cents = Math.min(op.cents, order.totalCents - order.refundedCents);
      if (cents < 1) return undefined;
      order.refundedCents += cents;
      const key = orderItem(0, "", id);
      const rev = Number(recorder.current(key)?.rev ?? 0) + 1;
      return recorder.update(key, { refundedCents: order.refundedCents, rev });
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
        // The sweep's cancellation: a MODIFY that takes the order out of the figures, raising `rev`
        // as the order store does.
        order.cancelled = true;
        const rev = Number(recorder.current(key)?.rev ?? 0) + 1;
        return recorder.update(key, { isCancelled: true, cancelledAt: at, rev });
      }
      model.orders.delete(id);
      return recorder.remove(key, { tombstone: true });
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
    // Sales are net of refunds, on the day the order was placed.
    days.set(day, { orders: entry.orders + 1, cents: entry.cents + order.totalCents - order.refundedCents });
  }
  const categories = new Map<string, number>();
  for (const name of model.products.values()) categories.set(name, (categories.get(name) ?? 0) + 1);
  return {
    users: [{ numUsers: model.users.length }],
    orders: [
      {
        numOrders: orders.length,
        totalSales: orders.reduce((sum, order) => sum + order.totalCents - order.refundedCents, 0) / 100,
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

/**
 * Where an injected failure strikes, each once, at one record:
 * - `decode`: the record cannot be read; the handler reports it, Lambda retries from it.
 * - `beforeCommit`: the transaction that covers it (its checkpoint's range) fails before committing
 *   (a throttle, say).
 * - `lostAnswer`: that transaction commits but its answer is lost; the retry finds the checkpoint moved.
 * - `crash`: the invocation fails after applying the whole batch (a timeout); Lambda bisects the
 *   batch and retries both halves (BisectBatchOnFunctionError).
 */
type FailureKind = "decode" | "beforeCommit" | "lostAnswer" | "crash";
const FAILURE_KINDS: FailureKind[] = ["decode", "beforeCommit", "lostAnswer", "crash"];

/** Injected failures by eventID; each fires once and is then removed. */
type Failing = Map<string, FailureKind>;

type Action = {
  Put?: {
    Item?: { pk?: unknown; sequenceNumber?: unknown };
    ExpressionAttributeValues?: Record<string, unknown>;
  };
};

/** Sequence numbers of the records an injected failure names (a checkpoint carries no eventIDs). */
const sequences = new Map<string, bigint>();

/** The eventIDs of the records a transaction commits: the range its checkpoint raise covers. */
function committedBy(items: Action[], candidates: Iterable<string>): string[] {
  const checkpoint = items.find((item) => String(item.Put?.Item?.pk ?? "").startsWith("SHARD#"))?.Put;
  if (!checkpoint) return [];
  const to = BigInt(String(checkpoint.Item?.sequenceNumber));
  const from = BigInt(String(checkpoint.ExpressionAttributeValues?.[":previous"] ?? "0"));
  return [...candidates].filter((id) => {
    const sequence = sequences.get(id);
    return sequence !== undefined && sequence > from && sequence <= to;
  });
}

/**
 * Fails the next TransactWriteItems that commits a record set to fail before or after committing,
 * through the document client's middleware (so core's code runs unchanged).
 */
function injectTransactionFailures(failing: Failing): () => void {
  const name = "inject-stats-failures";
  db().middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: Action[] }).TransactItems;
      if (!items) return next(args);
      const hits = committedBy(items, failing.keys()).filter((id) => {
        const kind = failing.get(id);
        return kind === "beforeCommit" || kind === "lostAnswer";
      });
      // One transaction fails once, whichever of its records the failures named.
      const kind = hits[0] ? failing.get(hits[0]) : undefined;
      for (const id of hits) failing.delete(id);
      if (kind === "beforeCommit")
        throw Object.assign(new Error("injected: throttled"), { name: "ThrottlingException" });
      const result = await next(args);
      if (kind === "lostAnswer")
        throw Object.assign(new Error("injected: answer lost"), { name: "TimeoutError" });
      return result;
    },
    { step: "initialize", name },
  );
  return () => db().middlewareStack.remove(name);
}

/** Whether a record is recorded as applied: its shard's checkpoint is at or past it. */
async function isApplied(record: DynamoDBRecord, shardId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: statsKeys.checkpoint(shardId), ConsistentRead: true }),
  );
  return (
    Item !== undefined &&
    BigInt(String(Item.sequenceNumber)) >= BigInt(record.dynamodb?.SequenceNumber ?? "0")
  );
}

interface Delivery {
  maxActions: number;
  /** The shard the events name (tumbling-window events, the local poller): its checkpoint. */
  shardId: string;
}

/**
 * Lambda with ReportBatchItemFailures and BisectBatchOnFunctionError: invoke; on a reported failure
 * invoke again from that record (the reported sequence number must be the failed record's); on a
 * function error, split the batch in two and deliver each half the same way.
 */
async function deliverLikeLambda(
  batch: DynamoDBRecord[],
  failing: Failing,
  delivery: Delivery,
): Promise<void> {
  let remaining = batch;
  for (let invocation = 1; remaining.length > 0; invocation += 1) {
    // Injected failures fire once each: a batch failing again and again is a bug, not a retry.
    expect(invocation, "invocations of one batch").toBeLessThan(20);
    const decode = (record: DynamoDBRecord) => {
      if (failing.get(record.eventID ?? "") === "decode") {
        failing.delete(record.eventID ?? "");
        throw new Error("injected: unreadable record");
      }
      return streamChangeOf(record);
    };
    const crashing = remaining.find((record) => failing.get(record.eventID ?? "") === "crash");
    const { batchItemFailures } = await applyStreamRecords(remaining, { decode, ...delivery });
    if (crashing) {
      failing.delete(crashing.eventID ?? "");
      // The invocation failed after the handler's work (its answer is lost): nothing is checkpointed,
      // the batch is bisected.
      if (remaining.length === 1) continue;
      const middle = Math.ceil(remaining.length / 2);
      await deliverLikeLambda(remaining.slice(0, middle), failing, delivery);
      await deliverLikeLambda(remaining.slice(middle), failing, delivery);
      return;
    }
    if (batchItemFailures.length === 0) return;
    expect(batchItemFailures).toHaveLength(1);
    const at = remaining.findIndex(
      (record) => record.dynamodb?.SequenceNumber === batchItemFailures[0]?.itemIdentifier,
    );
    expect(at).toBeGreaterThanOrEqual(0);
    // Lambda will not send the records before the reported one again: each must be applied.
    for (const record of remaining.slice(0, at)) {
      const change = streamChangeOf(record);
      if (!change || changeDelta(change).length === 0) continue;
      const applied = await isApplied(record, delivery.shardId);
      expect(applied, `record ${record.dynamodb?.SequenceNumber} before the failure is applied`).toBe(true);
    }
    remaining = remaining.slice(at);
  }
}

describe("dashboard aggregates under at-least-once delivery", () => {
  const recorder = new StreamRecorder();
  beforeAll(async () => {
    await useFreshTable("stats-property");
  });

  it("equal the model, with rebuilds running alongside, whatever the batching, duplicates, failures and bisection", {
    timeout: 600_000,
  }, async () => {
    // Injected failures are logged by the handler; keep the run readable.
    const quiet = vi.spyOn(sink, "write").mockImplementation(() => {});
    const failing: Failing = new Map();
    let run = 0;
    const removeInjection = injectTransactionFailures(failing);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 1, maxLength: 40 }),
          // Batch sizes, used in turn.
          fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
          fc.array(fc.record({ at: fc.nat(40), kind: fc.constantFrom(...FAILURE_KINDS) }), { maxLength: 3 }),
          // Small transaction limits make the history's batches span several transactions.
          fc.constantFrom(5, 8, 13, 100),
          fc.record({ twice: fc.boolean(), from: fc.nat(), length: fc.nat(12) }),
          fc.record({
            // Each rebuild starts once `after` operations were made and `batches` more were delivered.
            rebuilds: fc.array(
              fc.record({ after: fc.nat(15), batches: fc.nat(3), pageSize: fc.constantFrom(2, 5, 1000) }),
              { maxLength: 2 },
            ),
            // What the shop and the stream do after each step of a rebuild, in turn: after scan pages,
            // and after the other steps (open, counter and fence writes, journal reads, flip attempts).
            scanSteps: fc.array(fc.record({ ops: fc.nat(3), batches: fc.nat(2) }), { maxLength: 8 }),
            steps: fc.array(fc.record({ ops: fc.nat(3), batches: fc.nat(2) }), { maxLength: 12 }),
          }),
          async (ops, sizes, failures, maxActions, replay, plan) => {
            run += 1;
            // Every event names its shard, as the tumbling-window mapping and the local poller do.
            const delivery: Delivery = { maxActions, shardId: `shardId-run-${run}` };
            await resetTable(recorder);
            failing.clear();
            const model: Model = { users: [], products: new Map(), orders: new Map() };
            const records: DynamoDBRecord[] = [];
            const failureAt = new Map(failures.map((failure) => [failure.at, failure.kind]));
            let performed = 0;
            let delivered = 0;
            let batchNumber = 0;

            /** The shop makes its next `count` operations (their records wait for the stream). */
            const makeOps = async (count: number) => {
              for (let i = 0; i < count && performed < ops.length; i++) {
                const record = await perform(ops[performed++] as Op, model, recorder);
                if (!record?.eventID) continue;
                const kind = failureAt.get(records.length);
                records.push(record);
                sequences.set(record.eventID, BigInt(record.dynamodb?.SequenceNumber ?? "0"));
                // Transactions are made of records that move a counter (the checkpoint is raised to the
                // last of them), so only such a record can make one fail.
                const change = streamChangeOf(record);
                const inTransaction = change !== undefined && changeDelta(change).length > 0;
                if (kind && (inTransaction || kind === "decode" || kind === "crash"))
                  failing.set(record.eventID, kind);
              }
            };
            /** The stream delivers its next `count` batches of the records made so far. */
            const deliverBatches = async (count: number) => {
              for (let i = 0; i < count && delivered < records.length; i++) {
                const size = sizes[batchNumber++ % sizes.length] ?? 1;
                const batch = records.slice(delivered, delivered + size);
                delivered += batch.length;
                await deliverLikeLambda(batch, failing, delivery);
                // Without redelivery a record skipped after a failure would show; with it, a record applied twice.
                if (replay.twice) await deliverLikeLambda(batch, new Map(), delivery);
              }
            };

            let step = 0;
            let scanStep = 0;
            for (const rebuild of [...plan.rebuilds].sort((a, b) => a.after - b.after)) {
              await makeOps(rebuild.after - performed);
              await deliverBatches(rebuild.batches);
              await rebuildStats({
                pageSize: rebuild.pageSize,
                onStep: async ({ kind }) => {
                  const next = kind === "scanned" ? plan.scanSteps[scanStep++] : plan.steps[step++];
                  if (!next) return;
                  await makeOps(next.ops);
                  await deliverBatches(next.batches);
                },
              });
            }
            await makeOps(ops.length);
            await deliverBatches(records.length);
            // A stretch of records across batch boundaries, delivered again as one batch.
            const from = replay.from % Math.max(1, records.length);
            await deliverLikeLambda(records.slice(from, from + replay.length), new Map(), delivery);
            expect(failing.size, "every injected failure fired").toBe(0);
            const expected = expectedSummary(model);
            expect(await readSummary()).toEqual(expected);
            expect(await rebuildStats()).toEqual(expected);
            expect(await readSummary()).toEqual(expected);
          },
        ),
        { numRuns: propertyRuns(20) },
      );
    } finally {
      removeInjection();
      quiet.mockRestore();
    }
  });
});
