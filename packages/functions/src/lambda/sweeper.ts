import { asFunction } from "@fruit/core/access";
import { type SweepReport, sweepExpiredOrders } from "@fruit/core/expiry";
import { log, withRequestId } from "@fruit/core/log";
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
 * stock (docs/decisions/012-unpaid-orders-expire.md). Runs are at least once and may overlap; the
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
      const report = await sweepExpiredOrders({ stopAt: Date.now() + Math.max(0, remaining - SAFETY_MS) });
      log(report.failed > 0 ? "error" : "info", "order sweep", { ...report });
      if (report.failed > 0) throw new SweepFailed(report);
      return report;
    }),
  );
}
