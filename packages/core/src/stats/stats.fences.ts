import { REMOVED, type Rev } from "./stats.records.ts";

export { REMOVED, type Rev } from "./stats.records.ts";

/**
 * The pure rule that makes a rebuild exact while the stream runs (docs/decisions/020-exact-rebuild.md):
 * a rebuild's scan saw each counted item at some revision, and a stream record is already counted
 * in the rebuilt figures exactly when the scan saw its write, i.e. when its revision is at or below
 * the one the scan saw (the item's fence).
 *
 * Revisions: `rev` on a counted item (an order, a user, a product), raised by every update of it
 * (db/kind.ts); absent = 0, so a new item is at 0. A
 * removal comes after every revision of its item: ids are never reused, so nothing follows it. A
 * tombstone of an item the scan did not read live (removed before the scan reached it, or created
 * and removed after it passed) is a fence above every revision.
 */

/** A counted item's revision, as its counted part reads it (absent = 0). */
type Revised = { rev?: number | undefined };

/** The revision a stream record wrote: its new image's `rev`, or REMOVED for a removal. */
export const recordRev = (after: Revised | undefined): Rev =>
  after === undefined ? REMOVED : (after.rev ?? 0);

/** The fence of an item the scan read live: its `rev` (0 when absent). A tombstone's fence is REMOVED. */
export const fenceOf = (item: Revised): Rev => item.rev ?? 0;

/**
 * True when a record of revision `rev` is already in the rebuilt figures: its item was scanned
 * (`fence` defined) at or after that revision. An item the scan did not see was created after the
 * scan passed it (tombstones keep removed items visible), so none of its records are covered.
 *
 * @example
 * isCovered(0, 0)          // true: the scan saw the order as placed; its INSERT is counted
 * isCovered(1, 0)          // false: cancelled after the scan read it
 * isCovered(REMOVED, 3)    // false: removed after the scan read it
 * isCovered(REMOVED, REMOVED) // true: the scan found its tombstone
 */
export function isCovered(rev: Rev, fence: Rev | undefined): boolean {
  if (fence === undefined) return false;
  if (fence === REMOVED) return true;
  return rev !== REMOVED && rev <= fence;
}
