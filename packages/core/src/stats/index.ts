import { nowMs } from "../clock.ts";
import type { Item } from "../db/kind.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { type CountedEntity, countedPartOf } from "./counted.ts";
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
  countsOf,
  deliveryDaysFromItems,
  summaryFromItems,
} from "./stats.counters.ts";
import { isCovered, type Rev, recordRev } from "./stats.fences.ts";
import type { EntityKey } from "./stats.records.ts";
import type { Summary } from "./stats.schema.ts";
import { type CheckpointRaise, type Conflict, type Generations, statsStore } from "./stats.store.ts";

export { type RebuildOptions, type RebuildStep, rebuildStats } from "./rebuild.ts";

/** One stream record of a counted entity, unmarshalled: `before` = OldImage, `after` = NewImage. */
export interface StreamChange {
  eventId: string;
  /** The record's `SequenceNumber`, compared with its shard's checkpoint (a malformed one fails the record). */
  sequenceNumber?: string | undefined;
  entity: CountedEntity;
  before?: Item | undefined;
  after?: Item | undefined;
}

/**
 * What a batch did. `applied` records are recorded as applied now (`covered` of them moved no counter
 * of the active generation, whose rebuild had already counted them), `duplicates` had been applied
 * before (their shard's checkpoint covers them, or their journal entry existed) or repeat an eventID
 * earlier in the batch, `unchanged` move no counter.
 * `failed`, when present, is the first record not applied: every record before it is applied (now or
 * earlier), it and every later one are not.
 */
export interface BatchOutcome {
  applied: number;
  covered: number;
  duplicates: number;
  unchanged: number;
  failed?: { index: number; error: unknown };
}
/**
 * What one record changes: the new image's contribution minus the old one's (an order placed or
 * deleted, a user registered or deleted, a product created, re-categorised or deleted; an order's
 * cancellation takes it out like a deletion). Throws on a malformed image.
 */
export const changeDelta = (change: StreamChange): CounterChange[] =>
  counterDelta((image: Item) => countsOf(change.entity, image), change.before, change.after);

/** The revision a record wrote (stats/stats.fences.ts), from its new image. */
const revisionOf = (change: StreamChange): Rev =>
  recordRev(change.after && countedPartOf(change.entity, change.after));

/** An ADD of a counter item's summed delta, as a transaction action (the stream bench's baseline sends it). */
export const counterUpdate = statsStore.counterUpdate;

/** The key of the item a record changed, from its images (both hold the key attributes). */
function entityKeyOf(change: StreamChange): EntityKey {
  const image = change.after ?? change.before ?? {};
  if (typeof image.pk !== "string" || typeof image.sk !== "string")
    throw new Error(`stream record ${change.eventId} has no image with its key`);
  return { pk: image.pk, sk: image.sk };
}

/**
 * Runs a commit again while it loses a race with a concurrent transaction (every shard adds to the
 * one TOTALS item), under db/retry.ts's `counterCommit`; then throws the last cancellation.
 */
function retryingConflicts<T extends { kind: string }>(commit: () => Promise<T | Conflict>): Promise<T> {
  let lost: unknown;
  return retrying(
    "counterCommit",
    async () => {
      const result = await commit();
      if (!isConflict(result)) return result;
      lost = result.error;
      return AGAIN;
    },
    giveUp(() => lost),
  );
}

const isConflict = (result: { kind: string }): result is Conflict => result.kind === "conflict";

/**
 * What was read before committing changed: another invocation moved the shard's checkpoint, or a
 * rebuild opened, flipped or was taken over (docs/decisions/020-exact-rebuild.md). Read again.
 */
class StateMoved extends Error {}

/** A chunk's transaction failed; `index` is its first record's position in the batch. */
class ChunkFailed extends Error {
  constructor(
    readonly index: number,
    readonly reason: unknown,
  ) {
    super("a chunk of the batch failed");
  }
}

