import { nowMs } from "../clock.ts";
import { batchGet } from "../db/batch.ts";
import { notExists } from "../db/conditions.ts";
import { getItem } from "../db/items.ts";
import { type Item, keyOf, type UpdateAction } from "../db/kind.ts";
import { queryAll } from "../db/query.ts";
import { tryTransact } from "../db/transact.ts";
import {
  type CounterChange,
  checkpointKind,
  counterKind,
  type EntityKey,
  fenceKind,
  isMeta,
  type JournalEntry,
  journalKind,
  metaKind,
  type Rev,
  statsPatterns,
  storedSequence,
} from "./stats.records.ts";

export type { JournalEntry } from "./stats.records.ts";

/**
 * Storage of the dashboard aggregates, the stream's shard checkpoints, and the rebuild's generations,
 * fences and journal (docs/data-model.md, patterns 19 and 22-25), built on db/'s generic operations.
 * It answers in the stream's terms — committed, duplicates, checkpoint moved, generation moved,
 * conflict — and decides nothing: what to retry, skip or report is the rule of `stats/index.ts` and
 * `stats/rebuild.ts` (docs/decisions/016-stream-batches.md, 020-exact-rebuild.md).
 */

/**
 * Checkpoints, fences and journal entries outlive the stream's 24-hour retention, so no redelivery
 * can arrive after its checkpoint or fence expired; TTL deletion is lazy, which only keeps them
 * longer.
 */
export const LIFETIME_SECONDS = 48 * 60 * 60;

export const nowInSeconds = () => Math.floor(nowMs() / 1000);

/**
 * A transaction lost a race with a concurrent one (every shard adds to the one TOTALS item): the same
 * write may be sent again. `error` is the cancellation, for the caller to throw once it stops retrying.
 */
export interface Conflict {
  kind: "conflict";
  error: unknown;
}

/** What META says (docs/decisions/020-exact-rebuild.md); an absent META reads as generation 0, idle. */
export interface Generations {
  /** Raised by every change of the rebuild's state (open, flip, takeover), never by the handler. */
  version: number;
  /** The generation whose counters the summary shows and the stream adds to. */
  active: number;
  /** The highest generation ever opened (an abandoned rebuild's number is never used again). */
  lastGen: number;
  /** The rebuild in progress: the generation it builds and until when its lease holds (epoch seconds). */
  rebuild?: { gen: number; leaseUntil: number } | undefined;
  /** Journal entries written for the open rebuild. */
  journalCount: number;
  /** Until when (epoch seconds) the active generation's fences must be read by the stream handler. */
  fencesUntil?: number | undefined;
}

/** META as read (absent: generation 0, idle). */
function generationsOf(item: Item | undefined): Generations {
  const meta = metaKind.decode(item ?? {});
  return { ...meta, lastGen: meta.lastGen ?? meta.active };
}

/** `#name` → name for META's attributes in an expression (some, like `rebuild`, are reserved words). */
export const metaNames = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [`#${name}`, name]));

/** An ADD of a counter item's summed delta to generation `gen` (no condition: counters only ever add). */
export function counterUpdate(change: CounterChange, gen = 0): UpdateAction {
  const entries = Object.entries(change.add);
  return counterKind.update(counterKind.key(change.key, gen), {
    UpdateExpression: `ADD ${entries.map((_, i) => `#n${i} :v${i}`).join(", ")}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#n${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
  });
}

/**
 * What makes a redelivery harmless: the shard's checkpoint raised to `last` (the chunk's highest
 * sequence number), on condition that it still holds `previous` (absent: no checkpoint yet).
 */
export interface CheckpointRaise {
  shardId: string;
  last: bigint;
  previous: bigint | undefined;
}

/**
 * While a rebuild is open: its generation, META's version when read, and one journal entry per
 * record, journaled and counted on META in the commit on condition that the version still holds.
 */
export interface Journaling {
  version: number;
  gen: number;
  entries: readonly JournalEntry[];
}

/** The outcome of `commit`. */
export type CommitOutcome =
  | { kind: "committed" }
  | { kind: "duplicates"; eventIds: string[] }
  | { kind: "moved" }
  | { kind: "stale" }
  | Conflict;

