import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind, type Item, type Key } from "../db/kind.ts";

/**
 * The stored kinds of the dashboard aggregates, the stream's shard checkpoints, and the rebuild's
 * generations, fences and journal (docs/data-model.md, patterns 19 and 22-25), each declared once
 * (db/kind.ts). Tombstones of counted items are db/'s (db/kind.ts, pattern 26).
 *
 * - totals:           pk STATS, sk TOTALS                  numUsers, numOrders, salesCents
 * - one UTC day:      pk STATS, sk DAY#<YYYY-MM-DD>        orders, salesCents
 * - one category:     pk STATS, sk CATEGORY#<category>     count
 * - one delivery day: pk STATS, sk DELIVERY_DAY#<YYYY-MM-DD> bookings (orders holding a seat that day)
 * - shard checkpoint: pk SHARD#<shardId>, sk CHECKPOINT    sequenceNumber (40 digits), expiresAt (TTL)
 * - generations:      pk STATS, sk META                    active, version, rebuild, journalCount, fencesUntil
 * - a rebuild's fence: pk FENCE#<gen>#<entity pk>, sk <entity sk>   rev (or removed), expiresAt (TTL)
 * - a journal entry:  pk JOURNAL#<gen>, sk <eventID>       entity, rev, delta, expiresAt (TTL)
 *
 * The counters above are generation 0's; generation g > 0 prefixes their sort keys with `G#<g>#`
 * (`inGeneration`), and META names the active one (docs/decisions/020-exact-rebuild.md). All of them
 * share one partition so the summary is one bounded query, never a scan.
 */

const PARTITION = "STATS";
const GENERATION_PREFIX = "G#";

/** The primary key of a counted entity's item. */
export type EntityKey = Key & { pk: string; sk: string };

export const statsKeys = {
  partition: PARTITION,
  totals: { pk: PARTITION, sk: "TOTALS" },
  day: (day: string) => ({ pk: PARTITION, sk: `DAY#${day}` }),
  category: (category: string) => ({ pk: PARTITION, sk: `CATEGORY#${category}` }),
  deliveryDay: (date: string) => ({ pk: PARTITION, sk: `DELIVERY_DAY#${date}` }),
  /** A promotion code's uses and discount total (docs/decisions/049), by the code as placed. */
  promotion: (code: string) => ({ pk: PARTITION, sk: `PROMOTION#${code}` }),
  checkpoint: (shardId: string) => ({ pk: `SHARD#${shardId}`, sk: "CHECKPOINT" }),
  meta: { pk: PARTITION, sk: "META" },
  fence: (gen: number, key: EntityKey) => ({ pk: `FENCE#${gen}#${key.pk}`, sk: key.sk }),
  journalPartition: (gen: number) => `JOURNAL#${gen}`,
  journal: (gen: number, eventId: string) => ({ pk: `JOURNAL#${gen}`, sk: eventId }),
};

/** A counter item's key in generation `gen` (generation 0 keeps the unprefixed keys of old tables). */
export const inGeneration = (key: EntityKey, gen: number): EntityKey =>
  gen === 0 ? key : { pk: key.pk, sk: `${GENERATION_PREFIX}${gen}#${key.sk}` };

const whole = v.pipe(v.number(), v.integer());
const epochSeconds = whole;

/** A removal's revision, and the fence of a tombstone: above every number (stats/stats.fences.ts). */
export const REMOVED = "removed";
const RevSchema = v.union([whole, v.literal(REMOVED)]);
/** A record's or a scanned item's revision. */
export type Rev = v.InferOutput<typeof RevSchema>;

/** Numbers to add to the attributes of one aggregate item. */
const CounterChangeSchema = v.object({
  key: v.object({ pk: v.string(), sk: v.string() }),
  add: v.record(v.string(), v.number()),
});
export type CounterChange = v.InferOutput<typeof CounterChangeSchema>;

/** One aggregate item of any generation: totals, a day or a category; absent attributes are 0. */
export const counterKind = defineKind({
  name: "stats counter",
  schema: v.object({
    numUsers: v.optional(v.number(), 0),
    numOrders: v.optional(v.number(), 0),
    salesCents: v.optional(v.number(), 0),
    orders: v.optional(v.number(), 0),
    count: v.optional(v.number(), 0),
    bookings: v.optional(v.number(), 0),
    uses: v.optional(v.number(), 0),
    discountCents: v.optional(v.number(), 0),
  }),
  key: (key: EntityKey, gen: number) => inGeneration(key, gen),
});

