import { nowDate, nowIso } from "../clock.ts";
import { getConfig } from "../config.ts";
import { batchGet } from "../db/batch.ts";
import type { Item } from "../db/kind.ts";
import { afterLease, leaseEnded } from "../db/once.ts";
import { RESTORED_BY } from "../db/restore.ts";
import { signLink } from "../mails/link-token.ts";
import { deliverNotice, type NoticeOptions } from "../mails/notice.ts";
import { renderLowStock, renderRestock } from "../mails/notice-mails.ts";
import { sharedPace } from "../mails/pace.ts";
import { mailWords } from "../mails/words.ts";
import { fromBase } from "../money/quantity.ts";
import { type ProductRecord, productKind } from "../products/product.records.ts";
import { userKind } from "../users/user.records.ts";
import { EPISODE_PREFIX, EPISODE_SK, type EpisodeRecord } from "./alert.records.ts";
import { alertStore } from "./alert.store.ts";
import { thresholdOf } from "./index.ts";

/**
 * What the mail subscriber (functions/src/lambda/mail-stream.ts) does with products' changes
 * (docs/decisions/039-restock-alerts.md):
 *
 * - **Episodes.** A product whose stock goes from 0 to above 0 — for any reason: an admin edit, a
 *   refund's restock, an expired or cancelled order — starts a restock episode whose id is the
 *   product's revision of that write (every update moves it: db/kind.ts), claimed first-write-wins, so
 *   a redelivered, duplicated or bisected record starts nothing twice. Stock 3 → 5 starts none;
 *   0 → 5 → 0 → 5 starts two.
 * - **Fan-out in bounded batches.** The episode item is the fan-out's cursor. Each of its stream
 *   records whose new image is `ready` (its INSERT, then each batch's settle; a claim's record runs
 *   nothing) runs at most one batch: claim the next batch
 *   (`takeOver` of `ready`, or of `sending` whose holder's lease ended), mail up to FAN_OUT_BATCH
 *   subscribers in key order after the position, each through its own notice mail
 *   (`restock#<product>#<episode>#<user>`: once per subscriber and episode), each send waiting for a
 *   slot of the pace all batches share (mails/pace.ts), so every batch running at once — one per
 *   shard and episode — together keep to `MAIL_SEND_RATE`; a batch stops taking subscribers once it
 *   has run BATCH_BUDGET_MS, however many share the rate; then settle the position under the claim.
 *   The settle's record runs the next batch, so 10,000 subscribers are 400 short runs, never one
 *   (tests/bench/fan-out.ts measures it). A run that dies mid-batch leaves its claim: its own record
 *   is redelivered, waits out what is left of the lease and takes the batch over from the last
 *   settled position — subscribers already mailed find their notice claimed and are not mailed again.
 * - **Low stock.** Stock falling to or under the threshold mails each administrator once per
 *   crossing (`low-stock#<product>#<rev>#<admin>`); the "Running low" list (one entry per product at
 *   or under it) follows every change, newer revisions only.
 * - **Cleanup.** A deleted product's or user's alerts are removed.
 */

/** Subscribers mailed per batch (one stream record's work). */
export const FAN_OUT_BATCH = 25;
/**
 * Longer than a batch's budget plus a wait for its slot and SES's timeouts (10 + 13 s), and short
 * enough that a redelivered record can wait it out and still run its batch within the subscriber's
 * 60 s timeout.
 */
export const BATCH_LEASE_MS = 30_000;
/**
 * After this long a batch takes no further subscriber and settles where it is: with many batches
 * sharing the rate, 25 mails may take longer than one run should (the lease, the Lambda's timeout).
 */
export const BATCH_BUDGET_MS = 10_000;

export interface FanOutOptions extends NoticeOptions {
  /** Waits for a send slot (tests replace it); by default `setTimeout`. */
  pause?: (ms: number) => Promise<void>;
  batchSize?: number;
  batchLeaseMs?: number;
  batchBudgetMs?: number;
}

const productPage = (slug: string) => `${getConfig().mail.shopUrl}/product/${encodeURIComponent(slug)}`;
const linkPage = (path: string, token: string) =>
  `${getConfig().mail.shopUrl}${path}?token=${encodeURIComponent(token)}`;

