import { batchWrite } from "../db/batch.ts";
import { whenConditionFails, writtenUnlessRefused } from "../db/errors.ts";
import { updateItem } from "../db/items.ts";
import { inPartition } from "../db/key-conditions.ts";
import { keyOf, TOMBSTONE_PARTITION, tombstonedKey } from "../db/kind.ts";
import { queryAll } from "../db/query.ts";
import { scanPage } from "../db/scan.ts";
import {
  type CounterChange,
  counterKind,
  type EntityKey,
  fenceKind,
  type JournalEntry,
  journalKind,
  metaKind,
  type Rev,
  statsItemKind,
  statsPatterns,
} from "./stats.records.ts";
import {
  aggregates,
  counterUpdate,
  type Generations,
  LIFETIME_SECONDS,
  metaNames,
  nowInSeconds,
} from "./stats.store.ts";

/**
 * Storage of a rebuild of the dashboard figures (stats/rebuild.ts; docs/decisions/020-exact-rebuild.md):
 * opening a generation on META, scanning the table into its counters and fences, reading the journal
 * and tombstones, the flip to the new generation, and clearing older ones. The stream's own commits
 * are stats.store.ts.
 */

/**
 * Opens a rebuild of generation `gen` on META, if META is still as `read` (so two rebuilds cannot
 * both open): journalCount starts at 0, the version moves. False when META changed meanwhile.
 */
async function openRebuild(read: Generations, gen: number, leaseUntil: number): Promise<boolean> {
  return writtenUnlessRefused(
    updateItem(
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
    ),
  );
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
  return whenConditionFails(
    updateItem(
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
    ).then(() => "flipped" as const),
    () => "refused" as const,
  );
}

/**
 * Closes a rebuild that will not flip (it failed), if META is still as it opened it: the handler
 * stops journaling (its next commit is refused by the version and reads META again). False when
 * META moved on (flipped, or another rebuild took over).
 */
async function abortRebuild(read: Generations): Promise<boolean> {
  return writtenUnlessRefused(
    updateItem(
      metaKind.update(metaKind.key(), {
        UpdateExpression: "SET #version = :next REMOVE #rebuild, #journalCount",
        ConditionExpression: "#version = :version",
        ExpressionAttributeNames: metaNames("version", "rebuild", "journalCount"),
        ExpressionAttributeValues: { ":next": read.version + 1, ":version": read.version },
      }),
    ),
  );
}

/**
 * Deletes the counter items of generations older than `gen` (a handler that read META before the
 * flip may still add to one; the next rebuild deletes what it re-creates).
 */
async function removeOlderGenerations(gen: number): Promise<void> {
  const stale = (await aggregates()).filter((item) => (statsItemKind(item)?.gen ?? gen) < gen);
  await batchWrite(stale.flatMap((item) => counterKind.delete(keyOf(item))));
}

/** The rebuild half of the stats store. */
export const rebuildStore = {
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
};
