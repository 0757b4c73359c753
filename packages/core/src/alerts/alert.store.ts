import { batchGet } from "../db/batch.ts";
import { exists, notExists } from "../db/conditions.ts";
import { writtenUnlessRefused } from "../db/errors.ts";
import { deleteItem, getItem, putItem } from "../db/items.ts";
import { alsoRequire, claimOnce, firstClaim, heldBy, newClaim, settleOnce, takeOver } from "../db/once.ts";
import { type Position, queryLimited } from "../db/query.ts";
import { tryTransact } from "../db/transact.ts";
import { productKind } from "../products/product.records.ts";
import { productStore } from "../products/product.store.ts";
import {
  alertCountKind,
  alertPatterns,
  type EpisodeRecord,
  episodeKind,
  type LowStockRecord,
  lowStockKind,
  type RestockAlertRecord,
  restockAlertKind,
} from "./alert.records.ts";

/**
 * Storage of restock alerts, their counts, restock episodes and the low-stock list
 * (docs/data-model.md patterns 51-56); alerts/index.ts and alerts/fan-out.ts hold the rules.
 */

/** Pattern 51: one shopper's alert for one product. */
const get = async (productId: string, userId: string): Promise<RestockAlertRecord | undefined> =>
  restockAlertKind.decodeFound(await getItem(restockAlertKind.key(productId, userId)));

/** Pattern 53: how many wait for a product. */
async function waiting(productId: string): Promise<number> {
  const found = alertCountKind.decodeFound(await getItem(alertCountKind.key(productId)));
  return found?.waiting ?? 0;
}

/** Pattern 53: how many wait for each product (one batch read). */
async function waitingOf(productIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (productIds.length === 0) return counts;
  const items = await batchGet(productIds.map((id) => alertCountKind.key(id)));
  for (const item of items) {
    const id = String(item.pk).slice("ALERTS#".length);
    counts.set(id, alertCountKind.decode(item).waiting);
  }
  return counts;
}

const countBy = (productId: string, by: 1 | -1) =>
  alertCountKind.update(alertCountKind.key(productId), {
    UpdateExpression: "ADD waiting :by",
    ExpressionAttributeValues: { ":by": by },
  });

/**
 * Pattern 51: adds the alert and counts it, in one transaction conditioned on the product being there
 * and sold out. Answers what stopped it, if anything.
 */
async function subscribe(
  alert: RestockAlertRecord,
): Promise<"added" | "already" | "no product" | "in stock"> {
  const put = restockAlertKind.put(alert, { ConditionExpression: notExists() });
  const product = productStore.soldOut(alert.productId);
  const cancelled = await tryTransact([put, countBy(alert.productId, 1), product]);
  if (!cancelled) return "added";
  if (cancelled.failed(put)) return "already";
  if (cancelled.failed(product)) {
    const found = await getItem(productKind.key(alert.productId));
    return found ? "in stock" : "no product";
  }
  throw cancelled.error;
}

/** Pattern 51: removes the alert and uncounts it in one transaction; false when there was none. */
async function unsubscribe(productId: string, userId: string): Promise<boolean> {
  const remove = restockAlertKind.delete(restockAlertKind.key(productId, userId), {
    ConditionExpression: exists(),
  });
  const cancelled = await tryTransact([...remove, countBy(productId, -1)]);
  if (!cancelled) return true;
  if (remove.some((action) => cancelled.failed(action))) return false;
  throw cancelled.error;
}

/** Pattern 51: a page of a product's subscribers after `start`, in key order. */
async function subscribersPage(productId: string, limit: number, start?: Position) {
  const page = await queryLimited(alertPatterns.subscribers(productId), {
    limit,
    ...(start ? { start } : {}),
  });
  return { items: page.items.map((item) => restockAlertKind.decode(item)), next: page.next };
}

/** Pattern 52: a page of a user's alerts. */
async function ofUserPage(userId: string, limit: number) {
  const page = await queryLimited(alertPatterns.ofUser(userId), { limit });
  return page.items.map((item) => restockAlertKind.decode(item));
}

/** Pattern 53: the count item of a deleted product (its alerts are gone). */
const removeCount = (productId: string): Promise<void> =>
  deleteItem(alertCountKind.delete(alertCountKind.key(productId)));

