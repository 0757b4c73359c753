import { batchGet, batchWrite } from "../db/batch.ts";
import { notExists } from "../db/conditions.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { getItem, updateItem } from "../db/items.ts";
import { inPartition } from "../db/key-conditions.ts";
import { type Item, keyOf, TOMBSTONE_PARTITION, tombstonedKey, type UpdateAction } from "../db/kind.ts";
import { queryAll } from "../db/query.ts";
import { scanPage } from "../db/scan.ts";
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
  statsItemKind,
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
const LIFETIME_SECONDS = 48 * 60 * 60;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

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
const metaNames = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [`#${name}`, name]));

/** An ADD of a counter item's summed delta to generation `gen` (no condition: counters only ever add). */
function counterUpdate(change: CounterChange, gen = 0): UpdateAction {
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
const aggregates = ({ consistent = false } = {}): Promise<Item[]> =>
  queryAll({ ...statsPatterns.aggregates(), ...(consistent ? { ConsistentRead: true } : {}) });

/**
 * Opens a rebuild of generation `gen` on META, if META is still as `read` (so two rebuilds cannot
 * both open): journalCount starts at 0, the version moves. False when META changed meanwhile.
 */
async function openRebuild(read: Generations, gen: number, leaseUntil: number): Promise<boolean> {
  try {
    await updateItem(
      metaKind.update(metaKind.key(), {
        UpdateExpression: "SET #rebuild = :rebuild, #lastGen = :gen, #journalCount = :zero, #version = :next",
        ConditionExpression: read.version === 0 ? "attribute_not_exists(#version)" : "#version = :version",
        ExpressionAttributeNames: metaNames("rebuild", "lastGen", "journalCount", "version"),
        ExpressionAttributeValues: {
          ":rebuild": { gen, leaseUntil },
          ":gen": gen,
          ":zero": 0,
          ":next": read.version + 1,
          ...(read.version === 0 ? {} : { ":version": read.version }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** One page of the whole table, strongly consistent (the rebuild's scan). */
const scan = (pageSize: number, start?: Record<string, unknown>) => scanPage({ pageSize, start });

/** Puts generation `gen`'s counter items whole (before its flip, only the rebuild writes them). */
const putCounters = (gen: number, counters: readonly CounterChange[]): Promise<void> =>
  batchWrite(counters.map((change) => counterKind.putAt(counterKind.key(change.key, gen), change.add)));

/** Adds to generation `gen`'s counters, item by item (before its flip, only the rebuild writes them). */
async function addCounters(gen: number, counters: readonly CounterChange[]): Promise<void> {
  for (const change of counters) await updateItem(counterUpdate(change, gen));
}

/** Puts generation `gen`'s fences: the revision the scan read of each entity (48 h, then TTL). */
const putFences = (gen: number, seen: ReadonlyMap<string, { key: EntityKey; rev: Rev }>): Promise<void> => {
  const expiresAt = nowInSeconds() + LIFETIME_SECONDS;
  return batchWrite(
    [...seen.values()].map(({ key, rev }) => fenceKind.putAt(fenceKind.key(gen, key), { rev, expiresAt })),
  );
};

/**
 * The keys of every counted item removed lately (its tombstone, db/kind.ts: one bounded partition,
 * removals of the last 48 h or so), strongly consistent.
 */
async function tombstones(): Promise<EntityKey[]> {
  const items = await queryAll({ ...inPartition({ pk: TOMBSTONE_PARTITION }), ConsistentRead: true });
  return items.flatMap((item) => {
    const key = tombstonedKey(item);
    return key?.pk !== undefined && key.sk !== undefined ? [{ pk: key.pk, sk: key.sk }] : [];
  });
}

/** Every journal entry of generation `gen`'s rebuild (strongly consistent). */
async function journal(gen: number): Promise<JournalEntry[]> {
  const items = await queryAll({ ...statsPatterns.journal(gen), ConsistentRead: true });
  return items.map((item) => {
    const entry = journalKind.decode(item);
    return { eventId: String(item.sk), key: entry.entity, rev: entry.rev, delta: entry.delta };
  });
}

/**
 * The flip: META names `gen` active (its fences to be read until `fencesUntil`) and closes the
 * rebuild, on condition that its version is still the open's and exactly `journalCount` entries were
 * journaled. `refused` when that condition failed.
 */
async function flip(
  read: Generations,
  gen: number,
  journalCount: number,
  fencesUntil: number,
): Promise<"flipped" | "refused"> {
  try {
    await updateItem(
      metaKind.update(metaKind.key(), {
        UpdateExpression:
          "SET #active = :gen, #version = :next, #fencesUntil = :until REMOVE #rebuild, #journalCount",
        ConditionExpression: "#version = :version AND #journalCount = :count",
        ExpressionAttributeNames: metaNames("active", "version", "fencesUntil", "rebuild", "journalCount"),
        ExpressionAttributeValues: {
          ":gen": gen,
          ":next": read.version + 1,
          ":until": fencesUntil,
          ":version": read.version,
          ":count": journalCount,
        },
      }),
    );
    return "flipped";
  } catch (error) {
    if (isConditionalCheckFailure(error)) return "refused";
    throw error;
  }
}

/**
 * Closes a rebuild that will not flip (it failed), if META is still as it opened it: the handler
 * stops journaling (its next commit is refused by the version and reads META again). False when
 * META moved on (flipped, or another rebuild took over).
 */
async function abortRebuild(read: Generations): Promise<boolean> {
  try {
    await updateItem(
      metaKind.update(metaKind.key(), {
        UpdateExpression: "SET #version = :next REMOVE #rebuild, #journalCount",
        ConditionExpression: "#version = :version",
        ExpressionAttributeNames: metaNames("version", "rebuild", "journalCount"),
        ExpressionAttributeValues: { ":next": read.version + 1, ":version": read.version },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Deletes the counter items of generations older than `gen` (a handler that read META before the
 * flip may still add to one; the next rebuild deletes what it re-creates).
 */
async function removeOlderGenerations(gen: number): Promise<void> {
  const stale = (await aggregates()).filter((item) => (statsItemKind(item)?.gen ?? gen) < gen);
  await batchWrite(stale.flatMap((item) => counterKind.delete(keyOf(item))));
}

/** The stats store (see the top of this file). */
export const statsStore = {
  counterUpdate,
  commit,
  readState,
  readGenerations,
  fences,
  aggregates,
  openRebuild,
  scan,
  putCounters,
  addCounters,
  putFences,
  tombstones,
  journal,
  flip,
  abortRebuild,
  removeOlderGenerations,
  entityId,
};
