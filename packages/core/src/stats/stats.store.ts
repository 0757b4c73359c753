import { batchGet, batchWrite } from "../db/batch.ts";
import { notExists } from "../db/conditions.ts";
import { CONDITION_FAILED, cancellationReasons } from "../db/errors.ts";
import { getItem, type Item } from "../db/items.ts";
import { inPartition, keyOf, keysOnly } from "../db/key-conditions.ts";
import { queryAll } from "../db/query.ts";
import { type Action, transact } from "../db/transact.ts";
import { storedSequence } from "./stats.batch.ts";
import type { CounterChange } from "./stats.counters.ts";
import { statsKeys } from "./stats.keys.ts";

/**
 * Storage of the dashboard aggregates, the stream's markers and its shard checkpoints
 * (docs/data-model.md, patterns 19, 20 and 22), built on db/'s generic operations. It answers in the
 * stream's terms — committed, duplicates, checkpoint moved, conflict — and decides nothing: what to
 * retry, skip or report is the rule of `stats/index.ts` (docs/decisions/016-stream-batches.md).
 */

/**
 * Markers and checkpoints outlive the stream's 24-hour retention, so no redelivery can arrive after
 * its marker expired; TTL deletion is lazy, which only keeps them longer.
 */
const MARKER_LIFETIME_SECONDS = 48 * 60 * 60;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A transaction lost a race with a concurrent one (every shard adds to the one TOTALS item): the same
 * write may be sent again. `error` is the cancellation, for the caller to throw once it stops retrying.
 */
export interface Conflict {
  kind: "conflict";
  error: unknown;
}

const isConflict = (reasons: readonly string[]) => reasons.includes("TransactionConflict");

/** An ADD of a counter item's summed delta (no condition: counters only ever add). */
function counterUpdate(change: CounterChange): Action {
  const entries = Object.entries(change.add);
  return {
    Update: {
      Key: change.key,
      UpdateExpression: `ADD ${entries.map((_, i) => `#n${i} :v${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
    },
  };
}

/** The Put of a record's marker, refused when the record was applied before. */
function markerPut(eventId: string, nowSeconds = nowInSeconds()): Action {
  return {
    Put: {
      Item: { ...statsKeys.marker(eventId), expiresAt: nowSeconds + MARKER_LIFETIME_SECONDS },
      ConditionExpression: notExists(),
    },
  };
}

/**
 * Puts the records' markers and adds the summed counters in one transaction. `duplicates` names the
 * records whose marker already existed (nothing was written); `conflict` when it lost a race.
 */
async function commitWithMarkers(
  eventIds: readonly string[],
  counters: readonly CounterChange[],
): Promise<{ kind: "committed" } | { kind: "duplicates"; eventIds: string[] } | Conflict> {
  try {
    await transact([...eventIds.map((id) => markerPut(id)), ...counters.map(counterUpdate)]);
    return { kind: "committed" };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    if (isConflict(reasons)) return { kind: "conflict", error };
    const seen = eventIds.filter((_, i) => reasons[i] === CONDITION_FAILED);
    if (seen.length === 0) throw error;
    return { kind: "duplicates", eventIds: seen };
  }
}

/** The highest sequence number applied from a shard, read strongly consistent; undefined at first. */
async function readCheckpoint(shardId: string): Promise<bigint | undefined> {
  const item = await getItem(statsKeys.checkpoint(shardId));
  return typeof item?.sequenceNumber === "string" ? BigInt(item.sequenceNumber) : undefined;
}

/**
 * Adds the summed counters and raises the shard's checkpoint to `last` in one transaction, on
 * condition that the checkpoint still holds `previous` (is absent when undefined). `moved` when it
 * does not (another invocation applied the shard meanwhile); `conflict` when it lost a race.
 */
async function commitWithCheckpoint(
  counters: readonly CounterChange[],
  shardId: string,
  last: bigint,
  previous: bigint | undefined,
): Promise<{ kind: "committed" } | { kind: "moved" } | Conflict> {
  const checkpoint: Action = {
    Put: {
      Item: {
        ...statsKeys.checkpoint(shardId),
        sequenceNumber: storedSequence(last),
        expiresAt: nowInSeconds() + MARKER_LIFETIME_SECONDS,
      },
      ...(previous === undefined
        ? { ConditionExpression: notExists() }
        : {
            ConditionExpression: "sequenceNumber = :previous",
            ExpressionAttributeValues: { ":previous": storedSequence(previous) },
          }),
    },
  };
  try {
    await transact([...counters.map(counterUpdate), checkpoint]);
    return { kind: "committed" };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    if (isConflict(reasons)) return { kind: "conflict", error };
    if (reasons.at(-1) === CONDITION_FAILED) return { kind: "moved" };
    throw error;
  }
}

/** Which of these records have a marker (were applied through the marker path), read consistently. */
async function existingMarkers(eventIds: readonly string[]): Promise<Set<string>> {
  const byKey = new Map(eventIds.map((id) => [JSON.stringify(keyOf(statsKeys.marker(id))), id]));
  const found = await batchGet(
    eventIds.map((id) => statsKeys.marker(id)),
    { projection: keysOnly() },
  );
  const marked = new Set<string>();
  for (const item of found) {
    const id = byKey.get(JSON.stringify(keyOf(item)));
    if (id !== undefined) marked.add(id);
  }
  return marked;
}

/** Every item of the STATS partition (one query of a bounded partition). */
const aggregates = (): Promise<Item[]> => queryAll(inPartition({ pk: statsKeys.partition }));

/** Every item of a gsi1 partition listing a counted entity (`countedPartitions`). */
const countedItems = (partition: string): Promise<Item[]> =>
  queryAll(inPartition({ pk: partition, index: "gsi1" }));

/** Puts the fresh aggregate items whole and deletes the stale ones (not a transaction). */
const replaceAggregates = (fresh: readonly Item[], stale: readonly Item[]): Promise<void> =>
  batchWrite([
    ...fresh.map((item) => ({ PutRequest: { Item: item } })),
    ...stale.map((item) => ({ DeleteRequest: { Key: keyOf(item) } })),
  ]);

/** The stats store (see the top of this file). */
export const statsStore = {
  counterUpdate,
  markerPut,
  commitWithMarkers,
  readCheckpoint,
  commitWithCheckpoint,
  existingMarkers,
  aggregates,
  countedItems,
  replaceAggregates,
};
