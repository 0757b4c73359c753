import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { LOCALES } from "../i18n/locale.ts";
import { UNITS } from "../money/quantity.ts";

/**
 * The stored kinds of restock alerts and low stock (docs/data-model.md: Restock alert, Alert count,
 * Restock episode and Low-stock entry items; patterns 51-56; docs/decisions/039-restock-alerts.md).
 *
 * - restock alert:    pk ALERTS#<productId>, sk USER#<userId>; gsi1 USER_ALERTS#<userId> / <productId>
 *   One per shopper and product (a first write). The product's subscribers are one query of its
 *   partition, read page by page by the fan-out; a user's are one query of gsi1 (cleanup).
 * - alert count:      pk ALERTS#<productId>, sk COUNT → waiting; moved in the transaction of every
 *   subscribe and unsubscribe, so "how many wait" is one read.
 * - restock episode:  pk EPISODE#<productId>#<rev>, sk EPISODE
 *   A product's stock seen going 0 → above 0 in the stream, at the product revision of that write:
 *   the key is the episode's id, so a redelivered record finds it (a first claim). It is also the
 *   fan-out's cursor: claimed per batch with a lease, settled with the last subscriber mailed.
 * - low-stock entry:  pk LOW_STOCK, sk <productId>: a product at or under its threshold (pattern 56).
 */

const text = v.string();
const whole = v.pipe(v.number(), v.integer());

export const ALERTS_PREFIX = "ALERTS#";
const USER_PREFIX = "USER#";
export const EPISODE_PREFIX = "EPISODE#";
export const EPISODE_SK = "EPISODE";
const LOW_STOCK_PARTITION = "LOW_STOCK";

export const RestockAlertSchema = v.object({
  productId: text,
  userId: text,
  createdAt: text,
  /** The language of its "back in stock" mail (docs/decisions/050-i18n-formatjs.md); absent: the user's. */
  locale: v.optional(v.picklist(LOCALES)),
});
export type RestockAlertRecord = v.InferOutput<typeof RestockAlertSchema>;

export const restockAlertKind = defineKind({
  name: "restock alert",
  schema: RestockAlertSchema,
  key: (productId: string, userId: string) => ({
    pk: `${ALERTS_PREFIX}${productId}`,
    sk: `${USER_PREFIX}${userId}`,
  }),
  keys: (alert) => ({
    pk: `${ALERTS_PREFIX}${alert.productId}`,
    sk: `${USER_PREFIX}${alert.userId}`,
    gsi1pk: `USER_ALERTS#${alert.userId}`,
    gsi1sk: alert.productId,
  }),
});

export const alertCountKind = defineKind({
  name: "alert count",
  schema: v.object({ waiting: whole }),
  key: (productId: string) => ({ pk: `${ALERTS_PREFIX}${productId}`, sk: "COUNT" }),
});

/** Where a fan-out is: between batches, a batch running (claimed), or every subscriber mailed. */
export const EPISODE_STATUSES = ["ready", "sending", "done"] as const;

export const EpisodeSchema = v.object({
  productId: text,
  /** The product's revision of the write that restocked it: the episode's id. */
  episode: text,
  /** What the mails say, as of the restock. */
  name: text,
  /** The product's French name as of the restock, for French mails (decision 050); absent: `name`. */
  nameFr: v.optional(text),
  slug: text,
  priceCents: whole,
  unit: v.picklist(UNITS),
  status: v.picklist(EPISODE_STATUSES),
  /** The last subscriber's sort key mailed so far ("" before the first batch). */
  position: text,
  /** Mails handled so far (sent, already sent, suppressed, refused). */
  handled: whole,
  batches: whole,
  claim: text,
  claimedAt: text,
  createdAt: text,
  updatedAt: text,
});
export type EpisodeRecord = v.InferOutput<typeof EpisodeSchema>;

export const episodeKind = defineKind({
  name: "restock episode",
  schema: EpisodeSchema,
  key: (productId: string, episode: string) => ({
    pk: `${EPISODE_PREFIX}${productId}#${episode}`,
    sk: EPISODE_SK,
  }),
  keys: (e) => ({ pk: `${EPISODE_PREFIX}${e.productId}#${e.episode}`, sk: EPISODE_SK }),
});

export const LowStockSchema = v.object({
  productId: text,
  name: text,
  unit: v.picklist(UNITS),
  /** Base units (grams or pieces), as the product stores them. */
  countInStock: whole,
  threshold: whole,
  /** The product revision this entry was written from: an older record never overwrites it. */
  rev: whole,
});
export type LowStockRecord = v.InferOutput<typeof LowStockSchema>;

export const lowStockKind = defineKind({
  name: "low-stock entry",
  schema: LowStockSchema,
  key: (productId: string) => ({ pk: LOW_STOCK_PARTITION, sk: productId }),
  keys: (entry) => ({ pk: LOW_STOCK_PARTITION, sk: entry.productId }),
});

export const alertPatterns = {
  /** Pattern 51: a product's subscribers, in key order (the fan-out's pages). */
  subscribers: (productId: string) =>
    inPartition({ pk: `${ALERTS_PREFIX}${productId}`, skBeginsWith: USER_PREFIX }),
  /** Pattern 52: a user's alerts (cleanup of a deleted account). */
  ofUser: (userId: string) => inPartition({ pk: `USER_ALERTS#${userId}`, index: "gsi1" }),
  /** Pattern 56: the "Running low" list. */
  lowStock: () => inPartition({ pk: LOW_STOCK_PARTITION }),
};