/** Pattern 54: an episode, strongly consistent. */
const episode = async (productId: string, id: string): Promise<EpisodeRecord | undefined> =>
  episodeKind.decodeFound(await getItem(episodeKind.key(productId, id)));

/** Pattern 54: starts an episode (a first claim of its id); false when it was started already. */
const startEpisode = (record: EpisodeRecord): Promise<boolean> =>
  writtenUnlessRefused(putItem(episodeKind.put(record, firstClaim())));

/**
 * Pattern 54: claims the episode's next batch — from `ready`, or from a `sending` whose holder's
 * lease ended — under the very claim that was read (db/once.ts `claimOnce` with `takeOver`). Answers
 * the held record, or undefined when another took it first.
 */
async function claimBatch(found: EpisodeRecord, now: Date): Promise<EpisodeRecord | undefined> {
  const held: EpisodeRecord = { ...found, status: "sending", ...newClaim(now), updatedAt: now.toISOString() };
  const outcome = await claimOnce(
    async () => found,
    () => ({
      write: episodeKind.update(episodeKind.key(found.productId, found.episode), {
        UpdateExpression: "SET #status = :sending, #claim = :claim, claimedAt = :claimedAt, updatedAt = :now",
        ...alsoRequire(
          {
            ExpressionAttributeNames: { "#status": "status", "#claim": "claim" },
            ExpressionAttributeValues: {
              ":sending": "sending",
              ":claim": held.claim,
              ":claimedAt": held.claimedAt,
              ":now": held.updatedAt,
            },
          },
          takeOver(found, found.status),
        ),
      }),
      record: held,
    }),
  );
  return "claimed" in outcome ? outcome.claimed : undefined;
}

/** Pattern 54: settles a batch under its claim: the position reached, and whether all are mailed. */
const settleBatch = (
  held: EpisodeRecord,
  reached: { position: string; handled: number; done: boolean },
  now: Date,
): Promise<boolean> =>
  settleOnce(
    episodeKind.update(episodeKind.key(held.productId, held.episode), {
      UpdateExpression:
        "SET #status = :next, #position = :position, handled = handled + :handled, batches = batches + :one, updatedAt = :now",
      ...alsoRequire(
        {
          ExpressionAttributeNames: { "#status": "status", "#position": "position" },
          ExpressionAttributeValues: {
            ":next": reached.done ? "done" : "ready",
            ":position": reached.position,
            ":handled": reached.handled,
            ":one": 1,
            ":now": now.toISOString(),
          },
        },
        heldBy(held, "sending"),
      ),
    }),
  );

/** Pattern 56: writes a product's low-stock entry unless a later revision's is there. */
async function putLowStock(entry: LowStockRecord): Promise<void> {
  await writtenUnlessRefused(
    putItem(
      lowStockKind.put(entry, {
        ConditionExpression: `${notExists()} OR #rev < :rev`,
        ExpressionAttributeNames: { "#rev": "rev" },
        ExpressionAttributeValues: { ":rev": entry.rev },
      }),
    ),
  );
}

/** Pattern 56: removes a product's entry unless a later revision's is there (`rev` undefined: always). */
async function removeLowStock(productId: string, rev?: number): Promise<void> {
  await writtenUnlessRefused(
    deleteItem(
      lowStockKind.delete(
        lowStockKind.key(productId),
        rev === undefined
          ? {}
          : {
              ConditionExpression: `${notExists()} OR #rev <= :rev`,
              ExpressionAttributeNames: { "#rev": "rev" },
              ExpressionAttributeValues: { ":rev": rev },
            },
      ),
    ),
  );
}

/** Pattern 56: the first `limit` entries of the "Running low" list: one query. */
async function lowStock(limit: number): Promise<LowStockRecord[]> {
  const page = await queryLimited(alertPatterns.lowStock(), { limit });
  return page.items.map((item) => lowStockKind.decode(item));
}

export const alertStore = {
  get,
  waiting,
  waitingOf,
  subscribe,
  unsubscribe,
  subscribersPage,
  ofUserPage,
  removeCount,
  episode,
  startEpisode,
  claimBatch,
  settleBatch,
  putLowStock,
  removeLowStock,
  lowStock,
};
