import { nowDate, nowMs } from "../clock.ts";
import type { Item } from "../db/kind.ts";
import { AGAIN, retrying } from "../db/retry.ts";
import { log } from "../log.ts";
import { expiryDecision } from "../orders/hold.ts";
import { isPaymentPending } from "../orders/order.records.ts";
import { orderStore } from "../orders/order.store.ts";
import { settleStartedPayment } from "../payments/index.ts";
import { resumePendingRefunds } from "../refunds/index.ts";

/**
 * The expiry sweep (docs/decisions/012-unpaid-orders-expire.md): unpaid orders whose hold ran out are
 * cancelled and their stock given back, exactly once. It sits above orders and payments: an order
 * whose payment was started may have been paid after all, which only payments can tell. The same code runs in the scheduled Lambda
 * (packages/functions/src/lambda/sweeper.ts) and on an interval in the local runtime. Every run reads
 * only the due holds, through gsi2 (docs/data-model.md, pattern 21), a page at a time.
 */

/** What happened to one due order: cancelled, paid after all (a recovered payment), or left as it is. */
export type ExpiryOutcome = "cancelled" | "paid" | "skipped";

/**
 * Expires one order if its hold ran out at `now`. Safe to run any number of times, also concurrently:
 * the cancellation's conditions let exactly one run give the stock back. A lost race (a payment, a
 * product deleted, another sweep) is re-read and decided again.
 */
export async function expireOrder(id: string, now: Date = nowDate()): Promise<ExpiryOutcome> {
  return retrying<ExpiryOutcome>(
    "changedMeanwhile",
    async () => {
      const item = await orderStore.get(id);
      const decision = expiryDecision(item, now);
      if (decision === "gone") {
        // Paid, cancelled or deleted: only a stale hold is left (normally removed with the change).
        await orderStore.deleteStaleHold(id);
        return "skipped";
      }
      if (decision === "not_due" || decision === "payment_in_progress" || !item) return "skipped";
      if (decision === "check_payment") {
        const settled = await settleStartedPayment(item);
        if (settled === "paid") return "paid";
        // Money PayPal holds is never expired: only its denial cancels the order.
        if (settled === "pending" || (isPaymentPending(item) && settled !== "denied")) return "skipped";
      }
      // The cancellation's conditions (orders/placement.store.ts) let exactly one run give the stock back.
      return (await orderStore.cancel(item, now)) === "cancelled" ? "cancelled" : AGAIN;
    },
    // Still changing after every try: left for the next sweep.
    () => "skipped",
  );
}

/** What one sweep did. `complete` is false when it stopped at its deadline with due holds left. */
export interface SweepReport {
  cancelled: number;
  paid: number;
  skipped: number;
  failed: number;
  /** Pending refunds the sweep sent again and settled (docs/decisions/030-refunds.md). */
  refunds: number;
  pages: number;
  complete: boolean;
}

export interface SweepOptions {
  /** The sweep's clock (tests move it forward instead of waiting). */
  now?: Date;
  /** Due holds read per page. */
  pageSize?: number;
  /** Epoch ms after which no new page is started (the Lambda's remaining time). */
  stopAt?: number;
}

/**
 * Reads the holds that ran out before `now`, shard by shard (docs/decisions/026-bounded-lists.md),
 * oldest first, page by page, and expires each order. One
 * order failing (logged) does not stop the others; the next run tries it again.
 *
 * @example
 * const report = await sweepExpiredOrders({ stopAt: nowMs() + 50_000 });
 */
export async function sweepExpiredOrders(options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? nowDate();
  const report: SweepReport = {
    cancelled: 0,
    paid: 0,
    skipped: 0,
    failed: 0,
    refunds: 0,
    pages: 0,
    complete: false,
  };
  for (const shard of orderStore.shards) {
    let startKey: Item | undefined;
    do {
      if (options.stopAt !== undefined && nowMs() >= options.stopAt) return report;
      const { orderIds: ids, next } = await orderStore.dueHolds(shard, now, options.pageSize ?? 25, startKey);
      report.pages += 1;
      const outcomes = await Promise.allSettled(ids.map((id) => expireOrder(id, now)));
      outcomes.forEach((outcome, index) => {
        if (outcome.status === "fulfilled") {
          report[outcome.value] += 1;
          if (outcome.value === "cancelled") log("info", "unpaid order expired", { id: ids[index] });
          return;
        }
        report.failed += 1;
        const error =
          outcome.reason instanceof Error ? `${outcome.reason.name}: ${outcome.reason.message}` : "";
        log("error", "expiring an order failed", { id: ids[index], error });
      });
      startKey = next;
    } while (startKey);
  }
  // Refunds left pending (a request that died after PayPal's answer): sent again, PayPal answers the same refund.
  report.refunds = await resumePendingRefunds(now, options.stopAt);
  report.complete = true;
  return report;
}
