import { type CounterChange, sumCounters } from "./stats.counters.ts";
import type { JournalEntry } from "./stats.records.ts";

/**
 * The pure half of applying a stream batch (docs/decisions/016-stream-batches.md): how a batch's
 * records are grouped into transactions. Each transaction holds the sum of its records' deltas per
 * counter item (one update per item) and the shard's checkpoint raised to its last record; while a
 * rebuild is open also META's update and one journal entry per record
 * (docs/decisions/020-exact-rebuild.md). It stays within DynamoDB's 100 actions per TransactWriteItems.
 */

/** DynamoDB's limit of actions (distinct items) per TransactWriteItems. */
export const MAX_TRANSACTION_ACTIONS = 100;

/**
 * One record that moves counters: its eventID, sequence number and the delta it adds to
 * the active generation (empty when a rebuild's fence says that generation already counts it). While
 * a rebuild is open, `journal` is what its journal entry keeps (docs/decisions/020-exact-rebuild.md).
 */
export interface RecordDelta {
  /** Position in the delivered batch, so a failure can name its record. */
  index: number;
  eventId: string;
  sequence: bigint;
  delta: CounterChange[];
  journal?: JournalEntry | undefined;
}

/** Records committed together, with their deltas summed per counter item. */
export interface Chunk {
  records: RecordDelta[];
  counters: CounterChange[];
}

const counterId = (change: CounterChange) => `${change.key.pk}|${change.key.sk}`;

/**
 * A stream sequence number (21 to 40 digits) as a number: strings of different lengths do not
 * compare as numbers do. Anything else is refused.
 */
export function sequenceOf(sequenceNumber: string | undefined): bigint {
  if (!sequenceNumber || !/^\d{1,40}$/.test(sequenceNumber))
    throw new Error(`Not a stream sequence number: ${String(sequenceNumber)}`);
  return BigInt(sequenceNumber);
}

/** A chunk of these records: their deltas summed per counter item, as one transaction adds them. */
export function chunkOf(records: RecordDelta[]): Chunk {
  return { records, counters: sumCounters(records.flatMap((record) => record.delta)) };
}

/**
 * The actions of a transaction besides its counter updates: the shard's checkpoint and, while a
 * rebuild is open, META's update (its `journalCount`, on condition of its version).
 */
export const fixedActions = (journaling: boolean): number => (journaling ? 2 : 1);

/**
 * Cuts records (in stream order) into consecutive chunks whose transactions hold at most
 * `maxActions` actions each: one update per distinct counter item the chunk touches, the fixed
 * actions (`fixedActions`) and, while a rebuild is open (`journaling`), one journal entry per record.
 * Outside a rebuild the checkpoint stands for every record, so the number of records costs nothing.
 * Consecutive, so a chunk that fails leaves every record before it committed and every record from
 * its first one on not. A record whose own counters exceed the limit still gets a chunk of its own.
 *
 * @example
 * chunkRecords(hundredOrdersOnOneDay) // one chunk: TOTALS + DAY + the checkpoint
 * chunkRecords(hundredOrdersOnOneDay, { journaling: true }) // 96 records (+ 2 counters + 2), then 4
 */
export function chunkRecords(
  records: readonly RecordDelta[],
  { maxActions = MAX_TRANSACTION_ACTIONS, journaling = false } = {},
): Chunk[] {
  const limit = maxActions - fixedActions(journaling);
  const perRecord = journaling ? 1 : 0;
  const chunks: Chunk[] = [];
  let current: RecordDelta[] = [];
  let counters = new Set<string>();
  for (const record of records) {
    const touched = new Set([...counters, ...record.delta.map(counterId)]);
    if (current.length > 0 && (current.length + 1) * perRecord + touched.size > limit) {
      chunks.push(chunkOf(current));
      current = [];
      counters = new Set();
    }
    current.push(record);
    for (const id of record.delta.map(counterId)) counters.add(id);
  }
  if (current.length > 0) chunks.push(chunkOf(current));
  return chunks;
}
