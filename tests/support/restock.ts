import { alertProductChange, type FanOutOptions, runEpisodeBatch } from "@fruit/core/alerts/fan-out";
import { alertCountKind, episodeKind, restockAlertKind } from "@fruit/core/internal/alerts/alert.records";
import { alertStore } from "@fruit/core/internal/alerts/alert.store";
import { batchWrite } from "@fruit/core/internal/db/batch";
import type { Key } from "@fruit/core/internal/db/items";
import { getItem, putItem } from "@fruit/core/internal/db/items";
import { productKind } from "@fruit/core/internal/products/product.records";
import { userKind } from "@fruit/core/internal/users/user.records";
import { createProduct } from "./fixtures.ts";

/**
 * A restock fan-out at any size, for the pace test and the `fanout` bench: shoppers and their alerts
 * written in batches (no bcrypt, no API), a sold-out product, and its restock's episode started the
 * way the mail subscriber starts it (alertProductChange on the product's before and after images).
 */

/** `count` shoppers (user items only) named `<prefix>-<n>`, addresses `<prefix>-<n>@example.com`. */
export async function writeShoppers(prefix: string, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(6, "0")}`);
  await batchWrite(
    ids.map((id) =>
      userKind.put({
        id,
        name: `Shopper ${id}`,
        email: `${id}@example.com`,
        passwordHash: "x",
        isAdmin: false,
        tokenVersion: 0,
        createdAt: now,
        updatedAt: now,
      }),
    ),
  );
  return ids;
}

/** A sold-out product that `userIds` wait for (their alerts and the product's count). */
export async function soldOutWithAlerts(userIds: readonly string[], name = "Cloudberries") {
  const product = await createProduct({ countInStock: 0, name });
  const createdAt = new Date().toISOString();
  await batchWrite(
    userIds.map((userId) => restockAlertKind.put({ productId: product._id, userId, createdAt })),
  );
  await putItem(alertCountKind.putAt(alertCountKind.key(product._id), { waiting: userIds.length }));
  return product;
}

/** The product's restock (0 → 1000) as the subscriber sees it; answers its episode's key. */
export async function restock(productId: string, options: FanOutOptions): Promise<Key> {
  const stored = productKind.decode((await getItem(productKind.key(productId))) ?? {});
  const before = productKind.item(stored);
  const after = { ...before, countInStock: 1000, rev: (stored.rev ?? 0) + 1 };
  await alertProductChange({ pk: String(before.pk), sk: String(before.sk) }, before, after, options);
  const key = episodeKind.key(productId, String(after.rev));
  if (!(await getItem(key))) throw new Error(`no episode started for ${productId}`);
  return key;
}

/**
 * Runs an episode's batches one after another, as its stream records would (each settle's record runs
 * the next), until it is done; answers how many runs it took.
 */
export async function fanOutByHand(key: Key, options: FanOutOptions, maxRuns = 10_000): Promise<number> {
  const [productId = "", episode = ""] = String(key.pk).slice("EPISODE#".length).split("#");
  for (let run = 1; run <= maxRuns; run += 1) {
    await runEpisodeBatch(key, options);
    if ((await alertStore.episode(productId, episode))?.status === "done") return run;
  }
  throw new Error(`the episode ${key.pk} was not done after ${maxRuns} runs`);
}
