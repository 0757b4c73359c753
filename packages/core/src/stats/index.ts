import { backoff } from "../db/retry.ts";
import {
  type Chunk,
  chunkOf,
  chunkRecords,
  MAX_TRANSACTION_ACTIONS,
  type RecordDelta,
  sequenceOf,
} from "./stats.batch.ts";
import {
  type CounterChange,
  counterDelta,
  orderCounters,
  productCounters,
  sumCounters,
  summaryFromItems,
  userCounters,
} from "./stats.counters.ts";
import { type CountedEntity, countedPartitions, statsKeys, statsSortKey } from "./stats.keys.ts";
import type { Summary } from "./stats.schema.ts";
import { type Conflict, statsStore } from "./stats.store.ts";

type Item = Record<string, unknown>;

/** One stream record of a counted entity, unmarshalled: `before` = OldImage, `after` = NewImage. */
export interface StreamChange {
  eventId: string;
  /** The record's `SequenceNumber`; needed when the batch is applied after a shard checkpoint. */
  sequenceNumber?: string | undefined;
  entity: CountedEntity;
  before?: Item | undefined;
  after?: Item | undefined;
}

/**
 * What a batch did. `applied` records moved counters now, `duplicates` had been applied before (their
 * marker existed, or their shard's checkpoint covers them), `unchanged` move no counter. `failed`, when present, is the first record not
 * applied: every record before it is applied (now or earlier), it and every later one are not.
 */
export interface BatchOutcome {
  applied: number;
  duplicates: number;
  unchanged: number;
  failed?: { index: number; error: unknown };
}

/** How many times a transaction that lost a race with a concurrent one is sent, in all. */
const CONFLICT_ATTEMPTS = 4;

const countersOf: Record<CountedEntity, (item: Item) => CounterChange[]> = {
  order: orderCounters,
  user: userCounters,
  product: productCounters,
};

/**
 * What one record changes: the new image's contribution minus the old one's (an order placed or
 * deleted, a user registered or deleted, a product created, re-categorised or deleted; an order's
 * cancellation takes it out like a deletion). Throws on a malformed image.
 */
export const changeDelta = (change: StreamChange): CounterChange[] =>
  counterDelta(countersOf[change.entity], change.before, change.after);

/** An ADD of a counter item's summed delta, as a transaction action (the stream bench's baseline sends it). */
export const counterUpdate = statsStore.counterUpdate;

/** The Put of a record's marker, refused when the record was applied before (a transaction action). */
export const markerPut = statsStore.markerPut;

/**
 * Runs a commit again while it loses a race with a concurrent transaction (every shard adds to the
 * one TOTALS item), CONFLICT_ATTEMPTS times in all, backed off under db/retry.ts's policy; then
 * throws the last cancellation.
 */
async function retryingConflicts<T extends { kind: string }>(
  commit: () => Promise<T | Conflict>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await commit();
    if (result.kind !== "conflict") return result as T;
    if (attempt + 1 >= CONFLICT_ATTEMPTS) throw (result as Conflict).error;
    await backoff(attempt);
  }
}

/**
 * Commits one chunk: its markers and its summed counter updates in one transaction. A marker that
 * already exists cancels the transaction; those records were applied by an earlier delivery, so they
 * are dropped, the sums recomputed without them and the rest committed. Every shard adds to the one
 * TOTALS item, so concurrent transactions can conflict; those are retried a few times.
 * Returns how many records were duplicates.
 */
async function commitWithMarkers(chunk: Chunk): Promise<number> {
  let current = chunk;
  let duplicates = 0;
  while (current.records.length > 0) {
    const { records, counters } = current;
    const eventIds = records.map((record) => record.eventId);
    const result = await retryingConflicts(() => statsStore.commitWithMarkers(eventIds, counters));
    if (result.kind === "committed") return duplicates;
    const seen = new Set(result.eventIds);
    duplicates += records.filter((record) => seen.has(record.eventId)).length;
    current = chunkOf(records.filter((record) => !seen.has(record.eventId)));
  }
  return duplicates;
}

