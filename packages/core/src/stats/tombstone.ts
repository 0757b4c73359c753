import type { Action } from "../db/transact.ts";
import { type EntityKey, statsKeys } from "./stats.keys.ts";

/**
 * A tombstone outlives the stream's 24-hour retention, so a rebuild's scan finds every item removed
 * while a record of it may still be applied (docs/decisions/020-exact-rebuild.md); TTL deletion is
 * lazy, which only keeps it longer.
 */
const TOMBSTONE_LIFETIME_SECONDS = 48 * 60 * 60;

/**
 * The Put of a counted entity's tombstone (`TOMBSTONES` / `<pk>|<sk>`, docs/data-model.md), for the
 * transaction that deletes the entity: a rebuild that did not read the entity live reads it as
 * "removed before I could count it", so the removal's stream record is not counted against figures
 * that never held the entity. Reads and lists never see it (another partition, no index keys), and
 * the stream handler ignores its records.
 */
export function tombstonePut(key: EntityKey, nowSeconds = Math.floor(Date.now() / 1000)): Action {
  return {
    Put: { Item: { ...statsKeys.tombstone(key), expiresAt: nowSeconds + TOMBSTONE_LIFETIME_SECONDS } },
  };
}
