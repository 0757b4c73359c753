import { asFunction } from "@fruit/core/access";
import { type SweepReport, sweepExpiredOrders } from "@fruit/core/expiry";
import { log, withRequestId } from "@fruit/core/log";
import { reconcileSubscriptions } from "@fruit/core/subscriptions";
import { guardedConfig } from "./config-guard.ts";

/** Time kept back from the Lambda's limit so the last page's transactions finish before it stops. */
const SAFETY_MS = 15_000;

/** A run in which some orders could not be expired: a function error, which the sweep alarm counts. */
export class SweepFailed extends Error {
  override name = "SweepFailed";
  constructor(readonly report: SweepReport) {
    super(`the order sweep failed for ${report.failed} order(s); the next run retries them`);
  }
}

/**
 * The scheduled sweep (stacks/sweeper.ts): cancels unpaid orders whose hold ran out and returns their
 * stock (docs/decisions/012-unpaid-orders-expire.md), then opens the subscriptions' weeks now open
 * that have no occurrence yet (docs/decisions/051-standing-orders.md). Runs are at least once and may overlap; the
 * sweep is idempotent. Holds left when time runs out are taken by the next run. A run in which an
 * order failed logs its report and then throws, so Lambda counts a function error (the
 * `SweepFailed` alarm of stacks/alarms.ts); the orders that did expire stay expired.
 */
export async function handler(
  _event: unknown,
  context?: { getRemainingTimeInMillis?: () => number; awsRequestId?: string },
): Promise<SweepReport> {
  return withRequestId(context?.awsRequestId ?? "", () =>
    asFunction("UnpaidOrderSweeper", async () => {
      guardedConfig("UnpaidOrderSweeper");
      const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
      const stopAt = Date.now() + Math.max(0, remaining - SAFETY_MS);
      const report = await sweepExpiredOrders({ stopAt });
      log(report.failed > 0 ? "error" : "info", "order sweep", { ...report });
      // Then the subscriptions' weeks now open (docs/decisions/051-standing-orders.md): a week with
      // no occurrence yet is opened, whatever runs were missed before.
      const weeks = await reconcileSubscriptions({ stopAt });
      if (weeks.placed + weeks.recorded + weeks.reminded + weeks.failed > 0)
        log(weeks.failed > 0 ? "error" : "info", "subscription reconcile", { ...weeks });
      if (report.failed + weeks.failed > 0)
        throw new SweepFailed({ ...report, failed: report.failed + weeks.failed });
      return report;
    }),
  );
}