/** The checkpoint moved between its read and the commit: another invocation applied this shard. */
class CheckpointMoved extends Error {}

/**
 * Commits one chunk's summed counter updates with the shard's checkpoint raised to the chunk's highest
 * sequence number, on condition that the checkpoint still holds `previous`. Returns the new checkpoint.
 */
async function commitWithCheckpoint(
  chunk: Chunk,
  shardId: string,
  previous: bigint | undefined,
): Promise<bigint> {
  const last = chunk.records.reduce((max, record) => (record.sequence > max ? record.sequence : max), 0n);
  const result = await retryingConflicts(() =>
    statsStore.commitWithCheckpoint(chunk.counters, shardId, last, previous),
  );
  if (result.kind === "moved") throw new CheckpointMoved();
  return last;
}

/**
 * Applies records of one shard after its checkpoint: records at or below it were applied by an
 * earlier delivery and are skipped; the rest are committed chunk by chunk, each chunk raising the
 * checkpoint in its own transaction. If the checkpoint moved meanwhile (an overlapping invocation),
 * it is read again and the uncommitted records filtered against it. Fills `outcome`; throws the chunk
 * whose commit failed, with its first record's index.
 */
async function applyAfterCheckpoint(
  records: RecordDelta[],
  shardId: string,
  maxActions: number,
  outcome: BatchOutcome,
): Promise<void> {
  let pending = records;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    let checkpoint: bigint | undefined;
    let marked = new Set<string>();
    try {
      checkpoint = await statsStore.readCheckpoint(shardId);
      // A shard without a checkpoint may hold records applied with markers (before the mapping
      // named its shards, or from a plain event): those must not count again.
      if (checkpoint === undefined)
        marked = await statsStore.existingMarkers(pending.map((record) => record.eventId));
    } catch (error) {
      throw new ChunkFailed(pending[0]?.index ?? 0, error);
    }
    const fresh = pending.filter((record) =>
      checkpoint === undefined ? !marked.has(record.eventId) : record.sequence > checkpoint,
    );
    outcome.duplicates += pending.length - fresh.length;
    pending = fresh;
    try {
      for (const chunk of chunkRecords(fresh, maxActions - 1, 0)) {
        try {
          checkpoint = await commitWithCheckpoint(chunk, shardId, checkpoint);
        } catch (error) {
          if (error instanceof CheckpointMoved) throw error;
          throw new ChunkFailed(chunk.records[0]?.index ?? 0, error);
        }
        outcome.applied += chunk.records.length;
        pending = pending.filter((record) => !chunk.records.includes(record));
      }
    } catch (error) {
      if (!(error instanceof CheckpointMoved)) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) throw new ChunkFailed(pending[0]?.index ?? 0, error);
    }
  }
}

/** A chunk's transaction failed; `index` is its first record's position in the batch. */
class ChunkFailed extends Error {
  constructor(
    readonly index: number,
    readonly reason: unknown,
  ) {
    super("a chunk of the batch failed");
  }
}

/**
 * Applies a stream batch's records (in stream order) to the aggregates, each exactly once, in as few
 * writes as DynamoDB allows: the records' deltas are summed per counter item and committed together
 * with what makes a redelivery harmless, in transactions of at most 100 actions
 * (docs/decisions/016-stream-batches.md):
 * - with `shardId` (tumbling-window events name the shard): the shard's checkpoint, the highest
 *   sequence number applied, raised in the same transaction; records at or below it are skipped.
 *   While a shard has no checkpoint yet, records that have a marker are skipped instead (applied
 *   through the marker path before the mapping named its shards).
 *   One transaction per batch for up to 99 counter items, whatever the number of records.
 * - without it (a plain stream event): one marker per record (`STREAM#<eventID>`, put only if absent);
 *   a redelivered record finds its marker and changes nothing, whatever batch it comes back in.
 * Records of one eventID repeated within the batch count once.
 *
 * `maxActions` (default and maximum 100) only exists so tests can make small batches span chunks.
 *
 * Stops at the first record it cannot apply — a malformed image, or a chunk whose transaction fails —
 * and reports it in `failed`: the records before it are committed, it and the ones after are not, so
 * the stream's retry from that record applies each once (`batchItemFailures` semantics).
 *
 * @example
 * const outcome = await applyChangesToStats(changes, { shardId: event.shardId });
 * if (outcome.failed) reportFailureAt(records[outcome.failed.index]);
 */