/** META (absent = generation 0, idle): which generation is active, and the rebuild in progress. */
export const metaKind = defineKind({
  name: "stats META",
  schema: v.object({
    version: v.optional(whole, 0),
    active: v.optional(whole, 0),
    lastGen: v.optional(whole),
    rebuild: v.optional(v.object({ gen: whole, leaseUntil: epochSeconds })),
    journalCount: v.optional(whole, 0),
    fencesUntil: v.optional(epochSeconds),
  }),
  key: () => statsKeys.meta,
});

/** The highest sequence number applied from a shard, 40 digits zero-padded so stored values sort. */
export const checkpointKind = defineKind({
  name: "stream checkpoint",
  schema: v.object({ sequenceNumber: v.pipe(v.string(), v.regex(/^\d{40}$/)), expiresAt: epochSeconds }),
  key: (shardId: string) => statsKeys.checkpoint(shardId),
});

/** The revision a rebuild's scan read of one counted item (or `removed` for a tombstone). */
export const fenceKind = defineKind({
  name: "rebuild fence",
  schema: v.object({ rev: RevSchema, expiresAt: epochSeconds }),
  key: (gen: number, entity: EntityKey) => statsKeys.fence(gen, entity),
});

/** One record applied while a rebuild was open, as the rebuild's journal keeps it. */
export const journalKind = defineKind({
  name: "rebuild journal entry",
  schema: v.object({
    entity: v.object({ pk: v.string(), sk: v.string() }),
    rev: RevSchema,
    delta: v.array(CounterChangeSchema),
    expiresAt: epochSeconds,
  }),
  key: (gen: number, eventId: string) => statsKeys.journal(gen, eventId),
});

/** One applied record as the open rebuild's journal keeps it (its sort key is the event id). */
export interface JournalEntry {
  eventId: string;
  key: EntityKey;
  rev: Rev;
  delta: CounterChange[];
}

/** The sequence number as stored in a checkpoint: 40 digits, so the stored strings also sort. */
export const storedSequence = (sequence: bigint): string => sequence.toString().padStart(40, "0");

/** The access patterns of the aggregates by name (docs/data-model.md numbers them). */
export const statsPatterns = {
  /** Pattern 19: every aggregate item with META (one bounded partition). */
  aggregates: () => inPartition({ pk: PARTITION }),
  /** Pattern 23: a rebuild's journal. */
  journal: (gen: number) => inPartition({ pk: statsKeys.journalPartition(gen) }),
};

/** What one counter item of the STATS partition holds, and its generation, read from its sort key. */
export type StatsItemKind = { gen: number } & (
  | { kind: "totals" }
  | { kind: "day"; day: string }
  | { kind: "category"; category: string }
  | { kind: "delivery day"; date: string }
  | { kind: "promotion"; code: string }
);

/** Classifies an item of the STATS partition; undefined for META and anything unexpected. */
export function statsItemKind(item: Item): StatsItemKind | undefined {
  if (typeof item.sk !== "string") return undefined;
  let sk: string = item.sk;
  let gen = 0;
  if (sk.startsWith(GENERATION_PREFIX)) {
    const match = /^G#(\d+)#(.*)$/.exec(sk);
    if (!match) return undefined;
    gen = Number(match[1]);
    sk = match[2] ?? "";
  }
  if (sk === statsKeys.totals.sk) return { gen, kind: "totals" };
  if (sk.startsWith("DAY#")) return { gen, kind: "day", day: sk.slice("DAY#".length) };
  if (sk.startsWith("CATEGORY#")) return { gen, kind: "category", category: sk.slice("CATEGORY#".length) };
  if (sk.startsWith("DELIVERY_DAY#"))
    return { gen, kind: "delivery day", date: sk.slice("DELIVERY_DAY#".length) };
  if (sk.startsWith("PROMOTION#")) return { gen, kind: "promotion", code: sk.slice("PROMOTION#".length) };
  return undefined;
}

/** True for the META item of the STATS partition. */
export const isMeta = (item: Item): boolean => item.pk === statsKeys.meta.pk && item.sk === statsKeys.meta.sk;