/**
 * Adds the summed counters to generation `gen` in one transaction with the shard's checkpoint raised
 * (`raise`) and, while a rebuild is open, the batch's journal entries (`journaling`).
 * `duplicates` names records whose journal entry already existed; `moved` when the
 * checkpoint no longer holds `previous`; `stale` when META's version moved on (the rebuild flipped
 * or was taken over); `conflict` when the transaction lost a race. Nothing is written unless
 * `committed`. Outside a rebuild nothing pins the generation: every record of a batch was written
 * before the handler read META, so a rebuild opening after that read counts them in its scan, and
 * its fences keep them out of its generation whichever generation this commit lands in
 * (docs/decisions/020-exact-rebuild.md).
 */
async function commit(
  counters: readonly CounterChange[],
  gen: number,
  raise: CheckpointRaise,
  journaling?: Journaling,
): Promise<CommitOutcome> {
  const now = nowInSeconds();
  const journal = (journaling?.entries ?? []).map((entry) => ({
    id: entry.eventId,
    put: journalKind.putAt(
      journalKind.key(journaling?.gen ?? 0, entry.eventId),
      { entity: entry.key, rev: entry.rev, delta: entry.delta, expiresAt: now + LIFETIME_SECONDS },
      { ConditionExpression: notExists() },
    ),
  }));
  const updates = counters.map((change) => counterUpdate(change, gen));
  const meta = journaling
    ? metaKind.update(metaKind.key(), {
        UpdateExpression: "ADD #journalCount :n",
        ConditionExpression: "#version = :version",
        ExpressionAttributeNames: metaNames("journalCount", "version"),
        ExpressionAttributeValues: { ":n": journal.length, ":version": journaling.version },
      })
    : undefined;
  const checkpoint = checkpointKind.putAt(
    checkpointKind.key(raise.shardId),
    { sequenceNumber: storedSequence(raise.last), expiresAt: now + LIFETIME_SECONDS },
    raise.previous === undefined
      ? { ConditionExpression: notExists() }
      : {
          ConditionExpression: "sequenceNumber = :previous",
          ExpressionAttributeValues: { ":previous": storedSequence(raise.previous) },
        },
  );
  const cancelled = await tryTransact([
    ...journal.map(({ put }) => put),
    ...updates,
    ...(meta ? [meta] : []),
    checkpoint,
  ]);
  if (!cancelled) return { kind: "committed" };
  if (cancelled.reasons.includes("TransactionConflict")) return { kind: "conflict", error: cancelled.error };
  if (cancelled.failed(meta)) return { kind: "stale" };
  if (cancelled.failed(checkpoint)) return { kind: "moved" };
  const eventIds = journal.filter(({ put }) => cancelled.failed(put)).map(({ id }) => id);
  if (eventIds.length === 0) throw cancelled.error;
  return { kind: "duplicates", eventIds: [...new Set(eventIds)] };
}

/**
 * META and the shard's checkpoint (the highest sequence number applied from it, undefined at first),
 * in one strongly consistent read.
 */
async function readState(
  shardId: string,
): Promise<{ generations: Generations; checkpoint: bigint | undefined }> {
  const items = await batchGet([metaKind.key(), checkpointKind.key(shardId)]);
  const meta = items.find(isMeta);
  const saved = checkpointKind.decodeFound(items.find((item) => item !== meta));
  return {
    generations: generationsOf(meta),
    checkpoint: saved === undefined ? undefined : BigInt(saved.sequenceNumber),
  };
}

/** META as it is now (strongly consistent). */
const readGenerations = async (): Promise<Generations> => generationsOf(await getItem(metaKind.key()));

const entityId = (key: Item) => `${String(key.pk)}|${String(key.sk)}`;

/** The fences generation `gen`'s rebuild wrote for these entities, by `pk|sk` (read consistently). */
async function fences(gen: number, keys: readonly EntityKey[]): Promise<Map<string, Rev>> {
  const byFence = new Map(keys.map((key) => [entityId(fenceKind.key(gen, key)), key]));
  const found = await batchGet([...byFence.values()].map((key) => fenceKind.key(gen, key)));
  const fences = new Map<string, Rev>();
  for (const item of found) {
    const entity = byFence.get(entityId(keyOf(item)));
    if (entity) fences.set(entityId(entity), fenceKind.decode(item).rev);
  }
  return fences;
}

/**
 * Every item of the STATS partition: META and the counters of each generation (one bounded query;
 * eventually consistent unless `consistent`, as the dashboard may lag a moment).
 */
export const aggregates = ({ consistent = false } = {}): Promise<Item[]> =>
  queryAll({ ...statsPatterns.aggregates(), ...(consistent ? { ConsistentRead: true } : {}) });

/** The stats store (see the top of this file). */
export const statsStore = {
  counterUpdate,
  commit,
  readState,
  readGenerations,
  fences,
  aggregates,
  entityId,
};
