import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { transactInput } from "@fruit/core/internal/db/transact";
import { changeDelta, counterUpdate, readSummary } from "@fruit/core/stats";
import { applyStreamRecords, streamChangeOf } from "@fruit/functions/lambda/stream";
import type { DynamoDBRecord } from "aws-lambda";
import { orderItem, streamRecord } from "../support/stream-events.ts";
import { withBenchTable } from "./bench-table.ts";
import { type BenchGroup, round } from "./types.ts";

/** Order INSERT records per measurement, delivered in batches of Lambda's default size. */
const RECORDS = 2_000;
const BATCH = 100;
const DAY_MS = 86_400_000;

const MARKER_LIFETIME_SECONDS = 48 * 60 * 60;

/**
 * The approach the stream handler replaced, kept here only as the bench's baseline: every record in
 * its own transaction (its marker + its counter ADDs), one after the other. Core no longer has
 * markers (docs/decisions/016-stream-batches.md retired them), so the bench writes the item the old
 * handler wrote (`STREAM#<eventID>` / `STREAM`, expiresAt, put only if absent) itself.
 */
async function perRecordBaseline(records: readonly DynamoDBRecord[]): Promise<void> {
  for (const record of records) {
    const change = streamChangeOf(record);
    if (!change) continue;
    const delta = changeDelta(change);
    if (delta.length === 0) continue;
    // Generation 0, the bench table's active one (`map(counterUpdate)` would pass the index as the generation).
    const input = transactInput(delta.map((counter) => counterUpdate(counter)));
    const marker = {
      Put: {
        TableName: tableName(),
        Item: {
          pk: `STREAM#${change.eventId}`,
          sk: "STREAM",
          expiresAt: Math.floor(Date.now() / 1000) + MARKER_LIFETIME_SECONDS,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    };
    await db().send(
      new TransactWriteCommand({ ...input, TransactItems: [marker, ...(input.TransactItems ?? [])] }),
    );
  }
}

/**
 * The stream handler's path, batch by batch as Lambda invokes it: the mapping's tumbling-window
 * events name the shard, and the batch is applied after the shard's checkpoint.
 */
const perBatch =
  (shardId: string) =>
  async (records: readonly DynamoDBRecord[]): Promise<void> => {
    for (let start = 0; start < records.length; start += BATCH) {
      const { batchItemFailures } = await applyStreamRecords(records.slice(start, start + BATCH), {
        shardId,
      });
      if (batchItemFailures.length > 0) throw new Error("the stream handler failed a record");
    }
  };
const SHARD = "shardId-00000001700000000000-bench";

type Action = {
  Put?: { Item: Record<string, unknown> };
  Update?: { Key: Record<string, unknown>; ExpressionAttributeValues?: Record<string, unknown> };
};

/**
 * Write units of one transactional write, from item sizes: DynamoDB charges 2 WCU per KB (rounded up)
 * of each item a transaction writes. The size is over-estimated as the JSON length of what is written
 * (a Put's item; an Update's key and values, our counter items holding little more); every item here
 * stays far below 1 KB, so each costs 2. DynamoDB Local's own `ConsumedCapacity` cannot be used: it
 * answers 2 per transaction whatever the number of items.
 */
const transactionUnits = (items: Action[]): number =>
  items.reduce((sum, item) => {
    const written = item.Put?.Item ?? { ...item.Update?.Key, ...item.Update?.ExpressionAttributeValues };
    return sum + 2 * Math.max(1, Math.ceil(JSON.stringify(written).length / 1024));
  }, 0);

/** Counts the write units of every TransactWriteItems the document client sends (a middleware). */
function countWriteUnits(): { units: () => number; transactions: () => number; stop: () => void } {
  let units = 0;
  let transactions = 0;
  const name = "bench-write-units";
  db().middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: Action[] }).TransactItems;
      if (!items) return next(args);
      const result = await next(args);
      units += transactionUnits(items);
      transactions += 1;
      return result;
    },
    { step: "initialize", name },
  );
  return {
    units: () => units,
    transactions: () => transactions,
    stop: () => db().middlewareStack.remove(name),
  };
}

