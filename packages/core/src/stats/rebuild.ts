import type { Item } from "../db/kind.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { countedEntityOf, countedPartOf } from "./counted.ts";
import { rebuildStore } from "./rebuild.store.ts";
import { type CounterChange, countsOf, sumCounters, summaryFromItems } from "./stats.counters.ts";
import { fenceOf, isCovered, REMOVED, type Rev } from "./stats.fences.ts";
import { type EntityKey, statsKeys } from "./stats.records.ts";
import type { Summary } from "./stats.schema.ts";
import { type Generations, statsStore } from "./stats.store.ts";

/**
 * The rebuild of the dashboard aggregates, exact while the stream handler runs alongside
 * (docs/decisions/020-exact-rebuild.md): it builds a new generation of counters from a strongly
 * consistent scan, fences each scanned item at the revision it read, adds the changes the handler
 * journaled meanwhile that the scan did not see, and flips META to the new generation when no entry
 * was journaled since it last read the journal.
 */

/** A rebuild's lease: another rebuild may take over only after it (a crashed one never flips). */
const LEASE_SECONDS = 60 * 60;
/** Fences are read by the handler for 48 h after the flip: longer than any record can wait in the stream. */
const FENCE_SECONDS = 48 * 60 * 60;
const SCAN_PAGE = 500;

/** A step of the rebuild, reported to `onStep` once it is done (tests interleave stream batches there). */
export type RebuildStep =
  | { kind: "opened"; gen: number }
  | { kind: "scanned"; items: number }
  | { kind: "tombstonesRead" }
  | { kind: "written" }
  | { kind: "journalRead"; entries: number }
  | { kind: "flipAttempt"; flipped: boolean };

export interface RebuildOptions {
  /** Items per scan page (default 500). */
  pageSize?: number;
  /** Called after each step; the rebuild goes on when it resolves. */
  onStep?: (step: RebuildStep) => Promise<void> | void;
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Recomputes every aggregate from the orders, users and products themselves (backfill after enabling
 * the stream, or repair) into a new generation and makes it the active one; returns its summary.
 * Exact while the shop and the stream handler run: a record applied before the rebuild opened is in
 * the scan, one applied while it is open is journaled and counted if the scan did not see its write,
 * one applied after the flip goes to the new generation unless the scan saw its write (the fences).
 * One rebuild at a time: 409 while another one's lease holds.
 */
export async function rebuildStats(options: RebuildOptions = {}): Promise<Summary> {
  const read = await statsStore.readGenerations();
  if (read.rebuild && read.rebuild.leaseUntil > nowInSeconds())
    throw new AppError(
      "REBUILD_RUNNING",
      "Another rebuild of the dashboard figures is running; try again later",
    );
  const gen = Math.max(read.lastGen, read.active, read.rebuild?.gen ?? 0) + 1;
  if (!(await rebuildStore.openRebuild(read, gen, nowInSeconds() + LEASE_SECONDS)))
    throw new AppError(
      "REBUILD_RUNNING",
      "Another rebuild of the dashboard figures started meanwhile; try again later",
    );
  const opened = { ...read, version: read.version + 1 };
  try {
    await buildAndFlip(gen, opened, options);
  } catch (error) {
    // Stop the handler's journaling now rather than when another rebuild takes over; a crash that
    // skips this leaves it on until then (docs/decisions/020-exact-rebuild.md).
    await rebuildStore.abortRebuild(opened).catch(() => false);
    throw error;
  }
  await rebuildStore.removeOlderGenerations(gen);
  return summaryFromItems(await statsStore.aggregates({ consistent: true }), gen);
}

/**
 * Steps 2 to 5 of the rebuild (docs/decisions/020-exact-rebuild.md): scan, tombstones, the new
 * generation's counters and fences, then the journal and the flip. Throws if it cannot flip.
 */
async function buildAndFlip(gen: number, opened: Generations, options: RebuildOptions): Promise<void> {
  const onStep = options.onStep ?? (() => undefined);
  await onStep({ kind: "opened", gen });

  // The scan: every counted item, each as last committed when its page is read.
  const seen = new Map<string, { key: EntityKey; rev: Rev }>();
  const contributions: CounterChange[] = [];
  let start: Item | undefined;
  do {
    const page = await rebuildStore.scan(options.pageSize ?? SCAN_PAGE, start);
    for (const item of page.items) {
      const entity = countedEntityOf(item);
      if (!entity) continue;
      const key = { pk: String(item.pk), sk: String(item.sk) };
      seen.set(statsStore.entityId(key), { key, rev: fenceOf(countedPartOf(entity, item)) });
      contributions.push(...countsOf(entity, item));
    }
    start = page.next;
    await onStep({ kind: "scanned", items: page.items.length });
  } while (start);
  // Then the tombstones, read after the whole scan: an item the scan did not read live but whose
  // tombstone is here was removed before the scan reached it, or lived and died entirely after;
  // either way none of its records belongs in the new generation. An item read live keeps its
  // revision: its removal came after the read and must count.
  for (const removed of await rebuildStore.tombstones()) {
    if (countedEntityOf(removed) && !seen.has(statsStore.entityId(removed)))
      seen.set(statsStore.entityId(removed), { key: removed, rev: REMOVED });
  }
  await onStep({ kind: "tombstonesRead" });

  const counters = sumCounters(contributions);
  const totals = counters.find((change) => change.key.sk === statsKeys.totals.sk);
  const fresh = [
    { key: statsKeys.totals, add: { numUsers: 0, numOrders: 0, salesCents: 0, ...totals?.add } },
    ...counters.filter((change) => change !== totals),
  ];
  await rebuildStore.putCounters(gen, fresh);
  await rebuildStore.putFences(gen, seen);
  await onStep({ kind: "written" });

  // The close: what the handler journaled and the scan did not see goes into the new generation; the
  // flip succeeds only if nothing was journaled since the journal's last read.
  const processed = new Set<string>();
  await retrying(
    "rebuildFlip",
    async () => {
      const entries = (await rebuildStore.journal(gen)).filter((entry) => !processed.has(entry.eventId));
      const unseen = entries.filter(
        (entry) => !isCovered(entry.rev, seen.get(statsStore.entityId(entry.key))?.rev),
      );
      await rebuildStore.addCounters(gen, sumCounters(unseen.flatMap((entry) => entry.delta)));
      for (const entry of entries) processed.add(entry.eventId);
      await onStep({ kind: "journalRead", entries: entries.length });
      const result = await rebuildStore.flip(opened, gen, processed.size, nowInSeconds() + FENCE_SECONDS);
      await onStep({ kind: "flipAttempt", flipped: result === "flipped" });
      if (result === "flipped") return;
      if ((await statsStore.readGenerations()).version !== opened.version)
        throw new AppError(
          "REBUILD_RUNNING",
          "Another rebuild took over this one; its figures are the ones shown",
        );
      return AGAIN;
    },
    giveUp(() => new AppError("BUSY", "The stream kept the rebuild from finishing; run it again")),
  );
}
