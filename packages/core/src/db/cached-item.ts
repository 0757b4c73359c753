import { nowMs } from "../clock.ts";
/**
 * One stored settings item read at most once per `ttlMs` per process, shared by every caller in flight
 * (docs/decisions/046-zones-and-tax-classes.md): the delivery zones and the tax classes, which every
 * placement needs, cost no round trip of their own on the placement path. A failed read is not kept.
 * A change written in this process is seen at once (`forget`); another process sees it within the
 * TTL. The item is not put into each order's transaction as a condition instead: every order of the
 * shop would then touch that one item, and concurrent transactions on one item conflict.
 *
 * @example
 * const zones = cachedItem(5_000, () => zoneStore.get());
 * await zones.read(); // one GetItem, then none for 5 s
 */
export interface CachedItem<T> {
  /** The value, read when nothing younger than the TTL is held at `now` (epoch ms). */
  read(now?: number): Promise<T>;
  /** Forgets the value (this process just wrote the item). */
  forget(): void;
}

export function cachedItem<T>(ttlMs: number, load: () => Promise<T>): CachedItem<T> {
  let held: { readAt: number; value: Promise<T> } | undefined;
  return {
    read(now = nowMs()) {
      if (!held || now - held.readAt >= ttlMs || now < held.readAt) {
        const entry = { readAt: now, value: load() };
        held = entry;
        entry.value.catch(() => {
          if (held === entry) held = undefined;
        });
      }
      return held.value;
    },
    forget() {
      held = undefined;
    },
  };
}
