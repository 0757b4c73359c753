import { batchGet, batchWrite } from "../db/batch.ts";
import { notExists } from "../db/conditions.ts";
import { CONDITION_FAILED, cancellationReasons, isConditionalCheckFailure } from "../db/errors.ts";
import { getItem, type Item, updateItem } from "../db/items.ts";
import { inPartition, keyOf, keysOnly } from "../db/key-conditions.ts";
import { queryAll } from "../db/query.ts";
import { scanPage } from "../db/scan.ts";
import { type Action, transact } from "../db/transact.ts";
import { storedSequence } from "./stats.batch.ts";
import type { CounterChange } from "./stats.counters.ts";
import type { Rev } from "./stats.fences.ts";
import { type EntityKey, inGeneration, statsItemKind, statsKeys } from "./stats.keys.ts";

/**
 * Storage of the dashboard aggregates, the stream's markers and shard checkpoints, and the rebuild's
 * generations, fences and journal (docs/data-model.md, patterns 19, 20, 22 and 23), built on db/'s
 * generic operations. It answers in the stream's terms — committed, duplicates, checkpoint moved,
 * generation moved, conflict — and decides nothing: what to retry, skip or report is the rule of
 * `stats/index.ts` and `stats/rebuild.ts` (docs/decisions/016-stream-batches.md, 020-exact-rebuild.md).
 */

/**
 * Markers, checkpoints, fences and journal entries outlive the stream's 24-hour retention, so no
 * redelivery can arrive after its marker or fence expired; TTL deletion is lazy, which only keeps
 * them longer.
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

const numberOr = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback);

function generationsOf(item: Item | undefined): Generations {
  const rebuild = item?.rebuild as { gen?: unknown; leaseUntil?: unknown } | undefined;
  const active = numberOr(item?.active, 0);
  return {
    version: numberOr(item?.version, 0),
    active,
    lastGen: numberOr(item?.lastGen, active),
    rebuild:
      rebuild && typeof rebuild.gen === "number"
        ? { gen: rebuild.gen, leaseUntil: numberOr(rebuild.leaseUntil, 0) }
        : undefined,
    journalCount: numberOr(item?.journalCount, 0),
    fencesUntil: typeof item?.fencesUntil === "number" ? item.fencesUntil : undefined,
  };
}

/** `#name` → name for META's attributes in an expression (some, like `rebuild`, are reserved words). */
const metaNames = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [`#${name}`, name]));

/** One applied record as the open rebuild's journal keeps it. */
export interface JournalEntry {
  eventId: string;
  key: EntityKey;
  rev: Rev;
  delta: CounterChange[];
}

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

/** What makes a redelivery harmless: a marker per record, or the shard's checkpoint raised to `last`. */
export type Dedup =
  | { kind: "markers"; eventIds: readonly string[] }
  | { kind: "checkpoint"; shardId: string; last: bigint; previous: bigint | undefined };

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
 * Adds the summed counters to generation `gen` in one transaction with what makes a redelivery
 * harmless (`dedup`) and, while a rebuild is open, the batch's journal entries (`journaling`).
 * `duplicates` names records whose marker or journal entry already existed; `moved` when the
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
  dedup: Dedup,
  journaling?: Journaling,
): Promise<CommitOutcome> {
  const now = nowInSeconds();
  const markers = dedup.kind === "markers" ? dedup.eventIds.map((id) => markerPut(id, now)) : [];
  const entries = journaling?.entries ?? [];
  const journal: Action[] = entries.map((entry) => ({
    Put: {
      Item: {
        ...statsKeys.journal(journaling?.gen ?? 0, entry.eventId),
        entity: entry.key,
        rev: entry.rev,
        delta: entry.delta,
        expiresAt: now + MARKER_LIFETIME_SECONDS,
      },
      ConditionExpression: notExists(),
    },
  }));
  const updates = counters.map((change) =>
    counterUpdate({ key: inGeneration(change.key, gen), add: change.add }),
  );
  const meta: Action[] = journaling
    ? [
        {
          Update: {
            Key: statsKeys.meta,
            UpdateExpression: "ADD #journalCount :n",
            ConditionExpression: "#version = :version",
            ExpressionAttributeNames: metaNames("journalCount", "version"),
            ExpressionAttributeValues: { ":n": entries.length, ":version": journaling.version },
          },
        },
      ]
    : [];
  const checkpoint: Action[] =
    dedup.kind === "checkpoint"
      ? [
          {
            Put: {
              Item: {
                ...statsKeys.checkpoint(dedup.shardId),
                sequenceNumber: storedSequence(dedup.last),
                expiresAt: now + MARKER_LIFETIME_SECONDS,
              },
              ...(dedup.previous === undefined
                ? { ConditionExpression: notExists() }
                : {
                    ConditionExpression: "sequenceNumber = :previous",
                    ExpressionAttributeValues: { ":previous": storedSequence(dedup.previous) },
                  }),
            },
          },
        ]
      : [];
  const actions = [...markers, ...journal, ...updates, ...meta, ...checkpoint];
  try {
    await transact(actions);
    return { kind: "committed" };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    if (isConflict(reasons)) return { kind: "conflict", error };
    const failed = (index: number) => reasons[index] === CONDITION_FAILED;
    if (meta.length > 0 && failed(markers.length + journal.length + updates.length)) return { kind: "stale" };
    if (checkpoint.length > 0 && failed(actions.length - 1)) return { kind: "moved" };
    const eventIds = [
      ...(dedup.kind === "markers" ? dedup.eventIds.filter((_, i) => failed(i)) : []),
      ...entries.filter((_, i) => failed(markers.length + i)).map((entry) => entry.eventId),
    ];
    if (eventIds.length === 0) throw error;
    return { kind: "duplicates", eventIds: [...new Set(eventIds)] };
  }
}

