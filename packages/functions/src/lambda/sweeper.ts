import { type SweepReport, sweepExpiredOrders } from "@fruit/core/expiry/index";

/** Time kept back from the Lambda's limit so the last page's transactions finish before it stops. */
const SAFETY_MS = 15_000;

/**
 * The scheduled sweep (stacks/sweeper.ts): cancels unpaid orders whose hold ran out and returns their
 * stock (docs/decisions/012-unpaid-orders-expire.md). Runs are at least once and may overlap; the
 * sweep is idempotent. Holds left when time runs out are taken by the next run.
 */
export async function handler(
  _event: unknown,
  context?: { getRemainingTimeInMillis?: () => number },
): Promise<SweepReport> {
  const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
  const report = await sweepExpiredOrders({ stopAt: Date.now() + Math.max(0, remaining - SAFETY_MS) });
  console.log(
    JSON.stringify({ level: report.failed > 0 ? "error" : "info", message: "order sweep", ...report }),
  );
  return report;
}
