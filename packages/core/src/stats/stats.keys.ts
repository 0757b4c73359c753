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
 *
 * All aggregates share one partition so the summary is one bounded query, never a scan.
 */
export const statsKeys = {
  partition: "STATS",
  totals: { pk: "STATS", sk: "TOTALS" },
  day: (day: string) => ({ pk: "STATS", sk: `DAY#${day}` }),
  category: (category: string) => ({ pk: "STATS", sk: `CATEGORY#${category}` }),
  marker: (eventId: string) => ({ pk: `STREAM#${eventId}`, sk: "STREAM" }),
  checkpoint: (shardId: string) => ({ pk: `SHARD#${shardId}`, sk: "CHECKPOINT" }),
};

/** gsi1 partitions listing every entity the aggregates count (patterns 1, 12 and 17). */
export const countedPartitions = {
  orders: orderKeys.listIndex("").gsi1pk,
  users: userKeys.allPartition,
  products: productKeys.allPartition,
} as const;

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

/** What one item of the STATS partition holds, read from its sort key. */
export type StatsItemKind =
  | { kind: "totals" }
  | { kind: "day"; day: string }
  | { kind: "category"; category: string };

/** Classifies an item of the STATS partition; undefined for anything unexpected. */
export function statsItemKind(item: Record<string, unknown>): StatsItemKind | undefined {
  const sk = item.sk;
  if (typeof sk !== "string") return undefined;
  if (sk === statsKeys.totals.sk) return { kind: "totals" };
  if (sk.startsWith("DAY#")) return { kind: "day", day: sk.slice("DAY#".length) };
  if (sk.startsWith("CATEGORY#")) return { kind: "category", category: sk.slice("CATEGORY#".length) };
  return undefined;
}

/** The sort key of a STATS item (the rebuild compares existing and recomputed items by it). */
export const statsSortKey = (item: Record<string, unknown>): string => String(item.sk);