/** Where and how a chunk commits, as decided from what was read (META and the checkpoint). */
interface CommitPlan {
  generations: Generations;
  shardId: string;
  /** The shard's checkpoint as read, then as each committed chunk raised it. */
  checkpoint: bigint | undefined;
}

const highestSequence = (records: readonly RecordDelta[]) =>
  records.reduce((max, record) => (record.sequence > max ? record.sequence : max), 0n);

/**
 * Commits one chunk into the active generation with the shard's checkpoint raised to its last record
 * (on condition that it still holds the one read) and, while a rebuild is open, its journal entries.
 * Records found applied before (their journal entry exists) are dropped and the rest committed.
 * Returns how many were dropped; throws StateMoved when the checkpoint or the generation moved.
 */
async function commitChunk(chunk: Chunk, plan: CommitPlan): Promise<number> {
  let current = chunk;
  let duplicates = 0;
  const { generations } = plan;
  while (current.records.length > 0) {
    const { records, counters } = current;
    const raise: CheckpointRaise = {
      shardId: plan.shardId,
      last: highestSequence(records),
      previous: plan.checkpoint,
    };
    const journaling = generations.rebuild
      ? {
          version: generations.version,
          gen: generations.rebuild.gen,
          entries: records.flatMap((record) => (record.journal ? [record.journal] : [])),
        }
      : undefined;
    const result = await retryingConflicts(() =>
      statsStore.commit(counters, generations.active, raise, journaling),
    );
    if (result.kind === "committed") {
      plan.checkpoint = raise.last;
      return duplicates;
    }
    if (result.kind === "moved" || result.kind === "stale") throw new StateMoved();
    const seen = new Set(result.eventIds);
    duplicates += records.filter((record) => seen.has(record.eventId)).length;
    current = chunkOf(records.filter((record) => !seen.has(record.eventId)));
  }
  return duplicates;
}

/**
 * Applies the records that move counters, each exactly once, reading first what decides how:
 * META (the active generation, an open rebuild, live fences) and the shard's checkpoint. Records at
 * or below the checkpoint were applied before and are skipped; records a rebuild's fence covers add
 * nothing to the active generation but are still recorded as applied; while a rebuild is open each
 * record is journaled.
 * The rest are committed chunk by chunk. If the checkpoint or the generation moved meanwhile, all is
 * read again and the uncommitted records decided again. Fills `outcome`; throws the chunk whose
 * commit failed, with its first record's index.
 */
async function applyCountingRecords(
  records: RecordDelta[],
  shardId: string,
  maxActions: number,
  outcome: BatchOutcome,
): Promise<void> {
  let pending = records;
  let moved: unknown;
  // Each round reads what decides, then commits; what moved meanwhile is read and decided again.
  await retrying(
    "counterCommit",
    async () => {
      if (pending.length === 0) return;
      let plan: CommitPlan;
      let fences = new Map<string, Rev>();
      try {
        const { generations, checkpoint } = await statsStore.readState(shardId);
        plan = { generations, shardId, checkpoint };
        const fresh =
          checkpoint === undefined ? pending : pending.filter((record) => record.sequence > checkpoint);
        outcome.duplicates += pending.length - fresh.length;
        pending = fresh;
        if ((generations.fencesUntil ?? 0) > nowMs() / 1000 && pending.length > 0)
          fences = await statsStore.fences(
            generations.active,
            pending.flatMap((record) => (record.journal ? [record.journal.key] : [])),
          );
      } catch (error) {
        throw new ChunkFailed(pending[0]?.index ?? 0, error);
      }
      const decided = pending.map((record) => {
        const journal = record.journal;
        const fence = journal ? fences.get(statsStore.entityId(journal.key)) : undefined;
        const covered = journal !== undefined && isCovered(journal.rev, fence);
        return { ...record, delta: covered ? [] : (journal?.delta ?? record.delta), covered };
      });
      const journaling = plan.generations.rebuild !== undefined;
      try {
        for (const chunk of chunkRecords(decided, { maxActions, journaling })) {
          let duplicates: number;
          try {
            duplicates = await commitChunk(chunk, plan);
          } catch (error) {
            if (error instanceof StateMoved) throw error;
            throw new ChunkFailed(chunk.records[0]?.index ?? 0, error);
          }
          const committed = new Set(chunk.records);
          outcome.duplicates += duplicates;
          outcome.applied += chunk.records.length - duplicates;
          outcome.covered += decided.filter((record) => committed.has(record) && record.covered).length;
          const done = new Set(chunk.records.map((record) => record.index));
          pending = pending.filter((record) => !done.has(record.index));
        }
      } catch (error) {
        if (!(error instanceof StateMoved)) throw error;
        moved = error;
        return AGAIN;
      }
    },
    giveUp(() => new ChunkFailed(pending[0]?.index ?? 0, moved)),
  );
}