/** Fresh order INSERT records; `days` spreads their dates over that many UTC days. */
function orderRecords(days: number): DynamoDBRecord[] {
  return Array.from({ length: RECORDS }, (_, i) => {
    const item = orderItem(500 + (i % 97) * 25, new Date(Date.now() - (i % days) * DAY_MS).toISOString());
    return streamRecord("INSERT", { pk: String(item.pk), sk: String(item.sk) }, undefined, item);
  });
}

async function measure(apply: (records: DynamoDBRecord[]) => Promise<void>, days: number) {
  const records = orderRecords(days);
  const before = (await readSummary()).orders[0]?.numOrders ?? 0;
  const meter = countWriteUnits();
  const started = performance.now();
  try {
    await apply(records);
  } finally {
    meter.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const after = (await readSummary()).orders[0]?.numOrders ?? 0;
  if (after - before !== RECORDS) throw new Error(`${after - before} orders counted, not ${RECORDS}`);
  return {
    perSecond: RECORDS / seconds,
    unitsPer1000: (meter.units() / RECORDS) * 1000,
    transactions: meter.transactions(),
  };
}

/**
 * The dashboard aggregates' stream handler: order INSERT records applied per batch (the records'
 * deltas summed per counter item and committed with the shard's checkpoint, in transactions of at
 * most 100 actions; docs/decisions/016-stream-batches.md) against the previous approach, one transaction per record,
 * in the same run on a fresh in-memory DynamoDB Local. Write units per 1,000 orders are computed
 * from the items each transaction writes (see transactionUnits).
 */
const group: BenchGroup = {
  title: "Stream handler: aggregates per batch vs per record",
  async run(context) {
    return withBenchTable(context, "bench-stream", async () => {
      context.log("warming up");
      await measure(perBatch(SHARD), 1);
      context.log(`${RECORDS} records, one transaction per record`);
      const old = await measure(perRecordBaseline, 1);
      context.log(`${RECORDS} records, per batch of ${BATCH} after a shard checkpoint, orders of one day`);
      const batched = await measure(perBatch(SHARD), 1);
      context.log(`${RECORDS} records, per batch of ${BATCH} after a shard checkpoint, orders over 90 days`);
      const spread = await measure(perBatch(SHARD), 90);

      const shape = `${RECORDS} order INSERT records`;
      return [
        {
          name: "stream handler, per batch: records applied",
          value: round(batched.perSecond, 0),
          unit: "records/s",
          note: `${shape} of one day, batches of ${BATCH}, shard checkpoint as deployed (${batched.transactions} transactions)`,
        },
        {
          name: "stream handler, one transaction per record (baseline)",
          value: round(old.perSecond, 0),
          unit: "records/s",
          note: `same records, sequential, the previous handler's approach (${old.transactions} transactions)`,
        },
        {
          name: "stream handler / one transaction per record",
          value: round(batched.perSecond / old.perSecond, 1),
          unit: "x",
          note: "records/s ratio, same run (goal >= 10x)",
        },
        {
          name: "stream handler, per batch, orders over 90 days",
          value: round(spread.perSecond, 0),
          unit: "records/s",
          note: `${shape}, batches of ${BATCH}, shard checkpoint: up to 91 counter items per batch (${spread.transactions} transactions)`,
        },
        {
          name: "write units per 1,000 orders, per batch",
          value: round(batched.unitsPer1000, 1),
          unit: "WCU",
          note: "2 WCU per item written per transaction (item sizes < 1 KB); shard checkpoint, orders of one day",
        },
        {
          name: "write units per 1,000 orders, per record (before)",
          value: round(old.unitsPer1000, 1),
          unit: "WCU",
          note: "same count, one transaction per record",
        },
        {
          name: "write units per 1,000 orders, per batch, over 90 days",
          value: round(spread.unitsPer1000, 1),
          unit: "WCU",
          note: "same count, shard checkpoint, orders over 90 days",
        },
      ];
    });
  },
};

export default group;