export async function applyChangesToStats(
  changes: readonly StreamChange[],
  options: { maxActions?: number | undefined; shardId?: string | undefined } = {},
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { applied: 0, duplicates: 0, unchanged: 0 };
  const maxActions = Math.min(options.maxActions ?? MAX_TRANSACTION_ACTIONS, MAX_TRANSACTION_ACTIONS);
  const moving: RecordDelta[] = [];
  const seen = new Set<string>();
  for (const [index, change] of changes.entries()) {
    let delta: CounterChange[];
    let sequence = 0n;
    try {
      delta = changeDelta(change);
      if (options.shardId !== undefined) sequence = sequenceOf(change.sequenceNumber);
    } catch (error) {
      outcome.failed = { index, error };
      break;
    }
    if (delta.length === 0) outcome.unchanged += 1;
    else if (seen.has(change.eventId)) outcome.duplicates += 1;
    else moving.push({ index, eventId: change.eventId, sequence, delta });
    seen.add(change.eventId);
  }
  try {
    if (options.shardId !== undefined) {
      await applyAfterCheckpoint(moving, options.shardId, maxActions, outcome);
      return outcome;
    }
    for (const chunk of chunkRecords(moving, maxActions)) {
      try {
        const duplicates = await commitWithMarkers(chunk);
        outcome.duplicates += duplicates;
        outcome.applied += chunk.records.length - duplicates;
      } catch (error) {
        throw new ChunkFailed(chunk.records[0]?.index ?? 0, error);
      }
    }
  } catch (error) {
    // Records of earlier chunks are committed; the failed chunk's first record is where a retry
    // starts (unchanged records between chunks need nothing, so naming that one is exact).
    if (error instanceof ChunkFailed) outcome.failed = { index: error.index, error: error.reason };
    else outcome.failed = { index: moving[0]?.index ?? 0, error };
  }
  return outcome;
}

/** The dashboard summary, read from the aggregate items only (one query of a bounded partition). */
export async function readSummary(): Promise<Summary> {
  return summaryFromItems(await statsStore.aggregates());
}

/**
 * Recomputes every aggregate from the entities themselves (backfill after enabling the stream, or
 * repair) and replaces the STATS items: fresh ones are put whole, stale days and categories deleted.
 * Returns the summary it wrote.
 *
 * Race: the rebuild is a snapshot (read through gsi1, which is itself eventually consistent), the
 * stream is a log of changes. A change committed while the rebuild runs can be counted twice (in
 * the snapshot and again by its record applied after the rebuild's writes) or not at all (its record
 * applied before the writes, which then overwrite it, while the snapshot missed it). Neither the
 * markers nor the shard checkpoints can help: they deduplicate redeliveries of records, they do not
 * say whether a snapshot already saw one (docs/decisions/016-stream-batches.md). So run it when the shop is quiet, and run it again if figures look off; the error
 * is bounded by the writes made during the run, and the next rebuild removes it.
 */
export async function rebuildStats(): Promise<Summary> {
  const [orders, users, products] = await Promise.all([
    statsStore.countedItems(countedPartitions.orders),
    statsStore.countedItems(countedPartitions.users),
    statsStore.countedItems(countedPartitions.products),
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
  const stale = (await statsStore.aggregates()).filter((item) => !freshKeys.has(statsSortKey(item)));
  await statsStore.replaceAggregates(fresh, stale);
  return summaryFromItems(fresh);
}