/** A product's change, as its stream record's images tell it: starts an episode, mails low stock. */
export async function alertProductChange(
  keys: Item,
  before: Item | undefined,
  after: Item | undefined,
  options: NoticeOptions,
): Promise<boolean> {
  if (!productKind.holds(keys)) return false;
  if (!after) {
    const productId = String(keys.pk).slice("PRODUCT#".length);
    await removeProductAlerts(productId);
    return false;
  }
  const product = productKind.decode(after);
  // A table restore's put (db/restore.ts marks each with its run) brings back stock the product had
  // at the restore point: no restock episode and no low-stock mail for it, whatever it crossed. The
  // "Running low" list still follows the restored stock. Later writes keep or drop the mark, never
  // change it, so they alert as usual.
  const restored = after[RESTORED_BY] !== undefined && after[RESTORED_BY] !== before?.[RESTORED_BY];
  const previous = before && !restored ? productKind.decode(before) : undefined;
  const rev = product.rev ?? 0;
  const threshold = thresholdOf(product);
  if (product.countInStock <= threshold)
    await alertStore.putLowStock({
      productId: product.id,
      name: product.name,
      unit: product.unit,
      countInStock: product.countInStock,
      threshold,
      rev,
    });
  // Above before and after: no entry to remove (a product's records arrive in order), no write.
  else if (!previous || previous.countInStock <= thresholdOf(previous))
    await alertStore.removeLowStock(product.id, rev);
  if (!previous) return false;
  // Nobody waiting, no episode: a subscription needs the stock at 0 when it commits, so one made
  // before this restock is counted by now (alert.store.ts `subscribe`).
  if (previous.countInStock === 0 && product.countInStock > 0 && (await alertStore.waiting(product.id)) > 0)
    await startEpisode(product, rev);
  if (previous.countInStock > threshold && product.countInStock <= threshold)
    return mailLowStock(product, rev, threshold, options);
  return false;
}