/**
 * META and, with `shardId`, the shard's checkpoint (the highest sequence number applied from it,
 * undefined at first), in one strongly consistent read.
 */
async function readState(
  shardId: string | undefined,
): Promise<{ generations: Generations; checkpoint: bigint | undefined }> {
  const keys = [statsKeys.meta, ...(shardId === undefined ? [] : [statsKeys.checkpoint(shardId)])];
  const items = await batchGet(keys);
  const meta = items.find((item) => item.pk === statsKeys.meta.pk && item.sk === statsKeys.meta.sk);
  const saved = items.find((item) => item !== meta);
  return {
    generations: generationsOf(meta),
    checkpoint: typeof saved?.sequenceNumber === "string" ? BigInt(saved.sequenceNumber) : undefined,
  };
}

/** META as it is now (strongly consistent). */
const readGenerations = async (): Promise<Generations> => generationsOf(await getItem(statsKeys.meta));

const entityId = (key: EntityKey) => `${key.pk}|${key.sk}`;

/** The fences generation `gen`'s rebuild wrote for these entities, by `pk|sk` (read consistently). */
async function fences(gen: number, keys: readonly EntityKey[]): Promise<Map<string, Rev>> {
  const unique = [...new Map(keys.map((key) => [entityId(key), key])).values()];
  const found = await batchGet(unique.map((key) => statsKeys.fence(gen, key)));
  const prefix = `FENCE#${gen}#`;
  return new Map(
    found.map((item) => [`${String(item.pk).slice(prefix.length)}|${String(item.sk)}`, item.rev as Rev]),
  );
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

/**
 * Every item of the STATS partition: META and the counters of each generation (one bounded query;
 * eventually consistent unless `consistent`, as the dashboard may lag a moment).
 */
const aggregates = ({ consistent = false } = {}): Promise<Item[]> =>
  queryAll({ ...inPartition({ pk: statsKeys.partition }), ...(consistent ? { ConsistentRead: true } : {}) });

/**
 * Opens a rebuild of generation `gen` on META, if META is still as `read` (so two rebuilds cannot
 * both open): journalCount starts at 0, the version moves. False when META changed meanwhile.
 */
async function openRebuild(read: Generations, gen: number, leaseUntil: number): Promise<boolean> {
  try {
    await updateItem({
      Key: statsKeys.meta,
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
    });
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
  batchWrite(
    counters.map((change) => ({ PutRequest: { Item: { ...inGeneration(change.key, gen), ...change.add } } })),
  );

/** Adds to generation `gen`'s counters, item by item (before its flip, only the rebuild writes them). */
async function addCounters(gen: number, counters: readonly CounterChange[]): Promise<void> {
  for (const change of counters) {
    const update = counterUpdate({ key: inGeneration(change.key, gen), add: change.add });
    if ("Update" in update) await updateItem(update.Update);
  }
}

/** Puts generation `gen`'s fences: the revision the scan read of each entity (48 h, then TTL). */
const putFences = (gen: number, seen: ReadonlyMap<string, { key: EntityKey; rev: Rev }>): Promise<void> => {
  const expiresAt = nowInSeconds() + MARKER_LIFETIME_SECONDS;
  return batchWrite(
    [...seen.values()].map(({ key, rev }) => ({
      PutRequest: { Item: { ...statsKeys.fence(gen, key), rev, expiresAt } },
    })),
  );
};

/** Every tombstone (one bounded partition: removals of the last 48 h or so), strongly consistent. */
const tombstones = (): Promise<Item[]> =>
  queryAll({ ...inPartition({ pk: statsKeys.tombstonePartition }), ConsistentRead: true });

/** Every journal entry of generation `gen`'s rebuild (strongly consistent). */
async function journal(gen: number): Promise<JournalEntry[]> {
  const items = await queryAll({
    ...inPartition({ pk: statsKeys.journalPartition(gen) }),
    ConsistentRead: true,
  });
  return items.map((item) => ({
    eventId: String(item.sk),
    key: item.entity as EntityKey,
    rev: item.rev as Rev,
    delta: item.delta as CounterChange[],
  }));
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
    await updateItem({
      Key: statsKeys.meta,
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
    });
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
    await updateItem({
      Key: statsKeys.meta,
      UpdateExpression: "SET #version = :next REMOVE #rebuild, #journalCount",
      ConditionExpression: "#version = :version",
      ExpressionAttributeNames: metaNames("version", "rebuild", "journalCount"),
      ExpressionAttributeValues: { ":next": read.version + 1, ":version": read.version },
    });
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
  await batchWrite(stale.map((item) => ({ DeleteRequest: { Key: keyOf(item) } })));
}

/** The stats store (see the top of this file). */
export const statsStore = {
  counterUpdate,
  markerPut,
  commit,
  readState,
  readGenerations,
  fences,
  existingMarkers,
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
