/**
 * The pure rule that makes a rebuild exact while the stream runs (docs/decisions/020-exact-rebuild.md):
 * a rebuild's scan saw each counted item at some revision, and a stream record is already counted
 * in the rebuilt figures exactly when the scan saw its write, i.e. when its revision is at or below
 * the one the scan saw (the item's fence).
 *
 * Revisions: `rev` on an order or product item, raised by every write that can change what the item
 * contributes (an order's cancellation, a product's edit); absent = 0, so a new item is at 0. A
 * removal comes after every revision of its item: ids are never reused, so nothing follows it. A
 * tombstone of an item the scan did not read live (removed before the scan reached it, or created
 * and removed after it passed) is a fence above every revision.
 */

/** A removal's revision, and the fence of a tombstone: above every number. */
export const REMOVED = "removed";

/** A record's or a scanned item's revision. */
export type Rev = number | typeof REMOVED;

const numericRev = (item: Record<string, unknown>): number => (typeof item.rev === "number" ? item.rev : 0);

/** The revision a stream record wrote: its new image's `rev`, or REMOVED for a removal. */
export const recordRev = (after: Record<string, unknown> | undefined): Rev =>
  after === undefined ? REMOVED : numericRev(after);

/** The fence of an item the scan read live: its `rev` (0 when absent). A tombstone's fence is REMOVED. */
export const fenceOf = (item: Record<string, unknown>): Rev => numericRev(item);

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