async function startEpisode(product: ProductRecord, rev: number): Promise<void> {
  const now = nowIso();
  await alertStore.startEpisode({
    productId: product.id,
    episode: String(rev),
    name: product.name,
    ...(product.translations?.["fr-CA"]?.name ? { nameFr: product.translations["fr-CA"].name } : {}),
    slug: product.slug,
    priceCents: product.priceCents,
    unit: product.unit,
    status: "ready",
    position: "",
    handled: 0,
    batches: 0,
    claim: "",
    claimedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

async function mailLowStock(product: ProductRecord, rev: number, threshold: number, options: NoticeOptions) {
  // The administrators' mails stay English (the admin screens may: docs/decisions/050-i18n-formatjs.md).
  const words = mailWords("en");
  let retry = false;
  for (const admin of getConfig().mail.adminTo) {
    const delivery = await deliverNotice(
      `low-stock#${product.id}#${rev}#${admin}`,
      admin,
      () =>
        renderLowStock(words, {
          product: product.name,
          unit: product.unit,
          left: fromBase(product.unit, product.countInStock),
          threshold: fromBase(product.unit, threshold),
          editUrl: `${getConfig().mail.shopUrl}/admin/product/${product.id}`,
        }),
      options,
    );
    if (delivery === "failed") retry = true;
  }
  return retry;
}

/**
 * One batch of an episode's fan-out, for one of the episode item's stream records (see the top of
 * this file), `after` being the record's new image. Answers true when the record must be retried
 * (SES refused a mail for now, or a batch's claim is still live after its lease was waited out).
 */
export async function runEpisodeBatch(keys: Item, given: FanOutOptions, after?: Item): Promise<boolean> {
  const pk = String(keys.pk);
  if (!pk.startsWith(EPISODE_PREFIX) || keys.sk !== EPISODE_SK) return false;
  // Only the INSERT and each settle (new image `ready`) start a batch; a claim's own record starts
  // none. Otherwise a claim's record, which arrives after its batch settled, would start another
  // batch beside the settle's, and one run would mail several batches (100 mails in the bench).
  if (after && after.status !== "ready") return false;
  const [productId = "", episodeId = ""] = pk.slice(EPISODE_PREFIX.length).split("#");
  const now = given.now ?? nowDate;
  const lease = given.batchLeaseMs ?? BATCH_LEASE_MS;
  let found = await alertStore.episode(productId, episodeId);
  if (!found || found.status === "done") return false;
  if (found.status === "sending" && !leaseEnded(found.claimedAt, lease, now())) {
    // An episode's records reach one shard, run one at a time: a claim still live when a batch's
    // record comes belongs to a run that died, whose record is being redelivered. Wait out its lease
    // and take the batch over (a claim still live after that has a holder elsewhere: retried).
    found = await afterLease(
      found,
      { ms: lease, now: now(), ...(given.pause ? { pause: given.pause } : {}) },
      () => alertStore.episode(productId, episodeId),
    );
    if (!found || found.status === "done") return false;
    if (found.status === "sending" && !leaseEnded(found.claimedAt, lease, now())) return true;
  }
  const held = await alertStore.claimBatch(found, now());
  if (!held) return false;
  return mailBatch(held, given);
}

async function mailBatch(held: EpisodeRecord, given: FanOutOptions): Promise<boolean> {
  const now = given.now ?? nowDate;
  const started = now().getTime();
  const budget = given.batchBudgetMs ?? BATCH_BUDGET_MS;
  // Every send of every batch books a slot of the one shared pace (mails/pace.ts).
  const pace =
    given.pace ??
    sharedPace({ rate: getConfig().mail.sendRate, now, ...(given.pause ? { pause: given.pause } : {}) });
  const start = held.position ? { pk: `ALERTS#${held.productId}`, sk: held.position } : undefined;
  const page = await alertStore.subscribersPage(held.productId, given.batchSize ?? FAN_OUT_BATCH, start);
  const users = new Map(
    (await batchGet(page.items.map((alert) => userKind.key(alert.userId)))).map((item) => {
      const user = userKind.decode(item);
      return [user.id, user] as const;
    }),
  );
  let position = held.position;
  let handled = 0;
  let retry = false;
  let stopped = false;
  for (const alert of page.items) {
    // Out of time (the rate is shared by many batches): the settle's record runs the rest.
    if (handled > 0 && now().getTime() - started >= budget) {
      stopped = true;
      break;
    }
    const user = users.get(alert.userId);
    if (user) {
      // In the language the shopper asked in, else their account's (docs/decisions/050-i18n-formatjs.md).
      const words = mailWords(alert.locale ?? user.locale);
      const unsubscribe = linkPage(
        "/restock-alerts/unsubscribe",
        await signLink("restock-unsubscribe", { subject: alert.userId, ref: alert.productId }),
      );
      const delivery = await deliverNotice(
        `restock#${held.productId}#${held.episode}#${alert.userId}`,
        user.email,
        () => ({
          unsubscribeUrl: unsubscribe,
          ...renderRestock(words, {
            customerName: user.name,
            product: words.locale === "fr-CA" ? (held.nameFr ?? held.name) : held.name,
            priceCents: held.priceCents,
            unit: held.unit,
            productUrl: productPage(held.slug),
            unsubscribeUrl: unsubscribe,
          }),
        }),
        { ...given, pace },
      );
      // SES refused for now: stop here; the record is retried from this subscriber.
      if (delivery === "failed") {
        retry = true;
        break;
      }
    }
    position = `USER#${alert.userId}`;
    handled += 1;
  }
  const done = !retry && !stopped && page.next === undefined;
  await alertStore.settleBatch(held, { position, handled, done }, now());
  return retry;
}

/** A deleted product's alerts and count, a page at a time. */
async function removeProductAlerts(productId: string): Promise<void> {
  for (;;) {
    const page = await alertStore.subscribersPage(productId, 100);
    for (const alert of page.items) await alertStore.unsubscribe(productId, alert.userId);
    if (page.items.length === 0 || page.next === undefined) break;
  }
  await alertStore.removeCount(productId);
  await alertStore.removeLowStock(productId);
}

/** A deleted user's alerts, each uncounted from its product. */
export async function alertUserChange(keys: Item, after: Item | undefined): Promise<boolean> {
  if (after || !userKind.holds(keys)) return false;
  const userId = String(keys.pk).slice("USER#".length);
  for (;;) {
    const alerts = await alertStore.ofUserPage(userId, 100);
    for (const alert of alerts) await alertStore.unsubscribe(alert.productId, userId);
    if (alerts.length < 100) break;
  }
  return false;
}