/**
 * Applies a stream batch's records (in stream order) to the aggregates, each exactly once, in as few
 * writes as DynamoDB allows: the records' deltas are summed per counter item and committed together
 * with the shard's checkpoint (`shardId`: tumbling-window events and the local poller name the
 * shard), the highest sequence number applied, raised in the same transaction; records at or below
 * it are skipped (docs/decisions/016-stream-batches.md). One transaction per batch for up to 99
 * counter items, whatever the number of records; past that, transactions of at most 100 actions.
 * Records of one eventID repeated within the batch count once.
 *
 * The counters are those of the generation META names active, and a rebuild stays exact alongside
 * (docs/decisions/020-exact-rebuild.md): while one is open each record also gets a journal entry;
 * for 48 h after a flip, records the rebuild's scan already counted (its fences) add nothing.
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
  options: { shardId: string; maxActions?: number | undefined },
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { applied: 0, covered: 0, duplicates: 0, unchanged: 0 };
  const maxActions = Math.min(options.maxActions ?? MAX_TRANSACTION_ACTIONS, MAX_TRANSACTION_ACTIONS);
  const moving: RecordDelta[] = [];
  const seen = new Set<string>();
  for (const [index, change] of changes.entries()) {
    let delta: CounterChange[];
    let key: EntityKey;
    let sequence: bigint;
    try {
      delta = changeDelta(change);
      key = entityKeyOf(change);
      sequence = sequenceOf(change.sequenceNumber);
    } catch (error) {
      outcome.failed = { index, error };
      break;
    }
    if (delta.length === 0) outcome.unchanged += 1;
    else if (seen.has(change.eventId)) outcome.duplicates += 1;
    else {
      const journal = { eventId: change.eventId, key, rev: revisionOf(change), delta };
      moving.push({ index, eventId: change.eventId, sequence, delta, journal });
    }
    seen.add(change.eventId);
  }
  try {
    await applyCountingRecords(moving, options.shardId, maxActions, outcome);
  } catch (error) {
    // Records of earlier chunks are committed; the failed chunk's first record is where a retry
    // starts (unchanged records between chunks need nothing, so naming that one is exact).
    if (error instanceof ChunkFailed) outcome.failed = { index: error.index, error: error.reason };
    else outcome.failed = { index: moving[0]?.index ?? 0, error };
  }
  return outcome;
}

/** The dashboard summary, read from the active generation's aggregate items (one query of a bounded partition). */
export async function readSummary(): Promise<Summary> {
  return summaryFromItems(await statsStore.aggregates());
}

/**
 * The dashboard's booked orders per delivery day, for the `days` local dates from `today` (the shop's
 * zone: delivery/index.ts), kept by the stream like the other figures (stats.counters.ts).
 */
export async function readDeliveryDays(dates: readonly string[]): Promise<{ _id: string; orders: number }[]> {
  return deliveryDaysFromItems(await statsStore.aggregates(), dates);
}
