import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { loadConfig, setConfig } from "@fruit/core/config";
import { db, tableName } from "@fruit/core/db/client";
import { changeDelta, counterUpdate, markerPut, readSummary } from "@fruit/core/stats/index";
import { applyStreamRecords, streamChangeOf } from "@fruit/functions/lambda/stream";
import { ensureTable, startDynamo } from "@fruit/functions/local/services";
import type { DynamoDBRecord } from "aws-lambda";
import { orderItem, streamRecord } from "../support/stream-events.ts";
import { type BenchGroup, round } from "./types.ts";

/** Order INSERT records per measurement, delivered in batches of Lambda's default size. */
const RECORDS = 2_000;
const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * The approach the stream handler replaced, kept here only as the bench's baseline: every record in
 * its own transaction (its marker + its counter ADDs), one after the other.
 */
async function perRecordBaseline(records: readonly DynamoDBRecord[]): Promise<void> {
  for (const record of records) {
    const change = streamChangeOf(record);
    if (!change) continue;
    const delta = changeDelta(change);
    if (delta.length === 0) continue;
    await db().send(
      new TransactWriteCommand({ TransactItems: [markerPut(change.eventId), ...delta.map(counterUpdate)] }),
    );
  }
}

/** The stream handler's path, batch by batch as Lambda would invoke it. */
async function perBatch(records: readonly DynamoDBRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += BATCH) {
    const { batchItemFailures } = await applyStreamRecords(records.slice(start, start + BATCH));
    if (batchItemFailures.length > 0) throw new Error("the stream handler failed a record");
  }
}

/**
 * Sums `ConsumedCapacity` of every TransactWriteItems the document client sends, asking for it with
 * `ReturnConsumedCapacity: "TOTAL"` (a middleware, so the handler's code runs unchanged).
 */
function countWriteUnits(): { units: () => number; transactions: () => number; stop: () => void } {
  let units = 0;
  let transactions = 0;
  const name = "bench-consumed-capacity";
  db().middlewareStack.add(
    (next) => async (args) => {
      if (!("TransactItems" in (args.input as object))) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = "TOTAL";
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number }[] })
        .ConsumedCapacity;
      if (!consumed) throw new Error("DynamoDB answered without ConsumedCapacity");
      units += consumed.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
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
 * deltas summed per counter item, one marker per record, one transaction per at most 100 actions;
 * docs/decisions/016-stream-batches.md) against the previous approach, one transaction per record,
 * in the same run on a fresh in-memory DynamoDB Local. Write units are DynamoDB's own count
 * (`ReturnConsumedCapacity: "TOTAL"` on every transaction), per 1,000 orders.
 */
const group: BenchGroup = {
  title: "Stream handler: aggregates per batch vs per record",
  async run(context) {
    context.log("starting DynamoDB Local (in memory)");
    const dynamo = await startDynamo();
    try {
      setConfig(
        loadConfig({
          TABLE_NAME: "bench-stream",
          DYNAMODB_ENDPOINT: dynamo.endpoint,
          JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
          PAYMENTS: "test",
        }),
      );
      await ensureTable(dynamo.endpoint, tableName());
      context.log(`warming up`);
      await measure(perBatch, 1);
      context.log(`${RECORDS} records, one transaction per record`);
      const old = await measure(perRecordBaseline, 1);
      context.log(`${RECORDS} records, per batch of ${BATCH}, orders of one day`);
      const batched = await measure(perBatch, 1);
      context.log(`${RECORDS} records, per batch of ${BATCH}, orders over 90 days`);
      const spread = await measure(perBatch, 90);

      const shape = `${RECORDS} order INSERT records`;
      return [
        {
          name: "stream handler, per batch: records applied",
          value: round(batched.perSecond, 0),
          unit: "records/s",
          note: `${shape} of one day, batches of ${BATCH} (${batched.transactions} transactions)`,
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
          note: `${shape}, batches of ${BATCH}: up to 91 counter items per batch (${spread.transactions} transactions)`,
        },
        {
          name: "write units per 1,000 orders, per batch",
          value: round(batched.unitsPer1000, 0),
          unit: "WCU",
          note: "ConsumedCapacity (TOTAL) summed over the transactions, orders of one day",
        },
        {
          name: "write units per 1,000 orders, per record (before)",
          value: round(old.unitsPer1000, 0),
          unit: "WCU",
          note: "same count, one transaction per record",
        },
        {
          name: "write units per 1,000 orders, per batch, over 90 days",
          value: round(spread.unitsPer1000, 0),
          unit: "WCU",
          note: "same count, orders over 90 days",
        },
      ];
    } finally {
      await dynamo.stop();
    }
  },
};

export default group;
