import { nowMs } from "../clock.ts";
import { type Config, getConfig } from "../config.ts";

/**
 * One stored settings item read at most once per `ttlMs` per process, shared by every caller in flight
 * (docs/decisions/046-zones-and-tax-classes.md): the delivery zones and the tax classes, which every
 * placement needs, cost no round trip of their own on the placement path. A failed read is not kept.
 * A change written in this process is seen at once (`forget`); another process sees it within the
 * TTL. The item is not put into each order's transaction as a condition instead: every order of the
 * shop would then touch that one item, and concurrent transactions on one item conflict.
 *
 * Held per configuration (the table it was read from), as db/connection.ts keeps its settings: a
 * process pointed at another table (the tests give each file a table of its own: tests/support/table.ts)
 * reads that table's item, never answers with the first one's.
 *
 * @example
 * const zones = cachedItem(5_000, () => zoneStore.get());
 * await zones.read(); // one GetItem, then none for 5 s
 */
export interface CachedItem<T> {
  /** The value, read when nothing younger than the TTL is held at `now` (epoch ms). */
  read(now?: number): Promise<T>;
  /** Forgets the value of the current configuration's table (this process just wrote the item). */
  forget(): void;
}

export function cachedItem<T>(ttlMs: number, load: () => Promise<T>): CachedItem<T> {
  const held = new WeakMap<Config, { readAt: number; value: Promise<T> }>();
  return {
    read(now = nowMs()) {
      const config = getConfig();
      const current = held.get(config);
      if (current && now - current.readAt < ttlMs && now >= current.readAt) return current.value;
      const entry = { readAt: now, value: load() };
      held.set(config, entry);
      entry.value.catch(() => {
        if (held.get(config) === entry) held.delete(config);
      });
      return entry.value;
    },
    forget() {
      held.delete(getConfig());
    },
  };
}
