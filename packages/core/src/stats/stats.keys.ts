import { orderKeys } from "../orders/order.keys.ts";
import { productKeys } from "../products/product.keys.ts";
import { userKeys } from "../users/user.keys.ts";

/**
 * Keys of the dashboard aggregates and of the stream's idempotency markers (docs/data-model.md,
 * access patterns 19, 20 and 22).
 *
 * - totals:           pk STATS, sk TOTALS                  numUsers, numOrders, salesCents
 * - one UTC day:      pk STATS, sk DAY#<YYYY-MM-DD>        orders, salesCents
 * - one category:     pk STATS, sk CATEGORY#<category>     count
 * - applied record:   pk STREAM#<eventID>, sk STREAM       expiresAt (TTL)
 * - shard checkpoint: pk SHARD#<shardId>, sk CHECKPOINT    sequenceNumber (40 digits), expiresAt (TTL)
 * - generations:      pk STATS, sk META                    active, version, rebuild, journalCount, fencesUntil
 * - a rebuild's fence: pk FENCE#<gen>#<entity pk>, sk <entity sk>   rev (or removed), expiresAt (TTL)
 * - a journal entry:  pk JOURNAL#<gen>, sk <eventID>       key, rev, delta, expiresAt (TTL)
 * - a tombstone:      pk TOMBSTONES, sk <entity pk>|<entity sk>      expiresAt (TTL)
 *
 * The counters above are generation 0's; generation g > 0 prefixes their sort keys with `G#<g>#`
 * (`inGeneration`), and META names the active one (docs/decisions/020-exact-rebuild.md). All of them
 * share one partition so the summary is one bounded query, never a scan.
 */
export const statsKeys = {
  partition: "STATS",
  totals: { pk: "STATS", sk: "TOTALS" },
  day: (day: string) => ({ pk: "STATS", sk: `DAY#${day}` }),
  category: (category: string) => ({ pk: "STATS", sk: `CATEGORY#${category}` }),
  marker: (eventId: string) => ({ pk: `STREAM#${eventId}`, sk: "STREAM" }),
  checkpoint: (shardId: string) => ({ pk: `SHARD#${shardId}`, sk: "CHECKPOINT" }),
  meta: { pk: "STATS", sk: "META" },
  fence: (gen: number, key: EntityKey) => ({ pk: `FENCE#${gen}#${key.pk}`, sk: key.sk }),
  journalPartition: (gen: number) => `JOURNAL#${gen}`,
  journal: (gen: number, eventId: string) => ({ pk: `JOURNAL#${gen}`, sk: eventId }),
  tombstonePartition: "TOMBSTONES",
  tombstone: (key: EntityKey) => ({ pk: "TOMBSTONES", sk: `${key.pk}|${key.sk}` }),
};

/** The primary key of a counted entity's item. */
export interface EntityKey {
  pk: string;
  sk: string;
}

const GENERATION_PREFIX = "G#";

/** A counter item's key in generation `gen` (generation 0 keeps the unprefixed keys of old tables). */
export const inGeneration = (key: EntityKey, gen: number): EntityKey =>
  gen === 0 ? key : { pk: key.pk, sk: `${GENERATION_PREFIX}${gen}#${key.sk}` };

/** The entity a tombstone stands for, or undefined when the item is not a tombstone. */
export function tombstoneOf(item: Record<string, unknown>): EntityKey | undefined {
  const { pk, sk } = item;
  if (pk !== statsKeys.tombstonePartition || typeof sk !== "string") return undefined;
  const at = sk.lastIndexOf("|");
  const key = { pk: sk.slice(0, at), sk: sk.slice(at + 1) };
  return at > 0 && countedEntityOf(key) ? key : undefined;
}

/** The entities whose stream records change the aggregates. */
export type CountedEntity = "order" | "user" | "product";

// The item keys of an empty id are the prefixes every id's keys start with.
const ORDER_ITEM = orderKeys.item("");
const USER_ITEM = userKeys.item("");
const PRODUCT_ITEM = productKeys.item("");

/**
 * Which counted entity an item's keys belong to; undefined for everything else (reviews, slugs,
 * markers, the aggregates themselves), whose records the stream handler ignores.
 */
export function countedEntityOf(keys: Record<string, unknown>): CountedEntity | undefined {
  const { pk, sk } = keys;
  if (typeof pk !== "string" || typeof sk !== "string") return undefined;
  if (sk === ORDER_ITEM.sk && pk.startsWith(ORDER_ITEM.pk)) return "order";
  if (sk === USER_ITEM.sk && pk.startsWith(USER_ITEM.pk)) return "user";
  if (sk === PRODUCT_ITEM.sk && pk.startsWith(PRODUCT_ITEM.pk)) return "product";
  return undefined;
}

/** What one counter item of the STATS partition holds, and its generation, read from its sort key. */
export type StatsItemKind = { gen: number } & (
  | { kind: "totals" }
  | { kind: "day"; day: string }
  | { kind: "category"; category: string }
);

/** Classifies an item of the STATS partition; undefined for META and anything unexpected. */
export function statsItemKind(item: Record<string, unknown>): StatsItemKind | undefined {
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
  return undefined;
}
