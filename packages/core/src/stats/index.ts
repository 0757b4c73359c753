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
import { type CounterChange, counterDelta, countsOf, summaryFromItems } from "./stats.counters.ts";
import { isCovered, type Rev, recordRev } from "./stats.fences.ts";
import type { EntityKey } from "./stats.records.ts";
import type { Summary } from "./stats.schema.ts";
import { type Conflict, type Dedup, type Generations, statsStore } from "./stats.store.ts";

export { type RebuildOptions, type RebuildStep, rebuildStats } from "./rebuild.ts";

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
 * What a batch did. `applied` records are recorded as applied now (`covered` of them moved no counter
 * of the active generation, whose rebuild had already counted them), `duplicates` had been applied
 * before (their marker existed, or their shard's checkpoint covers them), `unchanged` move no counter.
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

/** The Put of a record's marker, refused when the record was applied before (a transaction action). */
export const markerPut = statsStore.markerPut;

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
  shardId: string | undefined;
  checkpoint: bigint | undefined;
}

const highestSequence = (records: readonly RecordDelta[]) =>
  records.reduce((max, record) => (record.sequence > max ? record.sequence : max), 0n);

/**
 * Commits one chunk into the active generation with its markers (or the shard's checkpoint raised to
 * its last record, on condition that it still holds the one read) and, while a rebuild is open, its
 * journal entries. Records found applied before (a marker or journal entry exists) are dropped and
 * the rest committed. Returns how many were dropped; throws StateMoved when the checkpoint or the
 * generation moved.
 */
async function commitChunk(chunk: Chunk, plan: CommitPlan): Promise<number> {
  let current = chunk;
  let duplicates = 0;
  const { generations } = plan;
  while (current.records.length > 0) {
    const { records, counters } = current;
    const dedup: Dedup =
      plan.shardId === undefined
        ? { kind: "markers", eventIds: records.map((record) => record.eventId) }
        : {
            kind: "checkpoint",
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
      statsStore.commit(counters, generations.active, dedup, journaling),
    );
    if (result.kind === "committed") {
      if (dedup.kind === "checkpoint") plan.checkpoint = dedup.last;
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
 * META (the active generation, an open rebuild, live fences) and, with `shardId`, the shard's
 * checkpoint. Records at or below the checkpoint were applied before and are skipped (while a shard
 * has no checkpoint, those with a marker); records a rebuild's fence covers add nothing to the active
 * generation but are still recorded as applied; while a rebuild is open each record is journaled.
 * The rest are committed chunk by chunk. If the checkpoint or the generation moved meanwhile, all is
 * read again and the uncommitted records decided again. Fills `outcome`; throws the chunk whose
 * commit failed, with its first record's index.
 */
async function applyCountingRecords(
  records: RecordDelta[],
  shardId: string | undefined,
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
        if (shardId !== undefined) {
          // A shard without a checkpoint may hold records applied with markers (before the mapping
          // named its shards, or from a plain event): those must not count again.
          const marked =
            checkpoint === undefined
              ? await statsStore.existingMarkers(pending.map((record) => record.eventId))
              : new Set<string>();
          const fresh = pending.filter((record) =>
            checkpoint === undefined ? !marked.has(record.eventId) : record.sequence > checkpoint,
          );
          outcome.duplicates += pending.length - fresh.length;
          pending = fresh;
        }
        if ((generations.fencesUntil ?? 0) > Date.now() / 1000 && pending.length > 0)
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
      const perRecord = (shardId === undefined ? 1 : 0) + (plan.generations.rebuild ? 1 : 0);
      // The checkpoint and, while a rebuild is open, META's update are the transaction's own actions.
      const fixed = (shardId === undefined ? 0 : 1) + (plan.generations.rebuild ? 1 : 0);
      try {
        for (const chunk of chunkRecords(decided, maxActions - fixed, perRecord)) {
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
 * with what makes a redelivery harmless, in transactions of at most 100 actions
 * (docs/decisions/016-stream-batches.md):
 * - with `shardId` (tumbling-window events name the shard): the shard's checkpoint, the highest
 *   sequence number applied, raised in the same transaction; records at or below it are skipped.
 *   While a shard has no checkpoint yet, records that have a marker are skipped instead (applied
 *   through the marker path before the mapping named its shards).
 *   One transaction per batch for up to 99 counter items (98 while a rebuild is open), whatever
 *   the number of records.
 * - without it (a plain stream event): one marker per record (`STREAM#<eventID>`, put only if absent);
 *   a redelivered record finds its marker and changes nothing, whatever batch it comes back in.
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
  options: { maxActions?: number | undefined; shardId?: string | undefined } = {},
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { applied: 0, covered: 0, duplicates: 0, unchanged: 0 };
  const maxActions = Math.min(options.maxActions ?? MAX_TRANSACTION_ACTIONS, MAX_TRANSACTION_ACTIONS);
  const moving: RecordDelta[] = [];
  const seen = new Set<string>();
  for (const [index, change] of changes.entries()) {
    let delta: CounterChange[];
    let key: EntityKey;
    let sequence = 0n;
    try {
      delta = changeDelta(change);
      key = entityKeyOf(change);
      if (options.shardId !== undefined) sequence = sequenceOf(change.sequenceNumber);
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
