import { type CounterChange, sumCounters } from "./stats.counters.ts";
import type { JournalEntry } from "./stats.records.ts";

/**
 * The pure half of applying a stream batch (docs/decisions/016-stream-batches.md): how a batch's
 * records are grouped into transactions. Each transaction holds one marker per record that moves a
 * counter, plus the sum of those records' deltas per counter item, and stays within DynamoDB's
 * 100 actions per TransactWriteItems.
 */

/** DynamoDB's limit of actions (distinct items) per TransactWriteItems. */
export const MAX_TRANSACTION_ACTIONS = 100;

/**
 * One record that moves counters: its eventID (the marker), sequence number and the delta it adds to
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

/** Records committed together: their markers and their deltas summed per counter item. */
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

/** The markers and counter updates of a chunk, as one transaction would hold them. */
export function chunkOf(records: RecordDelta[]): Chunk {
  return { records, counters: sumCounters(records.flatMap((record) => record.delta)) };
}

/**
 * Cuts records (in stream order) into consecutive chunks of at most `limit` actions each:
 * `actionsPerRecord` per record (a marker, a journal entry while a rebuild is open; 0 when a shard
 * checkpoint stands for them all — the caller leaves the transaction's own fixed actions out of
 * `limit`) plus one update per distinct counter item the chunk touches. Consecutive, so a chunk that
 * fails leaves every record before it committed and every record from its first one on not.
 *
 * @example
 * chunkRecords(hundredOrdersOnOneDay) // two chunks: 98 markers + TOTALS + DAY, then 2 markers + the same 2
 */
export function chunkRecords(
  records: readonly RecordDelta[],
  limit = MAX_TRANSACTION_ACTIONS,
  actionsPerRecord = 1,
): Chunk[] {
  const chunks: Chunk[] = [];
  let current: RecordDelta[] = [];
  let counters = new Set<string>();
  for (const record of records) {
    const touched = new Set([...counters, ...record.delta.map(counterId)]);
    if (current.length > 0 && (current.length + 1) * actionsPerRecord + touched.size > limit) {
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
