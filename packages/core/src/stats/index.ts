import { BatchWriteCommand, type BatchWriteCommandInput, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { cancellationReasons, storageError } from "../db/errors.ts";
import { queryAll } from "../db/query.ts";
import { table } from "../db/table.ts";
import {
  type CounterChange,
  counterDelta,
  orderCounters,
  productCounters,
  sumCounters,
  summaryFromItems,
  userCounters,
} from "./stats.counters.ts";
import { countedPartitions, statsKeys, statsSortKey } from "./stats.keys.ts";
import type { Summary } from "./stats.schema.ts";

type Item = Record<string, unknown>;

/** One stream record of a counted entity, unmarshalled: `before` = OldImage, `after` = NewImage. */
export interface StreamChange {
  eventId: string;
  before?: Item | undefined;
  after?: Item | undefined;
}

/** `applied` now, `duplicate` (a redelivery of a record already applied) or `unchanged` (no counter moves). */
export type ApplyOutcome = "applied" | "duplicate" | "unchanged";

/**
 * Markers outlive the stream's 24-hour retention, so no redelivery can arrive after its marker
 * expired; TTL deletion is lazy, which only keeps them longer.
 */
const MARKER_LIFETIME_SECONDS = 48 * 60 * 60;
const CONFLICT_ATTEMPTS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counterUpdate(change: CounterChange) {
  const entries = Object.entries(change.add);
  return {
    Update: {
      TableName: tableName(),
      Key: change.key,
      UpdateExpression: `ADD ${entries.map((_, i) => `#n${i} :v${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
    },
  };
}

/**
 * Applies one record's counter changes exactly once: the record's marker is put with
 * `attribute_not_exists` in the same transaction as the ADDs, so a redelivered record cancels on its
 * own marker and changes nothing. Every shard's records add to the one TOTALS item, so concurrent
 * transactions can conflict; those are retried here before the batch is failed back to the stream.
 */
async function applyChange(
  change: StreamChange,
  countersOf: (item: Item) => CounterChange[],
): Promise<ApplyOutcome> {
  const delta = counterDelta(countersOf, change.before, change.after);
  if (delta.length === 0) return "unchanged";
  const expiresAt = Math.floor(Date.now() / 1000) + MARKER_LIFETIME_SECONDS;
  const marker = {
    Put: {
      TableName: tableName(),
      Item: { ...statsKeys.marker(change.eventId), expiresAt },
      ConditionExpression: `attribute_not_exists(${table.partitionKey})`,
    },
  };
  const input = { TransactItems: [marker, ...delta.map(counterUpdate)] };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand(input));
      return "applied";
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons?.[0] === "ConditionalCheckFailed") return "duplicate";
      if (!reasons?.includes("TransactionConflict") || attempt >= CONFLICT_ATTEMPTS)
        throw storageError(error);
      await sleep(20 * 2 ** attempt * Math.random());
    }
  }
}

/**
 * An order placed (INSERT) or deleted (REMOVE): the order count, total sales and its UTC day's orders
 * and sales. Idempotent per stream eventID.
 *
 * @example
 * await applyOrderToStats({ eventId: record.eventID, after: unmarshall(record.dynamodb.NewImage) });
 */
export const applyOrderToStats = (change: StreamChange): Promise<ApplyOutcome> =>
  applyChange(change, orderCounters);

/** A user registered (INSERT) or deleted (REMOVE): the user count. Idempotent per stream eventID. */
export const applyUserToStats = (change: StreamChange): Promise<ApplyOutcome> =>
  applyChange(change, userCounters);

/**
 * A product created, re-categorised or deleted: per-category counts (a category change moves one
 * count; other edits change nothing). Idempotent per stream eventID.
 */
export const applyProductToStats = (change: StreamChange): Promise<ApplyOutcome> =>
  applyChange(change, productCounters);

const statsPartition = () =>
  queryAll({ KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": statsKeys.partition } });

/** The dashboard summary, read from the aggregate items only (one query of a bounded partition). */
export async function readSummary(): Promise<Summary> {
  return summaryFromItems(await statsPartition());
}

const listPartition = (partition: string) =>
  queryAll({
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": partition },
  });

type WriteRequest = NonNullable<BatchWriteCommandInput["RequestItems"]>[string][number];

/** BatchWrite in chunks of 25 (DynamoDB's limit), resending unprocessed requests with a backoff. */
async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending: WriteRequest[] = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await sleep(Math.min(1000, 50 * 2 ** attempt));
      try {
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = result.UnprocessedItems?.[tableName()] ?? [];
      } catch (error) {
        throw storageError(error);
      }
    }
  }
}

/**
 * Recomputes every aggregate from the entities themselves (backfill after enabling the stream, or
 * repair) and replaces the STATS items: fresh ones are put whole, stale days and categories deleted.
 * Returns the summary it wrote.
 *
 * Race: the rebuild is a snapshot (read through gsi1, which is itself eventually consistent), the
 * stream is a log of changes. A change committed while the rebuild runs can be counted twice (in
 * the snapshot and again by its record applied after the rebuild's writes) or not at all (its record
 * applied before the writes, which then overwrite it, while the snapshot missed it). The markers
 * cannot help: they deduplicate redeliveries of one record, they do not say whether a snapshot
 * already saw it. So run it when the shop is quiet, and run it again if figures look off; the error
 * is bounded by the writes made during the run, and the next rebuild removes it.
 */
export async function rebuildStats(): Promise<Summary> {
  const [orders, users, products] = await Promise.all([
    listPartition(countedPartitions.orders),
    listPartition(countedPartitions.users),
    listPartition(countedPartitions.products),
  ]);
  const counters = sumCounters([
    ...orders.flatMap(orderCounters),
    ...users.flatMap(userCounters),
    ...products.flatMap(productCounters),
  ]);
  const totals: Item = { ...statsKeys.totals, numUsers: 0, numOrders: 0, salesCents: 0 };
  const fresh: Item[] = [totals];
  for (const counter of counters) {
    if (counter.key.sk === statsKeys.totals.sk) Object.assign(totals, counter.add);
    else fresh.push({ ...counter.key, ...counter.add });
  }
  const freshKeys = new Set(fresh.map(statsSortKey));
  const stale = (await statsPartition()).filter((item) => !freshKeys.has(statsSortKey(item)));
  await batchWrite([
    ...fresh.map((item) => ({ PutRequest: { Item: item } })),
    ...stale.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
  ]);
  return summaryFromItems(fresh);
}
